import type { MetaTokens, Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  browser,
  type KitHarness,
  LIVE_KEY,
  OPTION_VALUES,
  proveWallet,
  sandboxForFile,
  startKit,
  TRANSPORTS,
  validQuote,
  WALLET,
  waitFor,
} from '../../test/kit.js'

const sandbox = sandboxForFile('orders')
let usdc: string
beforeAll(async () => {
  const res = await fetch(`${sandbox.url}/meta/tokens`, {
    headers: { 'X-API-Key': sandbox.apiKeys[0]! },
  })
  const tokens = ((await res.json()) as { data: MetaTokens }).data
  usdc = tokens.tokens.find((token) => token.symbol === 'USDC')!.address
})

function directOrder(overrides: Record<string, unknown> = {}) {
  return {
    user_address: WALLET,
    token: usdc,
    order_type: 0,
    fiat_payload: {
      amount_fiat: 1200,
      currency: 'KES',
      cashout_type: 'PHONE',
      phone_number: '+254712345678',
    },
    ...overrides,
  }
}

type Body<T> = { status: string; message: string; data: T }

describe.each(TRANSPORTS)('orders through %s', (transport) => {
  let kit: KitHarness
  const keyIndex = transport === 'http' ? 1 : 0
  beforeAll(async () => {
    kit = await startKit(sandbox, transport, { keyIndex })
  })
  afterAll(() => kit?.close())

  it('creates a direct order, links its order_id, and serves it to its owner only', async () => {
    const amina = browser(kit)
    const created = await amina.post(KIT_ROUTES.orders, directOrder())
    expect(created.status).toBe(201)
    const order = (await amina.json<Body<KitOrder>>(created)).data
    expect(order).toMatchObject({
      flow: 'direct',
      status: 'submitted',
      order_type: 'OnRamp',
      currency: 'KES',
      wallet_address: WALLET,
    })
    expect(order.tx_hash).toMatch(/^0x[0-9a-f]{64}$/i)
    expect(order.id).toBe(order.tx_hash)
    // Linked through GET /orders/tx/{hash}, so webhooks by order_id find it.
    expect(order.order_id).toBeTruthy()
    expect(kit.upstreamCount(`/orders/tx/${order.tx_hash}`)).toBe(1)

    for (const path of [
      KIT_ROUTES.order.replace(':orderId', order.id),
      KIT_ROUTES.order.replace(':orderId', order.order_id!),
      KIT_ROUTES.orderByTx.replace(':txHash', order.tx_hash!),
    ]) {
      const res = await amina.get(path)
      expect(res.status, path).toBe(200)
      expect((await amina.json<Body<KitOrder>>(res)).data.id).toBe(order.id)
    }

    // A webhook carrying only order_id moves the direct order.
    await sandbox.admin.settleOrder(sandbox.apiKeys[keyIndex]!, order.order_id!)
    await waitFor(async () => {
      const res = await amina.get(KIT_ROUTES.orderByTx.replace(':txHash', order.tx_hash!))
      return (await amina.json<Body<KitOrder>>(res)).data.status === 'settled'
    })
  })

  it('creates one order for a confirm sent twice with the same Idempotency-Key', async () => {
    const amina = browser(kit)
    await amina.get(KIT_ROUTES.config)
    const before = kit.upstreamCount('/orders/create')
    const key = { 'idempotency-key': `confirm-${crypto.randomUUID()}` }
    const [first, second] = await Promise.all([
      amina.post(KIT_ROUTES.orders, directOrder(), key),
      amina.post(KIT_ROUTES.orders, directOrder(), key),
    ])
    expect([first.status, second.status].sort()).toEqual([201, 409])
    const replay = await amina.post(KIT_ROUTES.orders, directOrder(), key)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    const winner = first.status === 201 ? first : second
    expect(await replay.json()).toEqual(await winner.json())
    expect(kit.upstreamCount('/orders/create') - before).toBe(1)
    const preflight = await kit.call(KIT_ROUTES.orders, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    })
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'idempotency-key',
    )
  })

  it('keeps each end user to their own orders: list, order, tx hash all 404 for others', async () => {
    const amina = browser(kit)
    const direct = (
      await amina.json<Body<KitOrder>>(await amina.post(KIT_ROUTES.orders, directOrder()))
    ).data
    const quote = (await amina.json<Body<Quote>>(await amina.post(KIT_ROUTES.quotes, validQuote())))
      .data
    const accepted = (
      await amina.json<Body<KitOrder>>(
        await amina.post(KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id), {}),
      )
    ).data

    const list = await amina.get(KIT_ROUTES.orders)
    expect(list.headers.get('cache-control')).toBe('no-store')
    const ids = (await amina.json<Body<KitOrder[]>>(list)).data.map((o) => o.id)
    expect(ids).toEqual([accepted.id, direct.id])

    const bob = browser(kit)
    const bobs = (await bob.json<Body<KitOrder[]>>(await bob.get(KIT_ROUTES.orders))).data
    expect(bobs).toEqual([])
    const missing = await (
      await bob.get(KIT_ROUTES.order.replace(':orderId', 'ord_missing'))
    ).json()
    for (const path of [
      KIT_ROUTES.order.replace(':orderId', direct.id),
      KIT_ROUTES.order.replace(':orderId', accepted.id),
      KIT_ROUTES.order.replace(':orderId', direct.order_id!),
      KIT_ROUTES.orderByTx.replace(':txHash', direct.tx_hash!),
      KIT_ROUTES.orderEvents.replace(':orderId', accepted.id),
    ]) {
      const res = await bob.get(path)
      expect(res.status, path).toBe(404)
      expect(await res.json(), path).toEqual(missing)
    }
  })

  it('pages and filters the list', async () => {
    const amina = browser(kit)
    const made: KitOrder[] = []
    for (let i = 0; i < 3; i++) {
      made.push(
        (await amina.json<Body<KitOrder>>(await amina.post(KIT_ROUTES.orders, directOrder()))).data,
      )
    }
    // Two of them move on to states the service may report: both are still pending.
    for (const [order, status] of [
      [made[0]!, 'pending_settlement'],
      [made[1]!, 'awaiting_review'],
    ] as const) {
      await kit.kit.ramp.store.applyOrderUpdate({
        orderId: order.order_id,
        txHash: order.tx_hash,
        status,
        patch: {},
        deliveryId: `test:${order.id}:${status}`,
        now: new Date(),
      })
    }
    const page = await amina.get(`${KIT_ROUTES.orders}?limit=2&offset=1`)
    expect((await amina.json<Body<KitOrder[]>>(page)).data).toHaveLength(2)
    const pending = await amina.get(`${KIT_ROUTES.orders}?status=pending&order_type=onramp`)
    expect(
      (await amina.json<Body<KitOrder[]>>(pending)).data.map((order) => order.status).sort(),
    ).toEqual(['awaiting_review', 'pending_settlement', 'submitted'])
    const settled = await amina.get(`${KIT_ROUTES.orders}?status=settled`)
    expect((await amina.json<Body<KitOrder[]>>(settled)).data).toHaveLength(0)
    const bad = await amina.get(`${KIT_ROUTES.orders}?limit=500`)
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ data: { field: 'limit' } })
  })

  it('refuses invalid orders before the service sees them', async () => {
    const amina = browser(kit)
    const before = kit.upstream.length
    const cases: [Record<string, unknown>, string][] = [
      [{ user_address: '0xnope' }, 'user_address'],
      [{ user_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79c8' }, 'user_address'],
      [{ token: 'USDC' }, 'token'],
      [{ order_type: 2 }, 'order_type'],
      [{ fiat_payload: { amount_fiat: 0 } }, 'fiat_payload.amount_fiat'],
    ]
    for (const [override, field] of cases) {
      const res = await amina.post(KIT_ROUTES.orders, directOrder(override))
      expect(res.status, field).toBe(422)
      expect(await res.json(), field).toMatchObject({ data: { field } })
    }
    const badHash = await amina.get(KIT_ROUTES.orderByTx.replace(':txHash', '0x12'))
    expect(badHash.status).toBe(422)
    expect(kit.upstream.length).toBe(before)
  })

  it('refuses a `signal` key of any value in an order body: 422 naming it, and the service is never asked', async () => {
    const amina = browser(kit)
    const before = kit.upstream.length
    for (const signal of OPTION_VALUES) {
      const res = await amina.post(KIT_ROUTES.orders, directOrder({ signal }))
      const label = `signal=${JSON.stringify(signal)}`
      expect(res.status, label).toBe(422)
      expect(await res.json(), label).toEqual({
        status: 'error',
        message: 'signal is not accepted: this request has no such field',
        data: { field: 'signal' },
      })
    }
    expect(kit.upstream.length).toBe(before)
  })

  it('passes an insufficient allowance with required/current and nothing else', async () => {
    const amina = browser(kit)
    expect((await proveWallet(amina)).status).toBe(201)
    const res = await amina.post(
      KIT_ROUTES.orders,
      directOrder({
        order_type: 1,
        fiat_payload: {
          amount_fiat: 1200,
          currency: 'KES',
          cashout_type: 'PHONE',
          phone_number: '+254712345678',
        },
      }),
    )
    expect(res.status).toBe(400)
    const body = await amina.json<Body<Record<string, unknown>>>(res)
    expect(body.data).toMatchObject({ code: 'insufficient_allowance', current: '0' })
    expect(typeof body.data.required).toBe('string')
    expect(Object.keys(body.data).sort()).toEqual(['code', 'current', 'required', 'token'])
  })

  it('answers 401 to a request without a session when getEndUser says nobody', async () => {
    const anonymous = await startKit(sandbox, transport, {
      keyIndex,
      getEndUser: () => null,
    })
    const res = await anonymous.call(KIT_ROUTES.orders)
    expect(res.status).toBe(401)
    await anonymous.close()
    // The kit's webhooks go back to the main kit.
    sandbox.admin.setWebhook(sandbox.apiKeys[keyIndex]!, { url: `${kit.url}/webhooks` })
  })
})

describe('the sandbox test values in a direct order', () => {
  let live: KitHarness
  beforeAll(async () => {
    live = await startKit(sandbox, 'app.request', { apiKey: LIVE_KEY, pointWebhooks: false })
  })
  afterAll(() => live?.close())

  it('are refused with a live key: 422 on the fiat_payload field, no upstream call', async () => {
    const amina = browser(live)
    const cases = [
      ['fiat_payload.phone_number', { phone_number: '+2541111111111' }],
      ['fiat_payload.phone_number', { phone_number: '+234 000 000 0000' }],
      [
        'fiat_payload.account_number',
        { cashout_type: 'BANK', bank_code: '01', account_number: '0000000000' },
      ],
    ] as const
    for (const [field, payload] of cases) {
      const body = directOrder({
        fiat_payload: { amount_fiat: 1200, currency: 'KES', cashout_type: 'PHONE', ...payload },
      })
      const res = await amina.post(KIT_ROUTES.orders, body)
      expect(res.status, field).toBe(422)
      const answer = (await res.json()) as { message: string; data: unknown }
      expect(answer.data, field).toEqual({ field })
      expect(answer.message, field).toMatch(/accepted only in the sandbox/)
    }
    expect(live.upstream).toEqual([])
  })
})
