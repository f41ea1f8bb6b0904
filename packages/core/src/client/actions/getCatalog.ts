import { type Catalog, type CorridorQuery, catalog, corridorQuery } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

/** What `getCatalog` takes: filters by country, currency or direction; none for the full tree. */
export type GetCatalogParameters = CorridorQuery
/**
 * What `getCatalog` resolves to: per direction and country, the payment methods and providers with
 * their limits.
 */
export type GetCatalogReturnType = Catalog
/**
 * What `getCatalog` can throw: a `RampApiError` for an error answer of `GET /partner/catalog`, or
 * another `RequestErrorType` (network, timeout, bad parameters).
 */
export type GetCatalogErrorType = RequestErrorType

const parametersSchema = corridorQuery.strict()

/**
 * The catalog (`GET /partner/catalog`): per country, its payment methods and providers with
 * their `min_amount`/`max_amount`. Omit every filter for the full tree. Indicative.
 *
 * @example
 * const { onramp } = await getCatalog(client, { country: 'KE' })
 * const providers = onramp?.countries.KE?.payment_methods.mobile_money?.providers ?? []
 */
export async function getCatalog(
  client: Client,
  parameters: GetCatalogParameters = {},
  options: RequestOptions = {},
): Promise<GetCatalogReturnType> {
  const parsed = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getCatalog',
    method: 'GET',
    scope: 'partner',
    path: '/catalog',
    query: givenQuery(parsed, parameters),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: catalog,
    signal: options.signal,
  })
  return data
}
