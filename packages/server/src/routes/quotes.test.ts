import type { Catalog, Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  browser,
  KE_SETTLES,
  type KitHarness,
  LIVE_KEY,
  MPESA,
  OPTION_VALUES,
  sandboxForFile,
  seen,
  startKit,
  TRANSPORTS,
  validQuote,
  WALLET,
  waitFor,
} from '../../test/kit.js'

const sandbox = sandboxForFile('quotes')

describe.each(TRANSPORTS)('quotes through %s', (transport) => {
  let kit: KitHarness
  const keyIndex = transport === 'http' ? 1 : 0
  beforeAll(async () => {
    kit = await startKit(sandbox, transport, { keyIndex })
  })
  afterAll(() => kit?.close())

  it('creates a binding quote, accepts it, and records the order for its owner', async () => {
    const amina = browser(kit)
    const created = await amina.post(KIT_ROUTES.quotes, validQuote())
    expect(created.status).toBe(201)
    expect(created.headers.get('cache-control')).toBe('no-store')
    expect(amina.cookie).toMatch(/^rampkit_session=anon_/)
    const quote = (await amina.json<{ data: Quote }>(created)).data
    expect(quote.quote_id).toBeTruthy()

    const path = KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id)
    const accepted = await amina.post(path, {})
    expect(accepted.status).toBe(200)
    const order = (await amina.json<{ data: KitOrder }>(accepted)).data
    expect(order).toMatchObject({
      id: order.order_id,
      flow: 'quote',
      quote_id: quote.quote_id,
      status: 'processing',
      order_type: 'OnRamp',
      currency: 'KES',
      token: 'USDC',
    })

    // Accepting twice is idempotent: the same order.
    const again = await amina.post(path, {})
    expect(again.status).toBe(200)
    expect((await amina.json<{ data: KitOrder }>(again)).data.id).toBe(order.id)

    const mine = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
    expect(mine.status).toBe(200)
    expect(mine.headers.get('cache-control')).toBe('no-store')

    // Settled by the service; the webhook reaches the kit and the worker applies it.
    await sandbox.admin.settleOrder(sandbox.apiKeys[keyIndex]!, order.order_id!)
    await waitFor(async () => {
      const res = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
      return (await amina.json<{ data: KitOrder }>(res)).data.status === 'settled'
    })
  })

  it('lets nobody else accept a quote: 404, and the service is never asked', async () => {
    const amina = browser(kit)
    const quote = (
      await amina.json<{ data: Quote }>(await amina.post(KIT_ROUTES.quotes, validQuote()))
    ).data
    const mallory = browser(kit)
    await mallory.get(KIT_ROUTES.config)
    const upstreamAccept = `/api/v1/partner/orders/${quote.quote_id}/accept`
    const before = kit.upstreamCount(upstreamAccept)
    const path = KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id)
    const stolen = await mallory.post(path, {})
    expect(stolen.status).toBe(404)
    const missing = await mallory.post(KIT_ROUTES.acceptQuote.replace(':quoteId', 'q_nope'), {})
    expect(await missing.json()).toEqual(await stolen.json())
    expect(kit.upstreamCount(upstreamAccept)).toBe(before)
  })

  it('refuses invalid quotes with the 422 table field, before any upstream call', async () => {
    const amina = browser(kit)
    const before = kit.upstream.length
    const cases: [Record<string, unknown>, string][] = [
      [{ payment_method: { type: 'bank', network_id: '' } }, 'payment_method.network_id'],
      [
        { payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '0712' } },
        'payment_method.phone_number',
      ],
      [{ customer: { name: 'Amina', dob: '04/12/1990' } }, 'customer.name'],
      [{ customer: { name: 'Amina Otieno', dob: '1990-12-04' } }, 'customer.dob'],
      [
        {
          country: 'NG',
          currency: 'NGN',
          payment_method: {
            type: 'mobile_money',
            network_id: MPESA,
            phone_number: '+2348031234567',
          },
          customer: { name: 'Ada Obi', dob: '04/12/1990' },
        },
        'customer.additional_id_number',
      ],
      [{ wallet_address: '0x1234' }, 'wallet_address'],
      [{ local_amount: -3 }, 'local_amount'],
      [{ local_amount: 1500.5 }, 'local_amount'],
      [
        { payment_method: { type: 'mobile_money', phone_number: KE_SETTLES } },
        'payment_method.network_id',
      ],
      [{ customer_id: 'pcus_someone' }, 'customer_id'],
      // A browser never picks whose order it is: no vault customer, no service-side user id.
      [{ customer: undefined, customer_id: 'pcus_someone' }, 'customer_id'],
      [
        { customer: { type: 'user', uid: 'victim-42', name: 'Amina Otieno', dob: '04/12/1990' } },
        'customer.uid',
      ],
      [{ token: 'USDC' }, 'token'],
      [{ amount_fiat: 1500 }, 'amount_fiat'],
      [{ refund_address: WALLET }, 'refund_address'],
      [{ order_type: 'Both' }, 'order_type'],
    ]
    for (const [override, field] of cases) {
      const res = await amina.post(KIT_ROUTES.quotes, validQuote(override))
      expect(res.status, field).toBe(422)
      expect(await res.json(), field).toMatchObject({ status: 'error', data: { field } })
    }
    const notJson = await amina.post(KIT_ROUTES.quotes, '{"order_type":')
    expect(notJson.status).toBe(400)
    expect(kit.upstream.length).toBe(before)
  })

  it('refuses a `signal` key of any value in a quote or accept body: 422 naming it, and the service is never asked', async () => {
    const amina = browser(kit)
    const created = await amina.post(KIT_ROUTES.quotes, validQuote())
    const quote = (await amina.json<{ data: Quote }>(created)).data
    const accept = KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id)
    const before = kit.upstream.length
    for (const signal of OPTION_VALUES) {
      for (const [path, body] of [
        [KIT_ROUTES.quotes, validQuote({ signal })],
        [accept, { signal }],
      ] as const) {
        const res = await amina.post(path, body)
        const label = `${path} signal=${JSON.stringify(signal)}`
        expect(res.status, label).toBe(422)
        expect(await res.json(), label).toEqual({
          status: 'error',
          message: 'signal is not accepted: this request has no such field',
          data: { field: 'signal' },
        })
      }
    }
    expect(kit.upstream.length).toBe(before)
    // The quote itself is untouched: the same body without the key is accepted.
    expect((await amina.post(accept, {})).status).toBe(200)
  })

  it('refuses any key the kit does not list, the service’s own legacy fields included: 422 naming it, never sent', async () => {
    const amina = browser(kit)
    const created = await amina.post(KIT_ROUTES.quotes, validQuote())
    const quote = (await amina.json<{ data: Quote }>(created)).data
    const accept = KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id)
    const before = kit.upstream.length
    const base = validQuote()
    const cases: [string, Record<string, unknown>, string][] = [
      [KIT_ROUTES.quotes, validQuote({ rail: 'local_fiat' }), 'rail'],
      [KIT_ROUTES.quotes, validQuote({ provider: 'local fiat rail' }), 'provider'],
      [KIT_ROUTES.quotes, validQuote({ customer_type: 'institution' }), 'customer_type'],
      [KIT_ROUTES.quotes, validQuote({ campaign: 'x' }), 'campaign'],
      [
        KIT_ROUTES.quotes,
        validQuote({ customer: { ...base.customer, idNumber: 'A1234567' } }),
        'customer.idNumber',
      ],
      [
        KIT_ROUTES.quotes,
        validQuote({ payment_method: { ...base.payment_method, account_id: 42 } }),
        'payment_method.account_id',
      ],
      [
        KIT_ROUTES.quotes,
        validQuote({ asset: { ...base.asset, chain_id: 8453 } }),
        'asset.chain_id',
      ],
      [accept, { rail: 'local_fiat' }, 'rail'],
      [accept, { provider: 'elementpay' }, 'provider'],
    ]
    for (const [path, body, field] of cases) {
      const res = await amina.post(path, body)
      expect(res.status, field).toBe(422)
      expect(await res.json(), field).toEqual({
        status: 'error',
        message: `${field} is not accepted: this request has no such field`,
        data: { field },
      })
    }
    expect(kit.upstream.length).toBe(before)
  })

  it('takes a Nigerian bank quote with the BVN and its type, as the widget sends it', async () => {
    const amina = browser(kit)
    const catalog = await amina.json<{ data: Catalog }>(
      await amina.get(`${KIT_ROUTES.catalog}?country=NG&order_type=OnRamp`),
    )
    const access = catalog.data.onramp?.countries.NG?.payment_methods.bank?.providers.find(
      (provider) => provider.name === 'Access Bank',
    )
    const nigerian = validQuote({
      country: 'NG',
      currency: 'NGN',
      local_amount: 50_000,
      payment_method: {
        type: 'bank',
        network_id: access?.id,
        account_number: '1111111111',
        account_name: 'Chinedu Okafor',
      },
      customer: {
        type: 'user',
        name: 'Chinedu Okafor',
        dob: '11/02/1988',
        additional_id_type: 'bvn',
        additional_id_number: '22187654321',
      },
    })
    const created = await amina.post(KIT_ROUTES.quotes, nigerian)
    expect(created.status).toBe(201)
    const other = validQuote({
      ...nigerian,
      customer: { ...nigerian.customer, additional_id_type: 'nin' },
    })
    const refused = await amina.post(KIT_ROUTES.quotes, other)
    expect([refused.status, (await refused.json()).data]).toEqual([
      422,
      { field: 'customer.additional_id_type' },
    ])
  })

  it('checks provider limits from the cached catalog before asking the service', async () => {
    const amina = browser(kit)
    await amina.get(`${KIT_ROUTES.catalog}?country=KE&order_type=OnRamp`)
    const before = kit.upstream.length
    const res = await amina.post(KIT_ROUTES.quotes, validQuote({ local_amount: 5 }))
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ data: { field: 'local_amount' } })
    expect(kit.upstream.length).toBe(before)
  })

  it('passes the service 410 for an expired quote', async () => {
    const amina = browser(kit)
    const quote = (
      await amina.json<{ data: Quote }>(await amina.post(KIT_ROUTES.quotes, validQuote()))
    ).data
    await sandbox.admin.advance(10 * 60_000)
    const res = await amina.post(KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id), {})
    expect(res.status).toBe(410)
    expect(await res.json()).toMatchObject({ status: 'error' })
  })
})

describe('the sandbox test values of the success & failure guide', () => {
  let kit: KitHarness
  let live: KitHarness
  let equity: string
  beforeAll(async () => {
    kit = await startKit(sandbox, 'app.request')
    // A production key: the kit refuses before any upstream call, so the sandbox never sees it.
    // Inline customers, so a real number is seen going upstream (a live key's default, vault
    // mode, would first ask for a verified customer: see customers.test.ts).
    live = await startKit(sandbox, 'app.request', {
      apiKey: LIVE_KEY,
      pointWebhooks: false,
      customerMode: 'inline',
    })
    const banks = await browser(kit).get(
      `${KIT_ROUTES.banks}?country=KE&currency=KES&order_type=OnRamp&payment_method_type=bank`,
    )
    const list = ((await banks.json()) as { data: { banks: { id: string; name: string }[] } }).data
      .banks
    equity = list.find((bank) => bank.name === 'Equity Bank Kenya')!.id
  })
  afterAll(async () => {
    await kit?.close()
    await live?.close()
  })

  const bodies = () =>
    [
      [
        'payment_method.phone_number',
        validQuote({
          payment_method: {
            type: 'mobile_money',
            network_id: MPESA,
            phone_number: '+2541111111111',
          },
        }),
      ],
      [
        'payment_method.phone_number',
        validQuote({
          payment_method: {
            type: 'mobile_money',
            network_id: MPESA,
            phone_number: '+2540000000000',
          },
        }),
      ],
      [
        'payment_method.account_number',
        validQuote({
          payment_method: { type: 'bank', network_id: equity, account_number: '1111111111' },
        }),
      ],
      [
        'payment_method.account_number',
        validQuote({
          payment_method: { type: 'bank', network_id: equity, account_number: '0000000000' },
        }),
      ],
    ] as const

  it('pass validation with a sandbox key and reach the service', async () => {
    const amina = browser(kit)
    for (const [field, body] of bodies()) {
      const res = await amina.post(KIT_ROUTES.quotes, body)
      expect(res.status, `${field} ${JSON.stringify(body.payment_method)}`).toBe(201)
    }
  })

  it('are refused with a live key: 422 on their field, saying they are sandbox-only, no upstream call', async () => {
    const amina = browser(live)
    for (const [field, body] of bodies()) {
      const res = await amina.post(KIT_ROUTES.quotes, body)
      const label = JSON.stringify(body.payment_method)
      expect(res.status, label).toBe(422)
      const answer = (await res.json()) as { status: string; message: string; data: unknown }
      expect(answer, label).toMatchObject({ status: 'error', data: { field } })
      expect(answer.message, label).toMatch(/sandbox test .*number, accepted only in the sandbox/)
    }
    expect(live.upstream).toEqual([])
    // A real number passes the live kit's validation and goes upstream (where the sandbox
    // refuses a live key: the kit's generic 502, not a 422).
    const real = await amina.post(
      KIT_ROUTES.quotes,
      validQuote({
        payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '+254712345678' },
      }),
    )
    expect(real.status).toBe(502)
    expect(live.upstream).toEqual(['/api/v1/partner/orders/quote'])
  })
})

describe('an order no sandbox test value decides', () => {
  it('waits in pending_settlement upstream: the kit’s backup poll applies it as the order’s status, and a control still settles it', async () => {
    const logged = seen.logs.length
    const harness = await startKit(sandbox, 'app.request', { poll: { lateAfterMs: 0 } })
    const amina = browser(harness)
    const real = validQuote({
      payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '+254712345678' },
    })
    const quote = (await amina.json<{ data: Quote }>(await amina.post(KIT_ROUTES.quotes, real)))
      .data
    const accepted = await amina.post(
      KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id),
      {},
    )
    const order = (await amina.json<{ data: KitOrder }>(accepted)).data
    await sandbox.admin.advance(60_000)
    const upstream = await fetch(`${sandbox.url}/api/v1/partner/orders/${order.order_id}`, {
      headers: { 'X-API-Key': sandbox.apiKeys[0]! },
    })
    expect(
      ((await upstream.json()) as { data: { order: { status: string } } }).data.order.status,
    ).toBe('pending_settlement')

    // A poll from now on reads pending_settlement: ours, or the started worker's own. It may
    // not fail (a closed status enum made it an UnexpectedResponseError), and the order's
    // lifecycle moves processing -> pending_settlement, so the kit's order shows it.
    await waitFor(async () => {
      await harness.kit.ramp.worker!.pollLateOrders()
      const mine = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
      return (await amina.json<{ data: KitOrder }>(mine)).data.status === 'pending_settlement'
    })
    expect(seen.logs.slice(logged).filter((line) => line.includes('poll'))).toEqual([])

    await sandbox.admin.settleOrder(sandbox.apiKeys[0]!, order.order_id!)
    await waitFor(async () => {
      const res = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
      return (await amina.json<{ data: KitOrder }>(res)).data.status === 'settled'
    })
    await harness.close()
  })
})
