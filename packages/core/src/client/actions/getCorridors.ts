import {
  type CorridorQuery,
  type Corridors,
  corridorQuery,
  corridors,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

/** What `getCorridors` takes: the `country` or `currency` to look up. */
export type GetCorridorsParameters = CorridorQuery
/**
 * What `getCorridors` resolves to: the corridors, African markets by country and the
 * international bank by currency.
 */
export type GetCorridorsReturnType = Corridors
/**
 * What `getCorridors` can throw: a `RampApiError` for an error answer of `GET /partner/corridors`
 * (400 when neither `country` nor `currency` is given), or another `RequestErrorType` (network,
 * timeout, bad parameters).
 */
export type GetCorridorsErrorType = RequestErrorType

const parametersSchema = corridorQuery.strict()

/**
 * The corridors of the service (`GET /partner/corridors`): African markets by country and the
 * international bank (EUR/USD pay-in) by currency. The service answers 400 when neither
 * `country` nor `currency` is given. Indicative: only a quote binds.
 *
 * @example
 * const { african_markets } = await getCorridors(client, { country: 'KE', order_type: 'OnRamp' })
 */
export async function getCorridors(
  client: Client,
  parameters: GetCorridorsParameters = {},
  options: RequestOptions = {},
): Promise<GetCorridorsReturnType> {
  const parsed = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getCorridors',
    method: 'GET',
    scope: 'partner',
    path: '/corridors',
    query: givenQuery(parsed, parameters),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: corridors,
    signal: options.signal,
  })
  return data
}
