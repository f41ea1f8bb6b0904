import type { MetaTokens, Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import { WEBHOOK_EVENTS } from '@rampkit/core/webhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Browser,
  browser,
  type KitHarness,
  SESSION_SECRET,
  sandboxForFile,
  seen,
  startKit,
  submitCustomer,
  validQuote,
  WALLET,
  waitFor,
} from '../../test/kit.js'
import { uid } from '../../test/store-contracts.js'
import { type AnyEventContext, HANDLER_NAMES, type WebhookHandlers } from './events.js'

/**
 * The worker's handlers driven end to end: the real sandbox emits each event as a signed webhook
 * to the kit over HTTP, the kit stores it, and its worker runs the partner's handler.
 */
const sandbox = sandboxForFile('handlers')

type Body<T> = { data: T }

async function usdcAddress(apiKey: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/meta/tokens`, { headers: { 'X-API-Key': apiKey } })
  const tokens = ((await res.json()) as Body<MetaTokens>).data
  return tokens.tokens.find((token) => token.symbol === 'USDC')!.address
}

/** A quote order the end user accepts through the kit (recorded `processing` by the kit). */
async function acceptQuote(user: Browser, amountFiat: number): Promise<KitOrder> {
  const quote = await user.json<Body<Quote>>(
    await user.post(KIT_ROUTES.quotes, validQuote({ local_amount: amountFiat })),
  )
  const accepted = await user.post(
    KIT_ROUTES.acceptQuote.replace(':quoteId', quote.data.quote_id),
    {},
  )
  expect(accepted.status).toBe(200)
  return (await user.json<Body<KitOrder>>(accepted)).data
}

describe('every typed handler, with events from the real sandbox', () => {
  let kit: KitHarness
  const calls = new Map<string, AnyEventContext[]>()
  const onEvent: AnyEventContext[] = []
  const handlers: WebhookHandlers = { onEvent: (context) => void onEvent.push(context) }
  for (const name of Object.values(HANDLER_NAMES)) {
    Object.assign(handlers, {
      [name]: (context: AnyEventContext) => {
        calls.set(name, [...(calls.get(name) ?? []), context])
      },
    })
  }

  beforeAll(async () => {
    const apiKey = sandbox.apiKeys[0]!
    kit = await startKit(sandbox, 'http', { handlers })
    const amina = browser(kit)
    const client = kit.kit.ramp.client

    // order.processing: a direct order is `submitted` when the kit records it, so the service's
    // processing event is what moves it (a quote order is already `processing` on accept).
    const created = await amina.post(KIT_ROUTES.orders, {
      user_address: WALLET,
      token: await usdcAddress(apiKey),
      order_type: 0,
      fiat_payload: {
        amount_fiat: 1200,
        currency: 'KES',
        cashout_type: 'PHONE',
        phone_number: '+254712345678',
      },
    })
    expect(created.status).toBe(201)
    const direct = (await amina.json<Body<KitOrder>>(created)).data
    expect(direct.status).toBe('submitted')
    // Customers, submitted now (customer.submitted): one approved, one rejected (the sandbox's
    // Rejected name) at review 2 s later, one revoked while in review (customer.revoked).
    const approved = await submitCustomer(client, uid('cust'))
    await submitCustomer(client, uid('cust'), { last_name: 'Rejected' })
    const offboarded = await submitCustomer(client, uid('cust'))
    await client.revokeCustomer({ customer_id: offboarded, reason: 'closed' })
    await sandbox.admin.advance(1000)
    // order.settled
    await sandbox.admin.settleOrder(apiKey, direct.order_id!)
    // customer.approved and customer.rejected now; 2 s later the deposit account is ready
    // (customer.deposit_account.updated, customer.updated).
    await sandbox.admin.advance(1000)
    await sandbox.admin.advance(2000)
    // account.opened now, account.ready 1 s later.
    const usdc = await client.openAccount({
      customer_id: approved,
      asset_type: 'stablecoin',
      currency: 'USDC',
      network: 'Base',
    })
    await sandbox.admin.advance(1000)
    // order.failed, order.refunded
    const failing = await acceptQuote(amina, 1501)
    sandbox.admin.failOrder(apiKey, failing.order_id!)
    const refunding = await acceptQuote(amina, 1502)
    await sandbox.admin.settleOrder(apiKey, refunding.order_id!)
    await sandbox.admin.refundOrder(apiKey, refunding.order_id!)
    // account.credited, account.send.completed, account.send.failed
    sandbox.admin.creditAccount(apiKey, usdc.id, { amount: '25' })
    await sandbox.admin.sendFromAccount(apiKey, usdc.id, { amount: '5' })
    await sandbox.admin.sendFromAccount(apiKey, usdc.id, { amount: '5', outcome: 'failed' })

    await sandbox.admin.idle()
    await waitFor(() => Object.values(HANDLER_NAMES).every((name) => calls.has(name)), 15_000)
  })
  afterAll(() => kit?.close())

  it('covers all 15 events: the 14 of the spec and customer.revoked', () => {
    expect(Object.keys(HANDLER_NAMES).sort()).toEqual([...WEBHOOK_EVENTS].sort())
  })

  it.each(Object.entries(HANDLER_NAMES))(
    '%s runs %s with the delivery id the service sent',
    (event, name) => {
      const sent = sandbox.admin.deliveries(sandbox.apiKeys[0]!, event).map((d) => d.id)
      const received = calls.get(name) ?? []
      expect(received.length, `${name} was not called`).toBeGreaterThan(0)
      for (const context of received) {
        expect(context).toMatchObject({ event, source: 'webhook' })
        expect(sent).toContain(context.deliveryId)
        // onEvent follows the typed handler with the same delivery.
        expect(onEvent.map((c) => `${c.event} ${c.deliveryId}`)).toContain(
          `${event} ${context.deliveryId}`,
        )
      }
    },
  )
})

describe('a handler error that quotes a secret', () => {
  let kit: KitHarness
  const apiKey = () => sandbox.apiKeys[1]!

  beforeAll(async () => {
    kit = await startKit(sandbox, 'http', {
      keyIndex: 1,
      handlers: {
        onCustomerSubmitted() {
          // A partner's client error that echoes its configuration.
          throw new Error(
            `CRM refused: key=${apiKey()} webhook=${sandbox.webhookSecret} session=${SESSION_SECRET}`,
          )
        },
      },
    })
  })
  afterAll(() => kit?.close())

  it('is stored in last_error and logged with every secret redacted', async () => {
    await kit.call(KIT_ROUTES.config) // the first request starts the worker
    await submitCustomer(kit.kit.ramp.client, uid('cust'))
    await sandbox.admin.idle()
    const [sent] = sandbox.admin.deliveries(apiKey(), 'customer.submitted')
    expect(sent).toBeDefined()
    const failed = async () => (await kit.kit.ramp.store.getDelivery(sent!.id))?.lastError ?? null
    await waitFor(async () => (await failed()) !== null, 10_000)

    expect(await failed()).toBe(
      'Error: CRM refused: key=[redacted] webhook=[redacted] session=[redacted]',
    )
    const logged = seen.logs.filter((line) => line.includes(sent!.id))
    expect(logged.some((line) => line.includes('CRM refused'))).toBe(true)
    for (const secret of [apiKey(), sandbox.webhookSecret, SESSION_SECRET]) {
      expect(logged.join('\n')).not.toContain(secret)
    }
  })
})

describe('a late webhook', () => {
  let kit: KitHarness
  const settled: AnyEventContext[] = []

  beforeAll(async () => {
    kit = await startKit(sandbox, 'http', {
      handlers: { onOrderSettled: (context) => void settled.push(context) },
      // The kit's own backup poll (GET /partner/orders/{id}), on a short fuse.
      poll: { lateAfterMs: 100, intervalMs: 100 },
    })
  })
  afterAll(() => kit?.close())

  it('is overtaken by the backup GET, and changes nothing when it finally arrives', async () => {
    const apiKey = sandbox.apiKeys[0]!
    const amina = browser(kit)
    const order = await acceptQuote(amina, 1503)
    // The service settles the order but holds its webhook for an hour of sandbox time.
    sandbox.admin.controlNextWebhook(apiKey, { event: 'order.settled', delayMs: 3_600_000 })
    await sandbox.admin.settleOrder(apiKey, order.order_id!)

    await waitFor(() => settled.length > 0, 15_000)
    expect(settled[0]).toMatchObject({
      deliveryId: `poll:${order.id}:settled`,
      source: 'poll',
      owner: expect.any(String),
      order: { id: order.id, status: 'settled' },
    })
    const held = sandbox.admin
      .deliveries(apiKey, 'order.settled')
      .find((delivery) => JSON.parse(delivery.body).order_id === order.order_id)!
    // The webhook was never sent: the poll alone settled the order.
    expect(held).toMatchObject({ status: 'pending', attempts: [] })
    expect(kit.upstream).toContainEqual(expect.stringMatching(`/partner/orders/${order.order_id}$`))
    const read = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
    expect((await amina.json<Body<KitOrder>>(read)).data.status).toBe('settled')

    // The webhook arrives at last: stored and applied, and onOrderSettled does not run again.
    await sandbox.admin.advance(3_600_000)
    await sandbox.admin.idle()
    await waitFor(async () => {
      const stored = await kit.kit.ramp.store.getDelivery(held.id)
      return stored?.status === 'applied'
    }, 10_000)
    expect(settled).toHaveLength(1)
  })
})
