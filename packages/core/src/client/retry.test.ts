import { activeSigningKey, incompleteCustomer } from '@rampkit/test/published'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  acceptedOrderData,
  catalogData,
  createOrderBody,
  quoteRequestBody,
  SANDBOX_KEY,
} from '../../test/fixtures.js'
import {
  closedPortUrl,
  failure,
  startTestServer,
  success,
  type TestServer,
} from '../../test/httpServer.js'
import {
  BadRequestError,
  CorridorNotConfiguredError,
  NetworkError,
  RateLimitedError,
  ServiceUnavailableError,
  TimeoutError,
  UpstreamUnavailableError,
} from '../errors/index.js'
import { createRampClient } from './createRampClient.js'
import { defaultSleep, failedBeforeSend, isRetryable, retryDelay } from './transport.js'
import type { CreateRampClientParameters, RampRequestInfo } from './types.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(() => server.reset())
afterAll(() => server.close())

const CATALOG = '/api/v1/partner/catalog'
const ok = { json: success(catalogData) }

/** A fake clock: sleeping advances it and records the delay, so retries run instantly. */
function fakeClock(start = 1_700_000_000_000) {
  let time = start
  const delays: number[] = []
  return {
    delays,
    now: () => time,
    sleep: async (ms: number) => {
      delays.push(ms)
      time += ms
    },
  }
}

function clientWith(options: Partial<CreateRampClientParameters> = {}) {
  const clock = fakeClock()
  const client = createRampClient({
    apiKey: SANDBOX_KEY,
    baseUrl: server.url,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
    ...options,
  })
  return { client, clock }
}

describe('retries of idempotent requests', () => {
  it.each([
    [502, { json: failure('Upstream unavailable') }],
    [503, { text: 'Service Unavailable' }],
    [504, { text: 'Gateway Timeout' }],
    [429, { json: failure('Too many requests') }],
  ])('retries a GET after %i and succeeds', async (status, reply) => {
    server.route('GET', CATALOG, { status, ...reply }, ok)
    const { client, clock } = clientWith()
    const data = await client.getCatalog()
    expect(data.disclaimer).toBe(catalogData.disclaimer)
    expect(server.requests).toHaveLength(2)
    expect(clock.delays).toEqual([125]) // 0.5 * min(4000, 250 * 2^0)
  })

  it('gives up after maxAttempts with the last error', async () => {
    server.route('GET', CATALOG, { status: 502, json: failure('Upstream unavailable') })
    const { client, clock } = clientWith({ random: () => 0.999 })
    await expect(client.getCatalog()).rejects.toBeInstanceOf(UpstreamUnavailableError)
    expect(server.requests).toHaveLength(3)
    expect(clock.delays).toEqual([249, 499])
  })

  it('caps the exponential backoff at maxDelayMs and keeps full jitter within [0, cap)', async () => {
    server.route('GET', CATALOG, { status: 502, json: failure('Upstream unavailable') })
    const high = clientWith({
      random: () => 0.999999,
      retry: { maxAttempts: 6, baseDelayMs: 1000, maxDelayMs: 3000 },
    })
    await expect(high.client.getCatalog()).rejects.toBeInstanceOf(UpstreamUnavailableError)
    expect(high.clock.delays).toEqual([999, 1999, 2999, 2999, 2999])

    server.reset()
    server.route('GET', CATALOG, { status: 502, json: failure('Upstream unavailable') })
    const low = clientWith({ random: () => 0, retry: { maxAttempts: 3 } })
    await expect(low.client.getCatalog()).rejects.toBeInstanceOf(UpstreamUnavailableError)
    expect(low.clock.delays).toEqual([0, 0])
  })

  it('waits exactly Retry-After seconds on 429', async () => {
    server.route(
      'GET',
      CATALOG,
      { status: 429, headers: { 'Retry-After': '2' }, json: failure('Slow down') },
      ok,
    )
    const { client, clock } = clientWith()
    await client.getCatalog()
    expect(clock.delays).toEqual([2000])
  })

  it('honours an HTTP-date Retry-After against the injected clock', async () => {
    const { client, clock } = clientWith()
    const at = new Date(clock.now() + 5000).toUTCString()
    server.route(
      'GET',
      CATALOG,
      { status: 429, headers: { 'Retry-After': at }, json: failure('Slow down') },
      ok,
    )
    await client.getCatalog()
    expect(clock.delays).toEqual([5000])
  })

  it('gives up at once when Retry-After exceeds maxRetryAfterMs', async () => {
    server.route('GET', CATALOG, {
      status: 429,
      headers: { 'Retry-After': '120' },
      json: failure('Slow down'),
    })
    const { client, clock } = clientWith({ retry: { maxRetryAfterMs: 60_000 } })
    const error = await client.getCatalog().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitedError)
    expect((error as RateLimitedError).retryAfter).toBe(120)
    expect(server.requests).toHaveLength(1)
    expect(clock.delays).toEqual([])
  })

  it.each([400, 401, 404, 409, 410, 422, 500])('never retries HTTP %i', async (status) => {
    server.route('GET', CATALOG, { status, json: failure('No') })
    const { client, clock } = clientWith()
    await expect(client.getCatalog()).rejects.toMatchObject({ status })
    expect(server.requests).toHaveLength(1)
    expect(clock.delays).toEqual([])
  })

  it('does not retry the 503 corridor not configured (envelope naming the corridor)', async () => {
    server.route(
      'GET',
      CATALOG,
      {
        status: 503,
        json: failure('Corridor CM/XAF is not configured', { country: 'CM', currency: 'XAF' }),
      },
      ok,
    )
    const { client, clock } = clientWith()
    await expect(client.getCatalog({ country: 'CM' })).rejects.toBeInstanceOf(
      CorridorNotConfiguredError,
    )
    expect(server.requests).toHaveLength(1)
    expect(clock.delays).toEqual([])
  })

  it('retries an enveloped 503 with Retry-After after that delay (transient, not a corridor)', async () => {
    server.route(
      'GET',
      CATALOG,
      {
        status: 503,
        headers: { 'Retry-After': '3' },
        json: failure('Service temporarily unavailable'),
      },
      ok,
    )
    const { client, clock } = clientWith()
    const data = await client.getCatalog()
    expect(data.disclaimer).toBe(catalogData.disclaimer)
    expect(server.requests).toHaveLength(2)
    expect(clock.delays).toEqual([3000])
  })

  it('retries an enveloped 503 that names no corridor with backoff, then gives up', async () => {
    server.route('GET', CATALOG, { status: 503, json: failure('Down for maintenance') })
    const { client, clock } = clientWith()
    const error = await client.getCatalog().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error).not.toBeInstanceOf(CorridorNotConfiguredError)
    expect(server.requests).toHaveLength(3)
    expect(clock.delays).toEqual([125, 250])
  })

  it('retries a GET after the connection drops mid-request', async () => {
    server.route('GET', CATALOG, { destroy: true }, ok)
    const { client } = clientWith()
    await client.getCatalog()
    expect(server.requests).toHaveLength(2)
  })

  it('stops when the next wait would pass the total budget', async () => {
    server.route('GET', CATALOG, { status: 502, json: failure('Upstream unavailable') })
    const { client, clock } = clientWith({
      random: () => 0.999,
      totalTimeoutMs: 2000,
      retry: { maxAttempts: 10, baseDelayMs: 800, maxDelayMs: 10_000 },
    })
    await expect(client.getCatalog()).rejects.toBeInstanceOf(UpstreamUnavailableError)
    // 799 fits in 2000 ms; the next wait (1598) would end past the budget.
    expect(clock.delays).toEqual([799])
    expect(server.requests).toHaveLength(2)
  })

  it('retry: false makes one attempt', async () => {
    server.route('GET', CATALOG, { status: 502, json: failure('Upstream unavailable') })
    const { client } = clientWith({ retry: false })
    await expect(client.getCatalog()).rejects.toBeInstanceOf(UpstreamUnavailableError)
    expect(server.requests).toHaveLength(1)
  })

  it('acceptQuote is retried, and a 409 after a lost answer is the same order', async () => {
    const path = '/api/v1/partner/orders/q_1/accept'
    server.route(
      'POST',
      path,
      { status: 502, json: failure('Upstream unavailable') },
      { status: 409, json: failure('Quote already accepted', { order_id: 'ord_1' }) },
    )
    const { client } = clientWith()
    const result = await client.acceptQuote({ quote_id: 'q_1' })
    expect(result).toMatchObject({ alreadyAccepted: true, order_id: 'ord_1' })
    expect(server.requests).toHaveLength(2)
  })

  it('acceptQuote is retried after a dropped connection', async () => {
    const path = '/api/v1/partner/orders/q_1/accept'
    server.route('POST', path, { destroy: true }, { json: success(acceptedOrderData) })
    const { client } = clientWith()
    expect((await client.acceptQuote({ quote_id: 'q_1' })).alreadyAccepted).toBe(false)
  })

  it('revokeSigningKey (idempotent) is retried', async () => {
    const path = '/api/v1/partner/customers/pcus_1/signing-keys/skey_1/revoke'
    server.route('POST', path, { status: 503, text: '' }, { json: success(activeSigningKey) })
    const { client } = clientWith()
    await client.revokeSigningKey({ customer_id: 'pcus_1', key_id: 'skey_1' })
    expect(server.requests).toHaveLength(2)
  })

  it('createCustomer (idempotent on partner_customer_ref) is retried after a 502', async () => {
    server.route(
      'POST',
      '/api/v1/partner/customers',
      { status: 502, text: '' },
      { status: 201, json: success(incompleteCustomer) },
    )
    const { client } = clientWith()
    const created = await client.createCustomer({ partner_customer_ref: 'r', type: 'individual' })
    expect(created.id).toBe(incompleteCustomer.id)
    expect(server.requests.map((request) => request.json)).toEqual([
      { partner_customer_ref: 'r', type: 'individual' },
      { partner_customer_ref: 'r', type: 'individual' },
    ])
  })
})

describe('writes that are not idempotent', () => {
  it.each([
    ['502', { status: 502, json: failure('Upstream unavailable') }],
    ['429', { status: 429, headers: { 'Retry-After': '1' }, json: failure('Slow down') }],
    ['503', { status: 503, text: 'busy' }],
    ['dropped connection', { destroy: true as const }],
  ])('createOrder is never retried after a %s', async (_, reply) => {
    server.route('POST', '/orders/create', reply, { status: 201, json: success({}) })
    const { client, clock } = clientWith()
    const error = await client.createOrder(createOrderBody).catch((e: unknown) => e)
    expect(server.requests).toHaveLength(1)
    expect(clock.delays).toEqual([])
    if (error instanceof NetworkError) {
      expect(error.beforeSend).toBe(false)
      expect(error.details).toContain('may have reached the service')
    }
  })

  it('createOrder is never retried after a timeout', async () => {
    server.route('POST', '/orders/create', { hang: true })
    const { client } = clientWith({ timeoutMs: 40 })
    const error = await client.createOrder(createOrderBody).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).details).toContain('may have reached the service')
    expect(server.requests).toHaveLength(1)
  })

  it('createOrder is retried when the connection was refused (never sent)', async () => {
    const attempts: number[] = []
    const clock = fakeClock()
    const client = createRampClient({
      apiKey: SANDBOX_KEY,
      baseUrl: await closedPortUrl(),
      now: clock.now,
      sleep: clock.sleep,
      random: () => 0.5,
      onRequest: (info) => {
        attempts.push(info.attempt)
      },
    })
    const error = await client.createOrder(createOrderBody).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).beforeSend).toBe(true)
    expect((error as NetworkError).details).toContain('ECONNREFUSED')
    expect(attempts).toEqual([1, 2, 3])
  })

  it.each([
    [
      'createQuote',
      (c: ReturnType<typeof clientWith>['client']) => c.createQuote(quoteRequestBody),
    ],
    [
      'uploadCustomerDocument',
      (c: ReturnType<typeof clientWith>['client']) =>
        c.uploadCustomerDocument({
          customer_id: 'pcus_1',
          category: 'identity',
          content_type: 'application/pdf',
          content_base64: 'JVBERi0xLjQK',
        }),
    ],
    [
      'sendTestWebhook',
      (c: ReturnType<typeof clientWith>['client']) =>
        c.sendTestWebhook({ body: '{}', headers: { 'X-Webhook-Signature': 't=1,v1=x' } }),
    ],
  ])('%s is not retried after a 502', async (_, call) => {
    server.route('POST', '/api/v1/partner/orders/quote', { status: 502, text: '' })
    server.route('POST', '/api/v1/partner/customers/pcus_1/documents', { status: 502, text: '' })
    server.route('POST', '/webhooks/test', { status: 502, text: '' })
    const { client } = clientWith()
    await expect(call(client)).rejects.toBeInstanceOf(UpstreamUnavailableError)
    expect(server.requests).toHaveLength(1)
  })
})

describe('timeouts', () => {
  it('a server that never answers gives TimeoutError after the attempt timeout', async () => {
    server.route('GET', CATALOG, { hang: true })
    const client = createRampClient({
      apiKey: SANDBOX_KEY,
      baseUrl: server.url,
      timeoutMs: 50,
      retry: false,
    })
    const error = await client.getCatalog().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ scope: 'attempt', timeoutMs: 50 })
  })

  it('an attempt timeout is retried on a GET', async () => {
    server.route('GET', CATALOG, { hang: true }, ok)
    const { client } = clientWith({ timeoutMs: 40 })
    await client.getCatalog()
    expect(server.requests).toHaveLength(2)
  })

  /**
   * A client on the fake clock whose first attempt uses up `firstAttemptMs` of it (the server
   * never answers, so the attempt lasts its whole timeout), recording the attempts made.
   */
  function budgetClient(random: number, firstAttemptMs: number) {
    const clock = fakeClock()
    let time = 0
    const attempts: number[] = []
    const client = createRampClient({
      apiKey: SANDBOX_KEY,
      baseUrl: server.url,
      timeoutMs: 40,
      totalTimeoutMs: 70,
      retry: { maxAttempts: 5, baseDelayMs: 100 },
      random: () => random,
      now: () => clock.now() + time,
      sleep: clock.sleep,
      onRequest: (info) => {
        attempts.push(info.attempt)
        if (info.attempt === 1) time += firstAttemptMs
      },
    })
    return { client, clock, attempts }
  }

  it('the total budget bounds the last attempt', async () => {
    server.route('GET', CATALOG, { hang: true })
    // Time is the injected clock, so the outcome does not depend on machine load: attempt 1
    // uses its full 40 ms, the wait (0.1 * 100 = 10 ms) leaves 20 ms of the 70 ms budget, so
    // attempt 2 is cut to the budget and its timeout ends the operation.
    const { client, clock, attempts } = budgetClient(0.1, 40)
    const error = await client.getCatalog().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ scope: 'total', timeoutMs: 70 })
    expect(clock.delays).toEqual([10])
    expect(attempts).toEqual([1, 2])
  })

  it('no wait is taken after an attempt timeout when it would end past the budget', async () => {
    server.route('GET', CATALOG, { hang: true })
    // 40 ms used, then a 45 ms wait would end at 85 ms, past the 70 ms budget.
    const { client, clock, attempts } = budgetClient(0.45, 40)
    const error = await client.getCatalog().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ scope: 'attempt', timeoutMs: 40 })
    expect(clock.delays).toEqual([])
    expect(attempts).toEqual([1])
  })
})

describe("the caller's AbortSignal", () => {
  it('an aborted signal sends nothing', async () => {
    server.route('GET', CATALOG, ok)
    const { client } = clientWith()
    const controller = new AbortController()
    controller.abort(new Error('user left'))
    await expect(client.getCatalog({}, { signal: controller.signal })).rejects.toThrow('user left')
    expect(server.requests).toHaveLength(0)
  })

  it('aborting during a request rejects with the reason and does not retry', async () => {
    server.route('GET', CATALOG, { hang: true })
    const { client } = clientWith({ timeoutMs: 5000 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('cancelled')), 20)
    await expect(client.getCatalog({}, { signal: controller.signal })).rejects.toThrow('cancelled')
    expect(server.requests).toHaveLength(1)
  })

  it('aborting during a backoff wait stops the retries', async () => {
    server.route('GET', CATALOG, { status: 502, text: '' })
    const controller = new AbortController()
    const client = createRampClient({
      apiKey: SANDBOX_KEY,
      baseUrl: server.url,
      retry: { baseDelayMs: 10_000, maxDelayMs: 10_000 },
      random: () => 0.5,
    })
    setTimeout(() => controller.abort(new Error('stop')), 30)
    await expect(client.getCatalog({}, { signal: controller.signal })).rejects.toThrow('stop')
    expect(server.requests).toHaveLength(1)
  })

  it('an injected sleep that ignores the signal is still checked after the wait', async () => {
    server.route('GET', CATALOG, { status: 502, text: '' })
    const controller = new AbortController()
    const { client } = clientWith({
      sleep: async () => {
        controller.abort(new Error('late stop'))
      },
    })
    await expect(client.getCatalog({}, { signal: controller.signal })).rejects.toThrow('late stop')
  })
})

describe('hooks', () => {
  it('onRequest and onResponse see every attempt, never the key', async () => {
    server.route('GET', CATALOG, { status: 502, text: '' }, ok)
    const seen: RampRequestInfo[] = []
    const statuses: number[] = []
    const { client } = clientWith({
      userAgent: 'shop/1.0',
      onRequest: (info) => {
        seen.push(info)
      },
      onResponse: (info) => {
        statuses.push(info.status)
        expect(JSON.stringify(info)).not.toContain(SANDBOX_KEY)
      },
    })
    await client.getCatalog()
    expect(seen.map((info) => info.attempt)).toEqual([1, 2])
    expect(seen[0]).toMatchObject({ operation: 'getCatalog', method: 'GET' })
    expect(seen[0]?.headers['User-Agent']).toBe('shop/1.0')
    expect(JSON.stringify(seen)).not.toContain(SANDBOX_KEY)
    expect(statuses).toEqual([502, 200])
    expect(server.requests[0]?.headers['user-agent']).toBe('shop/1.0')
  })

  it('an error thrown by a hook reaches the caller unretried', async () => {
    server.route('GET', CATALOG, ok)
    const { client } = clientWith({
      onRequest: () => {
        throw new Error('hook failed')
      },
    })
    await expect(client.getCatalog()).rejects.toThrow('hook failed')
    expect(server.requests).toHaveLength(0)
  })
})

describe('retry building blocks', () => {
  it('defaultSleep waits and rejects on abort', async () => {
    await expect(defaultSleep(1)).resolves.toBeUndefined()
    const controller = new AbortController()
    const waiting = defaultSleep(10_000, controller.signal)
    controller.abort(new Error('abort'))
    await expect(waiting).rejects.toThrow('abort')
    await expect(defaultSleep(1, controller.signal)).rejects.toThrow('abort')
  })

  it('failedBeforeSend reads runtime codes through the cause chain', () => {
    const refused = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })
    expect(failedBeforeSend(refused)).toBe(true)
    expect(failedBeforeSend(new TypeError('Failed to fetch'))).toBe(false)
    expect(failedBeforeSend(new TypeError('x', { cause: { code: 'ECONNRESET' } }))).toBe(false)
  })

  it('isRetryable follows the mode', () => {
    const sent = new NetworkError('x', { beforeSend: false })
    const notSent = new NetworkError('x', { beforeSend: true })
    const attemptTimeout = new TimeoutError('x', { timeoutMs: 1, scope: 'attempt' })
    const totalTimeout = new TimeoutError('x', { timeoutMs: 1, scope: 'total' })
    const unavailable = new ServiceUnavailableError({ status: 503, message: 'x' })
    const bad = new BadRequestError({ status: 400, message: 'x' })
    expect(isRetryable(sent, 'idempotent')).toBe(true)
    expect(isRetryable(sent, 'beforeSend')).toBe(false)
    expect(isRetryable(notSent, 'beforeSend')).toBe(true)
    expect(isRetryable(attemptTimeout, 'idempotent')).toBe(true)
    expect(isRetryable(attemptTimeout, 'beforeSend')).toBe(false)
    expect(isRetryable(totalTimeout, 'idempotent')).toBe(false)
    expect(isRetryable(unavailable, 'idempotent')).toBe(true)
    expect(isRetryable(unavailable, 'beforeSend')).toBe(false)
    expect(isRetryable(bad, 'idempotent')).toBe(false)
    expect(isRetryable(new Error('bug'), 'idempotent')).toBe(false)
  })

  it('retryDelay: Retry-After first, then jittered capped backoff', () => {
    const config = { baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000, random: () => 0.5 }
    const limited = new RateLimitedError({ status: 429, message: 'x', retryAfter: 1.5 })
    expect(retryDelay(limited, 1, config)).toBe(1500)
    const tooLong = new RateLimitedError({ status: 429, message: 'x', retryAfter: 6 })
    expect(retryDelay(tooLong, 1, config)).toBeUndefined()
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(new Error('x'), n, config))).toEqual([
      50, 100, 200, 400, 500, 500,
    ])
  })
})
