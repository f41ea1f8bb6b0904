import { type IndicativeRates, indicativeRates, ratesQuery } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

export type GetIndicativeRatesParameters = {
  /** ISO 4217 codes, comma-separated (`'KES,NGN'`) or as a list. */
  fiat: string | readonly string[]
}
export type GetIndicativeRatesReturnType = IndicativeRates
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
