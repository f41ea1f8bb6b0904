import { describe, expect, it } from 'vitest'
import { createTestApp, OTHER_KEY } from '../test/app.js'
import { MAX_BODY_BYTES } from './http/body.js'

describe('authentication (spec section 5)', () => {
  const { call } = createTestApp()

  it('answers 401 Missing API key with data null when the key is absent', async () => {
    for (const path of ['/api/v1/partner/corridors?country=KE', '/orders/me', '/__sandbox/clock']) {
      const { status, body } = await call(path, { key: null })
      expect(status).toBe(401)
      expect(body).toEqual({ status: 'error', message: 'Missing API key', data: null })
    }
    const post = await call('/orders/create', { method: 'POST', key: null, body: {} })
    expect(post.status).toBe(401)
    expect(post.body.message).toBe('Missing API key')
    expect(post.body.data).toBeNull()
  })

  it('treats a blank key as missing', async () => {
    const { status, body } = await call('/orders/me', { key: '   ' })
    expect(status).toBe(401)
    expect(body.message).toBe('Missing API key')
  })

  it('answers 401 for an unknown key', async () => {
    const { status, body } = await call('/orders/me', { key: 'is_test_nobody_has_this' })
    expect(status).toBe(401)
    expect(body).toEqual({ status: 'error', message: 'Invalid API key', data: null })
  })

  it('refuses a production key and names the environment', async () => {
    const { status, body } = await call('/orders/me', { key: 'is_live_abcdef123456' })
    expect(status).toBe(401)
    expect(body.message).toMatch(/production/)
    expect(body.message).toMatch(/sandbox/)
    expect(body.data).toBeNull()
  })

  it('lets GET /quote, GET /meta/tokens and POST /webhooks/test through without a key', async () => {
    // No chain in this app: the token routes answer 502 (upstream), not 401.
    expect((await call('/quote?amount_fiat=100&token=USDC', { key: null })).status).not.toBe(401)
    expect((await call('/meta/tokens', { key: null })).status).not.toBe(401)
    expect((await call('/webhooks/test', { method: 'POST', key: null, body: {} })).status).toBe(401)
  })

  it('accepts every configured key as its own user', async () => {
    expect((await call('/orders/me', { key: OTHER_KEY })).status).toBe(200)
  })
})

describe('envelope on every answer', () => {
  const { call, app } = createTestApp()

  it('answers unknown routes with a 404 envelope', async () => {
    const { status, body } = await call('/api/v1/partner/nope')
    expect(status).toBe(404)
    expect(body).toMatchObject({ status: 'error', data: null })
    expect((await call('/nothing/here', { key: null })).status).toBe(404)
  })

  it('answers a wrong method with 405, an Allow header and the envelope', async () => {
    const { status, body, headers } = await call('/api/v1/partner/catalog', {
      method: 'POST',
      body: {},
    })
    expect(status).toBe(405)
    expect(headers.get('allow')).toBe('GET')
    expect(body).toMatchObject({ status: 'error', data: null })
    expect((await call('/orders/create')).status).toBe(405)
  })

  it('answers 413 in the envelope for a 2 MB body', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) })
    const { status, body } = await call('/orders/create', { method: 'POST', body: big })
    expect(status).toBe(413)
    expect(body).toMatchObject({ status: 'error', data: { max_bytes: MAX_BODY_BYTES } })
  })

  it('counts streamed bytes when Content-Length is absent', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(256 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 8) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const response = await app.request('/orders/create', {
      method: 'POST',
      headers: { 'X-API-Key': 'is_test_unit_key_one', 'Content-Type': 'application/json' },
      body: stream,
      // @ts-expect-error Node's fetch needs duplex for a streamed body
      duplex: 'half',
    })
    expect(response.status).toBe(413)
  })

  it('answers malformed JSON, a non-object body, a missing body and a wrong content type', async () => {
    const malformed = await call('/orders/create', { method: 'POST', body: '{"user_address":' })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/JSON/),
    })
    expect((await call('/orders/create', { method: 'POST', body: '[1,2]' })).status).toBe(400)
    expect((await call('/orders/create', { method: 'POST', body: 'null' })).status).toBe(400)
    expect((await call('/orders/create', { method: 'POST' })).status).toBe(400)
    const text = await call('/orders/create', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(text.status).toBe(415)
    expect(text.body.data).toEqual({ field: 'Content-Type' })
  })
})

describe('forced faults (admin control)', () => {
  it('answers the next call 429 with Retry-After, then recovers', async () => {
    const { call } = createTestApp()
    const set = await call('/__sandbox/faults', {
      method: 'POST',
      body: { status: 429, retry_after: 7, path: '/api/v1/partner/corridors' },
    })
    expect(set.status).toBe(200)
    const limited = await call('/api/v1/partner/corridors?country=KE')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('7')
    expect(limited.body).toMatchObject({ status: 'error', data: { retry_after: 7 } })
    expect((await call('/api/v1/partner/corridors?country=KE')).status).toBe(200)
  })

  it('answers 502 with upstream_http_status and 503 for the given count', async () => {
    const { call } = createTestApp()
    await call('/__sandbox/faults', { method: 'POST', body: { status: 502, count: 2 } })
    const first = await call('/api/v1/partner/rates/indicative?fiat=KES')
    expect(first.status).toBe(502)
    expect(first.body.data).toEqual({ upstream_http_status: 503 })
    expect((await call('/api/v1/partner/rates/indicative?fiat=KES')).status).toBe(502)
    expect((await call('/api/v1/partner/rates/indicative?fiat=KES')).status).toBe(200)
    await call('/__sandbox/faults', { method: 'POST', body: { status: 503 } })
    expect((await call('/api/v1/partner/rates/indicative?fiat=KES')).status).toBe(503)
  })

  it('validates fault requests and never affects admin routes', async () => {
    const { call } = createTestApp()
    expect(
      (await call('/__sandbox/faults', { method: 'POST', body: { status: 500 } })).status,
    ).toBe(422)
    await call('/__sandbox/faults', { method: 'POST', body: { status: 502 } })
    expect((await call('/__sandbox/clock')).status).toBe(200)
  })
})
