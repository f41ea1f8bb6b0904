import {
  type PaymentMethods,
  type PaymentMethodsQuery,
  paymentMethods,
  paymentMethodsQuery,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

/** What `getPaymentMethods` takes: the corridor to ask about. */
export type GetPaymentMethodsParameters = PaymentMethodsQuery
/**
 * What `getPaymentMethods` resolves to: the rails of the corridor per direction, each with its
 * networks.
 */
export type GetPaymentMethodsReturnType = PaymentMethods
/**
 * What `getPaymentMethods` can throw: a `RampApiError` for an error answer of
 * `GET /partner/payment-methods`, or another `RequestErrorType` (network, timeout, bad
 * parameters).
 */
export type GetPaymentMethodsErrorType = RequestErrorType

const parametersSchema = paymentMethodsQuery.strict()

/**
 * The payment methods (rails) of a corridor (`GET /partner/payment-methods`), per direction as
 * the service publishes them: `onramp[]` and `offramp[]` of `{ type, status, networks[] }`. A
 * `type` is the rail `getBanks` and quotes take; a network's `id` is a quote's `network_id`.
 *
 * @example
 * const { onramp } = await getPaymentMethods(client, { country: 'KE', order_type: 'OnRamp' })
 * const usable = onramp.filter((method) => method.status === 'active')
 */
export async function getPaymentMethods(
  client: Client,
  parameters: GetPaymentMethodsParameters = {},
  options: RequestOptions = {},
): Promise<GetPaymentMethodsReturnType> {
  const parsed = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getPaymentMethods',
    method: 'GET',
    scope: 'partner',
    path: '/payment-methods',
    query: givenQuery(parsed, parameters),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: paymentMethods,
    signal: options.signal,
  })
  return data
}
