import {
  type OrderRequirements,
  type OrderRequirementsQuery,
  orderRequirements,
  orderRequirementsQuery,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

/** What `getOrderRequirements` takes: the corridor to ask about. */
export type GetOrderRequirementsParameters = OrderRequirementsQuery
/**
 * What `getOrderRequirements` resolves to: the fields a quote of that corridor needs, by part:
 * `customer`, `payment_method`, `order`.
 */
export type GetOrderRequirementsReturnType = OrderRequirements
/**
 * What `getOrderRequirements` can throw: a `RampApiError` for an error answer of
 * `GET /partner/order-requirements`, or another `RequestErrorType` (network, timeout, bad
 * parameters).
 */
export type GetOrderRequirementsErrorType = RequestErrorType

const parametersSchema = orderRequirementsQuery.strict()

/**
 * The fields a quote of a corridor needs (`GET /partner/order-requirements`), by part of the
 * quote: `customer` (for `customer_type: 'institution'`, the business fields), `payment_method`
 * and `order`. Ask it to build a form that asks exactly what the service will check.
 *
 * @example
 * const needs = await getOrderRequirements(client, {
 *   country: 'KE', currency: 'KES', order_type: 'OnRamp', payment_method_type: 'mobile_money',
 * })
 * needs.payment_method // ['type', 'phone_number', 'network_id']
 */
export async function getOrderRequirements(
  client: Client,
  parameters: GetOrderRequirementsParameters,
  options: RequestOptions = {},
): Promise<GetOrderRequirementsReturnType> {
  const query = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getOrderRequirements',
    method: 'GET',
    scope: 'partner',
    path: '/order-requirements',
    query,
    auth: 'apiKey',
    retry: 'idempotent',
    schema: orderRequirements,
    signal: options.signal,
  })
  return data
}
