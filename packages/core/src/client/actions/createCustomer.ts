import {
  type CreateCustomerRequest,
  type Customer,
  createCustomerRequest,
  customer,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

export type CreateCustomerParameters = CreateCustomerRequest
export type CreateCustomerReturnType = Customer
export type CreateCustomerErrorType = RequestErrorType

/**
 * Creates a partner customer (`POST /partner/customers`) and returns it with its public
 * `customer_id` (`pcus_...`). Readiness arrives by webhook (`customer.approved`,
 * `customer.deposit_account.updated`). Not retried once it may have reached the service.
 *
 * @example
 * const { customer_id } = await createCustomer(client, {
 *   partner_customer_ref: user.id, first_name: 'Amina', last_name: 'Njeri',
 * })
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
    retry: 'beforeSend',
    schema: customer,
    signal: options.signal,
  })
  return data
}
