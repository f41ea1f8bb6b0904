import type { MetaTokens } from '@rampkit/core'
import { type Client, getTokens, type RampClient, type RampResponse } from '@rampkit/core/client'
import { cacheKey, type ReadCache } from '../http/cache.js'

/**
 * The service's catalog-like reads as the kit keeps them: each through the read cache, handed
 * the last answer of its key (`known`) so a byte-for-byte repeat is not parsed again, and each
 * parsed value beside the bytes to answer it with. Below the routes: the catalog routes, the
 * config route and the wallet proof's sale chain (`routes/sale-chain.ts`) all read from here.
 */

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
export const MAX_KNOWN = 1000

/** Sets `key` in a map bounded to `max` entries, the oldest going first. */
export function setBounded<V>(map: Map<string, V>, key: string, value: V, max: number) {
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
export type ReadDeps = { client: RampClient; cache: ReadCache }

/**
 * Runs a core action through a view of the kit's client that hands the transport the last
 * answer of this key as `known`: an answer byte for byte the same is not parsed again, and its
 * value (with its encoded body) is the one already held.
 */
export async function readKnown<T>(
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

/** GET /meta/tokens upstream, cached like the catalog. */
export function loadTokens(kit: ReadDeps): Promise<MetaTokens> {
  const key = cacheKey('tokens')
  return kit.cache.get(key, () => readKnown(kit, key, (client) => getTokens(client)))
}
