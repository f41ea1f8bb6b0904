import { isFinalOrderStatus } from '@rampkit/core'
import { planOrderUpdate, planSaveOrder, updateResult } from '../orders.js'
import type { OrderStore, StoredOrder } from '../types.js'

type MemoryOrder = { stored: StoredOrder; touchedAt: number; polledAt: number; seq: number }

function copyStored(stored: StoredOrder): StoredOrder {
  return { order: { ...stored.order }, owner: stored.owner, appliedBy: { ...stored.appliedBy } }
}

/**
 * The memory store's orders (`OrderStore`): records by id, indexed by `order_id` and creation
 * hash, changed by the plans every engine shares (`planSaveOrder`, `planOrderUpdate`).
 */
export function memoryOrders(): OrderStore {
  const orders = new Map<string, MemoryOrder>()
  const byOrderId = new Map<string, string>()
  const byTxHash = new Map<string, string>()
  let seq = 0

  function index(stored: StoredOrder) {
    if (stored.order.order_id) byOrderId.set(stored.order.order_id, stored.order.id)
    if (stored.order.tx_hash) byTxHash.set(stored.order.tx_hash, stored.order.id)
  }
  function unindex(stored: StoredOrder) {
    const { id, order_id, tx_hash } = stored.order
    if (order_id && byOrderId.get(order_id) === id) byOrderId.delete(order_id)
    if (tx_hash && byTxHash.get(tx_hash) === id) byTxHash.delete(tx_hash)
  }
  function lookup(map: Map<string, string>, key: string | null): MemoryOrder | null {
    if (!key) return null
    const id = map.get(key)
    return id === undefined ? null : (orders.get(id) ?? null)
  }
  function put(stored: StoredOrder, now: number) {
    const previous = orders.get(stored.order.id)
    if (previous) unindex(previous.stored)
    orders.set(stored.order.id, {
      stored: copyStored(stored),
      touchedAt: now,
      polledAt: previous?.polledAt ?? 0,
      seq: previous?.seq ?? ++seq,
    })
    index(stored)
  }
  function remove(stored: StoredOrder) {
    const current = orders.get(stored.order.id)
    if (!current) return
    unindex(current.stored)
    orders.delete(stored.order.id)
  }
  const found = (entry: MemoryOrder | null | undefined) => (entry ? copyStored(entry.stored) : null)

  return {
    async saveOrder(parameters) {
      const { order } = parameters
      const existing =
        orders.get(order.id) ?? lookup(byOrderId, order.order_id) ?? lookup(byTxHash, order.tx_hash)
      const plan = planSaveOrder(existing ? existing.stored : null, parameters)
      if (plan.write !== 'none') put(plan.stored, (parameters.now ?? new Date()).getTime())
      return { result: plan.result, stored: copyStored(plan.stored) }
    },

    getOrder: async (id) => found(orders.get(id)),
    getOrderByOrderId: async (orderId) => found(lookup(byOrderId, orderId)),
    getOrderByTxHash: async (txHash) => found(lookup(byTxHash, txHash)),

    async listOrders({ owner, limit = 50, offset = 0 }) {
      return [...orders.values()]
        .filter((entry) => entry.stored.owner === owner)
        .sort(
          (x, y) =>
            y.stored.order.created_at.localeCompare(x.stored.order.created_at) || y.seq - x.seq,
        )
        .slice(offset, offset + limit)
        .map((entry) => copyStored(entry.stored))
    },

    async applyOrderUpdate(update) {
      const plan = planOrderUpdate(
        {
          byOrderId: lookup(byOrderId, update.orderId)?.stored ?? null,
          byTxHash: lookup(byTxHash, update.txHash)?.stored ?? null,
        },
        update,
      )
      for (const dropped of plan.remove) remove(dropped)
      if (plan.write !== 'none') put(plan.stored, update.now.getTime())
      return { ...updateResult(plan), stored: copyStored(plan.stored) }
    },

    async claimLateOrders({ before, now, limit }) {
      const late = [...orders.values()]
        .filter(
          (entry) =>
            !isFinalOrderStatus(entry.stored.order.status) &&
            Math.max(entry.touchedAt, entry.polledAt) < before.getTime(),
        )
        .sort((x, y) => Math.max(x.touchedAt, x.polledAt) - Math.max(y.touchedAt, y.polledAt))
        .slice(0, limit)
      for (const entry of late) entry.polledAt = now.getTime()
      return late.map((entry) => copyStored(entry.stored))
    },
  }
}
