import {
  banksQuery,
  corridorQuery,
  orderRequirementsQuery,
  paymentMethodsQuery,
  ratesQuery,
} from '@rampkit/core'
import {
  type Client,
  getBanks,
  getCatalog,
  getCorridors,
  getIndicativeRates,
  getOrderRequirements,
  getPaymentMethods,
  getTokens,
} from '@rampkit/core/client'
import type { KIT_API, KitApiRoute } from '@rampkit/core/kit'
import type { Context } from 'hono'
import { type Parser, parseQuery } from '../../http/body.js'
import { cacheKey } from '../../http/cache.js'
import { ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { cachedBody, MAX_KNOWN, readKnown, setBounded } from '../../upstream/reads.js'
import { defineRoute, type RouteDefinition } from '../define.js'

/** The success envelope of a cached read: the body set for its value, or encoded now. */
function okCached(c: Context, data: unknown): Response {
  const body = cachedBody(data)
  if (body === undefined) return ok(c, data)
  return c.body(body, 200, { 'Content-Type': 'application/json' })
}

/** Cache-Control of a catalog-like read: the browser may keep it as long as the kit does. */
function cacheHeader(c: Context, ttlMs: number) {
  const seconds = Math.floor(ttlMs / 1000)
  c.header('Cache-Control', seconds > 0 ? `private, max-age=${seconds}` : 'no-store')
}

const normalisedRates: Parser<{ fiat: string }> = {
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

/** One catalog-like read: its route, cache name, query schema and core action. */
export type CatalogRead = {
  /** Its name in `KIT_API`. */
  route: KitApiRoute
  name: string
  // biome-ignore lint/suspicious/noExplicitAny: each read's own query type, checked by `catalogRead`
  schema: Parser<any>
  // biome-ignore lint/suspicious/noExplicitAny: as above
  load: (client: Client, query: any) => Promise<unknown>
}

function catalogRead<Q>(
  route: KitApiRoute,
  name: string,
  schema: Parser<Q>,
  load: (client: Client, query: Q) => Promise<unknown>,
): CatalogRead {
  return { route, name, schema, load }
}

/** The reads `KIT_API` marks `cache: 'catalog'`, each with what answers it. */
export const CATALOG_READS: readonly CatalogRead[] = [
  catalogRead('catalog', 'catalog', corridorQuery, getCatalog),
  catalogRead('corridors', 'corridors', corridorQuery, getCorridors),
  catalogRead('banks', 'banks', banksQuery, getBanks),
  catalogRead('paymentMethods', 'payment-methods', paymentMethodsQuery, getPaymentMethods),
  catalogRead(
    'orderRequirements',
    'order-requirements',
    orderRequirementsQuery,
    getOrderRequirements,
  ),
  catalogRead('rates', 'rates', normalisedRates, getIndicativeRates),
  catalogRead('tokens', 'tokens', { safeParse: () => ({ success: true, data: {} }) }, (c) =>
    getTokens(c),
  ),
]

// A query string's cache key and parsed query, per read and raw query string: the same string
// always parses the same, so a repeated read skips the schema. Invalid ones are not kept.
const parsedQueries = new Map<string, { key: string; query: unknown }>()

/**
 * The cache key and parsed query of a catalog read's request, or the 422 to answer. The key is
 * built from the normalised query, so `?country=ke` and `?country=KE` share one entry.
 */
export function catalogQuery(
  read: CatalogRead,
  c: Context,
): { ok: true; key: string; query: unknown } | { ok: false; response: Response } {
  const url = c.req.url
  const at = url.indexOf('?')
  const memo = `${read.name}${at === -1 ? '' : url.slice(at)}`
  const known = parsedQueries.get(memo)
  if (known) return { ok: true, ...known }
  const parsed = parseQuery(c, read.schema)
  if (!parsed.ok) return parsed
  const entry = { key: cacheKey(read.name, parsed.data), query: parsed.data }
  setBounded(parsedQueries, memo, entry, MAX_KNOWN)
  return { ok: true, ...entry }
}

/**
 * The catalog-like reads (catalog, corridors, banks, payment methods, order requirements,
 * rates, tokens), one route each from `CATALOG_READS`, public (no guard: `KIT_API` names none
 * for them). Each query is parsed with core's schema first (an invalid one never reaches the
 * service), normalised, and used as the cache key, so `?country=ke` and `?country=KE` share one
 * upstream call. The service's answer goes to the browser byte for byte when the kit's parse
 * changed nothing in it. A hit is answered before the session and rate limits (`cached.ts`).
 */
const CATALOG_NEEDS = ['client', 'cache', 'cacheTtlMs', 'logger', 'secrets'] as const
type CatalogNeed = (typeof CATALOG_NEEDS)[number]

/** The routes `KIT_API` marks `cache: 'catalog'`. */
export type CatalogRoute = {
  [R in KitApiRoute]: (typeof KIT_API)[R] extends { cache: 'catalog' } ? R : never
}[KitApiRoute]

/** The route of `CATALOG_READS`' read `route`. */
export function catalogRoute<R extends CatalogRoute>(route: R): RouteDefinition<R, CatalogNeed> {
  const read = CATALOG_READS.find((candidate) => candidate.route === route)
  if (read === undefined) throw new Error(`no catalog read for the '${route}' route`)
  return defineRoute({
    route,
    // Public: KIT_API names no guard for a catalog read (checked again at mount).
    guards: [] as unknown as RouteDefinition<R>['guards'],
    needs: CATALOG_NEEDS,
    handler: async (c, kit) => {
      const query = catalogQuery(read, c)
      if (!query.ok) return query.response
      try {
        const data = await kit.cache.get(query.key, () =>
          readKnown(kit, query.key, (client) => read.load(client, query.query)),
        )
        cacheHeader(c, kit.cacheTtlMs)
        return okCached(c, data)
      } catch (error) {
        return upstreamError(c, error, { ...kit, operation: read.name })
      }
    },
  })
}

// The catalog-like reads as routes, one binding each for the route table.
export const catalog = catalogRoute('catalog')
export const corridors = catalogRoute('corridors')
export const banks = catalogRoute('banks')
export const paymentMethods = catalogRoute('paymentMethods')
export const orderRequirements = catalogRoute('orderRequirements')
export const rates = catalogRoute('rates')
export const tokens = catalogRoute('tokens')
