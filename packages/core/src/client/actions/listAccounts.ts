import { z } from 'zod'
import { type CustomerAccounts, customerAccounts, customerId } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `listAccounts` takes: the `customer_id`. */
export type ListAccountsParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
}
/** What `listAccounts` resolves to: the customer's accounts. */
export type ListAccountsReturnType = CustomerAccounts
/**
 * What `listAccounts` can throw: a `RampApiError` for an error answer of
 * `GET /partner/customers/{customer_id}/accounts` (an error with `data.deposit_account_status`
 * before the deposit account is ready), or another `RequestErrorType` (network, timeout, bad
 * parameters).
 */
export type ListAccountsErrorType = RequestErrorType

const parametersSchema = z.strictObject({ customer_id: customerId })

/**
 * A customer's accounts (`GET /partner/customers/{customer_id}/accounts`), once the
 * deposit-account product is ready; before that the service answers an error whose
 * `data.deposit_account_status` says why.
 *
 * @example
 * const { accounts } = await listAccounts(client, { customer_id: 'pcus_123' })
 */
export async function listAccounts(
  client: Client,
  parameters: ListAccountsParameters,
  options: RequestOptions = {},
): Promise<ListAccountsReturnType> {
  const { customer_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'listAccounts',
    method: 'GET',
    scope: 'partner',
    path: path('customers', customer_id, 'accounts'),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: customerAccounts,
    signal: options.signal,
  })
  return data
}
