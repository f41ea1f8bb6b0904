import {
  type Customer,
  customer,
  customerId,
  type UpdateCustomerRequest,
  updateCustomerRequest,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `updateCustomer` takes: the customer, and the profile fields to merge. */
export type UpdateCustomerParameters = UpdateCustomerRequest & {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
}
/** What `updateCustomer` resolves to: the case, with what is still `missing`. */
export type UpdateCustomerReturnType = Customer
/**
 * What `updateCustomer` can throw: a `RampApiError` for an error answer of
 * `PATCH /partner/customers/{customer_id}` (409 for a revoked case), or another `RequestErrorType`
 * (network, timeout, bad parameters).
 */
export type UpdateCustomerErrorType = RequestErrorType

const parametersSchema = updateCustomerRequest.extend({ customer_id: customerId })

/**
 * Merges profile fields into a case (`PATCH /partner/customers/{customer_id}`, body
 * `{ profile }`) while it is `incomplete`, and returns it with what is still `missing`. A
 * correction after a failed deposit-account KYC returns an approved case to `incomplete` for a
 * new review; a revoked (`suspended`) case answers 409. The same merge twice changes nothing, so
 * it is retried like a read.
 *
 * @example
 * const { missing } = await updateCustomer(client, {
 *   customer_id: 'pcus_a1b2c3',
 *   profile: { id_type: 'passport', id_number: 'A1234567' },
 * })
 */
export async function updateCustomer(
  client: Client,
  parameters: UpdateCustomerParameters,
  options: RequestOptions = {},
): Promise<UpdateCustomerReturnType> {
  const { customer_id, ...body } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'updateCustomer',
    method: 'PATCH',
    scope: 'partner',
    path: path('customers', customer_id),
    body: { json: body },
    auth: 'apiKey',
    retry: 'idempotent',
    schema: customer,
    signal: options.signal,
  })
  return data
}
