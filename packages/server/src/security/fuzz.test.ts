/**
 * Hostile input against every browser-facing route of the kit, in front of the real sandbox.
 * The routes come from the kit's own route table (`KIT_ROUTES`, as registered by
 * `createRampHandler`), so a new route is fuzzed without touching this file; routes with a
 * known schema also get mutations of a valid input. Classes: random JSON (fast-check), one-field
 * mutations of valid bodies and queries, oversized bodies (declared, undeclared, chunked and
 * lying `Content-Length`), 10k-level nesting, `__proto__`/`constructor`/`prototype` keys,
 * unicode (RTL, zero-width, lone surrogates, NUL, invalid UTF-8), hostile headers (CR/LF/NUL
 * where fetch lets them through, odd and missing content types, Origin and cookie garbage),
 * odd ids in path parameters, wrong methods and bad query strings.
 *
 * Every answer: status < 500; the envelope (`status`, `message`, `data`; flat error hints,
 * `data.field` on a 422); no API key, webhook secret or session secret in its body or headers;
 * no reflected header. The test's own verdict, from core's schemas and the route table (never
 * from the answer), marks inputs the kit must refuse: those get a 4xx with zero upstream calls
 * (the harness counts them). Object.prototype is unchanged afterwards.
 *
 * Counts: CI runs RANDOM = 40 random inputs and MUTATIONS = 30 mutations per route (about
 * 2 700 inputs in all, every 7th also over real HTTP); the soak (RAMPKIT_SOAK=1) runs 400 and
 * 300 (about 12 000).
 */
import {
  acceptQuoteRequest,
  banksQuery,
  corridorQuery,
  createOrderRequest,
  type MetaTokens,
  openAccountRequest,
  orderRequirementsQuery,
  ordersMeQuery,
  paymentMethodsQuery,
  quoteRequest,
  ratesQuery,
  tokenPreviewQuery,
} from '@rampkit/core'
import { REQUEST_OPTION_NAMES } from '@rampkit/core/client'
import {
  kitCustomerQuery,
  saveCustomerRequest,
  submitCustomerRequest,
  txHash,
} from '@rampkit/core/internal'
import { KIT_ROUTES, type KitRoute } from '@rampkit/core/kit'
import { validateEvmAddress } from '@rampkit/core/validation'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALLOWED_ORIGIN,
  type Browser,
  browser,
  type KitHarness,
  OPTION_VALUES,
  SESSION_SECRET,
  sandboxForFile,
  seen,
  startKit,
  validQuote,
  WALLET,
} from '../../test/kit.js'
import { MAX_JSON_DEPTH } from '../http/body.js'

const SOAK = process.env.RAMPKIT_SOAK === '1'
const RANDOM = SOAK ? 400 : 40
const MUTATIONS = SOAK ? 300 : 30
const SEED = 20_250_817
/** Every HTTP_EVERY-th input also goes over real HTTP (streamed bodies always do). */
const HTTP_EVERY = 7
const BODY_LIMIT = 16 * 1024
/** The second kit's limit, so 10k-level documents get past the size check into the parsers. */
const ROOMY_LIMIT = 1024 * 1024

const sandbox = sandboxForFile('fuzz')

/** Mulberry32: small and seeded, as in the sandbox's fuzz. */
function rng(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let x = Math.imul(state ^ (state >>> 15), 1 | state)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}
const random = rng(SEED)
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!

// ---------------------------------------------------------------------------------------------
// Hostile values

const MARK = 'INJECTED'
const UNICODE = [
  '\u202Eevil\u202C', // right-to-left override
  'K\u200BE\u200D', // zero-width space and joiner
  '\uD800', // lone high surrogate
  '\uDC00x', // lone low surrogate
  'nul\u0000byte',
  '\uFEFFbom',
  '\uFFFF\uFFFE',
  'e\u0301\u0301\u0301\u0301',
  '𝕏💩👨‍👩‍👧',
  '\u0085\u2028\u2029',
  'ＫＥ', // full-width
  'КЕ', // Cyrillic look-alikes of KE
  'İß',
  '\u0000',
]
const PROTO_JSON = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":null}',
  '{"__proto__":[]}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":"y"}',
  '{"a":{"__proto__":{"polluted":"yes"}},"b":[{"constructor":{"prototype":{"polluted":"yes"}}}]}',
]
const SCALARS: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  1e-300,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  '0',
  'NaN',
  '1e999',
  '0x',
  `0x${'f'.repeat(40)}`,
  `0x${'0'.repeat(64)}`,
  'is_live_x',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  `${MARK}\r\nSet-Cookie: x=${MARK}`,
  'a'.repeat(5000),
  [],
  {},
  ...UNICODE,
]

function hostileValue(): unknown {
  const roll = random()
  if (roll < 0.15) return JSON.parse(pick(PROTO_JSON))
  if (roll < 0.2) return JSON.parse(`${'['.repeat(300)}${']'.repeat(300)}`)
  if (roll < 0.35)
    return fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: nextSeed(), numRuns: 1 })[0]
  return pick(SCALARS)
}
let seedCounter = SEED
const nextSeed = () => ++seedCounter

/** A copy of `value` with `key` set as an own property (`__proto__` included), or removed. */
function withKey(value: unknown, path: readonly string[], next: unknown, remove = false): unknown {
  const [key, ...rest] = path
  if (key === undefined) return next
  const base =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  const entries = Object.entries(base).filter(([k]) => k !== key)
  if (remove && rest.length === 0) return Object.fromEntries(entries)
  return Object.fromEntries([...entries, [key, withKey(base[key], rest, next, remove)]])
}

/** Every key path of a JSON object (nested objects included). */
function keyPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return []
  return Object.entries(value).flatMap(([key, inner]) => [
    [...prefix, key],
    ...keyPaths(inner, [...prefix, key]),
  ])
}

/** Percent-encodes like a browser would: lone surrogates become U+FFFD, never a throw. */
function encodeParam(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDFFF]/g, (ch, i: number, s: string) => {
      const code = ch.charCodeAt(0)
      const next = s.charCodeAt(i + 1)
      const prev = s.charCodeAt(i - 1)
      if (code < 0xdc00 && next >= 0xdc00 && next <= 0xdfff) return ch
      if (code >= 0xdc00 && prev >= 0xd800 && prev < 0xdc00) return ch
      return '\uFFFD'
    }),
  )
}

const utf8 = new TextEncoder()
const utf16le = (text: string) => {
  const bytes = new Uint8Array(text.length * 2)
  for (let i = 0; i < text.length; i++) {
    bytes[i * 2] = text.charCodeAt(i) & 0xff
    bytes[i * 2 + 1] = text.charCodeAt(i) >> 8
  }
  return bytes
}

// ---------------------------------------------------------------------------------------------
// Routes: the table, and what the test knows of each

type Route = {
  name: KitRoute
  method: string
  template: string
  pattern: RegExp
  params: string[]
}

type Input = { params: Record<string, string>; query: Record<string, string>; body: unknown }
/** What the kit must do with an input, in the test's own judgement. */
type Verdict = 'refuse' | 'noUpstream' | 'open'

type KitState = {
  harness: KitHarness
  fuzzer: Browser
  bodyLimit: number
  quotes: Set<string>
  orders: Set<string>
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

let usdc = ''
const directOrder = (): Record<string, unknown> => ({
  user_address: WALLET,
  token: usdc,
  order_type: 0,
  fiat_payload: {
    amount_fiat: 1200,
    currency: 'KES',
    cashout_type: 'PHONE',
    phone_number: '+254712345678',
  },
})

/**
 * Schema-level knowledge of the routes: a valid input (to mutate) and the verdict from core's
 * schemas. A route missing here is still fuzzed with every generic class.
 */
type RouteSpec = {
  valid(state: KitState): Input
  verdict(input: Input, state: KitState, owned: boolean): Verdict
}
const query = (q: Record<string, string>): Input => ({ params: {}, query: q, body: undefined })
const bySchema =
  (schema: { safeParse(input: unknown): { success: boolean } }) =>
  (input: Input): Verdict =>
    schema.safeParse(input.query).success ? 'open' : 'refuse'
const bodyVerdict =
  (schema: { safeParse(input: unknown): { success: boolean } }) =>
  (input: Input): Verdict =>
    isObject(input.body) && schema.safeParse(input.body).success ? 'open' : 'refuse'
const ownedOrder = (id: string | undefined, state: KitState, owned: boolean): Verdict =>
  owned && id !== undefined && state.orders.has(id) ? 'noUpstream' : 'refuse'

const SPECS: Partial<Record<KitRoute, RouteSpec>> = {
  config: { valid: () => query({}), verdict: () => 'open' },
  tokens: { valid: () => query({}), verdict: () => 'open' },
  catalog: { valid: () => query({ country: 'KE' }), verdict: bySchema(corridorQuery) },
  corridors: { valid: () => query({ country: 'KE' }), verdict: bySchema(corridorQuery) },
  banks: {
    valid: () =>
      query({ country: 'KE', currency: 'KES', order_type: 'OnRamp', payment_method_type: 'bank' }),
    verdict: bySchema(banksQuery),
  },
  paymentMethods: { valid: () => query({ country: 'KE' }), verdict: bySchema(paymentMethodsQuery) },
  orderRequirements: {
    valid: () => query({ country: 'KE', currency: 'KES', order_type: 'OnRamp' }),
    verdict: bySchema(orderRequirementsQuery),
  },
  rates: { valid: () => query({ fiat: 'KES,NGN' }), verdict: bySchema(ratesQuery) },
  preview: {
    valid: () => query({ amount_fiat: '1000', token: 'USDC' }),
    verdict: bySchema(tokenPreviewQuery),
  },
  quotes: {
    valid: () => ({ params: {}, query: {}, body: validQuote() }),
    verdict: bodyVerdict(quoteRequest),
  },
  acceptQuote: {
    valid: (state) => ({ params: { quoteId: [...state.quotes][0] ?? 'q' }, query: {}, body: {} }),
    verdict: (input, state, owned) =>
      owned && state.quotes.has(input.params.quoteId ?? '') && isObject(input.body)
        ? acceptQuoteRequest.safeParse(input.body).success
          ? 'open'
          : 'refuse'
        : 'refuse',
  },
  orders: {
    // Registered twice (GET list, POST create): `verdict` gets the method through `input`.
    valid: () => ({ params: {}, query: { limit: '10' }, body: directOrder() }),
    verdict: (input) =>
      input.body === undefined
        ? ordersMeQuery.safeParse(input.query).success
          ? 'noUpstream'
          : 'refuse'
        : bodyVerdict(createOrderRequest)(input),
  },
  order: {
    valid: (state) => ({
      params: { orderId: [...state.orders][0] ?? 'o' },
      query: {},
      body: undefined,
    }),
    verdict: (input, state, owned) => ownedOrder(input.params.orderId, state, owned),
  },
  orderByTx: {
    valid: (state) => ({
      params: { txHash: [...state.orders].find((id) => id.startsWith('0x')) ?? '0x' },
      query: {},
      body: undefined,
    }),
    verdict: (input, state, owned) =>
      txHash.safeParse(input.params.txHash).success
        ? ownedOrder(input.params.txHash, state, owned)
        : 'refuse',
  },
  walletChallenge: {
    valid: () => ({ params: {}, query: {}, body: { address: WALLET, chain_id: 31337 } }),
    // Answered by the kit alone: a well-formed request gets a challenge, never an upstream call.
    verdict: (input) => {
      const body = input.body
      const fine =
        isObject(body) &&
        Object.keys(body).every((key) => key === 'address' || key === 'chain_id') &&
        validateEvmAddress(body.address).ok &&
        typeof body.chain_id === 'number' &&
        Number.isSafeInteger(body.chain_id) &&
        body.chain_id > 0
      return fine ? 'noUpstream' : 'refuse'
    },
  },
  walletProofs: {
    // No fuzzed body carries a signature of a challenge this session was issued.
    valid: () => ({
      params: {},
      query: {},
      body: { message: 'not a challenge', signature: `0x${'ab'.repeat(65)}` },
    }),
    verdict: () => 'refuse',
  },
  walletProof: {
    valid: () => ({ params: { address: WALLET }, query: {}, body: undefined }),
    verdict: (input) => (validateEvmAddress(input.params.address).ok ? 'noUpstream' : 'refuse'),
  },
  // The default kit runs without signed accepts: a well-formed request is a 404, never upstream.
  signingKeyChallenge: {
    valid: () => ({ params: {}, query: {}, body: { address: WALLET } }),
    verdict: () => 'refuse',
  },
  completeSigningKey: {
    valid: () => ({
      params: {},
      query: {},
      body: { key_id: 'skey_not_mine', signature: `0x${'ab'.repeat(65)}` },
    }),
    verdict: () => 'refuse',
  },
  signingKeys: { valid: () => query({}), verdict: () => 'refuse' },
  revokeSigningKey: {
    valid: () => ({ params: { keyId: 'skey_not_mine' }, query: {}, body: {} }),
    verdict: () => 'refuse',
  },
  orderEvents: {
    // Never an owned id: a live stream would stay open.
    valid: () => ({ params: { orderId: 'ord_not_mine' }, query: {}, body: undefined }),
    verdict: (input, state, owned) => ownedOrder(input.params.orderId, state, owned),
  },
  customer: {
    // GET /customer (the query) and POST /customer (saveCustomer, the body).
    valid: () => ({
      params: {},
      query: { customer_type: 'individual' },
      body: { customer_type: 'individual', profile: { first_name: 'Amina' } },
    }),
    verdict: (input) =>
      input.body === undefined
        ? bySchema(kitCustomerQuery)(input)
        : bodyVerdict(saveCustomerRequest)(input),
  },
  // Its body is a file's raw bytes with their type: no fuzzed JSON body is a document.
  customerDocuments: {
    valid: () => ({ params: {}, query: { category: 'identity' }, body: {} }),
    verdict: () => 'refuse',
  },
  submitCustomer: {
    valid: () => ({ params: {}, query: {}, body: {} }),
    verdict: bodyVerdict(submitCustomerRequest),
  },
  accounts: {
    // GET /accounts and POST /accounts (openAccount, the body).
    valid: () => ({ params: {}, query: {}, body: { asset_type: 'fiat', currency: 'EUR' } }),
    verdict: (input) =>
      input.body === undefined ? 'open' : bodyVerdict(openAccountRequest)(input),
  },
}

function patternOf(template: string) {
  const params: string[] = []
  const source = template
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      params.push(part.slice(1))
      return '([^/]+)'
    })
    .join('/')
  return { pattern: new RegExp(`^${source}$`), params }
}

/** The browser routes as the kit registered them: KIT_ROUTES minus the service's webhook. */
function browserRoutes(harness: KitHarness): Route[] {
  const names = new Map(
    (Object.entries(KIT_ROUTES) as [KitRoute, string][])
      .filter(([name]) => name !== 'webhooks')
      .map(([name, path]) => [path, name]),
  )
  const seen = new Set<string>()
  const routes: Route[] = []
  for (const { method, path } of harness.kit.routes) {
    const name = names.get(path)
    if (method === 'ALL' || name === undefined || seen.has(`${method} ${path}`)) continue
    seen.add(`${method} ${path}`)
    routes.push({ name, method, template: path, ...patternOf(path) })
  }
  return routes
}

function fill(template: string, params: Record<string, string>, raw = false) {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name] ?? 'x'
    return raw ? value : encodeParam(value)
  })
}

// ---------------------------------------------------------------------------------------------
// Cases

type Body = string | Uint8Array
type Case = {
  kind: string
  route: string
  method: string
  /** Path and query, relative to the kit. */
  url: string
  headers: [string, string][]
  body?: Body
  /** Sent as a chunked stream with no Content-Length (HTTP only). */
  stream?: boolean
  /** The cookie header: undefined = the fuzzing browser's session, null = none. */
  cookie?: string | null
  /** Origin header for writes: undefined = the allowed shop page, null = none. */
  origin?: string | null
  /** Content-Type for a body: undefined = JSON, null = none. */
  contentType?: string | null
  kit: 'default' | 'roomy'
  http?: boolean
}

function queryString(q: Record<string, string>) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(q)) search.append(key, value)
  const text = search.toString()
  return text ? `?${text}` : ''
}

function caseFor(
  route: Route,
  kind: string,
  input: Input,
  extra: Partial<Case> & { rawBody?: Body } = {},
): Case {
  const { rawBody, ...rest } = extra
  const body =
    rawBody ??
    (route.method === 'GET' || input.body === undefined ? undefined : JSON.stringify(input.body))
  return {
    kind,
    route: `${route.method} ${route.template}`,
    method: route.method,
    url: `${fill(route.template, input.params)}${queryString(input.query)}`,
    headers: [],
    body,
    kit: 'default',
    ...rest,
  }
}

function randomQuery(): Record<string, string> {
  const keys = [
    'country',
    'currency',
    'order_type',
    'payment_method_type',
    'fiat',
    'amount_fiat',
    'token',
    'status',
    'status_filter',
    'limit',
    'offset',
  ]
  const [dict] = fc.sample(
    fc.dictionary(
      fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })),
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.constantFrom('KE', 'KES', 'OnRamp', 'OffRamp', '1', '-1', '1e3', 'pending', 'USDC'),
      ),
      { maxKeys: 5 },
    ),
    { seed: nextSeed(), numRuns: 1 },
  )
  return Object.fromEntries(Object.entries(dict ?? {}))
}

function mutate(route: Route, valid: Input): Input {
  const roll = random()
  const usesBody = route.method !== 'GET'
  if (usesBody && roll < 0.7) {
    const paths = keyPaths(valid.body)
    const path = pick(paths.length > 0 ? paths : [['x']])
    const sub = random()
    if (sub < 0.15) return { ...valid, body: withKey(valid.body, path, undefined, true) }
    if (sub < 0.3) {
      const extra = [
        ...path.slice(0, -1),
        pick(['__proto__', 'constructor', 'prototype', 'x', ...REQUEST_OPTION_NAMES]),
      ]
      return { ...valid, body: withKey(valid.body, extra, hostileValue()) }
    }
    return { ...valid, body: withKey(valid.body, path, hostileValue()) }
  }
  if (route.params.length > 0 && roll < 0.85) {
    const name = pick(route.params)
    const value = hostileValue()
    return {
      ...valid,
      params: {
        ...valid.params,
        [name]: typeof value === 'string' ? value : JSON.stringify(value),
      },
    }
  }
  const keys = Object.keys(valid.query)
  const key = keys.length > 0 && random() < 0.7 ? pick(keys) : pick(['__proto__', 'x', 'limit'])
  const value = hostileValue()
  if (random() < 0.15) {
    const { [key]: _, ...rest } = valid.query
    return { ...valid, query: rest }
  }
  return {
    ...valid,
    query: {
      ...valid.query,
      [key]: typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
    },
  }
}

const PATH_VALUES = [
  '../',
  '../../config',
  '..%2f..%2fconfig',
  '%2e%2e%2f',
  '%2e%2e',
  '..',
  '.',
  '%00',
  'ord%00x',
  '%ZZ',
  '%',
  'a'.repeat(10_000),
  encodeURIComponent('ünïcødé'),
  '%ED%A0%80',
  '%F0%9F%92%A9',
  '%E2%80%AEevil',
  'ord%E2%80%8B',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  `0x${'f'.repeat(64)}`,
  `0x${'F'.repeat(63)}`,
  'ord_missing',
  '%20',
  `%0d%0aSet-Cookie:%20x=${MARK}`,
  '*',
  '%23',
  ';jsessionid=1',
  'a/b',
  '%2F',
  '%5c..%5c',
  '\\..\\config',
  'a?b=c',
  '#frag',
]

const BAD_QUERIES = [
  '?%ZZ',
  '?country=%ZZ',
  '?country=%E0%A4%A',
  '?country=%ED%A0%80',
  '?=',
  '?&&&',
  '?country',
  '?country=KE&country=N%00',
  '?country[]=KE',
  '?country[0]=KE',
  '?__proto__[polluted]=yes',
  '?constructor[prototype][polluted]=yes',
  '?__proto__=x&constructor=y&prototype=z',
  '?hasOwnProperty=1&toString=2',
  `?${'a=1&'.repeat(2000)}`,
  `?country=${'K'.repeat(10_000)}`,
  '?country=K%00',
  `?country=KE%0d%0aSet-Cookie:x=${MARK}`,
  '?limit=1e3',
  '?limit=-0',
  '?limit=0x10',
  '?limit=%2B5',
  '?offset=99999999999999999999999',
  '?limit=Infinity',
  '?limit=NaN',
  `?fiat=${','.repeat(1000)}`,
  '?fiat=KES,,,',
  '?amount_fiat=1e-400&token=USDC',
  '?amount_fiat=%20%205%20&token=USDC',
  '?token=%E2%80%AEUSDC&amount_fiat=1',
  '?status=PENDING',
  '?order_type=onramp&order_type=offramp',
  '?+=+&%2B=%2B',
]

const CONTENT_TYPES: (string | null)[] = [
  null,
  '',
  'text/plain',
  'text/plain;charset=UTF-8',
  'multipart/form-data; boundary=----fuzz',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'application/json, text/html',
  'application/json;;;charset=',
  'application/xml',
  `application/json; x=${'y'.repeat(8000)}`,
  'application/json; charset=\u00ff',
]

const ORIGINS: (string | null)[] = [
  null,
  'null',
  'https://evil.example',
  'https://shop.example.evil.example',
  'https://shop.example:443',
  'HTTPS://SHOP.EXAMPLE',
  'https://shop.example/path?x',
  'file://',
  'javascript:alert(1)',
  'http://shop.example',
  `https://${MARK}.example`,
]

const COOKIES: (string | null)[] = [
  null,
  'rampkit_session=',
  'rampkit_session=anon_00000000-0000-0000-0000-000000000000',
  'rampkit_session=%',
  'rampkit_session="',
  'rampkit_session=a.b.c',
  `rampkit_session=${MARK}`,
  Array.from({ length: 200 }, (_, i) => `c${i}=${i}`).join('; '),
  `x=${'a'.repeat(8000)}`,
  '=;=;;',
  'rampkit_session=\u00ff\u00fe',
  '__proto__=x; constructor=y',
]

const IDEMPOTENCY_KEYS = ['short', 'a'.repeat(129), 'bad key!', '../../x', '\u00e9'.repeat(10), '']

/** Header values fetch must refuse (CR, LF, NUL): each is tried, and counted if refused. */
const INJECTED_HEADERS: [string, string][] = [
  ['x-fuzz', `a\r\nSet-Cookie: x=${MARK}`],
  ['x-fuzz', `a\nLocation: https://${MARK}.example`],
  ['x-fuzz', `a\rb${MARK}`],
  ['x-fuzz', `nul\u0000${MARK}`],
  ['content-type', `application/json\r\nX-${MARK}: 1`],
  ['idempotency-key', `key-12345678\r\n${MARK}`],
]

const OTHER_HEADERS: [string, string][] = [
  ['x-forwarded-for', `1.2.3.4, ${MARK}, ::1, %00`],
  ['x-forwarded-proto', 'javascript'],
  ['x-forwarded-host', `${MARK}.example`],
  ['accept', 'text/event-stream'],
  ['accept-encoding', 'gzip, br, x-unknown;q=2'],
  ['x-fuzz', `\t${'\u00ff'.repeat(100)}\t`],
  ['x-fuzz', 'a'.repeat(16_000)],
  ['x-api-key', 'is_test_someone_else'],
  ['authorization', `Bearer ${MARK}`],
]

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'PROPFIND', 'FOO']
/** Methods fetch itself refuses to send. */
const FORBIDDEN_METHODS = ['TRACE', 'CONNECT', 'TRACK']

function deepObject(levels: number, inner = '1') {
  return `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`
}
function deepArray(levels: number) {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`
}

/** Every case, built from the default kit's fuzzing browser (its quote and order ids). */
function buildCases(routes: Route[], state: KitState): Case[] {
  const cases: Case[] = []
  const writes = routes.filter((r) => r.method === 'POST')
  for (const route of routes) {
    const spec = SPECS[route.name]
    const valid = spec?.valid(state) ?? {
      params: Object.fromEntries(route.params.map((p) => [p, 'x'])),
      query: {},
      body: route.method === 'POST' ? {} : undefined,
    }
    const isWrite = route.method === 'POST'
    cases.push(caseFor(route, 'valid', valid))

    // Random JSON bodies and random query strings.
    const values = fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed: nextSeed(), numRuns: RANDOM })
    for (const value of values) {
      if (isWrite) cases.push(caseFor(route, 'random-json', { ...valid, body: value }))
      else cases.push(caseFor(route, 'random-query', { ...valid, query: randomQuery() }))
    }
    // One hostile change to a valid input.
    for (let i = 0; i < MUTATIONS; i++) {
      cases.push(caseFor(route, 'mutation', mutate(route, valid)))
    }
    // Prototype keys, in the body and the query.
    for (const text of PROTO_JSON) {
      if (isWrite) {
        cases.push(caseFor(route, 'prototype', valid, { rawBody: text }))
        const merged = `${JSON.stringify(valid.body ?? {}).slice(0, -1)},${text.slice(1)}`
        cases.push(caseFor(route, 'prototype', valid, { rawBody: merged.replace('{,', '{') }))
      }
    }
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      cases.push(caseFor(route, 'prototype', { ...valid, query: { ...valid.query, [key]: 'x' } }))
    }
    // Unicode in every field of a valid input.
    for (const text of UNICODE) {
      const paths = keyPaths(valid.body)
      if (isWrite && paths.length > 0) {
        cases.push(
          caseFor(route, 'unicode', { ...valid, body: withKey(valid.body, pick(paths), text) }),
        )
        cases.push(caseFor(route, 'unicode', { ...valid, body: withKey(valid.body, [text], 1) }))
      }
      for (const key of Object.keys(valid.query)) {
        cases.push(caseFor(route, 'unicode', { ...valid, query: { ...valid.query, [key]: text } }))
      }
      for (const name of route.params) {
        cases.push(
          caseFor(route, 'unicode', { ...valid, params: { ...valid.params, [name]: text } }),
        )
      }
    }
    // Odd ids in path parameters, sent as they are (not re-encoded).
    for (const name of route.params) {
      for (const value of PATH_VALUES) {
        const raw = Object.fromEntries(
          route.params.map((p) => [p, p === name ? value : encodeParam(valid.params[p] ?? 'x')]),
        )
        const body = isWrite ? JSON.stringify(valid.body ?? {}) : undefined
        cases.push({
          ...caseFor(route, 'path', valid, { rawBody: body }),
          url: fill(route.template, raw, true),
        })
      }
    }
    // Wrong methods, and methods fetch refuses to send.
    const path = fill(route.template, valid.params)
    const allowed = new Set(
      routes.filter((r) => r.template === route.template).map((r) => r.method),
    )
    if (routes.find((r) => r.template === route.template) === route) {
      for (const method of [...METHODS, ...FORBIDDEN_METHODS]) {
        if (allowed.has(method)) continue
        cases.push({
          ...caseFor(route, 'method', valid, {
            rawBody: ['GET', 'HEAD'].includes(method) ? undefined : '{}',
          }),
          method,
          url: path,
        })
      }
    }
    // Bad query strings.
    for (const search of BAD_QUERIES) {
      cases.push({ ...caseFor(route, 'query', valid), url: `${path}${search}` })
    }
    // Headers: injection attempts, and odd values of the headers the kit reads.
    for (const header of [...INJECTED_HEADERS, ...OTHER_HEADERS]) {
      cases.push(caseFor(route, 'headers', valid, { headers: [header] }))
    }
    for (const cookie of COOKIES) {
      cases.push(caseFor(route, 'headers', valid, { cookie }))
    }
    if (isWrite) {
      for (const origin of ORIGINS) cases.push(caseFor(route, 'headers', valid, { origin }))
      for (const contentType of CONTENT_TYPES) {
        cases.push(caseFor(route, 'content-type', valid, { contentType }))
      }
      const text = JSON.stringify(valid.body ?? {})
      cases.push(
        caseFor(route, 'content-type', valid, {
          contentType: 'application/json; charset=utf-16',
          rawBody: utf16le(text),
        }),
        caseFor(route, 'content-type', valid, {
          contentType: 'multipart/form-data; boundary=----fuzz',
          rawBody: `------fuzz\r\nContent-Disposition: form-data; name="body"\r\n\r\n${text}\r\n------fuzz--\r\n`,
        }),
        caseFor(route, 'content-type', valid, {
          contentType: 'application/x-www-form-urlencoded',
          rawBody: 'order_type=OnRamp&country=KE',
        }),
        caseFor(route, 'unicode', valid, {
          rawBody: Uint8Array.from([0x7b, 0xff, 0xfe, 0x22, 0x7d]),
        }),
        caseFor(route, 'unicode', valid, {
          rawBody: Uint8Array.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
        }),
        caseFor(route, 'unicode', valid, { rawBody: `\uFEFF${text}` }),
      )
      for (const key of IDEMPOTENCY_KEYS) {
        cases.push(caseFor(route, 'headers', valid, { headers: [['idempotency-key', key]] }))
      }
    }
  }

  // Sizes and depth, on every write route.
  for (const route of writes) {
    const spec = SPECS[route.name]
    const valid = spec?.valid(state) ?? { params: {}, query: {}, body: {} }
    const padded = (bytes: number) =>
      JSON.stringify({ ...(isObject(valid.body) ? valid.body : {}), pad: 'x'.repeat(bytes) })
    for (const size of [BODY_LIMIT - 200, BODY_LIMIT + 1, 2 * BODY_LIMIT, 64 * 1024, 1024 * 1024]) {
      cases.push(caseFor(route, 'oversized', valid, { rawBody: padded(size) }))
    }
    cases.push(
      // Undeclared size, arriving in chunks.
      caseFor(route, 'oversized', valid, {
        rawBody: padded(4 * BODY_LIMIT),
        stream: true,
        http: true,
      }),
      caseFor(route, 'oversized', valid, {
        rawBody: padded(BODY_LIMIT / 2),
        stream: true,
        http: true,
      }),
      // A Content-Length that lies either way (app.request only: fetch sets its own).
      caseFor(route, 'oversized', valid, {
        rawBody: padded(2 * BODY_LIMIT),
        headers: [['content-length', '10']],
      }),
      caseFor(route, 'oversized', valid, {
        rawBody: '{}',
        headers: [['content-length', '999999999']],
      }),
      caseFor(route, 'oversized', valid, { rawBody: '{}', headers: [['content-length', '-1']] }),
      caseFor(route, 'oversized', valid, { rawBody: '{}', headers: [['content-length', 'abc']] }),
    )
    for (const kit of ['default', 'roomy'] as const) {
      const nested = (inner: string) =>
        `${JSON.stringify(isObject(valid.body) ? valid.body : {}).slice(0, -1)},"deep":${inner}}`.replace(
          '{,',
          '{',
        )
      const base = JSON.stringify(isObject(valid.body) ? valid.body : {}).length
      const fits = Math.floor((BODY_LIMIT - base - 20) / 2)
      for (const body of [
        nested(deepArray(fits)),
        nested(deepArray(MAX_JSON_DEPTH)),
        nested(deepArray(MAX_JSON_DEPTH - 2)),
        deepObject(10_000),
        deepArray(10_000),
        deepArray(8000),
        nested(deepObject(10_000)),
        nested(deepArray(10_000)),
        nested(deepObject(3000, PROTO_JSON[0]!)),
      ]) {
        cases.push(caseFor(route, 'deep', valid, { rawBody: body, kit }))
      }
      for (const path of keyPaths(valid.body).filter((p) => p.length === 1)) {
        const text = JSON.stringify(withKey(valid.body, path, '@@')).replace(
          '"@@"',
          deepArray(kit === 'roomy' ? 10_000 : 3000),
        )
        cases.push(caseFor(route, 'deep', valid, { rawBody: text, kit }))
      }
    }
  }
  for (const [i, c] of cases.entries()) if (i % HTTP_EVERY === 0) c.http = true
  return cases
}

// ---------------------------------------------------------------------------------------------
// The verdict of the test (from the case, never from the answer)

function originOf(value: string): string | null {
  if (value === 'null') return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/** How deep objects and arrays nest in `value` (the value itself is level 1). */
function depthOf(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, depth] = next
    if (current === null || typeof current !== 'object') continue
    deepest = Math.max(deepest, depth)
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return deepest
}

function wellFormedQuery(search: string): boolean {
  return search
    .replace(/^\?/, '')
    .split('&')
    .every((part) => {
      try {
        decodeURIComponent(part.replace(/\+/g, ' '))
        return true
      } catch {
        return false
      }
    })
}

function verdictOf(
  c: Case,
  routes: Route[],
  state: KitState,
  ownOrigin: string,
  body: string | undefined,
): Verdict {
  if (c.method === 'OPTIONS') return 'noUpstream' // CORS preflight, answered by the kit
  const url = new URL(c.url, 'http://127.0.0.1')
  const onPath = routes.filter((r) => r.pattern.test(url.pathname))
  if (onPath.length === 0) return 'refuse'
  const route = onPath.find(
    (r) => r.method === c.method || (c.method === 'HEAD' && r.method === 'GET'),
  )
  if (!route) return 'refuse'
  const match = route.pattern.exec(url.pathname)!
  const params = Object.fromEntries(
    route.params.map((name, i) => {
      const raw = match[i + 1] ?? ''
      try {
        return [name, decodeURIComponent(raw)]
      } catch {
        return [name, raw]
      }
    }),
  )
  if (route.method === 'POST') {
    const origin = c.origin === undefined ? ALLOWED_ORIGIN : c.origin
    const normal = origin === null ? null : originOf(origin)
    if (normal !== ALLOWED_ORIGIN && normal !== ownOrigin) return 'refuse'
    const declared = c.headers.find(([name]) => name === 'content-length')?.[1]
    if (declared !== undefined && Number(declared) > state.bodyLimit) return 'refuse'
    if (utf8.encode(body ?? '').byteLength > state.bodyLimit) return 'refuse'
    const key = c.headers.find(([name]) => name === 'idempotency-key')?.[1]
    if (
      key !== undefined &&
      (route.name === 'acceptQuote' || route.name === 'orders') &&
      !/^[A-Za-z0-9_.:-]{8,128}$/.test(key)
    ) {
      return 'refuse'
    }
  }
  const spec = SPECS[route.name]
  if (!spec) return 'open'
  const owned = c.cookie === undefined
  let parsedBody: unknown
  if (route.method === 'POST') {
    const text = body ?? ''
    if (text.trim() === '') {
      parsedBody = ['acceptQuote', 'submitCustomer', 'revokeSigningKey'].includes(route.name)
        ? {}
        : null
    } else {
      try {
        parsedBody = JSON.parse(text)
      } catch {
        parsedBody = null
      }
    }
    if (!isObject(parsedBody) || depthOf(parsedBody) > MAX_JSON_DEPTH) return 'refuse'
  }
  // The kit reads the first value of a repeated key; a malformed escape is not judged here.
  const query: Record<string, string> = {}
  if (route.method === 'GET') {
    if (!wellFormedQuery(url.search)) return 'open'
    for (const [key, value] of url.searchParams) {
      if (key !== '' && !Object.hasOwn(query, key)) {
        Object.defineProperty(query, key, { value, enumerable: true, writable: true })
      }
    }
  }
  return spec.verdict({ params, query, body: parsedBody }, state, owned)
}

// ---------------------------------------------------------------------------------------------
// Sending, and what every answer must be

const figures = {
  routes: 0,
  inputs: 0,
  status5xx: 0,
  upstreamCallsOnInvalid: 0,
  envelopeOk: 0,
  secretsFound: 0,
  invalid: 0,
  rejectedBeforeUpstream: 0,
  rejectedByService: 0,
  overHttp: 0,
  refusedByFetch: 0,
  closedOnOversize: 0,
  staleConnectionsRetried: 0,
  withoutBody: 0,
  streams: 0,
}
/** 4xx statuses the kit passes on from the service (upstream-error.ts). */
const PASSED_THROUGH = new Set([400, 404, 409, 410, 422, 429])
const failures: string[] = []
const byRoute = new Map<string, number>()

/** What the kit sees of a body: UTF-8, with invalid bytes and lone surrogates replaced. */
function asText(body: Body | undefined): string | undefined {
  if (body === undefined) return undefined
  return new TextDecoder().decode(typeof body === 'string' ? utf8.encode(body) : body)
}

function envelopeProblem(status: number, text: string): string | null {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return 'not JSON'
  }
  if (!isObject(body)) return 'not an object'
  const expected = status < 400 ? 'success' : 'error'
  if (body.status !== expected) return `status ${String(body.status)} on HTTP ${status}`
  if (typeof body.message !== 'string' || body.message === '') return 'no message'
  if (!Object.hasOwn(body, 'data')) return 'no data'
  if (expected === 'error') {
    const data = body.data
    if (data !== null && !isObject(data)) return 'error data is not an object or null'
    if (
      data &&
      Object.values(data).some((v) => !['string', 'number', 'boolean'].includes(typeof v))
    )
      return 'error data is not flat'
    if (data && Object.hasOwn(data, 'field') && typeof data.field !== 'string')
      return 'data.field is not a string'
    // Spec section 1: a 422 names what is at fault (`field`, or the corridor's country/currency).
    if (
      status === 422 &&
      !['field', 'country', 'currency'].some((k) => typeof data?.[k] === 'string')
    )
      return '422 without data.field (or country/currency)'
  }
  return null
}

function secretsIn(text: string): string[] {
  const secrets = [...sandbox.apiKeys, sandbox.webhookSecret, SESSION_SECRET]
  return secrets.filter((secret) => text.includes(secret))
}

/**
 * fetch over a real connection. After the kit refuses an oversized body, Node closes that
 * connection while the client's pool may already have handed it to the next request: that
 * request fails with "other side closed" before the kit saw it. Any HTTP client sends such a
 * request again on a fresh connection, and so does this (a streamed body cannot be re-sent).
 */
/**
 * Sends over HTTP, again (up to 3 times) when a kept-alive connection turns out closed (the
 * server closes a connection whose earlier request body it stopped reading). A streamed body
 * is sent again only when it fits the limit: an oversized one closing the connection is the
 * kit's refusal, counted by the caller.
 */
async function fetchOverHttp(url: string, init: () => RequestInit, retry: boolean) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init())
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause
      if (!retry || cause?.code !== 'UND_ERR_SOCKET' || attempt >= 3) throw error
      figures.staleConnectionsRetried++
    }
  }
}

async function send(c: Case, routes: Route[], kits: Record<'default' | 'roomy', KitState>) {
  const state = kits[c.kit]
  const { harness } = state
  // Node's HTTP parser answers unknown methods itself (a bare 400), before the kit runs.
  const viaHttp = (c.http === true || c.stream === true) && c.method !== 'FOO'
  const ownOrigin = viaHttp ? harness.url : 'http://127.0.0.1'
  const label = `[${c.kind}${c.kit === 'roomy' ? ', roomy kit' : ''}] ${c.method} ${c.url.slice(0, 160)}${viaHttp ? ' (http)' : ''}`
  let headers: Headers
  try {
    headers = new Headers(c.headers.filter(([name]) => !(viaHttp && name === 'content-length')))
  } catch {
    figures.refusedByFetch++
    return
  }
  const cookie = c.cookie === undefined ? state.fuzzer.cookie : c.cookie
  if (cookie) headers.set('cookie', cookie)
  if (c.method !== 'GET' && c.method !== 'HEAD') {
    const origin = c.origin === undefined ? ALLOWED_ORIGIN : c.origin
    if (origin !== null) headers.set('origin', origin)
    const type = c.contentType === undefined ? 'application/json' : c.contentType
    if (type !== null && !headers.has('content-type')) headers.set('content-type', type)
  }
  const bodyText = asText(c.body)
  // Over HTTP fetch sends its own Content-Length: a declared one is not what the kit sees.
  const sent = viaHttp
    ? { ...c, headers: c.headers.filter(([name]) => name !== 'content-length') }
    : c
  const verdict = verdictOf(sent, routes, state, ownOrigin, bodyText)
  const signal = AbortSignal.timeout(15_000)
  // A function: a streamed body is consumed by its first send.
  const makeInit = () => {
    const init: RequestInit & { duplex?: 'half' } = { method: c.method, headers, signal }
    if (c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD') {
      if (c.stream) {
        const bytes = typeof c.body === 'string' ? utf8.encode(c.body) : c.body
        init.body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < bytes.byteLength; at += 4096) {
              controller.enqueue(bytes.slice(at, at + 4096))
            }
            controller.close()
          },
        })
        init.duplex = 'half'
      } else init.body = c.body as BodyInit
    }
    return init
  }
  const before = harness.upstream.length
  let res: Response
  try {
    res = viaHttp
      ? await fetchOverHttp(
          `${harness.url}${c.url}`,
          makeInit,
          c.stream !== true || utf8.encode(bodyText ?? '').byteLength <= state.bodyLimit,
        )
      : await harness.kit.request(`http://127.0.0.1${c.url}`, makeInit())
  } catch (error) {
    if (error instanceof TypeError && /method|header|Request/i.test(String(error.message))) {
      figures.refusedByFetch++
      return
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    // Over HTTP the kit stops reading an oversized body and the connection may close before
    // the client has finished sending it: a refusal, as long as nothing went upstream.
    if (
      viaHttp &&
      cause?.code === 'UND_ERR_SOCKET' &&
      utf8.encode(bodyText ?? '').byteLength > state.bodyLimit
    ) {
      figures.closedOnOversize++
      const upstream = harness.upstream.length - before
      figures.upstreamCallsOnInvalid += upstream
      if (upstream > 0) failures.push(`${label}: ${upstream} upstream call(s) on an oversized body`)
      return
    }
    failures.push(
      `${label}: threw ${String(error)} ${cause?.code} ${cause?.message} size=${bodyText?.length}`,
    )
    return
  }
  figures.inputs++
  if (viaHttp) figures.overHttp++
  byRoute.set(c.route, (byRoute.get(c.route) ?? 0) + 1)
  const type = res.headers.get('content-type') ?? ''
  let text = ''
  if (type.includes('text/event-stream')) await res.body?.cancel()
  else text = await res.text()
  const upstream = harness.upstream.length - before
  const problems: string[] = []

  if (res.status >= 500) {
    figures.status5xx++
    problems.push(`status ${res.status} (${seen.logs.at(-1)?.slice(0, 300)})`)
  }
  if (c.method === 'HEAD' || (c.method === 'OPTIONS' && res.status === 204)) {
    figures.withoutBody++
  } else if (
    c.route === `GET ${KIT_ROUTES.customerEvents}` &&
    res.status === 200 &&
    type.includes('event-stream')
  ) {
    // The signed-in user's own customer stream: server-sent events, not the envelope.
    figures.streams++
  } else {
    const problem = envelopeProblem(res.status, text)
    if (problem) problems.push(`envelope: ${problem}`)
    else figures.envelopeOk++
  }
  const headerText = [...res.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
  const leaked = secretsIn(`${text}\n${headerText}`)
  if (leaked.length > 0) {
    figures.secretsFound += leaked.length
    problems.push('a secret in the answer')
  }
  if (headerText.includes(MARK)) problems.push('a request header value came back in a header')
  const allowOrigin = res.headers.get('access-control-allow-origin')
  if (allowOrigin !== null && allowOrigin !== ALLOWED_ORIGIN) {
    problems.push(`Access-Control-Allow-Origin ${allowOrigin}`)
  }
  if (verdict === 'refuse') {
    figures.invalid++
    figures.upstreamCallsOnInvalid += upstream
    if (res.status < 400 || res.status >= 500) problems.push('accepted an invalid input')
    if (upstream > 0) problems.push(`${upstream} upstream call(s) on an invalid input`)
  } else if (verdict === 'noUpstream' && upstream > 0) {
    problems.push(`${upstream} upstream call(s) on a route answered by the kit itself`)
  }
  if (res.status >= 400 && res.status < 500) {
    if (upstream === 0) figures.rejectedBeforeUpstream++
    else {
      figures.rejectedByService++
      // After an upstream call, only the service's own answers the browser can act on.
      if (!PASSED_THROUGH.has(res.status)) problems.push(`${res.status} after an upstream call`)
    }
  }

  // Remember what the fuzzing browser made, so the verdict knows its own ids.
  if (c.cookie === undefined && res.status < 300 && text && !problems.length) {
    const data = (JSON.parse(text) as { data?: Record<string, unknown> }).data
    if (isObject(data)) {
      if (
        typeof data.quote_id === 'string' &&
        c.url.startsWith(KIT_ROUTES.quotes) &&
        res.status === 201
      )
        state.quotes.add(data.quote_id)
      for (const key of ['id', 'order_id', 'tx_hash'] as const) {
        if (typeof data[key] === 'string' && data.flow !== undefined) state.orders.add(data[key])
      }
    }
  }
  if (problems.length > 0) {
    failures.push(
      `${label} body=${String(bodyText).slice(0, 120)} -> ${res.status} ${text.slice(0, 200)}: ${problems.join('; ')}`,
    )
  }
}

// ---------------------------------------------------------------------------------------------

const kits = {} as Record<'default' | 'roomy', KitState>
const prototypeBefore = {
  object: Reflect.ownKeys(Object.prototype),
  array: Reflect.ownKeys(Array.prototype),
}

beforeAll(async () => {
  const res = await fetch(`${sandbox.url}/meta/tokens`, {
    headers: { 'X-API-Key': sandbox.apiKeys[0]! },
  })
  usdc = ((await res.json()) as { data: MetaTokens }).data.tokens.find(
    (token) => token.symbol === 'USDC',
  )!.address
  for (const [name, keyIndex, bodyLimit] of [
    ['default', 0, BODY_LIMIT],
    ['roomy', 1, ROOMY_LIMIT],
  ] as const) {
    const harness = await startKit(sandbox, 'app.request', {
      keyIndex,
      rateLimit: false,
      bodyLimitBytes: bodyLimit,
    })
    const fuzzer = browser(harness)
    const state: KitState = { harness, fuzzer, bodyLimit, quotes: new Set(), orders: new Set() }
    // One quote and one order of the fuzzing browser, so owned ids reach past the 404.
    const quote = await fuzzer.post(KIT_ROUTES.quotes, validQuote())
    state.quotes.add((await fuzzer.json<{ data: { quote_id: string } }>(quote)).data.quote_id)
    const order = await fuzzer.post(KIT_ROUTES.orders, directOrder())
    const made = (await fuzzer.json<{ data: Record<string, string> }>(order)).data
    for (const key of ['id', 'order_id', 'tx_hash']) if (made[key]) state.orders.add(made[key])
    kits[name] = state
  }
})

afterAll(async () => {
  await kits.default?.harness.close()
  await kits.roomy?.harness.close()
  console.log(`[security] ${JSON.stringify({ area: 'fuzz.server', ...figures })}`)
})

describe('fuzz: hostile input on every browser route of the kit', () => {
  it('answers every input below 500, in the envelope, with no secret, and refuses invalid input before the service', async () => {
    const routes = browserRoutes(kits.default.harness)
    // The table and the handler agree: every browser route is served, nothing else is.
    const served = new Set(routes.map((r) => r.template))
    for (const [name, path] of Object.entries(KIT_ROUTES)) {
      if (name !== 'webhooks') expect(served, name).toContain(path)
    }
    const known = new Set<string>(Object.values(KIT_ROUTES))
    const outside = kits.default.harness.kit.routes.filter(
      (r) => r.method !== 'ALL' && !known.has(r.path),
    )
    expect(outside.map((r) => `${r.method} ${r.path}`)).toEqual([])
    figures.routes = routes.length

    const cases = buildCases(routes, kits.default)
    for (const c of cases) await send(c, routes, kits)

    for (const route of routes) {
      expect(byRoute.get(`${route.method} ${route.template}`) ?? 0, route.template).toBeGreaterThan(
        RANDOM + MUTATIONS,
      )
    }
    expect(failures.slice(0, 30)).toEqual([])
    expect(figures.status5xx).toBe(0)
    expect(figures.upstreamCallsOnInvalid).toBe(0)
    expect(figures.secretsFound).toBe(0)
    expect(figures.envelopeOk + figures.withoutBody + figures.streams).toBe(figures.inputs)
    // The verdict is not vacuous: a large share of the inputs are ones the kit must refuse.
    expect(figures.invalid).toBeGreaterThan(figures.inputs / 3)
    expect(figures.refusedByFetch).toBeGreaterThanOrEqual(INJECTED_HEADERS.length)
  }, 120_000) // About 6,000 requests: 25 s alone, more beside the rest of the suite.

  it('leaves Object.prototype and Array.prototype as they were', () => {
    expect(Reflect.ownKeys(Object.prototype)).toEqual(prototypeBefore.object)
    expect(Reflect.ownKeys(Array.prototype)).toEqual(prototypeBefore.array)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(figures.inputs).toBeGreaterThan(0)
  })
})

describe('regressions found by the fuzz', () => {
  it('refuses a body nested thousands of levels deep with a 400 and no upstream call (was a 500: stack overflow re-serialising it)', async () => {
    const { harness, fuzzer } = kits.default
    const ordersBefore = harness.upstreamCount('/orders/create')
    const base = JSON.stringify(validQuote())
    const levels = Math.floor((BODY_LIMIT - base.length - 20) / 2)
    expect(levels).toBeGreaterThan(5000)
    const before = harness.upstream.length
    const deep = await fuzzer.post(
      KIT_ROUTES.quotes,
      `${base.slice(0, -1)},"deep":${deepArray(levels)}}`,
    )
    expect(deep.status).toBe(400)
    expect(await deep.json()).toEqual({
      status: 'error',
      message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
      data: null,
    })
    expect(harness.upstream.length).toBe(before)
    // Nesting up to the limit gets past the depth check. A quote has no free-form field, so
    // there `deep` is refused by name; in an order's free-form `metadata` it reaches the service.
    const quote = await fuzzer.post(
      KIT_ROUTES.quotes,
      `${base.slice(0, -1)},"deep":${deepArray(MAX_JSON_DEPTH - 1)}}`,
    )
    expect(quote.status).toBe(422)
    expect(await quote.json()).toMatchObject({ data: { field: 'deep' } })
    expect(harness.upstream.length).toBe(before)
    const order = directOrder()
    // Levels: the body, fiat_payload and metadata, then the array's.
    const text = JSON.stringify({
      ...order,
      fiat_payload: { ...(order.fiat_payload as object), metadata: { deep: '@@' } },
    }).replace('"@@"', deepArray(MAX_JSON_DEPTH - 3))
    const created = await fuzzer.post(KIT_ROUTES.orders, text)
    expect(created.status).toBe(201)
    expect(harness.upstreamCount('/orders/create')).toBe(1 + ordersBefore)
  })

  it('names an empty unknown key `""` in data.field (the fuzz found it left blank)', async () => {
    const { harness, fuzzer } = kits.default
    const before = harness.upstream.length
    const customer = { name: 'Amina Otieno', dob: '04/12/1990', '': null }
    for (const [body, field] of [
      [{ ...validQuote(), '': 1 }, '""'],
      [validQuote({ customer }), 'customer.""'],
    ] as const) {
      const res = await fuzzer.post(KIT_ROUTES.quotes, body)
      expect(res.status, field).toBe(422)
      expect(await res.json(), field).toEqual({
        status: 'error',
        message: `${field} is not accepted: this request has no such field`,
        data: { field },
      })
    }
    expect(harness.upstream.length).toBe(before)
  })

  it("answers CORS with the configured origin, never the request's own spelling of it", async () => {
    const { harness } = kits.default
    for (const origin of ['HTTPS://SHOP.EXAMPLE:443', 'https://shop.example/path?x=1']) {
      const res = await harness.call(KIT_ROUTES.config, { headers: { origin } })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(ALLOWED_ORIGIN)
    }
    const evil = await harness.call(KIT_ROUTES.config, {
      headers: { origin: 'https://evil.example' },
    })
    expect(evil.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('reserved option names in write bodies', () => {
  it('refuses every request option name of core, at the top and in every nested object of every write body: 422 naming it, no upstream call', async () => {
    const state = kits.default
    const { harness, fuzzer } = state
    // Every write with a JSON body (a document's body is its bytes).
    const writes = browserRoutes(harness).filter(
      (route) => route.method === 'POST' && route.name !== 'customerDocuments',
    )
    expect(writes.map((route) => route.name).sort()).toEqual([
      'acceptQuote',
      'accounts',
      'completeSigningKey',
      'customer',
      'orders',
      'quotes',
      'revokeSigningKey',
      'signingKeyChallenge',
      'submitCustomer',
      'walletChallenge',
      'walletProofs',
    ])
    const valueAt = (value: unknown, path: readonly string[]) =>
      path.reduce<unknown>((inner, key) => (isObject(inner) ? inner[key] : undefined), value)
    const objects = new Set<string>()
    let tried = 0
    for (const route of writes) {
      const valid = SPECS[route.name]!.valid(state)
      const nested = keyPaths(valid.body).filter((path) => isObject(valueAt(valid.body, path)))
      for (const at of [[], ...nested]) {
        objects.add([route.name, ...at].join(' '))
        for (const name of REQUEST_OPTION_NAMES) {
          for (const value of OPTION_VALUES) {
            const field = [...at, name].join('.')
            const label = `${route.method} ${route.template} ${field}=${JSON.stringify(value)}`
            const before = harness.upstream.length
            const res = await fuzzer.post(
              fill(route.template, valid.params),
              withKey(valid.body, [...at, name], value),
            )
            expect(res.status, label).toBe(422)
            expect(await res.json(), label).toEqual({
              status: 'error',
              message: `${field} is not accepted: this request has no such field`,
              data: { field },
            })
            expect(harness.upstream.length, label).toBe(before)
            tried++
          }
        }
      }
    }
    // Every object of every body: the quote's top, asset, payment_method and customer, the
    // accept's top, the order's top and fiat_payload, the two wallet-proof bodies, the
    // customer's top and profile, the submit, the account and the two signing-key bodies.
    expect([...objects].sort()).toEqual([
      'acceptQuote',
      'accounts',
      'completeSigningKey',
      'customer',
      'customer profile',
      'orders',
      'orders fiat_payload',
      'quotes',
      'quotes asset',
      'quotes customer',
      'quotes payment_method',
      'revokeSigningKey',
      'signingKeyChallenge',
      'submitCustomer',
      'walletChallenge',
      'walletProofs',
    ])
    expect(tried).toBe(objects.size * REQUEST_OPTION_NAMES.length * OPTION_VALUES.length)
  })
})
