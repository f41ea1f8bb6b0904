import {
  type CreatedOrder,
  type CreateOrderRequest,
  createdOrder,
  createOrderRequest,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

/**
 * What `createOrder` takes: the direct order to create (the user's wallet address, the token, the
 * direction and the fiat payload).
 */
export type CreateOrderParameters = CreateOrderRequest
/**
 * What `createOrder` resolves to: the created order, with its creation `tx_hash` and the
 * `rate_used`.
 */
export type CreateOrderReturnType = CreatedOrder
/**
 * What `createOrder` can throw: a `RampApiError` for an error answer of `POST /orders/create`
 * (`InsufficientAllowanceError` when an off-ramp lacks the ERC-20 allowance), or another
 * `RequestErrorType` (network, timeout, bad parameters).
 */
export type CreateOrderErrorType = RequestErrorType

/**
 * Creates a direct order (`POST /orders/create`, 201): the quote is locked as `rate_used` and
 * the creation `tx_hash` returned; for OffRamp the service submits the on-chain transaction,
 * which needs the user's prior ERC-20 allowance (else `InsufficientAllowanceError` with exact
 * `required`/`current` base units).
 *
 * Never retried once the request may have reached the service: a second order moves money
 * twice. Only a failure that provably happened before sending (connection refused, DNS) is
 * retried. After a timeout or a 502, check `listMyOrders` or `getOrderByTxHash` before asking
 * the user to try again.
 *
 * @example
 * const { tx_hash, status } = await createOrder(client, {
 *   user_address, token: usdc.address, order_type: 1,
 *   fiat_payload: { amount_fiat: 1500, cashout_type: 'PHONE', phone_number: '+254712345678', currency: 'KES' },
 * })
 */
export async function createOrder(
  client: Client,
  parameters: CreateOrderParameters,
  options: RequestOptions = {},
): Promise<CreateOrderReturnType> {
  const body = parseParameters(createOrderRequest, parameters)
  const { data } = await client.request({
    operation: 'createOrder',
    method: 'POST',
    scope: 'root',
    path: '/orders/create',
    body: { json: body },
    auth: 'apiKey',
    retry: 'beforeSend',
    schema: createdOrder,
    signal: options.signal,
  })
  return data
}
