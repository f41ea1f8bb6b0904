import type { StoredOrder } from '../../store/types.js'
import type { KitContext } from '../context.js'

const ORDER_ID = /^[A-Za-z0-9_.:-]{1,200}$/
const TX_HASH = /^0x[0-9a-fA-F]{64}$/

/** Whether `value` looks like a creation transaction hash. */
export function isTxHash(value: string): boolean {
  return TX_HASH.test(value)
}

/**
 * The order `id` (kit id, the service's `order_id`, or a creation hash) if `owner` owns it.
 * Someone else's order and a missing one both give null, so the answer is the same 404 and
 * ids cannot be probed.
 */
export async function findOwnedOrder(
  kit: Pick<KitContext, 'store'>,
  id: string,
  owner: string,
): Promise<StoredOrder | null> {
  if (!ORDER_ID.test(id)) return null
  const stored =
    (await kit.store.getOrder(id)) ??
    (await kit.store.getOrderByOrderId(id)) ??
    (isTxHash(id) ? await kit.store.getOrderByTxHash(id) : null)
  if (!stored || stored.owner === null || stored.owner !== owner) return null
  return stored
}
