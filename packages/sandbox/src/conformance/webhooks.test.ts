import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Receiver, startReceiver } from '../../test/receiver.js'
import {
  freshAddress,
  KEY_A,
  startTestSandbox,
  type TestSandbox,
  WEBHOOK_SECRET,
} from '../../test/sandbox.js'
import { WEBHOOK_EVENTS } from '../core.js'

/**
 * Section 6 end to end: a real receiver (node:http) verifies every delivery with core's
 * `verifyWebhook`; the sandbox's lifecycles emit all 15 events; delivery follows the service's
 * published rule (order events retried up to 3 times in all on network errors only, under a
 * fresh `X-Webhook-Id` each; customer and account events sent once with `X-Idempotency-Key`);
 * forced duplicates and delays still arrive.
 */
let t: TestSandbox
let receiver: Receiver

beforeAll(async () => {
  receiver = await startReceiver(WEBHOOK_SECRET)
  t = await startTestSandbox({ webhookUrl: receiver.url })
})
afterAll(async () => {
  await t?.stop()
  await receiver?.close()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('webhooks (spec section 6)', () => {
  it('delivers all 15 event types, signed, with every header', async () => {
    const client = t.client()
    const admin = t.sandbox.admin
    // Orders: processing and settled, a forced failure, a forced refund.
    const accept = async () =>
      (await client.acceptQuote({ quote_id: (await client.createQuote(t.kenyaQuote())).quote_id }))
        .order_id
    const settledId = await accept()
    admin.forceNextOrder(KEY_A, 'fail')
    const failedId = await accept()
    admin.forceNextOrder(KEY_A, 'refund')
    const refundedId = await accept()
    // Customers: one approved (deposit account, accounts), one rejected, one revoked.
    const customer = await t.onboardCustomer(client, 'hook-1', {
      profile: { country_of_residence: 'KE' },
    })
    await t.onboardCustomer(client, 'hook-reject', {
      profile: { last_name: 'Rejected' },
      ready: false,
    })
    const offboarded = await t.onboardCustomer(client, 'hook-revoke', { ready: false })
    await client.revokeCustomer({ customer_id: offboarded })
    // Accounts: opened, then ready; a credit, a completed send (real payout on chain), a
    // failed send.
    const wallet = await client.openAccount({
      customer_id: customer,
      asset_type: 'stablecoin',
      currency: 'USDC',
      network: 'Base',
    })
    await admin.advance(1_000)
    admin.creditAccount(KEY_A, wallet.id, { amount: '50' })
    const to = freshAddress()
    const sent = (await admin.sendFromAccount(KEY_A, wallet.id, { amount: '20', to })) as {
      transaction_hash: `0x${string}`
    }
    expect(await t.receiptStatus(sent.transaction_hash)).toBe('success')
    expect(await t.chain.balanceOf(t.token('USDC').address, to)).toBe(t.units('USDC', '20'))
    await admin.sendFromAccount(KEY_A, wallet.id, { amount: '1', outcome: 'failed' })
    await admin.idle()

    const seen = new Set(receiver.received.map((webhook) => webhook.event))
    expect([...WEBHOOK_EVENTS].filter((event) => !seen.has(event))).toEqual([])
    for (const webhook of receiver.received) {
      expect(webhook.verified).toBe(true)
      expect(webhook.headers['content-type']).toBe('application/json')
      expect(webhook.headers['user-agent']).toMatch(/rampkit-sandbox/)
      expect(webhook.deliveryId).toMatch(UUID)
      expect(webhook.headers['x-webhook-signature']).toMatch(/^t=\d+,v1=/)
      // Account and customer events name their event id twice; order events only once.
      expect(webhook.headers['x-idempotency-key']).toBe(
        webhook.event.startsWith('order.') ? undefined : webhook.deliveryId,
      )
    }
    expect(new Set(receiver.received.map((w) => w.deliveryId)).size).toBe(receiver.received.length)

    const settled = receiver.events('order.settled')[0]!.body
    expect(settled).toMatchObject({ status: 'settled', order_type: 'OnRamp', currency: 'KES' })
    expect(settled.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    expect(settled.settlement_transaction_hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(receiver.events('order.refunded')[0]!.body.status).toBe('refunded')
    const deposit = receiver.events('customer.deposit_account.updated')[0]!.body
    expect(deposit).toMatchObject({
      customer_id: customer,
      environment: 'sandbox',
      products: { deposit_account: { status: 'ready' } },
      can_open_deposit_account: true,
    })
    expect(receiver.events('customer.revoked')[0]!.body).toMatchObject({
      customer_id: offboarded,
      status: 'suspended',
    })
    expect(receiver.events('account.credited')[0]!.body).toMatchObject({
      event_type: 'account.credited',
      customer_id: customer,
      account_id: wallet.id,
      credit: { amount: '50.000000', currency: 'USDC' },
      account: { id: wallet.id, status: 'active' },
    })
    expect(receiver.events('account.send.completed')[0]!.body).toMatchObject({
      account_id: wallet.id,
      send: { status: 'completed', amount: '20.000000', to_address: to },
    })
    // Customer and account events carry X-Idempotency-Key, the delivery id; orders do not.
    for (const webhook of receiver.received) {
      expect(webhook.headers['x-idempotency-key'], webhook.event).toBe(
        webhook.event.startsWith('order.') ? undefined : webhook.deliveryId,
      )
    }
    // Each order's events arrive once each, in the order they happened (section 3).
    const eventsOf = (orderId: string) =>
      receiver.received.filter((w) => w.body.order_id === orderId).map((w) => w.event)
    expect(new Set([settledId, failedId, refundedId]).size).toBe(3)
    expect(eventsOf(settledId)).toEqual(['order.processing', 'order.settled'])
    expect(eventsOf(failedId)).toEqual(['order.processing', 'order.failed'])
    expect(eventsOf(refundedId)).toEqual(['order.processing', 'order.refunded'])
    expect(receiver.events('order.settled')[0]!.body.order_id).toBe(settledId)
  })

  it('retries an order event only while the receiver cannot be reached, under fresh ids', async () => {
    const before = receiver.received.length
    // The first attempt of processing is cut off unanswered; the first of settled answers 500.
    const seen = new Set<string>()
    receiver.respondWith((w) => {
      const key = `${w.body.order_id}|${w.event}`
      const first = !seen.has(key)
      seen.add(key)
      if (!first) return 200
      return w.event === 'order.processing' ? 'drop' : w.event === 'order.settled' ? 500 : 200
    })
    const quote = await t.client().createQuote(t.kenyaQuote())
    const { order_id: orderId } = await t.client().acceptQuote({ quote_id: quote.quote_id })
    await t.sandbox.admin.idle()
    await t.sandbox.admin.advance(10_000)
    await t.sandbox.admin.idle()
    receiver.respondWith(() => 200)
    const mine = receiver.received.slice(before).filter((w) => w.body.order_id === orderId)
    expect(mine.map((w) => [w.event, w.answered])).toEqual([
      ['order.processing', null],
      ['order.processing', 200],
      ['order.settled', 500],
    ])
    expect(new Set(mine.map((w) => w.deliveryId)).size).toBe(3)
    const log = await t.raw('/__sandbox/webhooks/deliveries')
    const byId = (id: string) =>
      log.body.data.deliveries.find((d: { id: string }) => d.id === id) as {
        status: string
        retries: string
        attempts: { kind: string; webhook_id: string; status_code: number | null }[]
      }
    const processing = byId(mine[0]!.deliveryId)
    expect(processing).toMatchObject({ retries: 'network_errors', status: 'delivered' })
    expect(processing.attempts.map((a) => [a.kind, a.webhook_id, a.status_code])).toEqual([
      ['first', mine[0]!.deliveryId, null],
      ['retry', mine[1]!.deliveryId, 200],
    ])
    // A non-2xx answer is final: the settled event is not sent again.
    expect(byId(mine[2]!.deliveryId)).toMatchObject({ status: 'failed' })
    expect(byId(mine[2]!.deliveryId).attempts).toHaveLength(1)
    // The backup GET is how a receiver learns the settlement it refused.
    expect((await t.client().getPartnerOrder({ order_id: orderId })).status).toBe('settled')
  })

  it('sends customer and account events once: a 500 is logged failed, never retried', async () => {
    const before = receiver.received.length
    receiver.respondWith((w) => (w.event === 'customer.submitted' ? 500 : 200))
    const client = t.client()
    const id = await t.onboardCustomer(client, 'once-1', { ready: false })
    await t.sandbox.admin.advance(30_000)
    await t.sandbox.admin.idle()
    receiver.respondWith(() => 200)
    const submitted = receiver.received
      .slice(before)
      .filter((w) => w.event === 'customer.submitted' && w.body.customer_id === id)
    expect(submitted.map((w) => w.answered)).toEqual([500])
    expect(submitted[0]!.headers['x-idempotency-key']).toBe(submitted[0]!.deliveryId)
    const log = await t.raw('/__sandbox/webhooks/deliveries?event=customer.submitted')
    const delivery = log.body.data.deliveries.find(
      (d: { id: string }) => d.id === submitted[0]!.deliveryId,
    )
    expect(delivery).toMatchObject({ status: 'failed', next_attempt_at: null })
    expect(delivery.attempts).toHaveLength(1)
    // The backup GET still tells what the lost webhook would have.
    expect((await client.getCustomer({ customer_id: id })).status).toBe('approved')
  })

  it('duplicates and delays deliveries when forced through the admin route', async () => {
    const before = receiver.received.length
    const forced = await t.raw('/__sandbox/webhooks/next', {
      method: 'POST',
      body: { event: 'order.processing', duplicates: 2 },
    })
    expect(forced.status).toBe(200)
    await t.raw('/__sandbox/webhooks/next', {
      method: 'POST',
      body: { event: 'order.settled', delay_ms: 60_000 },
    })
    const quote = await t.client().createQuote(t.kenyaQuote())
    const accepted = await t.client().acceptQuote({ quote_id: quote.quote_id })
    await t.sandbox.admin.idle()
    const processing = receiver.received
      .slice(before)
      .filter((w) => w.body.order_id === accepted.order_id)
    expect(processing.map((w) => w.event)).toEqual([
      'order.processing',
      'order.processing',
      'order.processing',
    ])
    // Copies of an order event look like the service's retries: a fresh id each.
    expect(new Set(processing.map((w) => w.deliveryId)).size).toBe(3)
    expect(new Set(processing.map((w) => w.raw)).size).toBe(1)
    await t.sandbox.admin.advance(3_000)
    await t.sandbox.admin.idle()
    const early = receiver.received.filter(
      (w) => w.body.order_id === accepted.order_id && w.event === 'order.settled',
    )
    expect(early).toHaveLength(0)
    // The backup GET already shows the settlement the late webhook has not told yet.
    expect((await t.client().getPartnerOrder({ order_id: accepted.order_id })).status).toBe(
      'settled',
    )
    await t.sandbox.admin.advance(60_000)
    const late = receiver.received.filter(
      (w) => w.body.order_id === accepted.order_id && w.event === 'order.settled',
    )
    expect(late).toHaveLength(1)
  })
})
