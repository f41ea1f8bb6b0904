import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { quoteRequestBody } from '../../test/fixtures.js'
import { failure, startTestServer, success, type TestServer } from '../../test/httpServer.js'
import { NetworkError, RampApiError, ValidationError } from '../errors/index.js'
import type { MetaTokens, Quote, QuoteRequest } from '../schemas/index.js'
import { createKitClient, type KitClient, type KitRequest, type KitRequestFor } from './client.js'
import { KIT_API, type KitRequestRoute } from './routes.js'
import type { KitOrder, WalletProof } from './schemas.js'

let server: TestServer
let client: KitClient

beforeAll(async () => {
  server = await startTestServer()
  client = createKitClient({ endpoint: `${server.url}/api/ramp/`, headers: { 'x-csrf': 't1' } })
})
afterEach(() => server.reset())
afterAll(() => server.close())

describe('createKitClient().url', () => {
  it('fills and encodes route parameters under the mount point', () => {
    expect(client.url('acceptQuote', { quoteId: 'q 1/2' })).toBe(
      `${server.url}/api/ramp/quotes/q%201%2F2/accept`,
    )
  })

  it('leaves undefined, null and empty query values out', () => {
    const url = new URL(
      client.url('catalog', {}, { country: 'KE', currency: undefined, limit: null, q: '', n: 0 }),
    )
    expect([...url.searchParams]).toEqual([
      ['country', 'KE'],
      ['n', '0'],
    ])
  })

  it('refuses a route whose parameter is missing', () => {
    expect(() => client.url('order')).toThrow(/Missing route parameter orderId for order/)
  })
})

describe('createKitClient().request', () => {
  it("resolves to the envelope's data and sends the client's and the call's headers", async () => {
    server.route('POST', '/api/ramp/quotes', { json: success({ quote_id: 'q_1' }) })
    const data = await client.request('quotes', {
      body: quoteRequestBody,
      headers: { 'idempotency-key': 'k1' },
    })
    expect(data).toEqual({ quote_id: 'q_1' })
    const [sent] = server.requests
    expect(sent?.method).toBe('POST')
    expect(sent?.json).toEqual(quoteRequestBody)
    expect(sent?.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-csrf': 't1',
      'idempotency-key': 'k1',
    })
  })

  it("rejects with core's typed error, keeping data.field", async () => {
    server.route('POST', '/api/ramp/quotes', {
      status: 422,
      json: failure('Enter a first and last name.', { field: 'customer.name' }),
    })
    const error = await client.request('quotes', { body: quoteRequestBody }).catch((e) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({ status: 422, field: 'customer.name' })
  })

  it('treats a 2xx that is not the envelope as an error', async () => {
    server.route('GET', '/api/ramp/config', { text: '<html>proxy</html>' })
    await expect(client.request('config')).rejects.toBeInstanceOf(RampApiError)
  })

  it('rejects with NetworkError when the connection fails', async () => {
    server.route('GET', '/api/ramp/tokens', { destroy: true })
    await expect(client.request('tokens')).rejects.toBeInstanceOf(NetworkError)
  })

  it('rethrows an abort as it is, not as a network error', async () => {
    server.route('GET', '/api/ramp/tokens', { hang: true })
    const controller = new AbortController()
    const pending = client.request('tokens', { signal: controller.signal })
    controller.abort()
    const error = await pending.catch((e) => e)
    expect(error).not.toBeInstanceOf(NetworkError)
    expect((error as Error).name).toBe('AbortError')
  })
})

describe('createKitClient().request and KIT_API', () => {
  // Calls a route the way a caller without types would: every route through one signature.
  const untyped = () => client.request as (route: string, init?: KitRequest) => Promise<unknown>
  const requestRoutes = (Object.keys(KIT_API) as (keyof typeof KIT_API)[]).filter(
    (route): route is KitRequestRoute =>
      !(KIT_API[route].guards as readonly string[]).includes('webhookSignature') &&
      !('answers' in KIT_API[route]),
  )

  it('sends every route with its method from KIT_API, callers passing none', async () => {
    expect(requestRoutes.length).toBeGreaterThanOrEqual(18)
    for (const route of requestRoutes) {
      const { method, path } = KIT_API[route]
      const params = Object.fromEntries(
        [...path.matchAll(/:(\w+)/g)].map(([, name]) => [name as string, `${name}_1`]),
      )
      const sentPath = path.replace(/:(\w+)/g, (_, name: string) => `${name}_1`)
      server.route(method, `/api/ramp${sentPath}`, { json: success({ route }) })
      const body = method === 'POST' ? {} : undefined
      await expect(untyped()(route, { params, body }), route).resolves.toEqual({ route })
      expect(server.requests.at(-1), route).toMatchObject({ method, path: `/api/ramp${sentPath}` })
    }
  })

  it("sends a Blob body as its bytes with the Blob's type (a document upload)", async () => {
    server.route('POST', '/api/ramp/customer/documents', { json: success({ status: 'none' }) })
    const file = new Blob(['%PDF-1.7 body'], { type: 'application/pdf' })
    await client.request('customerDocuments', { query: { category: 'identity' }, body: file })
    const sent = server.requests.at(-1)
    expect(sent).toMatchObject({ path: '/api/ramp/customer/documents', body: '%PDF-1.7 body' })
    expect(sent?.headers['content-type']).toBe('application/pdf')
  })

  it("refuses a method other than the route's before sending anything", async () => {
    const wrong = untyped()('config', { method: 'POST' })
    await expect(wrong).rejects.toThrow(/config is GET \/config, not POST/)
    await expect(untyped()('quotes', { method: 'GET' })).rejects.toThrow(TypeError)
    expect(server.requests).toEqual([])
  })

  it('types each answer from KitApi, and each request from the route it names', () => {
    // Instantiation expressions: the types of a call, without sending it.
    expectTypeOf(client.request<'tokens'>).returns.resolves.toEqualTypeOf<MetaTokens>()
    expectTypeOf(client.request<'order'>).returns.resolves.toEqualTypeOf<KitOrder>()
    expectTypeOf(client.request<'orders'>).returns.resolves.toEqualTypeOf<KitOrder[]>()
    expectTypeOf<KitRequestFor<'quotes'>['body']>().toEqualTypeOf<QuoteRequest>()
    expectTypeOf<KitRequestFor<'order'>['params']>().toEqualTypeOf<{ orderId: string }>()
    expectTypeOf(client.request<'walletProof'>).returns.resolves.toEqualTypeOf<WalletProof>()
    expectTypeOf(client.request<'quotes'>).returns.resolves.toEqualTypeOf<Quote>()

    // Never called: each line is checked by the type checker (pnpm typecheck), not run.
    const refusedByTypes = () => {
      // @ts-expect-error: the order's path needs params.orderId
      void client.request('order')
      // @ts-expect-error: the order's path needs params.orderId, not another name
      void client.request('order', { params: { id: 'ord_1' } })
      // @ts-expect-error: a quote needs a body
      void client.request('quotes', {})
      // @ts-expect-error: not a quote request (no order_type, asset, payment_method…)
      void client.request('quotes', { body: { amount_fiat: 1500 } })
      // @ts-expect-error: GET /tokens takes no body
      void client.request('tokens', { body: {} })
      // @ts-expect-error: a route's method is the one KIT_API gives it
      void client.request('config', { method: 'POST' })
      // @ts-expect-error: a wallet proof's body is { message, signature }
      void client.request('walletProofs', { body: { address: '0x1' } })
      // @ts-expect-error: the events stream is opened with EventSource at client.url(…)
      void client.request('orderEvents', { params: { orderId: 'ord_1' } })
      // @ts-expect-error: only the service calls the webhook receiver
      void client.request('webhooks', { body: {} })
    }
    expect(refusedByTypes).toBeTypeOf('function')
  })
})
