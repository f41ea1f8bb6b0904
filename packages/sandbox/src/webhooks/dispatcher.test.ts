import { afterEach, describe, expect, it } from 'vitest'
import { createSandboxClock } from '../clock/index.js'
import { type Receiver, startReceiver } from '../testing/receiver.js'
import { createWebhookDispatcher, SANDBOX_USER_AGENT } from './dispatcher.js'

const SECRET = 'whsec_dispatcher_test'
let receiver: Receiver | undefined

afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

async function setup(options: { maxAttempts?: number } = {}) {
  receiver = await startReceiver(SECRET)
  const clock = createSandboxClock({ speed: 0 })
  const dispatcher = createWebhookDispatcher({ clock, maxAttempts: options.maxAttempts })
  const target = { userId: 'usr_1', url: receiver.url, secret: SECRET }
  return { receiver, clock, dispatcher, target }
}

describe('webhook delivery (spec section 6)', () => {
  it('posts the body with every header, signed so that verifyWebhook accepts it', async () => {
    const { receiver, dispatcher, target } = await setup()
    const delivery = dispatcher.emit(target, 'order.settled', { order_id: 'o1', status: 'settled' })
    await dispatcher.idle()
    const [got] = receiver.received
    expect(got?.verified).toBe(true)
    expect(got?.headers['content-type']).toBe('application/json')
    expect(got?.headers['user-agent']).toBe(SANDBOX_USER_AGENT)
    expect(got?.headers['x-webhook-event']).toBe('order.settled')
    expect(got?.headers['x-webhook-id']).toBe(delivery.id)
    expect(delivery.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(got?.headers['x-webhook-signature']).toMatch(/^t=\d+,v1=[A-Za-z0-9+/]{43}=$/)
    expect(got?.body).toEqual({ order_id: 'o1', status: 'settled' })
    expect(delivery.status).toBe('delivered')
  })

  it('retries with backoff on sandbox time while the receiver answers 500, keeping the delivery id', async () => {
    const { receiver, clock, dispatcher, target } = await setup()
    let failures = 2
    receiver.respondWith(() => (failures-- > 0 ? 500 : 204))
    const delivery = dispatcher.emit(target, 'order.failed', { order_id: 'o2' })
    await dispatcher.idle()
    expect(receiver.received).toHaveLength(1)
    expect(delivery.status).toBe('pending')
    expect(delivery.next_attempt_at).not.toBeNull()
    // Backoff 1 s, then 2 s: nothing before the first is due.
    await clock.advance(999)
    expect(receiver.received).toHaveLength(1)
    await clock.advance(1)
    expect(receiver.received).toHaveLength(2)
    await clock.advance(2_000)
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 500, 204])
    expect(new Set(receiver.received.map((r) => r.deliveryId))).toEqual(new Set([delivery.id]))
    expect(delivery.status).toBe('delivered')
    expect(delivery.attempts.map((a) => [a.kind, a.status_code])).toEqual([
      ['first', 500],
      ['retry', 500],
      ['retry', 204],
    ])
  })

  it('parks a delivery as failed after the bounded attempts, network errors included', async () => {
    const { clock, dispatcher } = await setup({ maxAttempts: 3 })
    // Nothing listens on port 9 of localhost: a network error on every attempt.
    const delivery = dispatcher.emit(
      { userId: 'usr_1', url: 'http://127.0.0.1:9/hook', secret: SECRET },
      'order.settled',
      { order_id: 'o3', status: 'settled' },
    )
    await dispatcher.idle()
    await clock.advance(60_000)
    expect(delivery.status).toBe('failed')
    expect(delivery.attempts).toHaveLength(3)
    expect(delivery.attempts.every((a) => a.status_code === null && a.error)).toBe(true)
    expect(delivery.next_attempt_at).toBeNull()
  })

  it('sends customer and account events once, with X-Idempotency-Key, never retrying them', async () => {
    const { clock, dispatcher, receiver, target } = await setup({ maxAttempts: 6 })
    receiver.respondWith(() => 503)
    const customer = dispatcher.emit(target, 'customer.approved', { customer_id: 'pcus_1' })
    const account = dispatcher.emit(target, 'account.ready', { account_id: 1 })
    await dispatcher.idle()
    await clock.advance(60_000)
    await dispatcher.idle()
    for (const delivery of [customer, account]) {
      expect(delivery).toMatchObject({ status: 'failed', next_attempt_at: null })
      expect(delivery.attempts.map((a) => a.status_code)).toEqual([503])
    }
    expect(receiver.received.map((r) => r.headers['x-idempotency-key'])).toEqual([
      customer.id,
      account.id,
    ])
  })

  it('duplicates a forced delivery with the same X-Webhook-Id', async () => {
    const { receiver, dispatcher, target } = await setup()
    dispatcher.control('usr_1', { event: 'order.settled', duplicates: 2 })
    dispatcher.emit(target, 'order.processing', { n: 1 })
    const settled = dispatcher.emit(target, 'order.settled', { n: 2 })
    await dispatcher.idle()
    expect(receiver.events('order.processing')).toHaveLength(1)
    const copies = receiver.events('order.settled')
    expect(copies).toHaveLength(3)
    expect(copies.every((c) => c.deliveryId === settled.id && c.verified)).toBe(true)
  })

  it('delays a forced delivery until sandbox time passes it', async () => {
    const { receiver, clock, dispatcher, target } = await setup()
    dispatcher.control('usr_1', { delayMs: 30_000 })
    dispatcher.emit(target, 'account.credited', { account_id: 1 })
    dispatcher.emit(target, 'account.ready', { account_id: 1 })
    await dispatcher.idle()
    expect(receiver.received.map((r) => r.event)).toEqual(['account.ready'])
    await clock.advance(30_000)
    expect(receiver.received.map((r) => r.event)).toEqual(['account.ready', 'account.credited'])
  })

  it('applies standing delay and duplicates to every delivery; a control overrides what it sets', async () => {
    receiver = await startReceiver(SECRET)
    const clock = createSandboxClock({ speed: 0 })
    const dispatcher = createWebhookDispatcher({
      clock,
      standing: { delayMs: 10_000, duplicates: 1 },
    })
    const target = { userId: 'usr_1', url: receiver.url, secret: SECRET }
    dispatcher.control('usr_1', { event: 'account.ready', delayMs: 0 })
    dispatcher.emit(target, 'account.credited', { account_id: 1 })
    dispatcher.emit(target, 'account.ready', { account_id: 1 })
    await dispatcher.idle()
    // The control set no delay for account.ready but kept the standing duplicate.
    expect(receiver.received.map((r) => r.event)).toEqual(['account.ready', 'account.ready'])
    await clock.advance(9_999)
    expect(receiver.received).toHaveLength(2)
    await clock.advance(1)
    await dispatcher.idle()
    expect(receiver.events('account.credited')).toHaveLength(2)
    dispatcher.stop()
  })

  it('logs deliveries without a URL as skipped', () => {
    const clock = createSandboxClock({ speed: 0 })
    const dispatcher = createWebhookDispatcher({ clock })
    const delivery = dispatcher.emit(
      { userId: 'u', url: null, secret: SECRET },
      'customer.updated',
      {},
    )
    expect(delivery.status).toBe('skipped')
    expect(dispatcher.log('u')).toEqual([delivery])
  })
})
