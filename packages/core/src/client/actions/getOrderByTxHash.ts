import { z } from 'zod'
import { type TxOrder, txHash, txOrder } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `getOrderByTxHash` takes: the creation `tx_hash` of a direct order. */
export type GetOrderByTxHashParameters = {
  /** The creation transaction hash `createOrder` returned. */
  tx_hash: string
}
/** What `getOrderByTxHash` resolves to: the direct order, with its current status. */
export type GetOrderByTxHashReturnType = TxOrder
/**
 * What `getOrderByTxHash` can throw: a `RampApiError` for an error answer of
 * `GET /orders/tx/{tx_hash}`, or another `RequestErrorType` (network, timeout, bad parameters).
 */
export type GetOrderByTxHashErrorType = RequestErrorType

const parametersSchema = z.strictObject({ tx_hash: txHash })

/**
 * A direct order by its creation hash (`GET /orders/tx/{tx_hash}`): its current status.
 *
 * @example
 * const order = await getOrderByTxHash(client, { tx_hash })
 */
export async function getOrderByTxHash(
  client: Client,
  parameters: GetOrderByTxHashParameters,
  options: RequestOptions = {},
): Promise<GetOrderByTxHashReturnType> {
  const { tx_hash } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getOrderByTxHash',
    method: 'GET',
    scope: 'root',
    path: path('orders', 'tx', tx_hash),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: txOrder,
    signal: options.signal,
  })
  return data
}
