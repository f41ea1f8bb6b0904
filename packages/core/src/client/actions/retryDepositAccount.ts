import { z } from 'zod'
import { type Customer, customer, customerId } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `retryDepositAccount` takes: the `customer_id`. */
export type RetryDepositAccountParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
}
/**
 * What `retryDepositAccount` resolves to: the case, its deposit-account product `provisioning`
 * again.
 */
export type RetryDepositAccountReturnType = Customer
/**
 * What `retryDepositAccount` can throw: a `RampApiError` for an error answer of
 * `POST /partner/customers/{customer_id}/deposit-account/retry` (409 unless the deposit account
 * `failed` with an unchanged package), or another `RequestErrorType` (network, timeout, bad
 * parameters).
 */
export type RetryDepositAccountErrorType = RequestErrorType

const parametersSchema = z.strictObject({ customer_id: customerId })

/**
 * Re-queues deposit-account provisioning after a transient failure
 * (`POST /partner/customers/{customer_id}/deposit-account/retry`): only for an approved case
 * whose `products.deposit_account.status` is `failed`, with an unchanged package (otherwise 409
 * with `data.deposit_account_status`). Returns the case, its product `provisioning` again. Not
 * retried once it may have reached the service: a second call would meet the new state.
 *
 * @example
 * const { products } = await retryDepositAccount(client, { customer_id: 'pcus_a1b2c3' })
 */
export async function retryDepositAccount(
  client: Client,
  parameters: RetryDepositAccountParameters,
  options: RequestOptions = {},
): Promise<RetryDepositAccountReturnType> {
  const { customer_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'retryDepositAccount',
    method: 'POST',
    scope: 'partner',
    path: path('customers', customer_id, 'deposit-account', 'retry'),
    auth: 'apiKey',
    retry: 'beforeSend',
    schema: customer,
    signal: options.signal,
  })
  return data
}
