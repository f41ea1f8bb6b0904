import { isFinalOrderStatus } from '@rampkit/core'
import { Redis } from 'ioredis'
import { planOrderUpdate, planSaveOrder } from './orders.js'
import {
  DEFAULT_DELIVERY_RETENTION_MS,
  type Delivery,
  type DeliveryStatus,
  type RampStore,
  type StoredOrder,
} from './types.js'

/** Where `redisStore` connects: an ioredis client you own, or a URL it connects to (and closes). */
export type RedisStoreOptions = {
  /** Every key starts with this. Default `rampkit:`. Give each environment its own. */
  keyPrefix?: string
} & ({ redis: Redis; url?: never } | { url: string; redis?: never })

// Scripts run atomically on the server, which is what makes two instances act as one. They
// build some key names inside the script, so they need one Redis (standalone or Sentinel), not
// Cluster.

const INSERT_DELIVERY = `
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'id', ARGV[1], 'event', ARGV[2], 'signature', ARGV[3], 'body', ARGV[4],
  'received', ARGV[5], 'status', 'pending', 'attempts', 0, 'next', ARGV[5])
redis.call('SET', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
return 1`

// The lease is the due time in the queue: a crashed worker's delivery comes due at expiry.
const CLAIM_DELIVERIES = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[4]))
local out = {}
for _, id in ipairs(ids) do
  local key = ARGV[1] .. 'd:' .. id
  redis.call('ZADD', KEYS[1], ARGV[3], id)
  redis.call('HINCRBY', key, 'attempts', 1)
  redis.call('HSET', key, 'lease', ARGV[5], 'next', ARGV[3])
  out[#out + 1] = redis.call('HGETALL', key)
end
return out`

const COMPLETE_DELIVERY = `
if redis.call('HGET', KEYS[1], 'status') ~= 'pending' then return 0 end
redis.call('HSET', KEYS[1], 'status', 'applied', 'finished', ARGV[2])
redis.call('HDEL', KEYS[1], 'error')
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], redis.call('HGET', KEYS[1], 'received'), ARGV[1])
return 1`

const FAIL_DELIVERY = `
if redis.call('HGET', KEYS[1], 'status') ~= 'pending' or redis.call('HGET', KEYS[1], 'lease') ~= ARGV[2] then
  return 'lost'
end
redis.call('HSET', KEYS[1], 'error', ARGV[3])
if ARGV[4] == '' then
  redis.call('HSET', KEYS[1], 'status', 'parked', 'finished', ARGV[5])
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
  return 'parked'
end
redis.call('HSET', KEYS[1], 'next', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
return 'retry'`

const REQUEUE_DELIVERY = `
if redis.call('HGET', KEYS[1], 'status') ~= 'parked' then return 0 end
redis.call('HSET', KEYS[1], 'status', 'pending', 'attempts', 0, 'next', ARGV[2])
redis.call('HDEL', KEYS[1], 'lease', 'finished')
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return 1`

const PRUNE_DELIVERIES = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[2], 'LIMIT', 0, 500)
for _, id in ipairs(ids) do
  local key = ARGV[1] .. 'd:' .. id
  local signature = redis.call('HGET', key, 'signature')
  if signature then
    local sigKey = ARGV[1] .. 'sig:' .. signature
    if redis.call('GET', sigKey) == id then redis.call('DEL', sigKey) end
  end
  redis.call('DEL', key)
  redis.call('ZREM', KEYS[1], id)
end
return #ids`

/**
 * Commits a planned order change if nothing it read has changed since (compare and set):
 * record versions and index entries are checked, then removals and the write happen at once.
 * With nothing to remove or put it only checks (a conflict is decided on a snapshot that held).
 * ARGV[1]: the plan as JSON (strings only, so no number goes through Lua); ARGV[2]: the record.
 */
const COMMIT_ORDER = `
local plan = cjson.decode(ARGV[1])
for _, check in ipairs(plan.versions) do
  local v = redis.call('HGET', check[1], 'v') or '0'
  if v ~= check[2] then return 0 end
end
for _, check in ipairs(plan.indexes) do
  local v = redis.call('GET', check[1]) or ''
  if v ~= check[2] then return 0 end
end
local P = plan.prefix
for _, gone in ipairs(plan.remove) do
  redis.call('DEL', P .. 'o:' .. gone.id)
  if gone.order_id ~= '' and redis.call('GET', P .. 'oid:' .. gone.order_id) == gone.id then
    redis.call('DEL', P .. 'oid:' .. gone.order_id)
  end
  if gone.tx_hash ~= '' and redis.call('GET', P .. 'tx:' .. gone.tx_hash) == gone.id then
    redis.call('DEL', P .. 'tx:' .. gone.tx_hash)
  end
  if gone.owner ~= '' then redis.call('ZREM', P .. 'owner:' .. gone.owner, gone.id) end
  redis.call('ZREM', P .. 'open', gone.id)
end
local put = plan.put
-- JSON null decodes to cjson.null, which Lua counts as true: a check-only commit has no put.
if put and put ~= cjson.null then
  local key = P .. 'o:' .. put.id
  redis.call('HSET', key, 'json', ARGV[2])
  redis.call('HINCRBY', key, 'v', 1)
  if put.order_id ~= '' then redis.call('SET', P .. 'oid:' .. put.order_id, put.id) end
  if put.tx_hash ~= '' then redis.call('SET', P .. 'tx:' .. put.tx_hash, put.id) end
  if put.previous_owner ~= '' and put.previous_owner ~= put.owner then
    redis.call('ZREM', P .. 'owner:' .. put.previous_owner, put.id)
  end
  if put.owner ~= '' then redis.call('ZADD', P .. 'owner:' .. put.owner, put.created, put.id) end
  if put.open == '1' then
    redis.call('ZADD', P .. 'open', put.touched, put.id)
  else
    redis.call('ZREM', P .. 'open', put.id)
  end
end
return 1`

const CLAIM_LATE_ORDERS = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(ids) do redis.call('ZADD', KEYS[1], ARGV[2], id) end
return ids`

const HIT_RATE_LIMIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`

type Scripts = {
  insertDelivery(d: string, sig: string, due: string, ...args: string[]): Promise<number>
  claimDeliveries(due: string, ...args: string[]): Promise<string[][]>
  completeDelivery(d: string, due: string, applied: string, ...args: string[]): Promise<number>
  failDelivery(d: string, due: string, parked: string, ...args: string[]): Promise<string>
  requeueDelivery(d: string, due: string, parked: string, ...args: string[]): Promise<number>
  pruneDeliveries(applied: string, ...args: string[]): Promise<number>
  commitOrder(plan: string, record: string): Promise<number>
  claimLateOrders(open: string, ...args: string[]): Promise<string[]>
  hitRateLimit(key: string, ttl: string): Promise<number>
}

function defineScripts(redis: Redis): Scripts {
  const define = (name: string, numberOfKeys: number, lua: string) => {
    // defineCommand caches by SHA and falls back to EVAL, so a Redis restart is harmless.
    if (!(name in redis)) redis.defineCommand(name, { numberOfKeys, lua })
  }
  define('rampkitInsertDelivery', 3, INSERT_DELIVERY)
  define('rampkitClaimDeliveries', 1, CLAIM_DELIVERIES)
  define('rampkitCompleteDelivery', 3, COMPLETE_DELIVERY)
  define('rampkitFailDelivery', 3, FAIL_DELIVERY)
  define('rampkitRequeueDelivery', 3, REQUEUE_DELIVERY)
  define('rampkitPruneDeliveries', 1, PRUNE_DELIVERIES)
  define('rampkitCommitOrder', 0, COMMIT_ORDER)
  define('rampkitClaimLateOrders', 1, CLAIM_LATE_ORDERS)
  define('rampkitHitRateLimit', 1, HIT_RATE_LIMIT)
  const r = redis as unknown as Record<string, (...args: string[]) => Promise<never>>
  const bind =
    (name: string) =>
    (...args: string[]) =>
      r[name]!.call(redis, ...args)
  return {
    insertDelivery: bind('rampkitInsertDelivery'),
    claimDeliveries: bind('rampkitClaimDeliveries'),
    completeDelivery: bind('rampkitCompleteDelivery'),
    failDelivery: bind('rampkitFailDelivery'),
    requeueDelivery: bind('rampkitRequeueDelivery'),
    pruneDeliveries: bind('rampkitPruneDeliveries'),
    commitOrder: bind('rampkitCommitOrder'),
    claimLateOrders: bind('rampkitClaimLateOrders'),
    hitRateLimit: bind('rampkitHitRateLimit'),
  }
}

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
  const k = {
    delivery: (id: string) => `${P}d:${id}`,
    signature: (signature: string) => `${P}sig:${signature}`,
    due: `${P}due`,
    applied: `${P}applied`,
    parked: `${P}parked`,
    order: (id: string) => `${P}o:${id}`,
    orderId: (orderId: string) => `${P}oid:${orderId}`,
    txHash: (txHash: string) => `${P}tx:${txHash}`,
    owner: (owner: string) => `${P}owner:${owner}`,
    open: `${P}open`,
    rate: (key: string, window: number) => `${P}rl:${window}:${key}`,
    kv: (key: string) => `${P}kv:${key}`,
  }

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
      prefix: P,
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
        P,
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
        const count = Number(await scripts.pruneDeliveries(k.applied, P, before))
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
