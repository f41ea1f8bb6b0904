/**
 * A short-lived cache of upstream reads with single flight: identical reads that arrive while
 * one is under way share its promise, so fifty browsers opening the checkout at once cost one
 * upstream call. Only successes are kept, for `ttlMs` (0 keeps nothing, but still coalesces).
 */
export type ReadCache = {
  /** The cached value of `key`, or runs `load` once for every concurrent caller. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>
  /** The cached value when one is fresh, without loading. */
  peek<T>(key: string): T | undefined
  clear(): void
}

/** Largest number of entries kept; the oldest goes first. */
const MAX_ENTRIES = 1000

/**
 * Creates a {@link ReadCache}. Keys are built by the caller from the route and the
 * normalised query (see {@link cacheKey}).
 *
 * @example
 * const cache = createReadCache({ ttlMs: 30_000 })
 * const catalog = await cache.get(cacheKey('catalog', query), () => getCatalog(client, query))
 */
export function createReadCache(options: { ttlMs: number; now?: () => number }): ReadCache {
  const now = options.now ?? Date.now
  const values = new Map<string, { value: unknown; expiresAt: number }>()
  const inflight = new Map<string, Promise<unknown>>()

  function fresh(key: string) {
    const entry = values.get(key)
    if (!entry) return undefined
    if (entry.expiresAt > now()) return entry
    values.delete(key)
    return undefined
  }

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = fresh(key)
      if (entry) return Promise.resolve(entry.value as T)
      const running = inflight.get(key)
      if (running) return running as Promise<T>
      const promise = (async () => {
        try {
          const value = await load()
          if (options.ttlMs > 0) {
            if (values.size >= MAX_ENTRIES) {
              const oldest = values.keys().next()
              if (!oldest.done) values.delete(oldest.value)
            }
            values.set(key, { value, expiresAt: now() + options.ttlMs })
          }
          return value
        } finally {
          inflight.delete(key)
        }
      })()
      inflight.set(key, promise)
      return promise
    },
    peek<T>(key: string): T | undefined {
      return fresh(key)?.value as T | undefined
    },
    clear() {
      values.clear()
    },
  }
}

/** A key from a route name and a parsed query: keys sorted, undefined values left out. */
export function cacheKey(route: string, query: Readonly<Record<string, unknown>> = {}): string {
  const parts = Object.keys(query)
    .filter((key) => query[key] !== undefined)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(String(query[key]))}`)
  return `${route}?${parts.join('&')}`
}
