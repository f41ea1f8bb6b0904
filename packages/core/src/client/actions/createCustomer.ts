import {
  type CreateCustomerRequest,
  type Customer,
  createCustomerRequest,
  customer,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

/**
 * What `createCustomer` takes: the customer `type`, the `partner_customer_ref`, and optionally the
 * profile to start with.
 */
export type CreateCustomerParameters = CreateCustomerRequest
/**
 * What `createCustomer` resolves to: the new case (or the existing one of that reference),
 * `incomplete`, with what is `missing`.
 */
export type CreateCustomerReturnType = Customer
/**
 * What `createCustomer` can throw: a `RampApiError` for an error answer of
 * `POST /partner/customers`, or another `RequestErrorType` (network, timeout, bad parameters).
 */
export type CreateCustomerErrorType = RequestErrorType

/**
 * Creates a customer vault case (`POST /partner/customers`) in `incomplete` and returns it: its
 * `id` (`pcus_…`) is the `customer_id` of quotes once approved, and `missing` lists what submit
 * still needs. The service is idempotent on `partner_customer_ref` (the same reference answers
 * the existing case, unchanged), so a failed attempt is retried like a read.
 *
 * @example
 * const customer = await createCustomer(client, {
 *   partner_customer_ref: user.id,
 *   type: 'individual',
 *   profile: { first_name: 'Amina', last_name: 'Otieno', email: 'amina@example.com' },
 * })
 * console.log(customer.id, customer.status, customer.missing)
 */
export async function createCustomer(
  client: Client,
  parameters: CreateCustomerParameters,
  options: RequestOptions = {},
): Promise<CreateCustomerReturnType> {
  const body = parseParameters(createCustomerRequest, parameters)
  const { data } = await client.request({
    operation: 'createCustomer',
    method: 'POST',
    scope: 'partner',
    path: '/customers',
    body: { json: body },
    auth: 'apiKey',
    retry: 'idempotent',
    schema: customer,
    signal: options.signal,
  })
  return data
}
