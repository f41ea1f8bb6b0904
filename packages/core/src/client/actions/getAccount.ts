import { z } from 'zod'
import {
  accountId,
  type CustomerAccount,
  customerAccount,
  customerId,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `getAccount` takes: the customer and the `account_id`. */
export type GetAccountParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
  /** Account id, an integer >= 1. */
  account_id: number | string
}
/** What `getAccount` resolves to: the account, with its current coordinates and balance. */
export type GetAccountReturnType = CustomerAccount
/**
 * What `getAccount` can throw: a `RampApiError` for an error answer of
 * `GET /partner/customers/{customer_id}/accounts/{account_id}` (404 for an account the customer
 * does not own, 409 before the banking gate opens), or another `RequestErrorType` (network,
 * timeout, bad parameters).
 */
export type GetAccountErrorType = RequestErrorType

const parametersSchema = z.strictObject({ customer_id: customerId, account_id: accountId })

/**
 * One account with its current coordinates and balance
 * (`GET /partner/customers/{customer_id}/accounts/{account_id}`); 404 `Account not found` for
 * an id the customer does not own, 409 before the banking gate opens.
 *
 * @example
 * const account = await getAccount(client, { customer_id: 'pcus_123', account_id: 7 })
 * console.log(account.status, account.balance?.available, account.balance?.currency)
 */
export async function getAccount(
  client: Client,
  parameters: GetAccountParameters,
  options: RequestOptions = {},
): Promise<GetAccountReturnType> {
  const { customer_id, account_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getAccount',
    method: 'GET',
    scope: 'partner',
    path: path('customers', customer_id, 'accounts', account_id),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: customerAccount,
    signal: options.signal,
  })
  return data
}
