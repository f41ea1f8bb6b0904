import { z } from 'zod'
import { type PartnerOrder, partnerOrderRead } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `getPartnerOrder` takes: the `order_id` of an accepted quote. */
export type GetPartnerOrderParameters = {
  /** The `order_id` of an accepted quote. */
  order_id: string
}
/** What `getPartnerOrder` resolves to: the partner order, with its current status. */
export type GetPartnerOrderReturnType = PartnerOrder
/**
 * What `getPartnerOrder` can throw: a `RampApiError` for an error answer of
 * `GET /partner/orders/{order_id}`, or another `RequestErrorType` (network, timeout, bad
 * parameters).
 */
export type GetPartnerOrderErrorType = RequestErrorType

const parametersSchema = z.strictObject({
  order_id: z.string().min(1, { error: 'order_id is required' }).max(200),
})

/**
 * One partner order (`GET /partner/orders/{order_id}`, published with the order at
 * `data.order`): the backup poll when a webhook is late. Webhooks stay the source of truth for
 * settlement.
 *
 * @example
 * const order = await getPartnerOrder(client, { order_id })
 * if (order.status === 'settled') fulfil(order)
 */
export async function getPartnerOrder(
  client: Client,
  parameters: GetPartnerOrderParameters,
  options: RequestOptions = {},
): Promise<GetPartnerOrderReturnType> {
  const { order_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getPartnerOrder',
    method: 'GET',
    scope: 'partner',
    path: path('orders', order_id),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: partnerOrderRead,
    signal: options.signal,
  })
  return data.order
}
