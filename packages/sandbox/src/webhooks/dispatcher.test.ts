import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type Receiver, startReceiver } from '../../test/receiver.js'
import { createSandboxClock } from '../clock/index.js'
import { createWebhookDispatcher, SANDBOX_USER_AGENT } from './dispatcher.js'

const SECRET = 'whsec_dispatcher_test'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
let receiver: Receiver | undefined

/** An endpoint that answers 204 only after `holdMs` real ms, counting the requests it got. */
async function startSlowEndpoint(holdMs: number) {
  const held = new Set<ReturnType<typeof setTimeout>>()
  let hits = 0
  const server = createServer((request, response) => {
    hits++
    request.resume()
    const timer = setTimeout(() => {
      held.delete(timer)
      response.writeHead(204).end()
    }, holdMs)
    held.add(timer)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    get hits() {
      return hits
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of held) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

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

describe("webhook delivery (spec section 6, the service's published retry rule)", () => {
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
    expect(delivery.id).toMatch(UUID)
    expect(got?.headers['x-webhook-signature']).toMatch(/^t=\d+,v1=[A-Za-z0-9+/]{43}=$/)
    expect(got?.body).toEqual({ order_id: 'o1', status: 'settled' })
    expect(delivery.status).toBe('delivered')
    expect(delivery.attempts.map((a) => a.webhook_id)).toEqual([delivery.id])
  })

  it('sends an account or customer event once, with X-Idempotency-Key equal to X-Webhook-Id', async () => {
    const { receiver, clock, dispatcher, target } = await setup()
    receiver.respondWith((r) => (r.event === 'account.credited' ? 500 : 'drop'))
    const refused = dispatcher.emit(target, 'account.credited', { account_id: 1 })
    const unreachable = dispatcher.emit(target, 'customer.approved', { customer_id: 'pcus_1' })
    await dispatcher.idle()
    await clock.advance(60_000)
    await dispatcher.idle()
    expect(receiver.received.map((r) => [r.event, r.answered])).toEqual([
      ['account.credited', 500],
      ['customer.approved', null],
    ])
    for (const [got, delivery] of [
      [receiver.received[0], refused],
      [receiver.received[1], unreachable],
    ] as const) {
      expect(got?.headers['x-webhook-id']).toBe(delivery.id)
      expect(got?.headers['x-idempotency-key']).toBe(delivery.id)
      expect(delivery).toMatchObject({ retries: 'none', status: 'failed', next_attempt_at: null })
      expect(delivery.attempts).toHaveLength(1)
    }
    expect(unreachable.attempts[0]?.status_code).toBeNull()
  })

  it('never retries an order event the receiver answered, 2xx or not', async () => {
    const { receiver, clock, dispatcher, target } = await setup()
    receiver.respondWith((r) => (r.body.n === 1 ? 500 : r.body.n === 2 ? 409 : 200))
    const failed = dispatcher.emit(target, 'order.failed', { order_id: 'o1', n: 1 })
    const conflict = dispatcher.emit(target, 'order.settled', { order_id: 'o2', n: 2 })
    const settled = dispatcher.emit(target, 'order.settled', { order_id: 'o3', n: 3 })
    await dispatcher.idle()
    await clock.advance(60_000)
    await dispatcher.idle()
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 409, 200])
    expect([failed.status, conflict.status, settled.status]).toEqual([
      'failed',
      'failed',
      'delivered',
    ])
    for (const delivery of [failed, conflict, settled]) {
      expect(delivery.retries).toBe('network_errors')
      expect(delivery.attempts).toHaveLength(1)
    }
    // Order events carry no idempotency key: the service names X-Webhook-Id for them.
    expect(receiver.received.every((r) => r.headers['x-idempotency-key'] === undefined)).toBe(true)
  })

  it('retries an order event on network errors, 3 attempts in all, each under a fresh X-Webhook-Id', async () => {
    const { receiver, clock, dispatcher, target } = await setup()
    let drops = 2
    receiver.respondWith(() => (drops-- > 0 ? 'drop' : 204))
    const delivery = dispatcher.emit(target, 'order.settled', { order_id: 'o4' })
    await dispatcher.idle()
    expect(receiver.received).toHaveLength(1)
    expect(delivery.status).toBe('pending')
    expect(delivery.next_attempt_at).not.toBeNull()
    // Backoff 1 s, then 2 s: nothing before the first is due.
    await clock.advance(999)
    expect(receiver.received).toHaveLength(1)
    await clock.advance(1)
    await dispatcher.idle()
    expect(receiver.received).toHaveLength(2)
    await clock.advance(2_000)
    await dispatcher.idle()
    expect(receiver.received.map((r) => r.answered)).toEqual([null, null, 204])
    const ids = receiver.received.map((r) => r.deliveryId)
    expect(ids[0]).toBe(delivery.id)
    expect(new Set(ids).size).toBe(3)
    for (const id of ids) expect(id).toMatch(UUID)
    expect(receiver.received.every((r) => r.verified)).toBe(true)
    expect(delivery.status).toBe('delivered')
    expect(delivery.attempts.map((a) => [a.kind, a.webhook_id, a.status_code])).toEqual([
      ['first', ids[0], null],
      ['retry', ids[1], null],
      ['retry', ids[2], 204],
    ])
  })

  it('retries an order event after a timeout, and fails it when the 3 attempts run out', async () => {
    const clock = createSandboxClock({ speed: 0 })
    const dispatcher = createWebhookDispatcher({ clock, timeoutMs: 100 })
    // Answers only after the sender's timeout: each attempt times out.
    const slow = await startSlowEndpoint(1_000)
    const delivery = dispatcher.emit(
      { userId: 'usr_1', url: slow.url, secret: SECRET },
      'order.processing',
      { order_id: 'o5' },
    )
    await dispatcher.idle()
    await clock.advance(1_000)
    await dispatcher.idle()
    await clock.advance(2_000)
    await dispatcher.idle()
    await clock.advance(60_000)
    await dispatcher.idle()
    await slow.close()
    expect(slow.hits).toBe(3)
    expect(delivery.status).toBe('failed')
    expect(delivery.attempts).toHaveLength(3)
    expect(delivery.attempts.every((a) => a.status_code === null && /Timeout/.test(a.error!))).toBe(
      true,
    )
    expect(new Set(delivery.attempts.map((a) => a.webhook_id)).size).toBe(3)
    expect(delivery.next_attempt_at).toBeNull()
  })

  it('fails an unreachable order delivery after the bounded attempts, capped by maxAttempts', async () => {
    const { clock, dispatcher } = await setup({ maxAttempts: 2 })
    // Nothing listens on port 9 of localhost: a network error on every attempt.
    const delivery = dispatcher.emit(
      { userId: 'usr_1', url: 'http://127.0.0.1:9/hook', secret: SECRET },
      'order.refunded',
      { order_id: 'o6' },
    )
    await dispatcher.idle()
    await clock.advance(60_000)
    await dispatcher.idle()
    expect(delivery.status).toBe('failed')
    expect(delivery.attempts).toHaveLength(2)
    expect(delivery.attempts.every((a) => a.status_code === null && a.error)).toBe(true)
    // More than the service's 3 is not offered: a receiver must not come to need a fourth.
    const capped = createWebhookDispatcher({ clock, maxAttempts: 10 })
    const again = capped.emit(
      { userId: 'usr_1', url: 'http://127.0.0.1:9/hook', secret: SECRET },
      'order.refunded',
      { order_id: 'o7' },
    )
    await capped.idle()
    await clock.advance(60_000)
    await capped.idle()
    expect(again.attempts).toHaveLength(3)
  })

  it('duplicates a forced order delivery under fresh ids, a customer delivery under its own', async () => {
    const { receiver, dispatcher, target } = await setup()
    dispatcher.control('usr_1', { event: 'order.settled', duplicates: 2 })
    dispatcher.control('usr_1', { event: 'customer.approved', duplicates: 1 })
    dispatcher.emit(target, 'order.processing', { n: 1 })
    const settled = dispatcher.emit(target, 'order.settled', { n: 2 })
    const approved = dispatcher.emit(target, 'customer.approved', { n: 3 })
    await dispatcher.idle()
    expect(receiver.events('order.processing')).toHaveLength(1)
    const copies = receiver.events('order.settled')
    expect(copies).toHaveLength(3)
    expect(copies.every((c) => c.verified && c.raw === settled.body)).toBe(true)
    expect(copies[0]?.deliveryId).toBe(settled.id)
    expect(new Set(copies.map((c) => c.deliveryId)).size).toBe(3)
    expect(settled.attempts.map((a) => a.kind)).toEqual(['first', 'duplicate', 'duplicate'])
    const customer = receiver.events('customer.approved')
    expect(customer.map((c) => [c.deliveryId, c.headers['x-idempotency-key']])).toEqual([
      [approved.id, approved.id],
      [approved.id, approved.id],
    ])
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
