import { type Banks, type BanksQuery, banks, banksQuery } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

/** What `getBanks` takes: the corridor and the rail. */
export type GetBanksParameters = BanksQuery
/** What `getBanks` resolves to: the bank networks, each `id` a quote's `network_id`. */
export type GetBanksReturnType = Banks
/**
 * What `getBanks` can throw: a `RampApiError` for an error answer of `GET /partner/banks` (422 on
 * the `mobile_money` rail), or another `RequestErrorType` (network, timeout, bad parameters).
 */
export type GetBanksErrorType = RequestErrorType

const parametersSchema = banksQuery.strict()

/**
 * Bank networks of a corridor and rail (`GET /partner/banks`); on the `bank` rail each
 * `banks[].id` is a quote's `payment_method.network_id`. The `mobile_money` rail answers 422:
 * use the catalog's `providers[].id` there.
 *
 * @example
 * const { banks } = await getBanks(client, {
 *   country: 'NG', currency: 'NGN', order_type: 'OffRamp', payment_method_type: 'bank',
 * })
 */
export async function getBanks(
  client: Client,
  parameters: GetBanksParameters,
  options: RequestOptions = {},
): Promise<GetBanksReturnType> {
  const query = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getBanks',
    method: 'GET',
    scope: 'partner',
    path: '/banks',
    query,
    auth: 'apiKey',
    retry: 'idempotent',
    schema: banks,
    signal: options.signal,
  })
  return data
}
