import {
  banksQuery,
  corridorQuery,
  type MetaTokens,
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
  type RampResponse,
} from '@rampkit/core/client'
import type { KIT_API, KitApiRoute } from '@rampkit/core/kit'
import type { Context } from 'hono'
import { type Parser, parseQuery } from '../../http/body.js'
import { cacheKey, type ReadCache } from '../../http/cache.js'
import { ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { defineRoute, type RouteDefinition, type RouteDeps } from '../define.js'

// The bytes a catalog-like read answers, per parsed value: the service's own body when the
// kit's parse changed nothing in it (passed through, never re-encoded), else the envelope of
// the parsed value, encoded once. Keyed weakly: it goes when the cache drops the value. A cache
// hit, and an upstream answer byte for byte the last one, hand back the same value, so either
// costs no encoding at all.
const envelopes = new WeakMap<object, string>()

/** The body a cached read's value is answered with, once it has one. */
export function cachedBody(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null ? envelopes.get(data) : undefined
}

/** Whether two JSON values are equal, key order aside. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (const key of keysA) {
    if (!Object.hasOwn(b, key)) return false
    if (!sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) {
      return false
    }
  }
  return true
}

/**
 * Sets the body of a freshly parsed answer: its own text when the envelope parsed back to the
 * same JSON (no field removed, renamed or normalised), else the kit's envelope of the value.
 */
function encodeOnce(answer: RampResponse<unknown>) {
  const { data } = answer
  if (typeof data !== 'object' || data === null || envelopes.has(data)) return
  const envelope = { status: 'success', message: answer.message, data }
  let raw: unknown
  try {
    raw = JSON.parse(answer.text)
  } catch {
    raw = undefined
  }
  envelopes.set(data, sameJson(raw, envelope) ? answer.text : JSON.stringify(envelope))
}

/** Largest number of upstream answers remembered for `known` (one per distinct query). */
const MAX_KNOWN = 1000

/** Sets `key` in a map bounded to `max` entries, the oldest going first. */
function setBounded<V>(map: Map<string, V>, key: string, value: V, max: number) {
  if (!map.has(key) && map.size >= max) {
    const oldest = map.keys().next()
    if (!oldest.done) map.delete(oldest.value)
  }
  map.set(key, value)
}

// Per kit (by its read cache, which every route of one kit shares): the last answer of each
// read key, handed to the transport as `known`.
const lastAnswers = new WeakMap<ReadCache, Map<string, RampResponse<unknown>>>()

/** What a cached read of the service needs. */
type ReadDeps = RouteDeps<'client' | 'cache'>

/**
 * Runs a core action through a view of the kit's client that hands the transport the last
 * answer of this key as `known`: an answer byte for byte the same is not parsed again, and its
 * value (with its encoded body) is the one already held.
 */
async function readKnown<T>(
  kit: ReadDeps,
  key: string,
  call: (client: Client) => Promise<T>,
): Promise<T> {
  let last = lastAnswers.get(kit.cache)
  if (last === undefined) {
    last = new Map()
    lastAnswers.set(kit.cache, last)
  }
  const { client } = kit
  const known = last.get(key)
  let answer: RampResponse<unknown> | undefined
  const view: Client = {
    environment: client.environment,
    baseUrl: client.baseUrl,
    hasApiKey: client.hasApiKey,
    request: async (request) => {
      const response = await client.request({ ...request, known: known as never })
      answer = response
      return response
    },
  }
  const data = await call(view)
  if (answer !== undefined && answer !== known) {
    encodeOnce(answer)
    setBounded(last, key, answer, MAX_KNOWN)
  }
  return data
}

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

/** GET /meta/tokens upstream, cached like the catalog. */
export function loadTokens(kit: ReadDeps): Promise<MetaTokens> {
  const key = cacheKey('tokens')
  return kit.cache.get(key, () => readKnown(kit, key, (client) => getTokens(client)))
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
