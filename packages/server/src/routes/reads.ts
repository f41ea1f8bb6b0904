import {
  banksQuery,
  corridorQuery,
  KIT_API,
  type KitConfig,
  type KitRouteSpec,
  type MetaTokens,
  orderRequirementsQuery,
  paymentMethodsQuery,
  ratesQuery,
  tokenPreviewQuery,
} from '@rampkit/core'
import type { Context, Hono } from 'hono'
import { cacheKey } from './cache.js'
import type { KitContext, RampEnv } from './context.js'
import { ok } from './envelope.js'
import { upstreamError } from './upstream-error.js'
import { parseQuery } from './validate.js'

// A cache hit hands back the very object it stored, so its envelope is serialized once per
// upstream read, not once per browser request. Keyed weakly: it goes when the cache drops it.
const envelopes = new WeakMap<object, string>()

/** The success envelope of a cached read, serialized once per cached value. */
function okCached(c: Context, data: unknown): Response {
  if (typeof data !== 'object' || data === null) return ok(c, data)
  let body = envelopes.get(data)
  if (body === undefined) {
    body = JSON.stringify({ status: 'success', message: 'OK', data })
    envelopes.set(data, body)
  }
  return c.body(body, 200, { 'Content-Type': 'application/json' })
}

/** Cache-Control of a catalog-like read: the browser may keep it as long as the kit does. */
function cacheHeader(c: Context, ttlMs: number) {
  const seconds = Math.floor(ttlMs / 1000)
  c.header('Cache-Control', seconds > 0 ? `private, max-age=${seconds}` : 'no-store')
}

/** GET /meta/tokens upstream, cached like the catalog. */
export function loadTokens(kit: KitContext): Promise<MetaTokens> {
  return kit.cache.get(cacheKey('tokens'), () => kit.client.getTokens())
}

/**
 * The catalog-like reads (catalog, corridors, banks, payment methods, rates, tokens), the
 * token preview and the widget's config. Each query is parsed with core's schema first (an
 * invalid one never reaches the service), normalised, and used as the cache key, so
 * `?country=ke` and `?country=KE` share one upstream call.
 */
export function registerReadRoutes(app: Hono<RampEnv>, kit: KitContext) {
  const read = <Q extends Record<string, unknown>, T>(
    route: KitRouteSpec,
    name: string,
    schema: Parameters<typeof parseQuery<Q>>[1],
    load: (query: Q) => Promise<T>,
  ) => {
    app.on(route.method, route.path, async (c) => {
      const query = parseQuery(c, schema)
      if (!query.ok) return query.response
      try {
        const data = await kit.cache.get(cacheKey(name, query.data), () => load(query.data))
        cacheHeader(c, kit.cacheTtlMs)
        return okCached(c, data)
      } catch (error) {
        return upstreamError(c, error, { ...kit, operation: name })
      }
    })
  }

  read(KIT_API.catalog, 'catalog', corridorQuery, (q) => kit.client.getCatalog(q))
  read(KIT_API.corridors, 'corridors', corridorQuery, (q) => kit.client.getCorridors(q))
  read(KIT_API.banks, 'banks', banksQuery, (q) => kit.client.getBanks(q))
  read(KIT_API.paymentMethods, 'payment-methods', paymentMethodsQuery, (q) =>
    kit.client.getPaymentMethods(q),
  )
  read(KIT_API.orderRequirements, 'order-requirements', orderRequirementsQuery, (q) =>
    kit.client.getOrderRequirements(q),
  )
  const normalisedRates = {
    safeParse(input: unknown) {
      const result = ratesQuery.safeParse(input)
      if (!result.success) return result
      const fiat = result.data.fiat
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .join(',')
      return { success: true as const, data: { fiat } }
    },
  }
  read(KIT_API.rates, 'rates', normalisedRates, (q) => kit.client.getIndicativeRates(q))
  read(KIT_API.tokens, 'tokens', { safeParse: () => ({ success: true as const, data: {} }) }, () =>
    loadTokens(kit),
  )

  app.on(KIT_API.preview.method, KIT_API.preview.path, async (c) => {
    const query = parseQuery(c, tokenPreviewQuery)
    if (!query.ok) return query.response
    try {
      // A price: coalesced while in flight, never kept.
      const data = await kit.flights.get(cacheKey('preview', query.data), () =>
        kit.client.getTokenPreview(query.data),
      )
      c.header('Cache-Control', 'no-store')
      return ok(c, data)
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'preview' })
    }
  })

  app.on(KIT_API.config.method, KIT_API.config.path, async (c) => {
    let chainId: number | null = null
    let spender: string | null = null
    try {
      const tokens = await loadTokens(kit)
      const top = (tokens as { chain_id?: unknown }).chain_id
      chainId = typeof top === 'number' ? top : (tokens.tokens[0]?.chain_id ?? null)
      spender = tokens.spender ?? null
    } catch (error) {
      // The widget can still browse without them; approvals wait until the service answers.
      kit.logger.warn('config: could not read the service tokens', {
        error: error instanceof Error ? error.name : typeof error,
      })
    }
    const config: KitConfig = {
      environment: kit.environment,
      chain_id: chainId,
      spender,
      sse: true,
    }
    c.header('Cache-Control', 'no-store')
    return ok(c, config)
  })
}
