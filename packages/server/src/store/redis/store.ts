import { Redis } from 'ioredis'
import { DEFAULT_DELIVERY_RETENTION_MS, type RampStore } from '../types.js'
import { redisCounters } from './counters.js'
import { redisCustomerLinks } from './customers.js'
import { redisInbox } from './inbox.js'
import { redisKeys } from './keys.js'
import { redisOrders } from './orders.js'
import type { RedisParts } from './parts.js'
import { defineScripts } from './scripts.js'

/** Where `redisStore` connects: an ioredis client you own, or a URL it connects to (and closes). */
export type RedisStoreOptions = {
  /** Every key starts with this. Default `rampkit:`. Give each environment its own. */
  keyPrefix?: string
} & ({ redis: Redis; url?: never } | { url: string; redis?: never })

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
  const keyPrefix = options.keyPrefix ?? 'rampkit:'
  const parts: RedisParts = { redis, scripts: defineScripts(redis), k: redisKeys(keyPrefix) }
  const inbox = redisInbox(parts)

  return {
    engine: 'redis',
    customerLinks: redisCustomerLinks({ redis, keyPrefix }),
    ...inbox.inbox,
    ...redisOrders(parts),
    ...redisCounters(parts),

    async prune({ now = new Date(), retentionMs = DEFAULT_DELIVERY_RETENTION_MS } = {}) {
      const deliveries = await inbox.prune(now.getTime() - retentionMs - 1)
      // Counters and keys carry a TTL; Redis removes them by itself.
      return { deliveries, rateLimits: 0, kv: 0 }
    },

    async close() {
      if (owned) await redis.quit()
    },
  }
}
