import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { NetworkError, RampApiError, ValidationError } from '../errors/index.js'
import { failure, startTestServer, success, type TestServer } from '../test-utils/httpServer.js'
import { createKitClient, type KitClient } from './client.js'

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
    const data = await client.request<{ quote_id: string }>('quotes', {
      method: 'POST',
      body: { amount_fiat: 1500 },
      headers: { 'idempotency-key': 'k1' },
    })
    expect(data).toEqual({ quote_id: 'q_1' })
    const [sent] = server.requests
    expect(sent?.json).toEqual({ amount_fiat: 1500 })
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
    const error = await client.request('quotes', { method: 'POST', body: {} }).catch((e) => e)
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
