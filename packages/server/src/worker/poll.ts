import { canMoveOrderStatus, normalizeOrderStatus } from '@rampkit/core'
import type { PollSettings, WorkerSettings } from './settings.js'
import type { PolledOrder } from './types.js'

/**
 * Polls late orders once by the service's backup GETs: open orders with no news for
 * `lateAfterMs` are claimed (a batch at a time), fetched, and each answer the lifecycle lets the
 * order move to is queued as a delivery `poll:<order id>:<status>`, applied by the same path as
 * a webhook. Resolves to how many it queued; a fetch that fails is logged and skipped.
 */
export async function pollLateOrders(
  { store, logger, errorText, now }: WorkerSettings,
  poll: PollSettings,
): Promise<number> {
  const at = now()
  const late = await store.claimLateOrders({
    before: new Date(at.getTime() - poll.lateAfterMs),
    now: at,
    limit: poll.batchSize,
  })
  let queued = 0
  for (const stored of late) {
    let polled: PolledOrder | null
    try {
      polled = await poll.fetchOrder(stored.order)
    } catch (error) {
      logger.warn('Backup poll of a late order failed', {
        order: stored.order.id,
        error: errorText(error),
      })
      continue
    }
    // Any word the service answers is news when the lifecycle lets the order move to it:
    // `pending_settlement`, or a status this version does not know, is applied as data.
    const status = normalizeOrderStatus(polled?.status)
    if (!polled || status === undefined) continue
    if (!canMoveOrderStatus(stored.order.status, status)) continue
    const deliveryId = `poll:${stored.order.id}:${status}`
    const body = {
      ...polled,
      order_id: polled.order_id ?? stored.order.order_id ?? undefined,
      tx_hash: polled.tx_hash ?? stored.order.tx_hash ?? undefined,
      status,
    }
    const inserted = await store.insertDelivery({
      id: deliveryId,
      event: `order.${status}`,
      // Unique per order and status, so polls from several instances queue it once.
      signature: deliveryId,
      body: JSON.stringify(body),
      receivedAt: at,
    })
    if (inserted === 'inserted') queued++
  }
  return queued
}
