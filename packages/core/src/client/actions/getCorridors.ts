import {
  type CorridorQuery,
  type Corridors,
  corridorQuery,
  corridors,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

export type GetCorridorsParameters = RequestOptions & CorridorQuery
export type GetCorridorsReturnType = Corridors
export type GetCorridorsErrorType = RequestErrorType

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
): Promise<GetCorridorsReturnType> {
  const { signal, ...given } = parameters
  const parsed = parseParameters(corridorQuery, given)
  const { data } = await client.request({
    operation: 'getCorridors',
    method: 'GET',
    scope: 'partner',
    path: '/corridors',
    query: givenQuery(parsed, given),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: corridors,
    signal,
  })
  return data
}
