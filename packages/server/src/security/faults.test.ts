/**
 * Upstream faults between the kit and the real sandbox. The kit's `baseUrl` points at a
 * fault-injecting proxy (real HTTP on 127.0.0.1) in front of the sandbox, which drops, resets,
 * slows, truncates or replaces chosen answers. Through the kit's browser routes:
 * - reads recover when a fault is transient, and otherwise answer a typed error in the
 *   envelope (502/503/429, `Retry-After` kept), never a 500 and never later than the kit's
 *   total upstream budget;
 * - writes (create order, accept quote) under every fault, retried by the browser with the same
 *   `Idempotency-Key`, never make a second order: counted at the proxy and in the sandbox's own
 *   order list.
 *
 * Counts: CI runs every read fault once per route and WRITE_ROUNDS = 1 round of every write
 * fault; the soak (RAMPKIT_SOAK=1) runs READ_ROUNDS = 4 and WRITE_ROUNDS = 6.
 */

import type { MetaTokens, Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Fault,
  type FaultProxy,
  type ProxyRecord,
  startFaultProxy,
} from '../../test/fault-proxy/index.js'
import {
  type Browser,
  browser,
  type KitHarness,
  sandboxForFile,
  startKit,
  validQuote,
  WALLET,
} from '../../test/kit.js'
import { GENERIC_MESSAGES } from '../http/errors.js'

const SOAK = process.env.RAMPKIT_SOAK === '1'
const READ_ROUNDS = SOAK ? 4 : 1
const WRITE_ROUNDS = SOAK ? 6 : 1

/** The kit's `upstreamTimeoutMs`: one attempt; the kit allows 2.5 times that in all. */
const ATTEMPT_MS = 1000
const TOTAL_MS = 2.5 * ATTEMPT_MS
/**
 * Bound that tells a bounded answer from a hung one (a hang never answers): the budget with
 * generous room for a loaded machine. Not a speed figure; those are in `pnpm bench`.
 */
const BOUND_MS = 3 * TOTAL_MS
/** A slow answer that outlasts one attempt. */
const SLOW_MS = ATTEMPT_MS + 500

const sandbox = sandboxForFile('faults')
let proxy: FaultProxy
let kit: KitHarness
let usdc: string

const counted = {
  responses: 0,
  readsRecovered: 0,
  typedErrors: 0,
  status500: 0,
  duplicateOrders: 0,
  storeReadsUnderFault: 0,
  writes: 0,
}

beforeAll(async () => {
  proxy = await startFaultProxy({ target: sandbox.url })
  kit = await startKit(sandbox, 'http', {
    baseUrl: proxy.url,
    upstreamTimeoutMs: ATTEMPT_MS,
    cacheTtlMs: 0,
    rateLimit: false,
  })
  const res = await fetch(`${sandbox.url}/meta/tokens`, {
    headers: { 'X-API-Key': sandbox.apiKeys[0]! },
  })
  usdc = ((await res.json()) as { data: MetaTokens }).data.tokens.find(
    (token) => token.symbol === 'USDC',
  )!.address
})

afterAll(async () => {
  await kit?.close()
  await proxy?.stop()
  const byKind: Record<string, number> = proxy ? { ...proxy.byKind() } : {}
  delete byKind.pass
  console.log(
    `[security] ${JSON.stringify({
      area: 'faults',
      faultsInjected: proxy?.injected() ?? 0,
      byKind,
      passed: proxy?.byKind().pass ?? 0,
      readsRecovered: counted.readsRecovered,
      typedErrors: counted.typedErrors,
      status500: counted.status500,
      duplicateOrders: counted.duplicateOrders,
      storeReadsUnderFault: counted.storeReadsUnderFault,
      writes: counted.writes,
      responses: counted.responses,
    })}`,
  )
  expect(counted.status500).toBe(0)
  expect(counted.duplicateOrders).toBe(0)
})

type Envelope<T = unknown> = { status: 'success' | 'error'; message: string; data: T }
type Answer<T = unknown> = { status: number; headers: Headers; body: Envelope<T>; ms: number }

/** Statuses the kit may answer for an upstream it cannot use (plus 409 for a repeat in flight). */
const TYPED_STATUSES = [409, 429, 502, 503]

/**
 * Sends one browser request and checks what every answer must be under any fault: the
 * envelope as JSON, no 500, no secret, within the kit's budget; an error is typed (a mapped
 * status, a generic message for 5xx, `Retry-After` on 429).
 */
async function answer<T = unknown>(send: () => Promise<Response>): Promise<Answer<T>> {
  const started = performance.now()
  const res = await send()
  const text = await res.text()
  const ms = performance.now() - started
  counted.responses++
  if (res.status === 500) counted.status500++
  for (const secret of [...sandbox.apiKeys, sandbox.webhookSecret]) {
    expect(text).not.toContain(secret)
  }
  expect(res.status, text).not.toBe(500)
  expect(res.headers.get('content-type')).toContain('application/json')
  const body = JSON.parse(text) as Envelope<T>
  expect(typeof body.message).toBe('string')
  expect('data' in body).toBe(true)
  expect(ms).toBeLessThan(BOUND_MS)
  if (res.status >= 400) {
    expect(body.status).toBe('error')
    expect(TYPED_STATUSES, text).toContain(res.status)
    if (res.status >= 500) {
      expect(Object.values(GENERIC_MESSAGES)).toContain(body.message)
    }
    if (res.status === 429 || res.status === 409) {
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    }
    counted.typedErrors++
  } else {
    expect(body.status).toBe('success')
  }
  return { status: res.status, headers: res.headers, body, ms }
}

/** The proxy's records since `from` whose method and path match. */
function recordsSince(from: number, method: string, path: string | RegExp): ProxyRecord[] {
  return proxy.records
    .slice(from)
    .filter(
      (r) =>
        r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    )
}

const READS = [
  { route: `${KIT_ROUTES.catalog}?country=KE`, upstream: '/api/v1/partner/catalog' },
  { route: `${KIT_ROUTES.corridors}?country=GH`, upstream: '/api/v1/partner/corridors' },
  {
    route: `${KIT_ROUTES.banks}?country=KE&currency=KES&order_type=OnRamp&payment_method_type=bank`,
    upstream: '/api/v1/partner/banks',
  },
  {
    route: `${KIT_ROUTES.paymentMethods}?country=KE&order_type=OnRamp`,
    upstream: '/api/v1/partner/payment-methods',
  },
  { route: `${KIT_ROUTES.rates}?fiat=KES,NGN`, upstream: '/api/v1/partner/rates/indicative' },
  { route: KIT_ROUTES.tokens, upstream: '/meta/tokens' },
  { route: `${KIT_ROUTES.preview}?amount_fiat=1000&token=USDC`, upstream: '/quote' },
] as const

const label = (fault: Fault) =>
  `${fault.kind}${'status' in fault && fault.status ? ` ${fault.status}` : ''}${
    'after' in fault && fault.after ? ' after' : ''
  }${'retryAfter' in fault ? ` retry-after=${fault.retryAfter}` : ''}`

describe('reads through a faulty upstream', () => {
  const TRANSIENT: Fault[] = [
    { kind: 'drop' },
    { kind: 'drop', after: true },
    { kind: 'reset' },
    { kind: 'reset', after: true },
    { kind: 'status', status: 502 },
    { kind: 'status', status: 504 },
    { kind: 'html', status: 502 },
    { kind: 'html', status: 503 },
    { kind: 'rateLimit', retryAfter: 0 },
    { kind: 'truncate' },
    { kind: 'slowHeaders', delayMs: SLOW_MS },
    { kind: 'slowBody', delayMs: SLOW_MS },
  ]

  it.each(TRANSIENT.map((fault) => [label(fault), fault] as const))(
    'recover from one %s and answer the upstream data',
    async (_name, fault) => {
      for (let round = 0; round < READ_ROUNDS; round++) {
        const from = proxy.records.length
        // Every route at once: each has its own upstream path, so the schedules do not meet.
        const cancels = READS.map((read) =>
          proxy.schedule({ method: 'GET', path: read.upstream }, [fault]),
        )
        const user = browser(kit)
        const answers = await Promise.all(
          READS.map((read) => answer<Record<string, unknown>>(() => user.get(read.route))),
        )
        for (const cancel of cancels) cancel()
        READS.forEach((read, i) => {
          const got = answers[i]!
          expect(got.status, read.route).toBe(200)
          expect(got.body.data, read.route).toBeTypeOf('object')
          // One faulted attempt, then one that passed: the kit retried once, no more.
          const attempts = recordsSince(from, 'GET', read.upstream)
          expect(
            attempts.map((r) => r.fault),
            read.route,
          ).toEqual([fault.kind, 'pass'])
          counted.readsRecovered++
        })
        expect(proxy.pending()).toBe(0)
      }
    },
  )

  it('waits out a 429 Retry-After of 1 s, then answers', async () => {
    const read = READS[0]
    const from = proxy.records.length
    proxy.schedule({ method: 'GET', path: read.upstream }, [{ kind: 'rateLimit', retryAfter: 1 }])
    const got = await answer(() => browser(kit).get(read.route))
    expect(got.status).toBe(200)
    expect(got.ms).toBeGreaterThanOrEqual(950)
    expect(recordsSince(from, 'GET', read.upstream).map((r) => r.fault)).toEqual([
      'rateLimit',
      'pass',
    ])
    counted.readsRecovered++
  })

  it('answers a slow upstream that stays inside one attempt without retrying', async () => {
    const read = READS[1]
    const from = proxy.records.length
    proxy.schedule({ method: 'GET', path: read.upstream }, [
      { kind: 'slowHeaders', delayMs: ATTEMPT_MS / 3 },
    ])
    const got = await answer(() => browser(kit).get(read.route))
    expect(got.status).toBe(200)
    expect(recordsSince(from, 'GET', read.upstream)).toHaveLength(1)
  })

  type Persistent = {
    fault: Fault
    status: number
    /** Upstream attempts the kit makes: 3 when retried, 1 when the error is final. */
    attempts: number | [number, number]
    retryAfter?: string
    message?: string
  }
  const PERSISTENT: Persistent[] = [
    { fault: { kind: 'drop' }, status: 502, attempts: 3 },
    { fault: { kind: 'drop', after: true }, status: 502, attempts: 3 },
    { fault: { kind: 'reset' }, status: 502, attempts: 3 },
    { fault: { kind: 'status', status: 502 }, status: 502, attempts: 3 },
    { fault: { kind: 'status', status: 504, after: true }, status: 502, attempts: 3 },
    // The service's 503 naming a corridor means "corridor not configured": final.
    {
      fault: { kind: 'status', status: 503, data: { country: 'KE', currency: 'KES' } },
      status: 503,
      attempts: 1,
    },
    // Any other 503, even in the service's envelope, is an outage: retried.
    { fault: { kind: 'status', status: 503 }, status: 503, attempts: 3 },
    // A gateway's 503 page is an outage: retried.
    { fault: { kind: 'html', status: 503 }, status: 503, attempts: 3 },
    { fault: { kind: 'html', status: 502 }, status: 502, attempts: 3 },
    // HTML with 200 is not an answer, and retrying will not make it one.
    { fault: { kind: 'html', status: 200, after: true }, status: 502, attempts: 1 },
    { fault: { kind: 'truncate' }, status: 502, attempts: 3 },
    { fault: { kind: 'rateLimit', retryAfter: 0 }, status: 429, attempts: 3, retryAfter: '1' },
    // Longer than the client waits (20 s): passed on at once, with the service's Retry-After.
    { fault: { kind: 'rateLimit', retryAfter: 30 }, status: 429, attempts: 1, retryAfter: '30' },
    {
      fault: { kind: 'slowHeaders', delayMs: SLOW_MS },
      status: 502,
      attempts: [2, 3],
      message: GENERIC_MESSAGES.timeout,
    },
    {
      fault: { kind: 'slowBody', delayMs: SLOW_MS },
      status: 502,
      attempts: [2, 3],
      message: GENERIC_MESSAGES.timeout,
    },
  ]

  it('answer a typed error, within the budget, when the fault does not go away', async () => {
    // Seven routes, so seven cases at a time; each case faults every attempt of its route.
    for (let start = 0; start < PERSISTENT.length; start += READS.length) {
      const batch = PERSISTENT.slice(start, start + READS.length)
      const from = proxy.records.length
      const cancels = batch.map((c, i) =>
        proxy.schedule(
          { method: 'GET', path: READS[i]!.upstream },
          Array.from({ length: 4 }, () => c.fault),
        ),
      )
      const user = browser(kit)
      const answers = await Promise.all(
        batch.map((_, i) => answer(() => user.get(READS[i]!.route))),
      )
      for (const cancel of cancels) cancel()
      batch.forEach((c, i) => {
        const got = answers[i]!
        const name = `${label(c.fault)} on ${READS[i]!.route}`
        expect(got.status, name).toBe(c.status)
        if (c.message) expect(got.body.message, name).toBe(c.message)
        if (c.retryAfter) expect(got.headers.get('retry-after'), name).toBe(c.retryAfter)
        expect(got.ms, name).toBeLessThan(BOUND_MS)
        const attempts = recordsSince(from, 'GET', READS[i]!.upstream)
        expect(
          attempts.every((r) => r.fault === c.fault.kind),
          name,
        ).toBe(true)
        const [low, high] = Array.isArray(c.attempts) ? c.attempts : [c.attempts, c.attempts]
        expect(attempts.length, name).toBeGreaterThanOrEqual(low)
        expect(attempts.length, name).toBeLessThanOrEqual(high)
      })
    }
  })
})

type Body<T> = { status: string; message: string; data: T }

function directOrder(amountFiat: number) {
  return {
    user_address: WALLET,
    token: usdc,
    order_type: 0,
    fiat_payload: {
      amount_fiat: amountFiat,
      currency: 'KES',
      cashout_type: 'PHONE',
      phone_number: '+254712345678',
    },
  }
}

/** The sandbox's own list of this key's direct orders with this amount (the confirm's tag). */
async function sandboxDirectOrders(amountFiat: number): Promise<number> {
  const res = await fetch(`${sandbox.url}/orders/me?limit=200`, {
    headers: { 'X-API-Key': sandbox.apiKeys[0]! },
  })
  expect(res.status).toBe(200)
  const list = ((await res.json()) as Body<{ amount_fiat: number }[]>).data
  expect(list.length).toBeLessThan(200)
  return list.filter((order) => order.amount_fiat === amountFiat).length
}

/** The sandbox's orders made from this quote (accepting makes one). */
function sandboxQuoteOrders(quoteId: string): string[] {
  return [...sandbox.context.store.orders.values()]
    .filter((order) => order.quoteId === quoteId)
    .map((order) => order.id)
}

/** A browser whose session exists (its first GET /orders started it). */
async function signedIn(): Promise<Browser> {
  const user = browser(kit)
  await kitOrders(user)
  expect(user.cookie).toMatch(/^rampkit_session=/)
  return user
}

async function kitOrders(user: Browser): Promise<KitOrder[]> {
  const got = await answer<KitOrder[]>(() => user.get(`${KIT_ROUTES.orders}?limit=200`))
  expect(got.status).toBe(200)
  return got.body.data
}

/** Every fault a write meets; `after` ones reach the sandbox (the order exists) and then break. */
const WRITE_FAULTS: Fault[] = [
  { kind: 'pass' },
  { kind: 'drop' },
  { kind: 'drop', after: true },
  { kind: 'reset' },
  { kind: 'reset', after: true },
  { kind: 'status', status: 502 },
  { kind: 'status', status: 502, after: true },
  { kind: 'status', status: 504, after: true },
  { kind: 'status', status: 503, after: true },
  { kind: 'html', status: 502, after: true },
  { kind: 'html', status: 200, after: true },
  { kind: 'rateLimit', retryAfter: 3 },
  { kind: 'truncate' },
  { kind: 'slowHeaders', delayMs: SLOW_MS },
  { kind: 'slowBody', delayMs: SLOW_MS },
]

/** Each confirm's amount is unique, so the sandbox's list tells its orders apart. */
let tag = 2000

describe('writes through a faulty upstream', () => {
  it.each(WRITE_FAULTS.map((fault) => [label(fault), fault] as const))(
    'create order under %s: a retry with the same Idempotency-Key never makes a second order',
    async (_name, fault) => {
      const amina = await signedIn()
      for (let round = 0; round < WRITE_ROUNDS; round++) {
        const amount = tag++
        const key = { 'idempotency-key': `confirm-${crypto.randomUUID()}` }
        const from = proxy.records.length
        const kitCalls = kit.upstreamCount('/orders/create')
        // A burst: should the kit retry, its retries meet the fault too.
        const cancel = proxy.schedule(
          { method: 'POST', path: '/orders/create' },
          Array.from({ length: 3 }, () => fault),
        )
        const first = await answer<KitOrder>(() =>
          amina.post(KIT_ROUTES.orders, directOrder(amount), key),
        )
        cancel()
        counted.writes++
        const firstAttempts = recordsSince(from, 'POST', '/orders/create')
        // Never retried once it may have reached the service; a 429 was not acted on either.
        expect(firstAttempts).toHaveLength(1)
        expect(kit.upstreamCount('/orders/create') - kitCalls).toBe(1)
        expect([201, 429, 502, 503]).toContain(first.status)
        if (fault.kind === 'pass') expect(first.status).toBe(201)
        if (fault.kind === 'rateLimit') expect(first.headers.get('retry-after')).toBe('3')

        // The browser sends the confirm again with the same key; the upstream is healthy now.
        const mid = proxy.records.length
        const again = await answer<KitOrder>(() =>
          amina.post(KIT_ROUTES.orders, directOrder(amount), key),
        )
        counted.writes++
        const retried = recordsSince(mid, 'POST', '/orders/create')
        if (first.status === 429) {
          // Refused before it was processed: the key was released and the retry goes through.
          expect(again.status).toBe(201)
          expect(retried).toHaveLength(1)
        } else {
          // Kept (success or an ambiguous 5xx): replayed, not sent again.
          expect(again.status).toBe(first.status)
          expect(again.headers.get('idempotent-replayed')).toBe('true')
          expect(again.body).toEqual(first.body)
          expect(retried).toHaveLength(0)
        }

        const forwarded = recordsSince(from, 'POST', '/orders/create').filter((r) => r.forwarded)
        const onSandbox = await sandboxDirectOrders(amount)
        // Each request that reached the sandbox made one order, and at most one did.
        expect(onSandbox).toBe(forwarded.length)
        expect(onSandbox).toBeLessThanOrEqual(1)
        counted.duplicateOrders += Math.max(0, onSandbox - 1)
        const mine = (await kitOrders(amina)).filter((o) => o.amount_fiat === amount)
        expect(mine.length).toBeLessThanOrEqual(1)
        if (first.status === 201 || again.status === 201) {
          expect(onSandbox).toBe(1)
          expect(mine).toHaveLength(1)
        }
      }
    },
  )

  it.each(WRITE_FAULTS.map((fault) => [label(fault), fault] as const))(
    'accept quote under %s: one order per quote, whatever the retries',
    async (_name, fault) => {
      const amina = await signedIn()
      for (let round = 0; round < WRITE_ROUNDS; round++) {
        const quote = await answer<Quote>(() =>
          amina.post(KIT_ROUTES.quotes, validQuote({ local_amount: 1500 + round })),
        )
        expect(quote.status).toBe(201)
        const quoteId = quote.body.data.quote_id
        const acceptPath = `/api/v1/partner/orders/${quoteId}/accept`
        const route = KIT_ROUTES.acceptQuote.replace(':quoteId', quoteId)
        const key = { 'idempotency-key': `accept-${crypto.randomUUID()}` }
        const from = proxy.records.length
        const cancel = proxy.schedule({ method: 'POST', path: acceptPath }, [fault])
        const first = await answer<KitOrder>(() => amina.post(route, {}, key))
        cancel()
        counted.writes++
        // Accepting is idempotent upstream (a repeat is a 409 with the order): retried freely.
        expect([200, 429, 502, 503]).toContain(first.status)
        if (['pass', 'drop', 'reset', 'truncate', 'slowHeaders', 'slowBody'].includes(fault.kind)) {
          expect(first.status, 'a transient fault is retried away').toBe(200)
        }

        const again = await answer<KitOrder>(() => amina.post(route, {}, key))
        counted.writes++
        expect(again.status).toBe(200)
        if (first.status === 200) {
          expect(again.headers.get('idempotent-replayed')).toBe('true')
          expect(again.body).toEqual(first.body)
        }
        const orders = sandboxQuoteOrders(quoteId)
        expect(orders).toHaveLength(1)
        counted.duplicateOrders += Math.max(0, orders.length - 1)
        expect(again.body.data.order_id).toBe(orders[0])
        const mine = (await kitOrders(amina)).filter((o) => o.quote_id === quoteId)
        expect(mine.map((o) => o.order_id)).toEqual([orders[0]])
        // Every upstream accept named the same quote: the quote id is the upstream's key.
        expect(recordsSince(from, 'POST', /\/accept$/).every((r) => r.path === acceptPath)).toBe(
          true,
        )
      }
    },
  )

  it('accept under a burst of 502s after the sandbox acted: 502, then the same order', async () => {
    const amina = await signedIn()
    const quote = await answer<Quote>(() => amina.post(KIT_ROUTES.quotes, validQuote()))
    const quoteId = quote.body.data.quote_id
    const acceptPath = `/api/v1/partner/orders/${quoteId}/accept`
    const key = { 'idempotency-key': `accept-${crypto.randomUUID()}` }
    const from = proxy.records.length
    const cancel = proxy.schedule(
      { method: 'POST', path: acceptPath },
      Array.from({ length: 3 }, (): Fault => ({ kind: 'status', status: 502, after: true })),
    )
    const route = KIT_ROUTES.acceptQuote.replace(':quoteId', quoteId)
    const first = await answer<KitOrder>(() => amina.post(route, {}, key))
    cancel()
    expect(first.status).toBe(502)
    const attempts = recordsSince(from, 'POST', acceptPath)
    expect(attempts.map((r) => r.upstreamStatus)).toEqual([200, 409, 409])
    const again = await answer<KitOrder>(() => amina.post(route, {}, key))
    expect(again.status).toBe(200)
    expect(again.body.message).toBe('Quote already accepted')
    expect(sandboxQuoteOrders(quoteId)).toEqual([again.body.data.order_id])
    counted.writes += 2
  })

  it('answers a repeat of a confirm still in flight with 409 and sends it upstream once', async () => {
    const amina = await signedIn()
    const amount = tag++
    const key = { 'idempotency-key': `confirm-${crypto.randomUUID()}` }
    const from = proxy.records.length
    proxy.schedule({ method: 'POST', path: '/orders/create' }, [
      { kind: 'slowHeaders', delayMs: ATTEMPT_MS / 2 },
    ])
    const [a, b] = await Promise.all([
      answer<KitOrder>(() => amina.post(KIT_ROUTES.orders, directOrder(amount), key)),
      answer<KitOrder>(() => amina.post(KIT_ROUTES.orders, directOrder(amount), key)),
    ])
    counted.writes += 2
    expect([a.status, b.status].sort()).toEqual([201, 409])
    expect(recordsSince(from, 'POST', '/orders/create')).toHaveLength(1)
    expect(await sandboxDirectOrders(amount)).toBe(1)
  })
})

describe('a keyed confirm from a browser without a session (regression)', () => {
  // Found by this file: each send without a cookie started its own anonymous session, so its
  // own Idempotency-Key space, and a re-send after a lost answer (or a double click) made a
  // second order. Such a send is now refused unsent, with the new cookie.
  it.each([
    ['rate limits on: the session starts in the limiter', {}],
    ['rate limits off: the session starts in the route', { rateLimit: false as const }],
  ])('never makes two orders (%s)', async (_name, extra) => {
    const other = await startKit(sandbox, 'http', {
      baseUrl: proxy.url,
      upstreamTimeoutMs: ATTEMPT_MS,
      pointWebhooks: false,
      ...extra,
    })
    try {
      const amount = tag++
      const body = directOrder(amount)
      const key = { 'idempotency-key': `confirm-${crypto.randomUUID()}` }
      const from = proxy.records.length
      // The first send's answer is lost, its cookie with it: the re-send has none either.
      const first = await answer(() => browser(other).post(KIT_ROUTES.orders, body, key))
      const resent = await answer(() => browser(other).post(KIT_ROUTES.orders, body, key))
      // A double click before the browser holds any cookie.
      const clicks = browser(other)
      const double = await Promise.all([
        answer(() => clicks.post(KIT_ROUTES.orders, body, key)),
        answer(() => clicks.post(KIT_ROUTES.orders, body, key)),
      ])
      counted.writes += 4
      for (const got of [first, resent, ...double]) {
        expect(got.status).toBe(409)
        expect(got.body.message).toMatch(/session has just started/)
      }
      expect(recordsSince(from, 'POST', '/orders/create')).toHaveLength(0)
      expect(await sandboxDirectOrders(amount)).toBe(0)
      // The re-send carries the cookie it was given: one order, then the same answer.
      expect(clicks.cookie).toMatch(/^rampkit_session=/)
      const made = await answer<KitOrder>(() => clicks.post(KIT_ROUTES.orders, body, key))
      const replay = await answer<KitOrder>(() => clicks.post(KIT_ROUTES.orders, body, key))
      counted.writes += 2
      expect(made.status).toBe(201)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(replay.body).toEqual(made.body)
      expect(recordsSince(from, 'POST', '/orders/create')).toHaveLength(1)
      const onSandbox = await sandboxDirectOrders(amount)
      counted.duplicateOrders += Math.max(0, onSandbox - 1)
      expect(onSandbox).toBe(1)
      // A send without a key is not refused: the key is what needs the session.
      const unkeyed = await answer(() => browser(other).post(KIT_ROUTES.orders, directOrder(tag++)))
      counted.writes++
      expect(unkeyed.status).toBe(201)
    } finally {
      await other.close()
    }
  })
})

describe('reads the kit answers from its store during a total outage', () => {
  it('serves the owner’s orders and the config while every upstream call is reset', async () => {
    const amina = browser(kit)
    const amount = 2900
    const created = await answer<KitOrder>(() => amina.post(KIT_ROUTES.orders, directOrder(amount)))
    expect(created.status).toBe(201)
    const order = created.body.data
    proxy.setPlan(() => ({ kind: 'reset' }))
    try {
      const from = proxy.records.length
      for (const path of [
        KIT_ROUTES.orders,
        KIT_ROUTES.order.replace(':orderId', order.id),
        KIT_ROUTES.order.replace(':orderId', order.order_id!),
        KIT_ROUTES.orderByTx.replace(':txHash', order.tx_hash!),
      ]) {
        const got = await answer<KitOrder | KitOrder[]>(() => amina.get(path))
        expect(got.status, path).toBe(200)
        counted.storeReadsUnderFault++
      }
      // No upstream call for the store's reads.
      expect(proxy.records.length).toBe(from)
      // The config degrades (no chain id) rather than failing.
      const config = await answer<{ chain_id: number | null; sse: boolean }>(() =>
        amina.get(KIT_ROUTES.config),
      )
      expect(config.status).toBe(200)
      expect(config.body.data).toMatchObject({ chain_id: null, sse: true })
      counted.storeReadsUnderFault++
      expect(recordsSince(from, 'GET', '/meta/tokens').length).toBeGreaterThanOrEqual(1)
    } finally {
      proxy.setPlan(null)
    }
  })
})
