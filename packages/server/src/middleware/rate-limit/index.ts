import type { Context, MiddlewareHandler } from 'hono'
import { fail } from '../../http/envelope.js'

/**
 * Counts one hit on `key` in the fixed window of `windowMs` it falls in, and returns the count
 * so far and when the window ends (ms since the epoch). Backed by the kit's store, so
 * instances sharing a store share their counters.
 */
export type RateLimitCounter = (parameters: {
  key: string
  limit: number
  windowMs: number
}) => Promise<{ count: number; resetAt: number }>

/** One limit: at most `limit` requests per window for each value `key(c)` gives. */
export type RateLimitRule = {
  /** Short name in keys and logs (`user`, `ip`). */
  name: string
  limit: number
  /** The identity to count, or null to skip this rule for the request. */
  key: (c: Context) => string | null | Promise<string | null>
  /**
   * Where this rule counts, when not in the limiter's own `counter`: a bucket kept per instance
   * (`memoryRateLimitCounter`) rather than in the shared store.
   */
  counter?: RateLimitCounter
}

export type RateLimitOptions = {
  counter: RateLimitCounter
  windowMs: number
  rules: readonly RateLimitRule[]
  /** Clock in ms, for tests. */
  now?: () => number
  /** The answer when a rule is exceeded. Defaults to a 429 error envelope with Retry-After. */
  onLimited?: (
    c: Context,
    retryAfterSeconds: number,
    rule: RateLimitRule,
  ) => Response | Promise<Response>
  /** Called when the counter itself fails; the request then goes through (fail open). */
  onCounterError?: (error: unknown, rule: RateLimitRule) => void
}

/**
 * Fixed-window rate limits keyed on trusted identities (the end user, the client address as
 * `clientIp` computes it), never on a header a client controls. Every rule counts; the first
 * one over its limit answers 429 with `Retry-After`. A failing counter lets the request
 * through (and reports it), because a broken store should not take the checkout down.
 *
 * @example
 * app.use('*', rateLimit({ counter, windowMs: 60_000, rules: [{ name: 'ip', limit: 300, key: (c) => clientIp(c) }] }))
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const now = options.now ?? Date.now
  const onLimited =
    options.onLimited ??
    ((c: Context, seconds: number) => {
      c.header('Retry-After', String(seconds))
      return fail(c, 429, `Too many requests. Try again in ${seconds} s.`)
    })
  return async function rateLimit(c, next) {
    for (const rule of options.rules) {
      if (rule.limit <= 0 || !Number.isFinite(rule.limit)) continue
      const identity = await rule.key(c)
      if (identity === null) continue
      let hit: { count: number; resetAt: number }
      try {
        hit = await (rule.counter ?? options.counter)({
          key: `${rule.name}:${identity}`,
          limit: rule.limit,
          windowMs: options.windowMs,
        })
      } catch (error) {
        options.onCounterError?.(error, rule)
        continue
      }
      if (hit.count > rule.limit) {
        const seconds = Math.max(1, Math.ceil((hit.resetAt - now()) / 1000))
        return onLimited(c, seconds, rule)
      }
    }
    return next()
  }
}

/**
 * A counter held in this process's memory: enough for one instance and for tests. Expired
 * windows are swept at most once a window.
 */
export function memoryRateLimitCounter(now: () => number = Date.now): RateLimitCounter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  let sweptAt = 0
  return async ({ key, windowMs }) => {
    const at = now()
    if (at - sweptAt >= windowMs) {
      sweptAt = at
      for (const [other, value] of windows) if (value.resetAt <= at) windows.delete(other)
    }
    const start = Math.floor(at / windowMs) * windowMs
    const id = `${key}@${start}`
    let entry = windows.get(id)
    if (!entry) {
      entry = { count: 0, resetAt: start + windowMs }
      windows.set(id, entry)
    }
    entry.count += 1
    return { count: entry.count, resetAt: entry.resetAt }
  }
}

/** The part of the kit's store a rate limit counts in (`RampStore['hitRateLimit']`). */
export type RateLimitStore = {
  hitRateLimit(parameters: { key: string; limit: number; windowMs: number }): Promise<{
    count: number
    resetAt: Date
  }>
}

/**
 * A counter in the kit's store, under `rampkit:rl:` keys: instances that share a store share
 * their counts.
 */
export function storeRateLimitCounter(store: RateLimitStore): RateLimitCounter {
  return async ({ key, limit, windowMs }) => {
    const hit = await store.hitRateLimit({ key: `rampkit:rl:${key}`, limit, windowMs })
    return { count: hit.count, resetAt: hit.resetAt.getTime() }
  }
}

/**
 * The per-address rules of a limit: the visible address in the shared store, and every client
 * without one together in a bucket of this instance (`memoryRateLimitCounter`), so a client
 * that drops its session cookie where the kit sees no socket still meets the limit.
 */
export function addressRules(
  clientAddress: (c: Context) => string | null,
  perIp: number,
  unknownAddresses: number,
): RateLimitRule[] {
  return [
    { name: 'ip', limit: perIp, key: (c) => clientAddress(c) },
    {
      name: 'unknown-address',
      limit: unknownAddresses,
      key: (c) => (clientAddress(c) === null ? 'all' : null),
      counter: memoryRateLimitCounter(),
    },
  ]
}
