import { type IndicativeRates, indicativeRates, ratesQuery } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

/** What `getIndicativeRates` takes: the fiat currency or currencies to price against USD. */
export type GetIndicativeRatesParameters = {
  /** ISO 4217 codes, comma-separated (`'KES,NGN'`) or as a list. */
  fiat: string | readonly string[]
}
/** What `getIndicativeRates` resolves to: indicative rates against USD, which bind nothing. */
export type GetIndicativeRatesReturnType = IndicativeRates
/**
 * What `getIndicativeRates` can throw: a `RampApiError` for an error answer of
 * `GET /partner/rates/indicative`, or another `RequestErrorType` (network, timeout, bad
 * parameters).
 */
export type GetIndicativeRatesErrorType = RequestErrorType

const parametersSchema = ratesQuery.strict()

/**
 * Indicative corridor fiat rates against USD (`GET /partner/rates/indicative`). Non-binding:
 * only a quote gives a price.
 *
 * @example
 * const { rates } = await getIndicativeRates(client, { fiat: ['KES', 'NGN'] })
 */
export async function getIndicativeRates(
  client: Client,
  parameters: GetIndicativeRatesParameters,
  options: RequestOptions = {},
): Promise<GetIndicativeRatesReturnType> {
  const { fiat, ...rest } = parameters
  const query = parseParameters(parametersSchema, {
    ...rest,
    fiat: typeof fiat === 'string' ? fiat : fiat.join(','),
  })
  const { data } = await client.request({
    operation: 'getIndicativeRates',
    method: 'GET',
    scope: 'partner',
    path: '/rates/indicative',
    query,
    auth: 'apiKey',
    retry: 'idempotent',
    schema: indicativeRates,
    signal: options.signal,
  })
  return data
}
