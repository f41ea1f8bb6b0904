import {
  type CorridorQuery,
  type Corridors,
  corridorQuery,
  corridors,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

export type GetCorridorsParameters = CorridorQuery
export type GetCorridorsReturnType = Corridors
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
