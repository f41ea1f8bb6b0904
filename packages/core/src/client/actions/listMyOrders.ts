import { z } from 'zod'
import {
  type OrderListFilter,
  type OrderListItem,
  orderListItem,
  ordersMeQuery,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

/**
 * What `listMyOrders` takes: the status and direction filters, and the page (`limit`, `offset`).
 */
export type ListMyOrdersParameters = {
  /** Lower-case filter. The spec also lists it as `status_filter`; each is sent under the name given. */
  status?: OrderListFilter | undefined
  /** The other name of `status` in one of the spec's parameter lists. */
  status_filter?: OrderListFilter | undefined
  order_type?: 'onramp' | 'offramp' | undefined
  /** Page size, 1..200 (service default 50). */
  limit?: number | undefined
  /** Offset, >= 0 (service default 0). Page 2 of 50 is `{ limit: 50, offset: 50 }`. */
  offset?: number | undefined
}
/**
 * What `listMyOrders` resolves to: one page of the key's user's orders, with upper-case statuses.
 */
export type ListMyOrdersReturnType = OrderListItem[]
/**
 * What `listMyOrders` can throw: a `RampApiError` for an error answer of `GET /orders/me`, or
 * another `RequestErrorType` (network, timeout, bad parameters).
 */
export type ListMyOrdersErrorType = RequestErrorType

const parametersSchema = ordersMeQuery.strict()

const schema = z.array(orderListItem)

/**
 * The orders of the key's user (`GET /orders/me`), offset-paginated. Items carry upper-case
 * statuses (`PENDING`, `SETTLED`). Only the parameters given are sent.
 *
 * @example
 * const settled = await listMyOrders(client, { status: 'settled', limit: 50, offset: 50 })
 */
export async function listMyOrders(
  client: Client,
  parameters: ListMyOrdersParameters = {},
  options: RequestOptions = {},
): Promise<ListMyOrdersReturnType> {
  const parsed = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'listMyOrders',
    method: 'GET',
    scope: 'root',
    path: '/orders/me',
    query: givenQuery(parsed, parameters),
    auth: 'apiKey',
    retry: 'idempotent',
    schema,
    signal: options.signal,
  })
  return data
}
