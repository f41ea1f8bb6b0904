import { createServer } from 'node:net'
import type { KitOrder } from '@rampkit/core/kit'
import { buildWebhookHeaders, type WebhookEvent } from '@rampkit/core/webhooks'
import { describe, expect, it, vi } from 'vitest'
import { DATABASE_URL, runId, skipUnlessReachable, testOrder } from '../../test/store-contracts.js'
import { memoryBus } from '../bus/memory.js'
import { postgresBus } from '../bus/postgres.js'
import type { OrderBus } from '../bus/types.js'
import { memoryStore } from '../store/memory/store.js'
import type { RampStore } from '../store/types.js'
import { ingestWebhook } from '../webhooks/ingest.js'
import type { AnyEventContext, WebhookHandlers } from './events.js'
import { type CreateWorkerOptions, createWorker, defaultBackoff } from './worker.js'

const SECRET = 'whsec_worker_tests'
const silent = { warn: () => {}, error: () => {} }

/** A logger that keeps every line (message and fields) as text, to search. */
function capturing() {
  const lines: string[] = []
  const write = (level: string) => (message: string, details?: Record<string, unknown>) => {
    lines.push(`${level} ${message} ${details === undefined ? '' : JSON.stringify(details)}`)
  }
  return { lines, logger: { info: write('info'), warn: write('warn'), error: write('error') } }
}

/** A local port with nothing listening on it: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function setup(options: Partial<CreateWorkerOptions> & { handlers?: WebhookHandlers } = {}) {
  const clock = { now: 1_800_000_000_000 }
  const store: RampStore = options.store ?? memoryStore()
  const bus = memoryBus()
  const worker = createWorker({
    store,
    bus,
    logger: silent,
    backoff: () => 1000,
    now: () => clock.now,
    ...options,
  })
  async function deliver(
    event: WebhookEvent | string,
    body: Record<string, unknown>,
    deliveryId: string = crypto.randomUUID(),
  ) {
    const text = JSON.stringify(body)
    const headers = await buildWebhookHeaders({
      secret: SECRET,
      event: event as WebhookEvent,
      deliveryId,
      body: text,
      timestamp: Math.floor(clock.now / 1000),
    })
    const result = await ingestWebhook({
      store,
      secrets: SECRET,
      request: new Request('http://kit.test/webhooks', { method: 'POST', body: text, headers }),
      now: () => clock.now,
      onStored: () => worker.wake(),
    })
    expect(result.status).toBe(200)
    return deliveryId
  }
  return { clock, store, bus, worker, deliver }
}

const settledBody = (order: KitOrder, extra: Record<string, unknown> = {}) => ({
  order_id: order.order_id,
  status: 'settled',
  amount_fiat: 1500,
  currency: 'KES',
  settlement_transaction_hash: '0xsettle',
  updated_at: '2027-01-15T10:00:00.123456Z',
  ...extra,
})

describe('createWorker', () => {
  it('applies an order event: moves the order, publishes it, then runs the handlers', async () => {
    const calls: string[] = []
    const onOrderSettled = vi.fn(() => {
      calls.push('settled')
    })
    const onEvent = vi.fn((_: AnyEventContext) => {
      calls.push('event')
    })
    const { store, bus, worker, deliver } = setup({ handlers: { onOrderSettled, onEvent } })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'user-1' })
    const published: string[] = []
    bus.subscribe(order.id, (o) => {
      published.push(o.status)
      calls.push('publish')
    })

    const deliveryId = await deliver('order.settled', settledBody(order))
    expect(await worker.drain()).toBe(1)

    expect((await store.getOrder(order.id))?.order).toMatchObject({
      status: 'settled',
      settlement_transaction_hash: '0xsettle',
      updated_at: '2027-01-15T10:00:00.123456Z',
    })
    expect(published).toEqual(['settled'])
    expect(calls).toEqual(['publish', 'settled', 'event'])
    expect(onOrderSettled).toHaveBeenCalledWith(
      expect.objectContaining({
        deliveryId,
        event: 'order.settled',
        source: 'webhook',
        owner: 'user-1',
        payload: expect.objectContaining({ order_id: order.order_id, status: 'settled' }),
        order: expect.objectContaining({ id: order.id, status: 'settled' }),
      }),
    )
    expect((await store.getDelivery(deliveryId))?.status).toBe('applied')
  })

  it('stores an order.failed body’s reason as plain text, publishes it, and logs it nowhere', async () => {
    const { lines, logger } = capturing()
    const onOrderFailed = vi.fn()
    const { store, bus, worker, deliver } = setup({ handlers: { onOrderFailed }, logger })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'user-1' })
    const published: KitOrder[] = []
    bus.subscribe(order.id, (o) => void published.push(o))
    const reason = 'The payer +254712345678 declined\r\nthe prompt\u0000'
    // The unsigned header says settled: the signed body's status wins, and the kit logs that.
    await deliver('order.settled', {
      order_id: order.order_id,
      status: 'failed',
      failure_reason: reason,
    })
    expect(await worker.drain()).toBe(1)
    const plain = 'The payer +254712345678 declined the prompt'
    expect((await store.getOrder(order.id))?.order).toMatchObject({
      status: 'failed',
      failure_reason: plain,
    })
    expect(published.map((o) => o.failure_reason)).toEqual([plain])
    expect(onOrderFailed).toHaveBeenCalledWith(
      expect.objectContaining({ order: expect.objectContaining({ failure_reason: plain }) }),
    )
    // A reason of another type is no reason, and never makes the event unreadable.
    const other = testOrder({ status: 'processing' })
    await store.saveOrder({ order: other, owner: 'user-1' })
    const odd = await deliver('order.failed', {
      order_id: other.order_id,
      status: 'failed',
      failure_reason: { code: 'R01' },
    })
    await worker.drain()
    expect((await store.getDelivery(odd))?.status).toBe('applied')
    expect((await store.getOrder(other.id))?.order).not.toHaveProperty('failure_reason')
    expect(lines.some((line) => line.includes('disagrees'))).toBe(true)
    expect(lines.join('\n')).not.toMatch(/declined|254712345678/)
  })

  it('moves forward only: a late processing after settled changes nothing and fires nothing', async () => {
    const handlers = { onOrderProcessing: vi.fn(), onOrderSettled: vi.fn(), onEvent: vi.fn() }
    const { store, worker, deliver } = setup({ handlers })
    const order = testOrder({ status: 'submitted' })
    await store.saveOrder({ order, owner: 'u' })
    await deliver('order.settled', settledBody(order))
    await worker.drain()
    const late = await deliver('order.processing', {
      order_id: order.order_id,
      status: 'processing',
    })
    await worker.drain()
    expect((await store.getOrder(order.id))?.order.status).toBe('settled')
    expect(handlers.onOrderProcessing).not.toHaveBeenCalled()
    expect(handlers.onOrderSettled).toHaveBeenCalledOnce()
    expect(handlers.onEvent).toHaveBeenCalledOnce()
    expect((await store.getDelivery(late))?.status).toBe('applied')
  })

  it('fires onOrderProcessing once for a quote the kit accepted as processing itself', async () => {
    const onOrderProcessing = vi.fn()
    const { clock, store, worker, deliver } = setup({ handlers: { onOrderProcessing } })
    // The accept answers `processing`, and the kit records that before the service's webhook.
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'u' })
    const first = await deliver('order.processing', {
      order_id: order.order_id,
      status: 'processing',
    })
    await worker.drain()
    clock.now += 5000
    await deliver('order.processing', { order_id: order.order_id, status: 'processing' })
    await worker.drain()
    expect(onOrderProcessing).toHaveBeenCalledOnce()
    expect(onOrderProcessing).toHaveBeenCalledWith(
      expect.objectContaining({ deliveryId: first, event: 'order.processing', owner: 'u' }),
    )
    const stored = await store.getOrder(order.id)
    expect(stored?.order.status).toBe('processing')
    expect(stored?.appliedBy.processing).toBe(first)
  })

  it('fires onOrderSettled once per order even when the event comes again under a fresh id', async () => {
    const onOrderSettled = vi.fn()
    const { clock, store, worker, deliver } = setup({ handlers: { onOrderSettled } })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'u' })
    await deliver('order.settled', settledBody(order))
    await worker.drain()
    // The service sends the same event again: new id, new timestamp, so a new signature.
    clock.now += 5000
    const again = await deliver('order.settled', settledBody(order))
    await worker.drain()
    expect((await store.getDelivery(again))?.status).toBe('applied')
    expect(onOrderSettled).toHaveBeenCalledOnce()
  })

  it('retries a throwing handler with backoff, same delivery id, until it succeeds', async () => {
    let failures = 2
    const ids: string[] = []
    const onOrderSettled = vi.fn(({ deliveryId }: { deliveryId: string }) => {
      ids.push(deliveryId)
      if (failures-- > 0) throw new Error('partner database down')
    })
    const backoff = vi.fn((attempt: number) => attempt * 10_000)
    const { clock, store, worker, deliver } = setup({ handlers: { onOrderSettled }, backoff })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'u' })
    const deliveryId = await deliver('order.settled', settledBody(order))

    await worker.drain()
    expect(await store.getDelivery(deliveryId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Error: partner database down',
      nextAttemptAt: new Date(clock.now + 10_000),
    })
    expect(await worker.drain()).toBe(0)
    clock.now += 10_000
    await worker.drain()
    expect(backoff).toHaveBeenLastCalledWith(2)
    clock.now += 20_000
    await worker.drain()
    expect(await store.getDelivery(deliveryId)).toMatchObject({ status: 'applied', attempts: 3 })
    expect(ids).toEqual([deliveryId, deliveryId, deliveryId])
  })

  it('parks a delivery after maxAttempts and calls onParked once', async () => {
    const onParked = vi.fn()
    let broken = true
    const onOrderSettled = vi.fn(() => {
      if (broken) throw new Error('always')
    })
    const { store, worker, deliver } = setup({
      handlers: { onOrderSettled },
      maxAttempts: 3,
      backoff: () => 0,
      onParked,
    })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'u' })
    const deliveryId = await deliver('order.settled', settledBody(order))
    await worker.drain()
    expect(onOrderSettled).toHaveBeenCalledTimes(3)
    expect(await store.getDelivery(deliveryId)).toMatchObject({ status: 'parked', attempts: 3 })
    expect(onParked).toHaveBeenCalledOnce()
    expect(onParked.mock.calls[0]?.[0]).toMatchObject({ id: deliveryId })
    expect((await store.listParkedDeliveries()).map((d) => d.id)).toEqual([deliveryId])
    // The order itself moved: only the partner's reaction is pending a person.
    expect((await store.getOrder(order.id))?.order.status).toBe('settled')
    // Once fixed, a requeue runs the handler for that same delivery.
    broken = false
    await store.requeueDelivery({ id: deliveryId })
    await worker.drain()
    expect(onOrderSettled).toHaveBeenCalledTimes(4)
    expect((await store.getDelivery(deliveryId))?.status).toBe('applied')
  })

  it('parks at once a body that can never apply', async () => {
    const onParked = vi.fn()
    const { store, worker, deliver } = setup({ onParked })
    const id = await deliver('order.settled', { status: 'settled', amount_fiat: 1 })
    const customer = await deliver('customer.approved', { status: 'approved' })
    await worker.drain()
    expect(await store.getDelivery(id)).toMatchObject({ status: 'parked', attempts: 1 })
    expect((await store.getDelivery(id))?.lastError).toMatch(/order_id/)
    expect(await store.getDelivery(customer)).toMatchObject({ status: 'parked', attempts: 1 })
    expect(onParked).toHaveBeenCalledTimes(2)
  })

  it('trusts the signed body over the unsigned event header', async () => {
    const handlers = { onOrderProcessing: vi.fn(), onOrderSettled: vi.fn() }
    const { store, worker, deliver } = setup({ handlers })
    const order = testOrder({ status: 'submitted' })
    await store.saveOrder({ order, owner: 'u' })
    await deliver('order.settled', { order_id: order.order_id, status: 'processing' })
    await worker.drain()
    expect(handlers.onOrderSettled).not.toHaveBeenCalled()
    expect(handlers.onOrderProcessing).toHaveBeenCalledOnce()
    expect((await store.getOrder(order.id))?.order.status).toBe('processing')
  })

  it('routes customer, account and unknown events to their handlers', async () => {
    const handlers = {
      onCustomerApproved: vi.fn(),
      onCustomerUpdated: vi.fn(),
      onCustomerDepositAccountUpdated: vi.fn(),
      onAccountCredited: vi.fn(),
      onEvent: vi.fn(),
    }
    const { worker, deliver } = setup({ handlers })
    const customer = {
      customer_id: 'pcus_1',
      status: 'approved',
      products: { deposit_account: { status: 'ready' } },
    }
    const approved = await deliver('customer.approved', customer)
    await deliver('customer.approved', { ...customer, status: 'submitted' })
    await deliver('customer.deposit_account.updated', {
      ...customer,
      can_open_deposit_account: true,
    })
    await deliver('account.credited', {
      event_type: 'account.credited',
      customer_id: 'pcus_1',
      account_id: 7,
      credit: { amount: '10.50', currency: 'EUR' },
    })
    await deliver('payout.completed', { anything: true })
    await worker.drain()
    expect(handlers.onCustomerApproved).toHaveBeenCalledWith(
      expect.objectContaining({
        deliveryId: approved,
        event: 'customer.approved',
        payload: expect.objectContaining({ customer_id: 'pcus_1' }),
      }),
    )
    // "approved" in the header but not in the signed body: handled as an update.
    expect(handlers.onCustomerUpdated).toHaveBeenCalledOnce()
    expect(
      handlers.onCustomerDepositAccountUpdated.mock.calls[0]?.[0].payload.can_open_deposit_account,
    ).toBe(true)
    expect(handlers.onAccountCredited.mock.calls[0]?.[0].payload).toMatchObject({
      account_id: 7,
      credit: { amount: '10.50' },
    })
    expect(handlers.onEvent).toHaveBeenCalledTimes(5)
    expect(handlers.onEvent).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'payout.completed', unknown: true }),
    )
  })

  it('applies a pending_settlement webhook as data, not parked, and settles the order after it', async () => {
    const handlers = { onOrderProcessing: vi.fn(), onOrderSettled: vi.fn(), onEvent: vi.fn() }
    const { store, bus, worker, deliver } = setup({ handlers })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'u' })
    const published: string[] = []
    bus.subscribe(order.id, (o) => published.push(o.status))
    const waiting = await deliver('order.pending_settlement', {
      order_id: order.order_id,
      status: 'pending_settlement',
    })
    await worker.drain()
    expect(await store.getDelivery(waiting)).toMatchObject({ status: 'applied', lastError: null })
    expect((await store.getOrder(order.id))?.order.status).toBe('pending_settlement')
    expect(handlers.onEvent).toHaveBeenCalledWith(
      expect.objectContaining({
        event: 'order.pending_settlement',
        owner: 'u',
        order: expect.objectContaining({ status: 'pending_settlement' }),
      }),
    )
    // A late processing is older news; the settlement that follows is applied once.
    await deliver('order.processing', { order_id: order.order_id, status: 'processing' })
    await deliver('order.settled', settledBody(order))
    await worker.drain()
    expect(handlers.onOrderProcessing).not.toHaveBeenCalled()
    expect(handlers.onOrderSettled).toHaveBeenCalledOnce()
    expect(published).toEqual(['pending_settlement', 'settled'])
  })

  it('applies a status the kit does not know as data, and after a final status ignores it, parking nothing', async () => {
    const onEvent = vi.fn()
    const { store, worker, deliver } = setup({ handlers: { onEvent } })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'u' })
    const odd = await deliver('order.processing', {
      order_id: order.order_id,
      status: 'AWAITING_REVIEW',
    })
    await worker.drain()
    expect((await store.getOrder(order.id))?.order.status).toBe('awaiting_review')
    expect(onEvent).toHaveBeenLastCalledWith(
      expect.objectContaining({ deliveryId: odd, event: 'order.awaiting_review' }),
    )
    await deliver('order.settled', settledBody(order))
    const after = await deliver('order.processing', { order_id: order.order_id, status: 'on_hold' })
    await worker.drain()
    expect((await store.getOrder(order.id))?.order.status).toBe('settled')
    expect(await store.getDelivery(after)).toMatchObject({ status: 'applied' })
    expect(onEvent.mock.calls.map(([context]) => context.event)).toEqual([
      'order.awaiting_review',
      'order.settled',
    ])
    expect(await store.listParkedDeliveries()).toEqual([])
  })

  it('records an order it does not know without owner and tells the handler so', async () => {
    const onOrderProcessing = vi.fn()
    const { store, worker, deliver } = setup({ handlers: { onOrderProcessing } })
    await deliver('order.processing', {
      order_id: 'svc_unknown',
      status: 'processing',
      order_type: 'OffRamp',
    })
    await worker.drain()
    expect(onOrderProcessing).toHaveBeenCalledWith(expect.objectContaining({ owner: null }))
    expect(await store.getOrderByOrderId('svc_unknown')).toMatchObject({
      owner: null,
      order: { status: 'processing', order_type: 'OffRamp' },
    })
  })

  it('takes back the delivery of a worker that died holding it, once its lease runs out', async () => {
    const onOrderSettled = vi.fn()
    const { clock, store, worker, deliver } = setup({
      handlers: { onOrderSettled },
      leaseMs: 30_000,
    })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'u' })
    const deliveryId = await deliver('order.settled', settledBody(order))
    // Another worker claims it and dies.
    await store.claimDeliveries({
      worker: 'dead',
      limit: 10,
      leaseMs: 30_000,
      now: new Date(clock.now),
    })
    expect(await worker.drain()).toBe(0)
    clock.now += 30_001
    expect(await worker.drain()).toBe(1)
    expect(onOrderSettled).toHaveBeenCalledOnce()
    expect(await store.getDelivery(deliveryId)).toMatchObject({ status: 'applied', attempts: 2 })
  })

  it('parks a delivery whose every claim ended in a crash', async () => {
    const { clock, store, worker, deliver } = setup({ maxAttempts: 2 })
    const id = await deliver('customer.updated', { customer_id: 'pcus_2', status: 'approved' })
    for (let i = 0; i < 2; i++) {
      await store.claimDeliveries({
        worker: `dead-${i}`,
        limit: 10,
        leaseMs: 1,
        now: new Date(clock.now),
      })
      clock.now += 2
    }
    await worker.drain()
    expect(await store.getDelivery(id)).toMatchObject({ status: 'parked', attempts: 3 })
    expect((await store.getDelivery(id))?.lastError).toMatch(/stopped 2 times/)
  })

  describe('late webhooks', () => {
    it('polls an order that stays open too long and applies the answer like an event', async () => {
      const onOrderSettled = vi.fn()
      const fetchOrder = vi.fn(async (order: KitOrder) => ({
        order_id: order.order_id,
        status: 'SETTLED',
        settlement_transaction_hash: '0xpolled',
      }))
      const { clock, store, bus, worker } = setup({
        handlers: { onOrderSettled },
        poll: { fetchOrder, lateAfterMs: 120_000 },
      })
      const order = testOrder({ status: 'processing' })
      await store.saveOrder({ order, owner: 'u', now: new Date(clock.now) })
      const seen: string[] = []
      bus.subscribe(order.id, (o) => seen.push(o.status))

      clock.now += 60_000
      expect(await worker.pollLateOrders()).toBe(0)
      expect(fetchOrder).not.toHaveBeenCalled()

      clock.now += 61_000
      expect(await worker.pollLateOrders()).toBe(1)
      await worker.drain()
      expect((await store.getOrder(order.id))?.order).toMatchObject({
        status: 'settled',
        settlement_transaction_hash: '0xpolled',
      })
      expect(seen).toEqual(['settled'])
      expect(onOrderSettled).toHaveBeenCalledWith(
        expect.objectContaining({ deliveryId: `poll:${order.id}:settled`, source: 'poll' }),
      )
      // Settled is not open: it is not polled again.
      clock.now += 600_000
      expect(await worker.pollLateOrders()).toBe(0)
      expect(fetchOrder).toHaveBeenCalledOnce()
    })

    it('applies a polled pending_settlement, keeps polling the order, and settles it later', async () => {
      let answer = 'Pending_Settlement'
      const fetchOrder = vi.fn(async (order: KitOrder) => ({
        order_id: order.order_id,
        status: answer,
      }))
      const { clock, store, worker } = setup({ poll: { fetchOrder, lateAfterMs: 1000 } })
      const order = testOrder({ status: 'processing' })
      await store.saveOrder({ order, owner: 'u', now: new Date(clock.now) })
      clock.now += 2000
      expect(await worker.pollLateOrders()).toBe(1)
      await worker.drain()
      expect((await store.getOrder(order.id))?.order.status).toBe('pending_settlement')
      // Still open: polled again, and the same answer queues nothing new.
      clock.now += 2000
      expect(await worker.pollLateOrders()).toBe(0)
      answer = 'settled'
      clock.now += 2000
      expect(await worker.pollLateOrders()).toBe(1)
      await worker.drain()
      expect((await store.getOrder(order.id))?.order.status).toBe('settled')
      expect(fetchOrder).toHaveBeenCalledTimes(3)
    })

    it('links a direct order to the order_id the poll reports, and survives a failing poll', async () => {
      let fail = true
      const fetchOrder = vi.fn(async (order: KitOrder) => {
        if (fail) throw new Error('502 from the service')
        return { tx_hash: order.tx_hash, order_id: 'svc_direct_1', status: 'processing' }
      })
      const { clock, store, worker } = setup({ poll: { fetchOrder, lateAfterMs: 1000 } })
      const tx = `0x${'ab'.repeat(32)}`
      const order = testOrder({
        id: tx,
        flow: 'direct',
        order_id: null,
        tx_hash: tx,
        status: 'submitted',
      })
      await store.saveOrder({ order, owner: 'u', now: new Date(clock.now) })
      clock.now += 2000
      expect(await worker.pollLateOrders()).toBe(0)
      fail = false
      clock.now += 2000
      expect(await worker.pollLateOrders()).toBe(1)
      await worker.drain()
      expect(await store.getOrderByOrderId('svc_direct_1')).toMatchObject({
        owner: 'u',
        order: { id: tx, status: 'processing' },
      })
    })
  })

  it('when started, applies a delivery on ingest (wake), not at the next idle poll', async () => {
    let resolveApplied: () => void = () => {}
    const applied = new Promise<'applied'>((resolve) => {
      resolveApplied = () => resolve('applied')
    })
    const onOrderSettled = vi.fn(() => resolveApplied())
    // A long idle interval: only wake() can explain an apply before it elapses.
    const { store, worker, deliver } = setup({ handlers: { onOrderSettled }, idleMs: 60_000 })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'u' })
    worker.start()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await deliver('order.settled', settledBody(order))
    let timer: ReturnType<typeof setTimeout> | undefined
    const idle = new Promise<'idle'>((resolve) => {
      timer = setTimeout(() => resolve('idle'), 30_000)
    })
    const outcome = await Promise.race([applied, idle])
    clearTimeout(timer)
    await worker.stop()
    expect(outcome).toBe('applied')
  }, 40_000)

  it('uses a jittered exponential default backoff', () => {
    const first = defaultBackoff(1)
    expect(first).toBeGreaterThanOrEqual(1600)
    expect(first).toBeLessThanOrEqual(2400)
    expect(defaultBackoff(3)).toBeGreaterThanOrEqual(18_000 * 0.8)
    expect(defaultBackoff(50)).toBeLessThanOrEqual(30 * 60 * 1000 * 1.2)
  })
})

/**
 * The bus is live status only: the store holds the truth and SSE heartbeats re-read it. Each case
 * is a real bus failing for a real reason; the worker must still apply the order and run the
 * partner's handlers, and log the failure without the order's contents.
 */
async function expectAppliedDespiteBus(bus: OrderBus, body: (order: KitOrder) => object) {
  const onOrderSettled = vi.fn()
  const onEvent = vi.fn()
  const { lines, logger } = capturing()
  const { store, worker, deliver } = setup({ bus, handlers: { onOrderSettled, onEvent }, logger })
  const order = testOrder({ status: 'processing' })
  await store.saveOrder({ order, owner: 'user-1' })
  const deliveryId = await deliver('order.settled', { ...settledBody(order), ...body(order) })

  expect(await worker.drain()).toBe(1)

  expect(await store.getDelivery(deliveryId)).toMatchObject({ status: 'applied', attempts: 1 })
  expect((await store.getOrder(order.id))?.order.status).toBe('settled')
  expect(onOrderSettled).toHaveBeenCalledOnce()
  expect(onOrderSettled).toHaveBeenCalledWith(expect.objectContaining({ deliveryId }))
  expect(onEvent).toHaveBeenCalledOnce()
  const warning = lines.filter((line) => line.includes('Live-status publish failed'))
  expect(warning).toHaveLength(1)
  expect(warning[0]).toContain(deliveryId)
  expect(warning[0]).toContain('"error":"Error"')
  // The order's contents stay out of the log: only ids and the error's name.
  expect(warning[0]).not.toContain('0xsettle')
  expect(warning[0]).not.toContain(order.wallet_address!)
}

describe('a failing live-status bus', () => {
  it('does not stop the order or its handlers when the bus server is down', async () => {
    const bus = postgresBus({
      connectionString: `postgres://rampkit@127.0.0.1:${await closedPort()}/rampkit`,
      reconnectMs: 60_000,
      onError: () => {},
    })
    await bus.ready().catch(() => {})
    try {
      await expectAppliedDespiteBus(bus, () => ({}))
    } finally {
      await bus.close()
    }
  })
})

const skipPostgres = await skipUnlessReachable('worker with the Postgres bus', DATABASE_URL)
describe.skipIf(skipPostgres)('a failing live-status bus on a running Postgres', () => {
  it('does not stop an order too large for a NOTIFY payload, nor its handlers', async () => {
    const bus = postgresBus({ connectionString: DATABASE_URL, channel: `rampkit_test_${runId()}` })
    await bus.ready()
    try {
      // Over the 8000-byte NOTIFY limit once the order carries it (the service may send long
      // fields, and the kit keeps what it is sent).
      await expectAppliedDespiteBus(bus, (order) => ({
        wallet_address: `${order.wallet_address}${'ab'.repeat(4000)}`,
      }))
    } finally {
      await bus.close()
    }
  })
})

describe('secrets in handler errors', () => {
  const API_KEY = 'is_live_worker_tests_key_0123456789'

  it('never reach last_error, the logs or onParked', async () => {
    const { lines, logger } = capturing()
    const onParked = vi.fn()
    const onOrderSettled = vi.fn(() => {
      // A partner's client error that quotes its configuration.
      throw new Error(`credit refused for key ${API_KEY} (webhook secret ${SECRET})`)
    })
    const { clock, store, worker, deliver } = setup({
      handlers: { onOrderSettled },
      secrets: [API_KEY, SECRET],
      maxAttempts: 2,
      backoff: () => 1000,
      onParked,
      logger,
    })
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'u' })
    const deliveryId = await deliver('order.settled', settledBody(order))

    await worker.drain()
    const retried = await store.getDelivery(deliveryId)
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 })
    expect(retried?.lastError).toBe(
      'Error: credit refused for key [redacted] (webhook secret [redacted])',
    )
    clock.now += 1000
    await worker.drain()
    const parked = await store.getDelivery(deliveryId)
    expect(parked).toMatchObject({ status: 'parked', attempts: 2 })
    expect(parked?.lastError).toContain('[redacted]')

    expect(onParked).toHaveBeenCalledOnce()
    const handed = onParked.mock.calls[0]?.[1] as Error
    expect(handed).toBeInstanceOf(Error)
    expect(handed.message).toBe('credit refused for key [redacted] (webhook secret [redacted])')
    const everything = [
      JSON.stringify(parked),
      handed.message,
      String(handed.stack),
      ...lines,
    ].join('\n')
    expect(lines.some((line) => line.includes('Delivery parked'))).toBe(true)
    expect(everything).not.toContain(API_KEY)
    expect(everything).not.toContain(SECRET)
  })
})
