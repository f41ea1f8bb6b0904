import {
  InsufficientAllowanceError,
  InsufficientBalanceError,
  TokenEnvironmentError,
  UnknownTokenError,
  UpstreamUnavailableError,
} from '@rampkit/core'
import { createRampClient } from '@rampkit/core/client'
import { buildWebhookHeaders } from '@rampkit/core/webhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  failure,
  freshAddress,
  KE_SETTLES,
  KEY_B,
  startTestSandbox,
  type TestSandbox,
  WEBHOOK_SECRET,
} from '../../test/sandbox.js'

/**
 * Conformance of the direct order routes (spec 4.15 to 4.19) with sections 5, 7 and 8 over
 * HTTP against a real sandbox and chain: allowance and balances are read on the chain and the
 * service's transactions are real.
 */
let t: TestSandbox

beforeAll(async () => {
  t = await startTestSandbox()
})
afterAll(async () => {
  await t?.stop()
})

describe('4.15 token preview (GET /quote, no key)', () => {
  it('returns rate in KES per token after markup, token amount, echo, symbol, decimals', async () => {
    const preview = await t
      .client()
      .getTokenPreview({ amount_fiat: 1000, token: 'WXM', order_type: '1' })
    expect(preview).toMatchObject({ fiat_paid: 1000, symbol: 'WXM', decimals: 18 })
    expect(preview.rate).toBeCloseTo(129.25 * 0.42 * 0.985, 3)
    expect(preview.token_amount).toBeCloseTo(1000 / preview.rate, 5)
    const raw = await t.raw('/quote?amount_fiat=1000&token=USDC', { key: null })
    expect(raw.status).toBe(200)
    expect(raw.body.data).toMatchObject({ symbol: 'USDC', decimals: 6, rate: 131.1888 })
  })

  it('answers 400 with the codes bad_order_type, unknown_token and token_env_mismatch', async () => {
    const badType = await t.raw('/quote?amount_fiat=100&token=USDC&order_type=2', { key: null })
    expect([badType.status, badType.body.code]).toEqual([400, 'bad_order_type'])
    const unknown = await failure(t.client().getTokenPreview({ amount_fiat: 100, token: 'DOGE' }))
    expect(unknown).toBeInstanceOf(UnknownTokenError)
    expect(unknown.code).toBe('unknown_token')
    const mismatch = await failure(
      t.client().getTokenPreview({ amount_fiat: 100, token: 'BASE_USDC' }),
    )
    expect(mismatch).toBeInstanceOf(TokenEnvironmentError)
    expect(mismatch.code).toBe('token_env_mismatch')
    expect(mismatch.message).toMatch(/production/)
    expect(mismatch.data).toMatchObject({ token: 'BASE_USDC' })
  })

  it('answers 502 for a price provider error (forced), which the client retries', async () => {
    t.sandbox.admin.forceFault({ status: 502, path: '/quote' })
    const raw = await t.raw('/quote?amount_fiat=100&token=USDC', { key: null })
    expect(raw.status).toBe(502)
    expect(raw.body).toEqual({
      status: 'error',
      message: 'Price provider temporarily unavailable (forced by the sandbox)',
      data: { upstream_http_status: 503 },
    })

    t.sandbox.admin.forceFault({ status: 502, path: '/quote' })
    const keyless = createRampClient({ baseUrl: t.sandbox.url, retry: false })
    const error = await failure(keyless.getTokenPreview({ amount_fiat: 100, token: 'USDC' }))
    expect(error).toBeInstanceOf(UpstreamUnavailableError)
    expect(error).toMatchObject({ status: 502, upstreamStatus: 503 })
    expect(error.message).toMatch(/price provider/i)

    // With its default retries (waits recorded on an injected clock, not slept) the client
    // gets the preview on the second attempt.
    t.sandbox.admin.forceFault({ status: 502, path: '/quote' })
    const waits: number[] = []
    let attempts = 0
    const retrying = createRampClient({
      baseUrl: t.sandbox.url,
      sleep: async (ms) => {
        waits.push(ms)
      },
      random: () => 0.5,
      onRequest: () => {
        attempts++
      },
    })
    const preview = await retrying.getTokenPreview({ amount_fiat: 100, token: 'USDC' })
    expect(preview).toMatchObject({ fiat_paid: 100, symbol: 'USDC' })
    expect(attempts).toBe(2)
    expect(waits).toEqual([125])
  })

  it('answers 422 for a missing or non-positive amount', async () => {
    for (const query of [
      'token=USDC',
      'token=USDC&amount_fiat=0',
      'token=USDC&amount_fiat=-5',
      'token=USDC&amount_fiat=1e3',
    ]) {
      const { status, body } = await t.raw(`/quote?${query}`, { key: null })
      expect([status, body.data.field]).toEqual([422, 'amount_fiat'])
    }
  })
})

describe('4.19 GET /meta/tokens', () => {
  it('lists the chain tokens with 6 and 18 decimals and the spender', async () => {
    const tokens = await t.client().getTokens()
    expect(tokens.environment).toBe('sandbox')
    expect(tokens.spender).toBe(t.chain.spender)
    expect(tokens.tokens.map((token) => [token.symbol, token.decimals])).toEqual([
      ['USDC', 6],
      ['USDT', 6],
      ['WXM', 18],
    ])
    expect(
      tokens.tokens.find((token) => token.symbol === 'USDT')?.requires_zero_allowance_reset,
    ).toBe(true)
  })
})

describe('4.16 POST /orders/create', () => {
  const onRamp = (overrides: Record<string, unknown> = {}) => ({
    user_address: freshAddress(),
    token: t.token('USDC').address,
    order_type: 0 as const,
    // The sandbox guide's success number: the order settles.
    fiat_payload: { amount_fiat: 2000, phone_number: KE_SETTLES, currency: 'KES' },
    ...overrides,
  })

  it('creates an on-ramp order (201) with a real creation tx and pays the tokens out at settlement', async () => {
    const request = onRamp()
    const created = await t.raw('/orders/create', { method: 'POST', body: request })
    expect(created.status).toBe(201)
    expect(created.body.message).toMatch(/submitted/)
    const order = created.body.data
    expect(order).toMatchObject({ status: 'submitted', fiat_paid: 2000, rate_used: 131.1888 })
    expect(order.amount_sent).toBe(Math.floor((2000 / 131.1888) * 1e6) / 1e6)
    expect(await t.receiptStatus(order.tx_hash)).toBe('success')
    await t.sandbox.admin.advance(4_000)
    const byTx = await t.client().getOrderByTxHash({ tx_hash: order.tx_hash })
    expect(byTx.status).toBe('settled')
    expect(await t.receiptStatus(byTx.settlement_transaction_hash as `0x${string}`)).toBe('success')
    expect(await t.chain.balanceOf(t.token('USDC').address, request.user_address)).toBe(
      t.units('USDC', order.amount_sent.toFixed(6)),
    )
  })

  it('refuses an off-ramp without allowance: insufficient_allowance with base-unit strings', async () => {
    const seller = t.wallet(1)
    const request = {
      user_address: seller.address,
      token: t.token('WXM').address,
      order_type: 1 as const,
      fiat_payload: { amount_fiat: 5000, cashout_type: 'PHONE', phone_number: '0712345678' },
    }
    const raw = await t.raw('/orders/create', { method: 'POST', body: request })
    expect(raw.status).toBe(400)
    expect(raw.body.code).toBe('insufficient_allowance')
    expect(raw.body.data.current).toBe('0')
    expect(raw.body.data.required).toMatch(/^\d{19,}$/)
    const error = await failure(t.client().createOrder(request))
    expect(error).toBeInstanceOf(InsufficientAllowanceError)
    expect(error.required).toBe(BigInt(raw.body.data.required))
    expect(error.current).toBe(0n)
  })

  it('pulls the tokens of an off-ramp through the spender once approved (18 decimals)', async () => {
    const seller = t.wallet(2)
    const wxm = t.token('WXM').address
    const before = await t.chain.balanceOf(wxm, seller.address)
    const treasuryBefore = await t.chain.balanceOf(wxm, t.chain.treasury)
    await seller.approve('WXM', t.units('WXM', '1000'))
    const created = await t.client().createOrder({
      user_address: seller.address,
      token: wxm,
      order_type: 1,
      fiat_payload: { amount_fiat: 5000, cashout_type: 'PHONE', phone_number: '+254712345678' },
    })
    expect(created.status).toBe('submitted')
    expect(await t.receiptStatus(created.tx_hash as `0x${string}`)).toBe('success')
    const pulled = t.units('WXM', created.amount_sent.toFixed(6))
    expect(await t.chain.balanceOf(wxm, seller.address)).toBe(before - pulled)
    expect(await t.chain.balanceOf(wxm, t.chain.treasury)).toBe(treasuryBefore + pulled)
  })

  it('refuses an off-ramp above the balance: required and current', async () => {
    const seller = t.wallet(3)
    const usdt = t.token('USDT')
    const balance = await t.chain.balanceOf(usdt.address, seller.address)
    await seller.transfer('USDT', t.wallet(4).address, balance)
    await seller.approve('USDT', t.units('USDT', '100000'))
    const error = await failure(
      t.client().createOrder({
        user_address: seller.address,
        token: usdt.address,
        order_type: 1,
        fiat_payload: { amount_fiat: 1000, phone_number: '+254712345678' },
      }),
    )
    expect(error).toBeInstanceOf(InsufficientBalanceError)
    expect(error.code).toBe('insufficient_balance')
    expect(error.current).toBe(0n)
    expect(error.required).toBeGreaterThan(0n)
  })

  it('answers 400 with data.token and a hint for a token not configured here', async () => {
    const unknown = await t.raw('/orders/create', {
      method: 'POST',
      body: onRamp({ token: '0x1111111111111111111111111111111111111111' }),
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.data).toMatchObject({
      token: '0x1111111111111111111111111111111111111111',
      hint: expect.stringMatching(/meta\/tokens/),
    })
    const production = await failure(
      t.client().createOrder(onRamp({ token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' })),
    )
    expect(production).toBeInstanceOf(TokenEnvironmentError)
    expect(production.message).toMatch(/production/)
  })

  it('answers 401 Missing API key with data null, 400 bad_order_type and 422 data.field', async () => {
    const missing = await t.raw('/orders/create', { method: 'POST', key: null, body: onRamp() })
    expect(missing.body).toEqual({ status: 'error', message: 'Missing API key', data: null })
    const badType = await t.raw('/orders/create', {
      method: 'POST',
      body: onRamp({ order_type: 2 }),
    })
    expect([badType.status, badType.body.code]).toEqual([400, 'bad_order_type'])
    const cases: [Record<string, unknown>, string][] = [
      [{ user_address: '0x123' }, 'user_address'],
      [{ fiat_payload: {} }, 'fiat_payload.amount_fiat'],
      [{ fiat_payload: { amount_fiat: 1 } }, 'fiat_payload.amount_fiat'],
      [{ fiat_payload: { amount_fiat: 1e300 } }, 'fiat_payload.amount_fiat'],
      [{ fiat_payload: { amount_fiat: 500, currency: 'JPY' } }, 'fiat_payload.currency'],
      [{ fiat_payload: { amount_fiat: 500, phone_number: '12' } }, 'fiat_payload.phone_number'],
      [
        { order_type: 1, fiat_payload: { amount_fiat: 500, cashout_type: 'BANK' } },
        'fiat_payload.bank_code',
      ],
    ]
    for (const [overrides, field] of cases) {
      const { status, body } = await t.raw('/orders/create', {
        method: 'POST',
        body: onRamp(overrides),
      })
      expect([status, body.data?.field]).toEqual([422, field])
    }
  })
})

describe('4.17 GET /orders/me and 4.19 GET /orders/tx/{hash}', () => {
  it('lists only the key user orders, newest first, upper-case status, ISO timestamps with ms', async () => {
    const mine = await t.client(KEY_B).createOrder({
      user_address: freshAddress(),
      token: t.token('USDT').address,
      order_type: 0,
      fiat_payload: { amount_fiat: 300, phone_number: KE_SETTLES },
    })
    const list = await t.client(KEY_B).listMyOrders()
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      status: 'PENDING',
      order_type: 'OnRamp',
      token: 'USDT',
      currency: 'KES',
      creation_transaction_hash: mine.tx_hash,
    })
    expect(list[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const foreign = await failure(t.client().getOrderByTxHash({ tx_hash: mine.tx_hash }))
    expect(foreign.status).toBe(404)
    await t.sandbox.admin.advance(5_000)
    const settled = await t.client(KEY_B).listMyOrders({ status: 'settled' })
    expect(settled.map((order) => order.status)).toEqual(['SETTLED'])
    expect(settled[0]?.settlement_transaction_hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await t.client(KEY_B).listMyOrders({ status_filter: 'pending' })).toEqual([])
  })

  it('filters by order type and paginates with limit and offset', async () => {
    for (let i = 0; i < 3; i++) {
      await t.client(KEY_B).createOrder({
        user_address: freshAddress(),
        token: t.token('USDC').address,
        order_type: 0,
        fiat_payload: { amount_fiat: 100 + i },
      })
    }
    const all = await t.client(KEY_B).listMyOrders({ order_type: 'onramp' })
    expect(all.length).toBe(4)
    expect(await t.client(KEY_B).listMyOrders({ order_type: 'offramp' })).toEqual([])
    const page1 = await t.client(KEY_B).listMyOrders({ limit: 2, offset: 0 })
    const page2 = await t.client(KEY_B).listMyOrders({ limit: 2, offset: 2 })
    expect([...page1, ...page2].map((order) => order.order_id)).toEqual(
      all.map((order) => order.order_id),
    )
    expect(page1[0]?.amount_fiat).toBe(102)
  })

  it('answers 422 with data.field for limits outside section 8', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['status=PENDING', 'status'],
      ['status_filter=done', 'status_filter'],
      ['order_type=OnRamp', 'order_type'],
    ]
    for (const [query, field] of cases) {
      const { status, body } = await t.raw(`/orders/me?${query}`, { key: KEY_B })
      expect([query, status, body.data]).toEqual([query, 422, { field }])
    }
    expect((await t.raw('/orders/me?limit=200&offset=0', { key: KEY_B })).status).toBe(200)
  })

  it('answers 422 for a malformed hash and 404 with data null for an unknown one', async () => {
    const bad = await t.raw('/orders/tx/0x1234')
    expect([bad.status, bad.body.data]).toEqual([422, { field: 'tx_hash' }])
    const unknown = await t.raw(`/orders/tx/0x${'ab'.repeat(32)}`)
    expect([unknown.status, unknown.body.data]).toEqual([404, null])
  })
})

describe('forced outcomes of orders', () => {
  it('fails the next order and refunds the one after, returning pulled tokens on chain', async () => {
    const seller = t.wallet(5)
    const usdc = t.token('USDC').address
    await seller.approve('USDC', t.units('USDC', '1000'))
    const start = await t.chain.balanceOf(usdc, seller.address)
    await t.raw('/__sandbox/orders/next', { method: 'POST', body: { outcome: 'fail' } })
    t.sandbox.admin.forceNextOrder('is_test_conformance_a', 'refund')
    const order = (amount: number) =>
      t.client().createOrder({
        user_address: seller.address,
        token: usdc,
        order_type: 1,
        fiat_payload: { amount_fiat: amount, phone_number: '+254712345678' },
      })
    const failed = await order(500)
    const refunded = await order(600)
    await t.sandbox.admin.advance(5_000)
    expect((await t.client().getOrderByTxHash({ tx_hash: failed.tx_hash })).status).toBe('failed')
    expect((await t.client().getOrderByTxHash({ tx_hash: refunded.tx_hash })).status).toBe(
      'refunded',
    )
    const kept = t.units('USDC', failed.amount_sent.toFixed(6))
    expect(await t.chain.balanceOf(usdc, seller.address)).toBe(start - kept)
  })
})

describe('4.18 POST /webhooks/test through the client', () => {
  it('verifies a signed body and reports event and request id', async () => {
    const body = JSON.stringify({ hello: 'world' })
    const headers = await buildWebhookHeaders({
      secret: WEBHOOK_SECRET,
      event: 'order.processing',
      deliveryId: '0b9f8a9e-3c1d-4f6a-9d3e-7c2b1a0f9e8d',
      body,
    })
    const result = await t.client().sendTestWebhook({ body, headers })
    expect(result).toEqual({
      event: 'order.processing',
      request_id: '0b9f8a9e-3c1d-4f6a-9d3e-7c2b1a0f9e8d',
    })
    const stale = await buildWebhookHeaders({
      secret: WEBHOOK_SECRET,
      event: 'order.processing',
      deliveryId: '0b9f8a9e-3c1d-4f6a-9d3e-7c2b1a0f9e8d',
      body,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    })
    const error = await failure(t.client().sendTestWebhook({ body, headers: stale }))
    expect(error.status).toBe(401)
  })
})
