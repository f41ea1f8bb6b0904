import { KIT_API } from '@rampkit/core/kit'
import type { Hono } from 'hono'
import { cachedBody } from '../../upstream/reads.js'
import type { KitContext, RampEnv } from '../context.js'
import { CATALOG_READS, type CatalogRead, catalogQuery } from './catalog.js'

/**
 * Answers a catalog-like read that the cache holds before the per-request middleware runs.
 * Mounted after the secure headers and CORS (a hit carries the same headers as a miss, and a
 * browser on another origin gets no `Access-Control-Allow-Origin` it would not get otherwise),
 * and before what a public, cached read does not need:
 * - the end user (session cookie or the partner's `getEndUser`): the answer is the same for
 *   everyone, so a hit neither resolves nor starts a session;
 * - the rate limits: they guard the service's quota and the store, and a hit touches neither
 *   (no upstream call, no counter written); a miss goes on down the chain and is counted;
 * - origin checks, body limits and idempotency keys: writes only.
 * Anything else (a miss, an invalid query, an expired entry) goes on to the read's route.
 */
export function answerCachedReads(app: Hono<RampEnv>, kit: KitContext) {
  if (kit.cacheTtlMs <= 0) return
  const seconds = Math.floor(kit.cacheTtlMs / 1000)
  const cacheControl = seconds > 0 ? `private, max-age=${seconds}` : 'no-store'
  const hit = (read: CatalogRead) =>
    app.on(KIT_API[read.route].method, KIT_API[read.route].path, async (c, next) => {
      const query = catalogQuery(read, c)
      const body = query.ok ? cachedBody(kit.cache.peek(query.key)) : undefined
      if (body === undefined) return next()
      return c.body(body, 200, {
        'Content-Type': 'application/json',
        'Cache-Control': cacheControl,
      })
    })
  for (const read of CATALOG_READS) hit(read)
}
