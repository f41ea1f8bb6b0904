import { KIT_ROUTES } from '@rampkit/core/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, type KitHarness, sandboxForFile, startKit, TRANSPORTS } from '../../test/kit.js'

const sandbox = sandboxForFile('reads')

describe.each(TRANSPORTS)('catalog-like reads through %s', (transport) => {
  let kit: KitHarness
  beforeAll(async () => {
    kit = await startKit(sandbox, transport, { keyIndex: transport === 'http' ? 1 : 0 })
  })
  afterAll(() => kit?.close())

  it('serves every read of the route table in the service envelope', async () => {
    const user = browser(kit)
    const reads: [string, (data: Record<string, unknown>) => void][] = [
      [`${KIT_ROUTES.catalog}?country=KE`, (d) => expect(d.onramp).toBeDefined()],
      [
        `${KIT_ROUTES.corridors}?country=KE`,
        (d) => expect(d.african_markets).toBeInstanceOf(Array),
      ],
      [
        `${KIT_ROUTES.banks}?country=KE&currency=KES&order_type=OnRamp&payment_method_type=bank`,
        (d) => expect(d.banks).toHaveLength(3),
      ],
      [
        `${KIT_ROUTES.paymentMethods}?country=KE&order_type=OnRamp`,
        (d) => expect(d.onramp).toBeInstanceOf(Array),
      ],
      [
        `${KIT_ROUTES.orderRequirements}?country=KE&currency=KES&order_type=OffRamp`,
        (d) => expect(d.order).toEqual(['refund_address', 'crypto_amount', 'asset']),
      ],
      [`${KIT_ROUTES.rates}?fiat=kes,ngn`, (d) => expect(d.requested).toEqual(['KES', 'NGN'])],
      [`${KIT_ROUTES.preview}?amount_fiat=1000&token=USDC`, (d) => expect(d.symbol).toBe('USDC')],
    ]
    for (const [path, check] of reads) {
      const res = await user.get(path)
      expect(res.status, path).toBe(200)
      const body = await user.json<{ status: string; data: Record<string, unknown> }>(res)
      expect(body.status).toBe('success')
      check(body.data)
    }
  })

  it('caches catalog-like reads for the TTL and says so to the browser', async () => {
    const user = browser(kit)
    const before = kit.upstreamCount('/api/v1/partner/corridors')
    const first = await user.get(`${KIT_ROUTES.corridors}?country=GH`)
    const second = await user.get(`${KIT_ROUTES.corridors}?country=gh`)
    expect(await second.json()).toEqual(await first.json())
    expect(kit.upstreamCount('/api/v1/partner/corridors') - before).toBe(1)
    expect(first.headers.get('cache-control')).toBe('private, max-age=30')
  })

  it('coalesces 50 concurrent identical catalog reads into one upstream call', async () => {
    const before = kit.upstreamCount('/api/v1/partner/catalog')
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        kit.call(`${KIT_ROUTES.catalog}?country=NG&order_type=OnRamp`),
      ),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200))
    expect(kit.upstreamCount('/api/v1/partner/catalog') - before).toBe(1)
  })

  it('never sends an invalid query upstream: 422 with data.field', async () => {
    const before = kit.upstream.length
    const cases: [string, string][] = [
      [`${KIT_ROUTES.catalog}?country=KEN`, 'country'],
      [`${KIT_ROUTES.corridors}?order_type=Sideways`, 'order_type'],
      [`${KIT_ROUTES.banks}?country=KE&currency=KES&order_type=OnRamp`, 'payment_method_type'],
      [`${KIT_ROUTES.paymentMethods}?currency=KESS`, 'currency'],
      [`${KIT_ROUTES.orderRequirements}?country=KE&currency=KES`, 'order_type'],
      [
        `${KIT_ROUTES.orderRequirements}?country=KE&currency=KES&order_type=OnRamp&customer_type=bank`,
        'customer_type',
      ],
      [`${KIT_ROUTES.rates}?fiat=KES,DOLLARS`, 'fiat'],
      [KIT_ROUTES.rates, 'fiat'],
      [`${KIT_ROUTES.preview}?amount_fiat=-5&token=USDC`, 'amount_fiat'],
      [`${KIT_ROUTES.preview}?amount_fiat=100&token=USDC&order_type=2`, 'order_type'],
    ]
    for (const [path, field] of cases) {
      const res = await kit.call(path)
      expect(res.status, path).toBe(422)
      expect(await res.json(), path).toMatchObject({ status: 'error', data: { field } })
    }
    expect(kit.upstream.length).toBe(before)
  })

  it('passes the service 400/422 with their public hints only', async () => {
    const unknown = await kit.call(`${KIT_ROUTES.preview}?amount_fiat=1000&token=DOGE`)
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ status: 'error', data: { code: 'unknown_token' } })
    const unsupported = await kit.call(`${KIT_ROUTES.corridors}?country=EG`)
    expect(unsupported.status).toBe(422)
    const body = (await unsupported.json()) as { data: Record<string, unknown> }
    expect(
      Object.keys(body.data).every((key) => ['country', 'currency', 'field'].includes(key)),
    ).toBe(true)
  })

  it('maps a forced 502 to a generic 502 and a forced 429 to 429 with Retry-After', async () => {
    sandbox.admin.forceFault({ status: 502, count: 3, path: '/api/v1/partner/corridors' })
    const outage = await kit.call(`${KIT_ROUTES.corridors}?country=UG`)
    expect(outage.status).toBe(502)
    const outageBody = (await outage.json()) as { message: string; data: unknown }
    expect(outageBody.data).toBeNull()
    expect(outageBody.message).not.toMatch(/forced|sandbox|upstream_http_status/i)

    sandbox.admin.forceFault({ status: 429, count: 1, retryAfterSeconds: 120, path: '/quote' })
    const limited = await kit.call(`${KIT_ROUTES.preview}?amount_fiat=777&token=USDT`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('120')
  })

  it('answers 503 generically when the corridor is not configured', async () => {
    const res = await kit.call(`${KIT_ROUTES.catalog}?country=CM`)
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ status: 'error', data: null })
  })

  it('serves the config from GET /meta/tokens', async () => {
    const res = await kit.call(KIT_ROUTES.config)
    const body = (await res.json()) as { data: Record<string, unknown> }
    expect(body.data).toEqual({
      environment: 'sandbox',
      chain_id: 31337,
      spender: sandbox.chain?.spender,
      sse: true,
      signed_accepts: false,
      customer_mode: 'inline',
    })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('sends secure headers and never an open CORS policy', async () => {
    const res = await kit.call(KIT_ROUTES.config, { headers: { origin: 'https://evil.example' } })
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const allowed = await kit.call(KIT_ROUTES.config, {
      headers: { origin: 'https://shop.example' },
    })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example')
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true')
    const preflight = await kit.call(KIT_ROUTES.quotes, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
  })

  it('answers unknown paths with a 404 envelope: no open proxy', async () => {
    for (const path of [
      '/api/v1/partner/customers',
      '/partner/catalog',
      '/orders/me',
      '/meta/tokens',
    ]) {
      const res = await kit.call(path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toMatchObject({ status: 'error' })
    }
  })
})
