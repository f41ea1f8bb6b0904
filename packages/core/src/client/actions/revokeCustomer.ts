import {
  customerId,
  type RevokedCustomer,
  revokeCustomerRequest,
  revokedCustomer,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `revokeCustomer` takes: the customer, and an optional `reason`. */
export type RevokeCustomerParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
  /** Audit note, at most 512 characters; the service never returns it. */
  reason?: string | undefined
}
/**
 * What `revokeCustomer` resolves to: the revoked case's ids, status (`suspended`) and
 * `updated_at`.
 */
export type RevokeCustomerReturnType = RevokedCustomer
/**
 * What `revokeCustomer` can throw: a `RampApiError` for an error answer of
 * `POST /partner/customers/{customer_id}/revoke`, or another `RequestErrorType` (network, timeout,
 * bad parameters).
 */
export type RevokeCustomerErrorType = RequestErrorType

const parametersSchema = revokeCustomerRequest.extend({ customer_id: customerId })

/**
 * Offboards a customer (`POST /partner/customers/{customer_id}/revoke`): the case becomes
 * `suspended` (`customer.revoked`), can no longer quote or be patched, and has no reinstate
 * (create a new case if the person returns). A case already `suspended` or `rejected` answers as
 * it is, so a failed attempt is retried like a read. The answer is the ids, status and
 * `updated_at`, not the whole case.
 *
 * @example
 * const { status } = await revokeCustomer(client, {
 *   customer_id: 'pcus_a1b2c3',
 *   reason: 'account_closed',
 * })
 */
export async function revokeCustomer(
  client: Client,
  parameters: RevokeCustomerParameters,
  options: RequestOptions = {},
): Promise<RevokeCustomerReturnType> {
  const { customer_id, ...body } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'revokeCustomer',
    method: 'POST',
    scope: 'partner',
    path: path('customers', customer_id, 'revoke'),
    body: { json: body },
    auth: 'apiKey',
    retry: 'idempotent',
    schema: revokedCustomer,
    signal: options.signal,
  })
  return data
}
