import type { Counters } from '../types.js'
import type { RedisParts } from './parts.js'

/**
 * The Redis counters (`Counters`): a key per rate-limit window and per stored key, each with a
 * TTL, so Redis removes them by itself and the store's `prune` has nothing to do here.
 */
export function redisCounters({ redis, scripts, k }: RedisParts): Counters {
  return {
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
  }
}
