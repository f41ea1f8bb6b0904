import { isFinalOrderStatus } from '@rampkit/core'
import { memoryCustomerLinks } from '../customers/memory.js'
import { planOrderUpdate, planSaveOrder } from '../orders.js'
import {
  DEFAULT_DELIVERY_RETENTION_MS,
  type Delivery,
  type RampStore,
  type StoredOrder,
} from '../types.js'

type MemoryOrder = { stored: StoredOrder; touchedAt: number; polledAt: number; seq: number }

function copyDelivery(delivery: Delivery): Delivery {
  return { ...delivery }
}

function copyStored(stored: StoredOrder): StoredOrder {
  return { order: { ...stored.order }, owner: stored.owner, appliedBy: { ...stored.appliedBy } }
}

/**
 * The default store: everything in this process's memory. Right for one instance and for tests;
 * a restart forgets acknowledged deliveries, so production with more than one instance (or any
 * serverless platform) needs `postgresStore`, `pgliteStore` or `redisStore`. Each method runs
 * without awaiting inside, so it is atomic within the process.
 *
 * @example
 * const store = memoryStore()
 * const worker = createWorker({ store, bus: memoryBus(), handlers: {} })
 */
export function memoryStore(): RampStore {
  const deliveries = new Map<string, Delivery>()
  const signatures = new Map<string, string>()
  const orders = new Map<string, MemoryOrder>()
  const byOrderId = new Map<string, string>()
  const byTxHash = new Map<string, string>()
  const counters = new Map<string, { count: number; resetAt: number }>()
  const kv = new Map<string, { value: string; expiresAt: number | null }>()
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
  function liveKv(key: string, now: number) {
    const entry = kv.get(key)
    if (!entry) return null
    if (entry.expiresAt !== null && entry.expiresAt <= now) {
      kv.delete(key)
      return null
    }
    return entry
  }

  return {
    engine: 'memory',
    customerLinks: memoryCustomerLinks(),

    async insertDelivery(delivery) {
      if (deliveries.has(delivery.id) || signatures.has(delivery.signature)) return 'duplicate'
      deliveries.set(delivery.id, {
        ...delivery,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: delivery.receivedAt,
        leaseOwner: null,
        lastError: null,
        finishedAt: null,
      })
      signatures.set(delivery.signature, delivery.id)
      return 'inserted'
    },

    async claimDeliveries({ worker, limit, leaseMs, now }) {
      const due = [...deliveries.values()]
        .filter((d) => d.status === 'pending' && d.nextAttemptAt.getTime() <= now.getTime())
        .sort((x, y) => x.nextAttemptAt.getTime() - y.nextAttemptAt.getTime())
        .slice(0, limit)
      for (const delivery of due) {
        delivery.attempts += 1
        delivery.leaseOwner = worker
        // The lease is the due time: if this worker dies, the delivery is due again at expiry.
        delivery.nextAttemptAt = new Date(now.getTime() + leaseMs)
      }
      return due.map(copyDelivery)
    },

    async completeDelivery({ id, now }) {
      const delivery = deliveries.get(id)
      if (delivery?.status !== 'pending') return
      delivery.status = 'applied'
      delivery.finishedAt = now
      delivery.lastError = null
    },

    async failDelivery({ id, worker, error, now, retryAt }) {
      const delivery = deliveries.get(id)
      if (delivery?.status !== 'pending' || delivery.leaseOwner !== worker) return 'lost'
      delivery.lastError = error
      if (retryAt === null) {
        delivery.status = 'parked'
        delivery.finishedAt = now
        return 'parked'
      }
      delivery.nextAttemptAt = retryAt
      return 'retry'
    },

    async getDelivery(id) {
      const delivery = deliveries.get(id)
      return delivery ? copyDelivery(delivery) : null
    },

    async listParkedDeliveries({ limit = 50, offset = 0 } = {}) {
      return [...deliveries.values()]
        .filter((d) => d.status === 'parked')
        .sort((x, y) => (y.finishedAt?.getTime() ?? 0) - (x.finishedAt?.getTime() ?? 0))
        .slice(offset, offset + limit)
        .map(copyDelivery)
    },

    async requeueDelivery({ id, now = new Date() }) {
      const delivery = deliveries.get(id)
      if (delivery?.status !== 'parked') return false
      Object.assign(delivery, {
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        leaseOwner: null,
        finishedAt: null,
      })
      return true
    },

    async prune({ now = new Date(), retentionMs = DEFAULT_DELIVERY_RETENTION_MS } = {}) {
      const before = now.getTime() - retentionMs
      let pruned = 0
      for (const [id, delivery] of deliveries) {
        if (delivery.status === 'applied' && delivery.receivedAt.getTime() < before) {
          deliveries.delete(id)
          if (signatures.get(delivery.signature) === id) signatures.delete(delivery.signature)
          pruned++
        }
      }
      let rateLimits = 0
      for (const [key, counter] of counters) {
        if (counter.resetAt <= now.getTime()) {
          counters.delete(key)
          rateLimits++
        }
      }
      let kvPruned = 0
      for (const [key, entry] of kv) {
        if (entry.expiresAt !== null && entry.expiresAt <= now.getTime()) {
          kv.delete(key)
          kvPruned++
        }
      }
      return { deliveries: pruned, rateLimits, kv: kvPruned }
    },

    async saveOrder(parameters) {
      const { order } = parameters
      const existing =
        orders.get(order.id) ?? lookup(byOrderId, order.order_id) ?? lookup(byTxHash, order.tx_hash)
      const plan = planSaveOrder(existing ? existing.stored : null, parameters)
      if (plan.write !== 'none') put(plan.stored, (parameters.now ?? new Date()).getTime())
      return { result: plan.result, stored: copyStored(plan.stored) }
    },

    async getOrder(id) {
      const entry = orders.get(id)
      return entry ? copyStored(entry.stored) : null
    },

    async getOrderByOrderId(orderId) {
      const entry = lookup(byOrderId, orderId)
      return entry ? copyStored(entry.stored) : null
    },

    async getOrderByTxHash(txHash) {
      const entry = lookup(byTxHash, txHash)
      return entry ? copyStored(entry.stored) : null
    },

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
      return {
        stored: copyStored(plan.stored),
        changed: plan.changed,
        applied: plan.applied,
        conflict: plan.conflict,
      }
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

    async hitRateLimit({ key, limit, windowMs, now = new Date() }) {
      const at = now.getTime()
      const windowStart = at - (at % windowMs)
      const counterKey = `${key}\u0000${windowStart}`
      const counter = counters.get(counterKey) ?? { count: 0, resetAt: windowStart + windowMs }
      counter.count += 1
      counters.set(counterKey, counter)
      return {
        allowed: counter.count <= limit,
        count: counter.count,
        remaining: Math.max(0, limit - counter.count),
        resetAt: new Date(counter.resetAt),
      }
    },

    async kvGet(key, now = new Date()) {
      return liveKv(key, now.getTime())?.value ?? null
    },

    async kvSet({ key, value, ttlMs, ifAbsent, now = new Date() }) {
      if (ifAbsent && liveKv(key, now.getTime())) return false
      kv.set(key, { value, expiresAt: ttlMs === undefined ? null : now.getTime() + ttlMs })
      return true
    },

    async kvDelete(key) {
      kv.delete(key)
    },

    async close() {},
  }
}
