import { z } from 'zod'
import { accountId, customerId, type PayoutBanks, payoutBanks } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `listPayoutBanks` takes: the customer and the `account_id`. */
export type ListPayoutBanksParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
  /** The fiat account whose currency selects the directory (NGN, GHS, CAD). */
  account_id: number | string
}
/**
 * What `listPayoutBanks` resolves to: the payout banks of the account's currency (empty when it
 * has no directory).
 */
export type ListPayoutBanksReturnType = PayoutBanks
/**
 * What `listPayoutBanks` can throw: a `RampApiError` for an error answer of
 * `GET /partner/customers/{customer_id}/accounts/{account_id}/payout-banks`, or another
 * `RequestErrorType` (network, timeout, bad parameters).
 */
export type ListPayoutBanksErrorType = RequestErrorType

const parametersSchema = z.strictObject({ customer_id: customerId, account_id: accountId })

/**
 * The payout bank directory of an account's currency
 * (`GET /partner/customers/{customer_id}/accounts/{account_id}/payout-banks`). Its `bank_code`
 * and `bank_name` go to payout preview; they are not quote `network_id`s. `banks` is empty
 * when the currency has no directory.
 *
 * @example
 * const { banks } = await listPayoutBanks(client, { customer_id: 'pcus_123', account_id: 7 })
 */
export async function listPayoutBanks(
  client: Client,
  parameters: ListPayoutBanksParameters,
  options: RequestOptions = {},
): Promise<ListPayoutBanksReturnType> {
  const { customer_id, account_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'listPayoutBanks',
    method: 'GET',
    scope: 'partner',
    path: path('customers', customer_id, 'accounts', account_id, 'payout-banks'),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: payoutBanks,
    signal: options.signal,
  })
  return data
}
