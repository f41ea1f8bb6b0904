import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PDF_BASE64, PERSON } from '../test/customers.js'
import { createSandboxApp } from './app.js'
import { startChain } from './chain/index.js'
import { MAX_BODY_BYTES } from './http/body.js'
import { createSandboxContext } from './server.js'
import type { SandboxChainPort } from './service/chain.js'

/**
 * Garbage against every route: wrong types, huge numbers, malformed JSON and bytes, odd path
 * parameters, odd headers; then the hostile classes on every route in turn: oversized bodies
 * (declared, chunked, lying `Content-Length`), 10k-level nesting, `__proto__`/`constructor`/
 * `prototype` keys, unicode (RTL, zero-width, lone surrogates, NUL, invalid UTF-8), header
 * injection, odd content types, path traversal and odd ids, wrong methods, bad query strings.
 * Every answer must be the envelope with a status below 500 (the forced faults are never set
 * here), and Object.prototype is unchanged afterwards. The routes come from the app itself, so
 * a new route is fuzzed without being listed. Seeded, so a failure names a reproducible case.
 *
 * Counts: CI sends GARBAGE = 1 500 random requests plus every hostile class once per route
 * (about 4 900 in all); the soak (RAMPKIT_SOAK=1) sends 15 000 (about 18 400 in all).
 */
const SOAK = process.env.RAMPKIT_SOAK === '1'
const GARBAGE = SOAK ? 15_000 : 1500
const KEY = 'is_test_fuzz_key_1'
let chain: SandboxChainPort & { stop(): Promise<void> }
let app: ReturnType<typeof createSandboxApp>

const figures = { routes: 0, inputs: 0, status5xx: 0, envelopeOk: 0, refusedByFetch: 0 }
const prototypeBefore = {
  object: Reflect.ownKeys(Object.prototype),
  array: Reflect.ownKeys(Array.prototype),
}

beforeAll(async () => {
  chain = await startChain()
  const ctx = createSandboxContext({ speed: 0, apiKeys: [KEY], webhookSecret: 'whsec_fuzz' }, chain)
  app = createSandboxApp(ctx)
  figures.routes = routesOf(app).length
})
afterAll(async () => {
  await chain?.stop()
  console.log(
    `[security] ${JSON.stringify({
      area: 'fuzz.sandbox',
      routes: figures.routes,
      inputs: figures.inputs,
      status5xx: figures.status5xx,
      envelopeOk: figures.envelopeOk,
      refusedByFetch: figures.refusedByFetch,
    })}`,
  )
})

/** Every route the app serves, path parameters as `{id}`: read from the app, never listed. */
function routesOf(sandbox: ReturnType<typeof createSandboxApp>): [string, string][] {
  const routes = new Map<string, [string, string]>()
  for (const { method, path } of sandbox.routes) {
    if (method === 'ALL' || path.includes('*')) continue
    const template = path.replace(/:[^/]+/g, '{id}')
    routes.set(`${method} ${template}`, [method, template])
  }
  return [...routes.values()]
}

/**
 * Sends one request and checks its answer: below 500, and the envelope (`status` matching the
 * HTTP status, a `message`, a `data` key) unless it is a HEAD. A request fetch itself refuses
 * to build (CR/LF/NUL in a header, a forbidden method) is counted, not sent.
 */
async function check(
  failures: string[],
  label: string,
  url: string,
  init: RequestInit & { duplex?: 'half' },
): Promise<Response | null> {
  let request: Request
  try {
    request = new Request(`http://sandbox.local${url}`, init)
  } catch {
    figures.refusedByFetch++
    return null
  }
  let response: Response
  try {
    response = await app.request(request)
  } catch (error) {
    failures.push(`${label}: threw ${String(error)}`)
    return null
  }
  figures.inputs++
  const text = await response.text()
  let envelope: Record<string, unknown> | undefined
  try {
    envelope = JSON.parse(text)
  } catch {}
  const isEnvelope =
    envelope?.status === (response.status < 400 ? 'success' : 'error') &&
    typeof envelope.message === 'string' &&
    Object.hasOwn(envelope, 'data')
  if (response.status >= 500) figures.status5xx++
  if (isEnvelope) figures.envelopeOk++
  if (response.status >= 500 || (init.method !== 'HEAD' && !isEnvelope)) {
    failures.push(`${label} -> ${response.status} ${text.slice(0, 200)}`)
  }
  return response
}

/** Mulberry32: small, seeded, good enough to pick garbage. */
function rng(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let x = Math.imul(state ^ (state >>> 15), 1 | state)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}

const SCALARS: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'x',
  '0',
  '-0',
  'NaN',
  'Infinity',
  '1e999',
  '0x',
  `0x${'f'.repeat(40)}`,
  `0x${'0'.repeat(64)}`,
  'pcus_x',
  'skey_x',
  'is_live_x',
  'OnRamp',
  'OffRamp',
  'mobile_money',
  'bank',
  'KE',
  'KES',
  'USDC',
  '☃',
  '\u0000',
  '<script>',
  '../../etc/passwd',
  'a'.repeat(5000),
  [],
  {},
]

const FIELDS = [
  'order_type',
  'country',
  'currency',
  'token',
  'amount_fiat',
  'amount_crypto',
  'wallet_address',
  'payment_method',
  'customer',
  'user_address',
  'fiat_payload',
  'partner_customer_ref',
  'first_name',
  'last_name',
  'email',
  'dob',
  'type',
  'key_id',
  'nonce',
  'signature',
  'ms',
  'seconds',
  'outcome',
  'status',
  'count',
  'retry_after',
  'path',
  'event',
  'delay_ms',
  'duplicates',
  'url',
  'secret',
  'amount',
  'to',
  'reference',
  '__proto__',
  'constructor',
]

const QUERY_KEYS = [
  'fiat',
  'country',
  'currency',
  'order_type',
  'payment_method_type',
  'amount_fiat',
  'token',
  'status',
  'status_filter',
  'limit',
  'offset',
  'event',
]

describe('fuzz: garbage never gives a 5xx', () => {
  it('answers every garbage request with the envelope and a 4xx or 2xx', async () => {
    const random = rng(20_240_601)
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
    const value = (depth = 0): unknown => {
      const roll = random()
      if (depth < 3 && roll < 0.15)
        return Object.fromEntries([0, 1, 2].map(() => [pick(FIELDS), value(depth + 1)]))
      if (depth < 3 && roll < 0.2) return [value(depth + 1), value(depth + 1)]
      return pick(SCALARS)
    }
    const pathValue = () =>
      encodeURIComponent(
        String(pick([...SCALARS.filter((s) => typeof s !== 'object'), '1', '%', '%%ZZ'])),
      )
        .replace(/%25%25ZZ/, '%ZZ')
        .slice(0, 300) || 'x'
    const failures: string[] = []
    const routes = routesOf(app)
    for (let i = 0; i < GARBAGE; i++) {
      const [routeMethod, template] = pick(routes)
      const method =
        random() < 0.9 ? routeMethod : pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])
      const path = template.replace(/\{id\}/g, () => pathValue())
      const query = new URLSearchParams()
      for (let q = Math.floor(random() * 4); q > 0; q--)
        query.append(pick(QUERY_KEYS), String(value(3)))
      const headers: Record<string, string> = {}
      const keyRoll = random()
      if (keyRoll < 0.8) headers['X-API-Key'] = KEY
      else if (keyRoll < 0.9)
        headers['X-API-Key'] = String(pick(SCALARS)).replace(/[^\x20-\x7e]/g, '')
      let body: string | Uint8Array<ArrayBuffer> | undefined
      if (method !== 'GET' && method !== 'HEAD') {
        const bodyRoll = random()
        if (bodyRoll < 0.6) {
          body = JSON.stringify(
            Object.fromEntries(FIELDS.filter(() => random() < 0.3).map((f) => [f, value()])),
          )
        } else if (bodyRoll < 0.7) body = JSON.stringify(value())
        else if (bodyRoll < 0.8) body = '{"a":'.repeat(Math.floor(random() * 2000))
        else if (bodyRoll < 0.9) body = Uint8Array.from([0x7b, 0xff, 0xfe, 0x22, 0x7d])
        else body = `${'['.repeat(5000)}${']'.repeat(5000)}`
        const typeRoll = random()
        headers['Content-Type'] =
          typeRoll < 0.8
            ? 'application/json'
            : pick([
                'text/plain',
                'application/x-www-form-urlencoded',
                '',
                'application/json; charset=utf-16',
              ])
      }
      const url = `${path}${query.size > 0 ? `?${query}` : ''}`
      await check(failures, `#${i} ${method} ${url} ${String(body).slice(0, 120)}`, url, {
        method,
        headers,
        body,
      })
    }
    expect(failures).toEqual([])
  })

  it('survives huge and hostile inputs on the order and quote routes', async () => {
    const cases: [string, string, unknown][] = [
      [
        'POST',
        '/orders/create',
        {
          user_address: `0x${'a'.repeat(40)}`,
          token: `0x${'b'.repeat(40)}`,
          order_type: 1,
          fiat_payload: { amount_fiat: 1e15 },
        },
      ],
      [
        'POST',
        '/orders/create',
        {
          user_address: chain.testAccounts[0]!.address,
          token: chain.tokens[2]!.address,
          order_type: 1,
          fiat_payload: { amount_fiat: 150_000, metadata: { deep: [[[[{}]]]] } },
        },
      ],
      [
        'POST',
        '/api/v1/partner/orders/quote',
        {
          order_type: 'OnRamp',
          country: 'KE',
          currency: 'KES',
          crypto_amount: 1e15,
          asset: { token: chain.tokens[2]!.address, currency: 'WXM', network: 'ARBITRUM' },
          wallet_address: `0x${'c'.repeat(40)}`,
          payment_method: { type: 'mobile_money' },
          customer: { name: 'A B' },
        },
      ],
      ['POST', '/__sandbox/clock/advance', { ms: 1e300 }],
      [
        'POST',
        '/__sandbox/mint',
        { token: 'USDC', to: `0x${'d'.repeat(40)}`, amount: '1'.repeat(40) },
      ],
    ]
    const failures: string[] = []
    for (const [method, path, body] of cases) {
      const response = await check(failures, `${method} ${path}`, path, {
        method,
        headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response?.status, `${method} ${path}`).toBeLessThan(500)
    }
    expect(failures).toEqual([])
  })
})

const MARK = 'INJECTED'
const UNICODE = [
  '\u202Eevil\u202C',
  'K\u200BE\u200D',
  '\uD800',
  '\uDC00x',
  'nul\u0000byte',
  '\uFEFFbom',
  '\uFFFF\uFFFE',
  'e\u0301\u0301\u0301\u0301',
  '𝕏💩👨‍👩‍👧',
  '\u0085\u2028\u2029',
  'ＫＥ',
  'КЕ',
  '\u0000',
]
const PROTO_JSON = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":null}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":"y"}',
  '{"a":{"__proto__":{"polluted":"yes"}},"b":[{"constructor":{"prototype":{"polluted":"yes"}}}]}',
]
const PATH_VALUES = [
  '../',
  '../../meta/tokens',
  '..%2f..%2fmeta%2ftokens',
  '%2e%2e%2f',
  '%2e%2e',
  '%00',
  'id%00x',
  '%ZZ',
  '%',
  'a'.repeat(10_000),
  encodeURIComponent('ünïcødé'),
  '%ED%A0%80',
  '%F0%9F%92%A9',
  '%E2%80%AEevil',
  '__proto__',
  'constructor',
  '%0d%0aSet-Cookie:%20x=INJECTED',
  '%2F',
  '%5c..%5c',
  '\\..\\meta',
  ';x=1',
  '-1',
  '1e999',
  `0x${'f'.repeat(64)}`,
]
const BAD_QUERIES = [
  '?%ZZ',
  '?country=%ZZ',
  '?country=%E0%A4%A',
  '?country=%ED%A0%80',
  '?=',
  '?&&&',
  '?country',
  '?country=KE&country=NG',
  '?country[]=KE',
  '?__proto__[polluted]=yes',
  '?constructor[prototype][polluted]=yes',
  '?__proto__=x&constructor=y&prototype=z',
  `?${'a=1&'.repeat(2000)}`,
  `?country=${'K'.repeat(10_000)}`,
  '?country=K%00',
  `?country=KE%0d%0aSet-Cookie:x=${MARK}`,
  '?limit=1e3&offset=-0',
  '?limit=0x10&offset=99999999999999999999999',
  '?limit=Infinity&offset=NaN',
  `?fiat=${','.repeat(1000)}`,
  '?amount_fiat=1e-400&token=USDC',
  '?token=%E2%80%AEUSDC&amount_fiat=1',
  '?+=+&%2B=%2B',
]
const CONTENT_TYPES: (string | null)[] = [
  null,
  '',
  'text/plain',
  'multipart/form-data; boundary=----fuzz',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'application/json, text/html',
  'application/json;;;charset=',
  `application/json; x=${'y'.repeat(8000)}`,
]
const INJECTED_HEADERS: [string, string][] = [
  ['x-fuzz', `a\r\nSet-Cookie: x=${MARK}`],
  ['x-api-key', `${KEY}\r\nX-${MARK}: 1`],
  ['x-api-key', `${KEY}\u0000`],
  ['content-type', `application/json\nX-${MARK}: 1`],
]
const ODD_HEADERS: [string, string][] = [
  ['x-api-key', `${KEY}\t`],
  ['x-api-key', '\u00ff'.repeat(64)],
  ['x-api-key', 'k'.repeat(16_000)],
  ['x-api-key', 'is_live_someone'],
  ['x-forwarded-for', `1.2.3.4, ${MARK}`],
  ['x-webhook-signature', `t=1,v1=${'0'.repeat(64)}`],
]
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'PROPFIND', 'FOO']
const FORBIDDEN_METHODS = ['TRACE', 'CONNECT', 'TRACK']

const deepObject = (levels: number, inner = '1') =>
  `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
/** `body` (a JSON object's text) with one more member. */
const withMember = (body: string, member: string) =>
  body === '{}' ? `{${member}}` : `${body.slice(0, -1)},${member}}`
const utf16le = (text: string) => {
  const bytes = new Uint8Array(text.length * 2)
  for (let i = 0; i < text.length; i++) {
    bytes[i * 2] = text.charCodeAt(i) & 0xff
    bytes[i * 2 + 1] = text.charCodeAt(i) >> 8
  }
  return bytes
}

/** Valid bodies of the customer vault's writes, by the path after the customer id. */
const VAULT_BODIES: Record<string, Record<string, unknown>> = {
  '': { profile: { phone: '+254712345678' } },
  '/documents': {
    category: 'identity',
    content_type: 'application/pdf',
    content_base64: PDF_BASE64,
  },
  '/revoke': { reason: 'fuzz' },
  '/accounts': { asset_type: 'stablecoin', currency: 'USDC', network: 'Base' },
  '/signing-keys/challenge': { address: '0x000000000000000000000000000000000000dEaD' },
  '/signing-keys/complete': { key_id: 'skey_x', signature: `0x${'ab'.repeat(65)}` },
}

/** A body each route accepts, so the hostile parts get past the first check. */
function validBody(template: string): Record<string, unknown> {
  if (template === '/api/v1/partner/orders/quote') {
    return {
      order_type: 'OnRamp',
      country: 'KE',
      currency: 'KES',
      local_amount: 1500,
      asset: {
        token: '0x833589fcd6edb6e08f4c7c32d4f71b54bdA02913',
        currency: 'USDC',
        network: 'BASE',
      },
      wallet_address: chain.testAccounts[1]!.address,
      payment_method: {
        type: 'mobile_money',
        network_id: 'd9128e24-4586-5981-9c1e-a96a091bf8da',
        phone_number: '+254712345678',
      },
      customer: { name: 'Amina Otieno', dob: '04/12/1990' },
    }
  }
  if (template === '/orders/create') {
    return {
      user_address: chain.testAccounts[1]!.address,
      token: chain.tokens[2]!.address,
      order_type: 0,
      fiat_payload: {
        amount_fiat: 1200,
        currency: 'KES',
        cashout_type: 'PHONE',
        phone_number: '+254712345678',
      },
    }
  }
  if (template === '/api/v1/partner/customers') {
    return { partner_customer_ref: 'fuzz-ref', type: 'individual', profile: PERSON }
  }
  const vault = VAULT_BODIES[template.replace(/^\/api\/v1\/partner\/customers\/\{id\}/, '')]
  return vault ?? {}
}

type Hostile = {
  kind: string
  method?: string
  path?: string
  headers?: [string, string][]
  contentType?: string | null
  body?: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>
}

/** The hostile variants of one route. */
function hostileCases(method: string, template: string, allowed: Set<string>): Hostile[] {
  const out: Hostile[] = []
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const valid = validBody(template)
  const text = JSON.stringify(valid)
  const plain = template.replace(/\{id\}/g, 'x')
  const ids = template.split('{id}').length - 1
  for (let slot = 0; slot < ids; slot++) {
    const at = (value: string) => {
      let n = -1
      return template.replace(/\{id\}/g, () => (++n === slot ? value : 'x'))
    }
    for (const value of PATH_VALUES) out.push({ kind: 'path', path: at(value) })
    for (const value of UNICODE) {
      out.push({
        kind: 'unicode-path',
        path: at(encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
      })
    }
  }
  for (const search of BAD_QUERIES) out.push({ kind: 'query', path: `${plain}${search}` })
  for (const value of UNICODE) {
    const safe = encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))
    out.push({
      kind: 'unicode-query',
      path: `${plain}?country=${safe}&token=${safe}&limit=${safe}`,
    })
  }
  for (const header of [...INJECTED_HEADERS, ...ODD_HEADERS]) {
    out.push({ kind: 'header', headers: [header] })
  }
  if (allowed.has(method) && [...allowed][0] === method) {
    for (const other of [...METHODS, ...FORBIDDEN_METHODS]) {
      if (!allowed.has(other)) out.push({ kind: 'method', method: other })
    }
  }
  if (!hasBody) return out

  for (const contentType of CONTENT_TYPES) out.push({ kind: 'content-type', contentType })
  out.push(
    { kind: 'content-type', contentType: 'application/json; charset=utf-16', body: utf16le(text) },
    {
      kind: 'content-type',
      contentType: 'multipart/form-data; boundary=----fuzz',
      body: `------fuzz\r\nContent-Disposition: form-data; name="body"\r\n\r\n${text}\r\n------fuzz--\r\n`,
    },
  )
  // Sizes: over the limit declared, undeclared in chunks, and a Content-Length that lies.
  const padded = (bytes: number) => withMember(text, `"pad":"${'x'.repeat(bytes)}"`)
  out.push(
    { kind: 'oversized', body: padded(MAX_BODY_BYTES + 1) },
    { kind: 'oversized', body: padded(MAX_BODY_BYTES - text.length - 100) },
    { kind: 'oversized', body: chunked(padded(2 * MAX_BODY_BYTES)) },
    { kind: 'oversized', body: chunked(text) },
    { kind: 'oversized', body: padded(MAX_BODY_BYTES + 1), headers: [['content-length', '10']] },
    { kind: 'oversized', body: text, headers: [['content-length', String(10 * MAX_BODY_BYTES)]] },
    { kind: 'oversized', body: text, headers: [['content-length', 'abc']] },
    { kind: 'oversized', body: text, headers: [['content-length', '-1']] },
  )
  // Depth: 10k levels alone and inside a valid body.
  for (const deep of [deepObject(10_000), deepArray(10_000), deepObject(10_000, PROTO_JSON[0])]) {
    out.push(
      { kind: 'deep', body: deep },
      { kind: 'deep', body: withMember(text, `"deep":${deep}`) },
    )
    for (const key of Object.keys(valid)) {
      out.push({
        kind: 'deep',
        body: JSON.stringify({ ...valid, [key]: '@@' }).replace('"@@"', deep),
      })
    }
  }
  // Prototype keys, alone, merged into a valid body, and in place of each field.
  for (const proto of PROTO_JSON) {
    out.push(
      { kind: 'prototype', body: proto },
      { kind: 'prototype', body: withMember(text, proto.slice(1, -1)) },
    )
    for (const key of Object.keys(valid)) {
      out.push({
        kind: 'prototype',
        body: JSON.stringify({ ...valid, [key]: '@@' }).replace('"@@"', proto),
      })
    }
  }
  // Unicode in every field and as a key; invalid UTF-8 bytes; a byte order mark.
  for (const value of UNICODE) {
    for (const key of Object.keys(valid)) {
      out.push({ kind: 'unicode', body: JSON.stringify({ ...valid, [key]: value }) })
    }
    out.push({ kind: 'unicode', body: withMember(text, `${JSON.stringify(value)}:1`) })
  }
  out.push(
    { kind: 'unicode', body: Uint8Array.from([0x7b, 0xff, 0xfe, 0x22, 0x7d]) },
    { kind: 'unicode', body: Uint8Array.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]) },
    { kind: 'unicode', body: `\uFEFF${text}` },
  )
  return out
}

function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.byteLength; at += 64 * 1024) {
        controller.enqueue(bytes.slice(at, at + 64 * 1024))
      }
      controller.close()
    },
  })
}

describe('fuzz: hostile classes on every route', () => {
  it('answers every hostile input with the envelope and a 4xx or 2xx', async () => {
    const routes = routesOf(app)
    const failures: string[] = []
    const perRoute = new Map<string, number>()
    for (const [method, template] of routes) {
      const allowed = new Set(routes.filter(([, t]) => t === template).map(([m]) => m))
      for (const hostile of hostileCases(method, template, allowed)) {
        const verb = hostile.method ?? method
        const url = hostile.path ?? template.replace(/\{id\}/g, 'x')
        const headers: [string, string][] = [['X-API-Key', KEY], ...(hostile.headers ?? [])]
        const hasBody = verb !== 'GET' && verb !== 'HEAD'
        const type = hostile.contentType === undefined ? 'application/json' : hostile.contentType
        if (hasBody && type !== null) headers.push(['Content-Type', type])
        const body = hasBody ? (hostile.body ?? JSON.stringify(validBody(template))) : undefined
        const label = `[${hostile.kind}] ${verb} ${url.slice(0, 160)} ${JSON.stringify(hostile.headers ?? [])} ${typeof body === 'string' ? body.slice(0, 100) : ''}`
        const response = await check(failures, label, url, {
          method: verb,
          headers: headers.filter(
            ([name]) => name !== 'X-API-Key' || !hostile.headers?.some(([n]) => n === 'x-api-key'),
          ),
          body,
          ...(body instanceof ReadableStream ? { duplex: 'half' as const } : {}),
        })
        if (response)
          perRoute.set(`${method} ${template}`, (perRoute.get(`${method} ${template}`) ?? 0) + 1)
        if (response?.status === 405 && !response.headers.get('allow')) {
          failures.push(`${label}: 405 without Allow`)
        }
      }
    }
    // Read everything back: nothing stored from the hostile writes may break a later read.
    for (const [method, template] of routes.filter(([m]) => m === 'GET')) {
      const url = `${template.replace(/\{id\}/g, 'x')}?limit=200`
      await check(failures, `[read-back] ${method} ${url}`, url, { headers: { 'X-API-Key': KEY } })
    }
    expect(failures.slice(0, 30)).toEqual([])
    expect(figures.status5xx).toBe(0)
    for (const [method, template] of routes) {
      expect(perRoute.get(`${method} ${template}`) ?? 0, `${method} ${template}`).toBeGreaterThan(
        40,
      )
    }
    expect(figures.refusedByFetch).toBeGreaterThan(0)
  })

  it('leaves Object.prototype and Array.prototype as they were', () => {
    expect(Reflect.ownKeys(Object.prototype)).toEqual(prototypeBefore.object)
    expect(Reflect.ownKeys(Array.prototype)).toEqual(prototypeBefore.array)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(figures.inputs).toBeGreaterThan(GARBAGE)
  })
})
