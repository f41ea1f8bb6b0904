import { z } from 'zod'
import { type Customer, customer, customerId } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `getCustomer` takes: the `customer_id` (`pcus_…`). */
export type GetCustomerParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
}
/**
 * What `getCustomer` resolves to: the case, with its status, its documents' metadata and what is
 * `missing`.
 */
export type GetCustomerReturnType = Customer
/**
 * What `getCustomer` can throw: a `RampApiError` for an error answer of
 * `GET /partner/customers/{customer_id}`, or another `RequestErrorType` (network, timeout, bad
 * parameters).
 */
export type GetCustomerErrorType = RequestErrorType

const parametersSchema = z.strictObject({ customer_id: customerId })

/**
 * One vault case (`GET /partner/customers/{customer_id}`) with its documents' metadata and
 * `missing`: the backup poll of `customer.*` webhooks. Quote with the id only once `status` is
 * `approved`; banking needs `products.deposit_account.status` `ready` too.
 *
 * @example
 * const { status, products } = await getCustomer(client, { customer_id: 'pcus_a1b2c3' })
 */
export async function getCustomer(
  client: Client,
  parameters: GetCustomerParameters,
  options: RequestOptions = {},
): Promise<GetCustomerReturnType> {
  const { customer_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getCustomer',
    method: 'GET',
    scope: 'partner',
    path: path('customers', customer_id),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: customer,
    signal: options.signal,
  })
  return data
}
