import type { Counters } from '../types.js'

/**
 * The memory store's counters (`Counters`): fixed-window rate limits and keys with expiry.
 * `prune` deletes the windows that ended and the keys that expired by `now`.
 */
export function memoryCounters(): {
  counters: Counters
  prune: (now: number) => { rateLimits: number; kv: number }
} {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const kv = new Map<string, { value: string; expiresAt: number | null }>()

  function liveKv(key: string, now: number) {
    const entry = kv.get(key)
    if (!entry) return null
    if (entry.expiresAt !== null && entry.expiresAt <= now) {
      kv.delete(key)
      return null
    }
    return entry
  }

  const counters: Counters = {
    async hitRateLimit({ key, limit, windowMs, now = new Date() }) {
      const at = now.getTime()
      const windowStart = at - (at % windowMs)
      const counterKey = `${key}\u0000${windowStart}`
      const counter = windows.get(counterKey) ?? { count: 0, resetAt: windowStart + windowMs }
      counter.count += 1
      windows.set(counterKey, counter)
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
  }

  function prune(now: number) {
    let rateLimits = 0
    for (const [key, counter] of windows) {
      if (counter.resetAt <= now) {
        windows.delete(key)
        rateLimits++
      }
    }
    let pruned = 0
    for (const [key, entry] of kv) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) {
        kv.delete(key)
        pruned++
      }
    }
    return { rateLimits, kv: pruned }
  }

  return { counters, prune }
}
