import { isFinalOrderStatus } from '@rampkit/core'
import { Redis } from 'ioredis'
import { redisCustomerLinks } from '../customers/redis.js'
import { planOrderUpdate, planSaveOrder } from '../orders.js'
import {
  DEFAULT_DELIVERY_RETENTION_MS,
  type Delivery,
  type DeliveryStatus,
  type RampStore,
  type StoredOrder,
} from '../types.js'
import { redisKeys } from './keys.js'
import { defineScripts } from './scripts.js'

/** Where `redisStore` connects: an ioredis client you own, or a URL it connects to (and closes). */
export type RedisStoreOptions = {
  /** Every key starts with this. Default `rampkit:`. Give each environment its own. */
  keyPrefix?: string
} & ({ redis: Redis; url?: never } | { url: string; redis?: never })

function pairsToObject(pairs: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (let i = 0; i + 1 < pairs.length; i += 2) out[pairs[i]!] = pairs[i + 1]!
  return out
}

function toDelivery(hash: Record<string, string>): Delivery | null {
  if (!hash.id) return null
  const date = (value: string | undefined) => (value ? new Date(Number(value)) : null)
  return {
    id: hash.id,
    event: hash.event ?? '',
    signature: hash.signature ?? '',
    body: hash.body ?? '',
    receivedAt: new Date(Number(hash.received)),
    status: (hash.status ?? 'pending') as DeliveryStatus,
    attempts: Number(hash.attempts ?? 0),
    nextAttemptAt: new Date(Number(hash.next)),
    leaseOwner: hash.lease ?? null,
    lastError: hash.error ?? null,
    finishedAt: date(hash.finished),
  }
}

/** A record as read, with the version the compare-and-set checks. */
type Versioned = { stored: StoredOrder; version: string }

/** Raised when a commit found that something changed since it was read; the caller retries. */
class CommitRace extends Error {}

/**
 * A complete store in Redis: deliveries, orders, rate limits and keys, every change made by a
 * server-side script, so any number of instances sharing one Redis behave as one (a delivery is
 * inserted once by id and by signature, claimed by one worker at a time, and an order's status
 * moves once). Durability is Redis's: run it with AOF (`appendonly yes`, `appendfsync
 * everysec` or `always`) if acknowledged deliveries must survive a Redis restart; otherwise
 * prefer `postgresStore`. Needs one Redis (standalone or Sentinel), not Cluster.
 *
 * @example
 * import { redisStore, redisBus } from '@rampkit/server/redis'
 * const redis = new Redis(process.env.REDIS_URL!)
 * const store = redisStore({ redis })
 * const bus = redisBus({ redis })
 */
export function redisStore(options: RedisStoreOptions): RampStore {
  const owned = !options.redis
  const redis = options.redis ?? new Redis(options.url as string, { maxRetriesPerRequest: 3 })
  const P = options.keyPrefix ?? 'rampkit:'
  const scripts = defineScripts(redis)
  const k = redisKeys(P)

  async function readOrder(id: string | null): Promise<Versioned | null> {
    if (!id) return null
    const [json, version] = await redis.hmget(k.order(id), 'json', 'v')
    if (!json) return null
    return { stored: JSON.parse(json) as StoredOrder, version: version ?? '0' }
  }

  async function readIndex(key: string | null): Promise<{ key: string; value: string } | null> {
    if (!key) return null
    return { key, value: (await redis.get(key)) ?? '' }
  }

  async function commit(parameters: {
    versions: [string, string][]
    indexes: [string, string][]
    remove: StoredOrder[]
    put: { stored: StoredOrder; previousOwner: string | null; now: Date } | null
  }) {
    const { put } = parameters
    const plan = {
      keys: k.orderPrefixes,
      versions: parameters.versions,
      indexes: parameters.indexes,
      remove: parameters.remove.map(({ order, owner }) => ({
        id: order.id,
        order_id: order.order_id ?? '',
        tx_hash: order.tx_hash ?? '',
        owner: owner ?? '',
      })),
      put: put
        ? {
            id: put.stored.order.id,
            order_id: put.stored.order.order_id ?? '',
            tx_hash: put.stored.order.tx_hash ?? '',
            owner: put.stored.owner ?? '',
            previous_owner: put.previousOwner ?? '',
            created: String(createdMs(put.stored, put.now)),
            touched: String(put.now.getTime()),
            open: isFinalOrderStatus(put.stored.order.status) ? '0' : '1',
          }
        : null,
    }
    const ok = await scripts.commitOrder(
      JSON.stringify(plan),
      put ? JSON.stringify(put.stored) : '',
    )
    if (Number(ok) !== 1) throw new CommitRace()
  }

  async function withRetry<T>(callback: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await callback()
      } catch (error) {
        if (!(error instanceof CommitRace) || attempt >= 50) throw error
        // Back off a little so contenders on one order do not spin in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * attempt * 2))
      }
    }
  }

  async function findBy(indexKey: string): Promise<StoredOrder | null> {
    const id = await redis.get(indexKey)
    return (await readOrder(id))?.stored ?? null
  }

  return {
    engine: 'redis',
    customerLinks: redisCustomerLinks({ redis, keyPrefix: P }),

    async insertDelivery(delivery) {
      const inserted = await scripts.insertDelivery(
        k.delivery(delivery.id),
        k.signature(delivery.signature),
        k.due,
        delivery.id,
        delivery.event,
        delivery.signature,
        delivery.body,
        String(delivery.receivedAt.getTime()),
      )
      return Number(inserted) === 1 ? 'inserted' : 'duplicate'
    },

    async claimDeliveries({ worker, limit, leaseMs, now }) {
      const rows = await scripts.claimDeliveries(
        k.due,
        k.delivery(''),
        String(now.getTime()),
        String(now.getTime() + leaseMs),
        String(limit),
        worker,
      )
      return rows
        .map((row) => toDelivery(pairsToObject(row)))
        .filter((delivery): delivery is Delivery => delivery !== null)
    },

    async completeDelivery({ id, now }) {
      await scripts.completeDelivery(k.delivery(id), k.due, k.applied, id, String(now.getTime()))
    },

    async failDelivery({ id, worker, error, now, retryAt }) {
      const result = await scripts.failDelivery(
        k.delivery(id),
        k.due,
        k.parked,
        id,
        worker,
        error,
        retryAt === null ? '' : String(retryAt.getTime()),
        String(now.getTime()),
      )
      return result === 'parked' || result === 'retry' ? result : 'lost'
    },

    async getDelivery(id) {
      return toDelivery(await redis.hgetall(k.delivery(id)))
    },

    async listParkedDeliveries({ limit = 50, offset = 0 } = {}) {
      const ids = await redis.zrevrange(k.parked, offset, offset + limit - 1)
      const hashes = await Promise.all(ids.map((id) => redis.hgetall(k.delivery(id))))
      return hashes.map(toDelivery).filter((d): d is Delivery => d !== null)
    },

    async requeueDelivery({ id, now = new Date() }) {
      const ok = await scripts.requeueDelivery(
        k.delivery(id),
        k.due,
        k.parked,
        id,
        String(now.getTime()),
      )
      return Number(ok) === 1
    },

    async prune({ now = new Date(), retentionMs = DEFAULT_DELIVERY_RETENTION_MS } = {}) {
      const before = String(now.getTime() - retentionMs - 1)
      let deliveries = 0
      for (;;) {
        const count = Number(
          await scripts.pruneDeliveries(k.applied, k.delivery(''), before, k.signature('')),
        )
        deliveries += count
        if (count < 500) break
      }
      // Counters and keys carry a TTL; Redis removes them by itself.
      return { deliveries, rateLimits: 0, kv: 0 }
    },

    async saveOrder(parameters) {
      const now = parameters.now ?? new Date()
      const { order } = parameters
      return withRetry(async () => {
        const direct = await readOrder(order.id)
        const viaOrderId = direct
          ? null
          : await readIndex(order.order_id ? k.orderId(order.order_id) : null)
        const viaTxHash =
          direct || viaOrderId?.value
            ? null
            : await readIndex(order.tx_hash ? k.txHash(order.tx_hash) : null)
        const existing =
          direct ??
          (await readOrder(viaOrderId?.value || null)) ??
          (await readOrder(viaTxHash?.value || null))
        const plan = planSaveOrder(existing?.stored ?? null, parameters)
        if (plan.write !== 'none') {
          const indexes: [string, string][] = []
          for (const index of [viaOrderId, viaTxHash])
            if (index) indexes.push([index.key, index.value])
          await commit({
            versions: [
              [k.order(plan.stored.order.id), existing?.version ?? '0'],
              ...(existing && existing.stored.order.id !== order.id
                ? [[k.order(order.id), '0'] as [string, string]]
                : []),
            ],
            indexes,
            remove: [],
            put: { stored: plan.stored, previousOwner: existing?.stored.owner ?? null, now },
          })
        }
        return { result: plan.result, stored: plan.stored }
      })
    },

    getOrder: async (id) => (await readOrder(id))?.stored ?? null,
    getOrderByOrderId: (orderId) => findBy(k.orderId(orderId)),
    getOrderByTxHash: (txHash) => findBy(k.txHash(txHash)),

    async listOrders({ owner, limit = 50, offset = 0 }) {
      const ids = await redis.zrevrange(k.owner(owner), offset, offset + limit - 1)
      const records = await Promise.all(ids.map((id) => readOrder(id)))
      return records
        .filter((record): record is Versioned => record !== null)
        .map((record) => record.stored)
    },

    async applyOrderUpdate(update) {
      return withRetry(async () => {
        const viaOrderId = await readIndex(update.orderId ? k.orderId(update.orderId) : null)
        const viaTxHash = await readIndex(update.txHash ? k.txHash(update.txHash) : null)
        const idA = viaOrderId?.value || null
        const idB = viaTxHash?.value || null
        const a = await readOrder(idA)
        const b = idB === null ? null : idB === idA ? a : await readOrder(idB)
        const plan = planOrderUpdate(
          { byOrderId: a?.stored ?? null, byTxHash: b?.stored ?? null },
          update,
        )
        // A conflict writes nothing, but goes through the compare-and-set all the same: the
        // two reads above are not atomic, and only a snapshot that held may park a delivery.
        if (plan.write !== 'none' || plan.remove.length > 0 || plan.conflict) {
          const versions: [string, string][] = []
          for (const record of [a, b]) {
            if (record) versions.push([k.order(record.stored.order.id), record.version])
          }
          if (plan.write === 'insert') versions.push([k.order(plan.stored.order.id), '0'])
          const indexes: [string, string][] = []
          for (const index of [viaOrderId, viaTxHash])
            if (index) indexes.push([index.key, index.value])
          const survivor = [a, b].find((record) => record?.stored.order.id === plan.stored.order.id)
          await commit({
            versions,
            indexes,
            remove: plan.remove,
            put:
              plan.write === 'none'
                ? null
                : {
                    stored: plan.stored,
                    previousOwner: survivor?.stored.owner ?? null,
                    now: update.now,
                  },
          })
        }
        return {
          stored: plan.stored,
          changed: plan.changed,
          applied: plan.applied,
          conflict: plan.conflict,
        }
      })
    },

    async claimLateOrders({ before, now, limit }) {
      const ids = await scripts.claimLateOrders(
        k.open,
        String(before.getTime()),
        String(now.getTime()),
        String(limit),
      )
      const records = await Promise.all(ids.map((id) => readOrder(id)))
      return records
        .filter((record): record is Versioned => record !== null)
        .map((record) => record.stored)
    },

    async hitRateLimit({ key, limit, windowMs, now = new Date() }) {
      const at = now.getTime()
      const windowStart = at - (at % windowMs)
      const resetAt = new Date(windowStart + windowMs)
      // The key outlives its window a little so a slow clock elsewhere cannot restart it early.
      const count = Number(
        await scripts.hitRateLimit(k.rate(key, windowStart), String(windowMs + 1000)),
      )
      return { allowed: count <= limit, count, remaining: Math.max(0, limit - count), resetAt }
    },

    async kvGet(key) {
      return redis.get(k.kv(key))
    },

    async kvSet({ key, value, ttlMs, ifAbsent }) {
      const ttl = ttlMs === undefined ? null : Math.max(1, Math.ceil(ttlMs))
      const result =
        ttl === null
          ? ifAbsent
            ? await redis.set(k.kv(key), value, 'NX')
            : await redis.set(k.kv(key), value)
          : ifAbsent
            ? await redis.set(k.kv(key), value, 'PX', ttl, 'NX')
            : await redis.set(k.kv(key), value, 'PX', ttl)
      return result === 'OK'
    },

    async kvDelete(key) {
      await redis.del(k.kv(key))
    },

    async close() {
      if (owned) await redis.quit()
    },
  }
}

function createdMs(stored: StoredOrder, now: Date): number {
  const parsed = Date.parse(stored.order.created_at)
  return Number.isNaN(parsed) ? now.getTime() : parsed
}
