// Test support, in the package's test folder (never published): the store conformance suites.
import type { KitOrder } from '@rampkit/core/kit'
import { REDIS_URL, runId } from '@rampkit/test'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlDriver, SqlQuery } from '../src/store/sql/driver.js'
import { BYTE_KEYS, migrate } from '../src/store/sql/migrations.js'
import { sqlStore } from '../src/store/sql/store.js'
import type {
  ApplyOrderUpdateParameters,
  Counters,
  NewDelivery,
  RampStore,
} from '../src/store/types.js'
import { createWorker, type WorkerLogger } from '../src/worker/worker.js'

// The services' URLs and the skip-off-CI rule live in `@rampkit/test`, shared by every package.
export * from '@rampkit/test'

/**
 * For a describe block of Redis tests: a connection (null when the block is skipped) and a key
 * prefix of this run's own, whose keys are deleted and the connection closed after the block.
 */
export function redisForTests(skip: boolean): { redis: Redis | null; keyPrefix: string } {
  const keyPrefix = `rampkit-test:${runId()}:`
  const redis = skip ? null : new Redis(REDIS_URL, { lazyConnect: true })
  afterAll(async () => {
    if (!redis) return
    const keys = await redis.keys(`${keyPrefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    redis.disconnect()
  })
  return { redis, keyPrefix }
}

let serial = 0
/** A unique id for this test run. */
export function uid(prefix = 'x'): string {
  serial++
  return `${prefix}_${runId()}_${serial}`
}

export function testOrder(overrides: Partial<KitOrder> = {}): KitOrder {
  const id = overrides.id ?? uid('ord')
  return {
    id,
    flow: 'quote',
    order_id: id,
    quote_id: uid('quote'),
    tx_hash: null,
    status: 'processing',
    order_type: 'OnRamp',
    amount_fiat: 1500,
    currency: 'KES',
    amount_crypto: 11.5,
    token: 'USDC',
    rate: 130.43,
    wallet_address: '0x1111111111111111111111111111111111111111',
    settlement_transaction_hash: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  }
}

/** A verified delivery with a unique id and signature. */
export function testDelivery(overrides: Partial<NewDelivery> = {}): NewDelivery {
  const id = overrides.id ?? uid('dlv')
  return {
    id,
    event: 'order.settled',
    signature: `sig-${id}`,
    body: JSON.stringify({ order_id: 'o', status: 'settled' }),
    receivedAt: new Date(),
    ...overrides,
  }
}

// Each claiming test runs in its own era in the past, earlier than the previous test's, so
// deliveries other tests left pending (received now, or in a later era) are never due in it:
// the engine is shared by the whole file.
let era = Date.UTC(2000, 0, 1)
function nextEra(): number {
  era -= 365 * 24 * 3600 * 1000
  return era
}

/**
 * The behaviour every `RampStore` engine must have: the conformance suites of its three
 * contracts (delivery inbox, orders, counters) against one instance. Each engine's test file runs
 * it against one shared instance (PGlite takes seconds to start), so every test uses its own ids.
 */
export function storeContract(
  name: string,
  open: () => Promise<RampStore>,
  close?: () => Promise<void>,
) {
  describe(`RampStore contract: ${name}`, () => {
    let store: RampStore
    beforeAll(async () => {
      store = await open()
    })
    afterAll(async () => {
      await store?.close()
      await close?.()
    })

    describe('delivery inbox', () => deliveryInboxContract(() => store))
    describe('orders', () => orderStoreContract(() => store))
    describe('rate limits and keys', () => countersContract(() => store))
  })
}

/** The `DeliveryInbox` contract (with `prune` of applied deliveries). Run inside a suite that opened the store; `store()` gives it. */
export function deliveryInboxContract(store_: () => RampStore) {
  let store: RampStore
  beforeAll(() => {
    store = store_()
  })

  it('stores a delivery once: a repeat id or a repeat signature is a duplicate', async () => {
    const first = testDelivery()
    expect(await store.insertDelivery(first)).toBe('inserted')
    expect(await store.insertDelivery(first)).toBe('duplicate')
    expect(await store.insertDelivery({ ...first, signature: 'other-signature' })).toBe('duplicate')
    expect(await store.insertDelivery({ ...first, id: uid('dlv') })).toBe('duplicate')
    const stored = await store.getDelivery(first.id)
    expect(stored).toMatchObject({
      id: first.id,
      event: first.event,
      body: first.body,
      status: 'pending',
      attempts: 0,
    })
    expect(stored?.receivedAt.getTime()).toBe(first.receivedAt.getTime())
  })

  it('leases a claim; another worker takes it only after the lease runs out', async () => {
    const t = nextEra()
    const d = testDelivery({ receivedAt: new Date(t) })
    await store.insertDelivery(d)
    const claimed = await store.claimDeliveries({
      worker: 'w1',
      limit: 10,
      leaseMs: 1000,
      now: new Date(t + 1),
    })
    expect(claimed.map((c) => c.id)).toEqual([d.id])
    expect(claimed[0]).toMatchObject({ attempts: 1, leaseOwner: 'w1' })
    expect(
      await store.claimDeliveries({
        worker: 'w2',
        limit: 10,
        leaseMs: 1000,
        now: new Date(t + 500),
      }),
    ).toEqual([])
    const retaken = await store.claimDeliveries({
      worker: 'w2',
      limit: 10,
      leaseMs: 1000,
      now: new Date(t + 1002),
    })
    expect(retaken.map((c) => [c.id, c.attempts, c.leaseOwner])).toEqual([[d.id, 2, 'w2']])
    // The crashed worker's late report is ignored; the holder's counts.
    expect(
      await store.failDelivery({
        id: d.id,
        worker: 'w1',
        error: 'late',
        now: new Date(t + 1003),
        retryAt: new Date(t + 2000),
      }),
    ).toBe('lost')
    await store.completeDelivery({ id: d.id, worker: 'w2', now: new Date(t + 1004) })
    expect(await store.getDelivery(d.id)).toMatchObject({ status: 'applied', lastError: null })
    expect(
      await store.claimDeliveries({
        worker: 'w3',
        limit: 10,
        leaseMs: 1000,
        now: new Date(t + 99_999),
      }),
    ).toEqual([])
  })

  it('claims due deliveries oldest first, up to the limit, each by one worker', async () => {
    const t = nextEra()
    const ds = Array.from({ length: 6 }, (_, i) => testDelivery({ receivedAt: new Date(t + i) }))
    for (const d of ds) await store.insertDelivery(d)
    const now = new Date(t + 100)
    const [a, b, c] = await Promise.all([
      store.claimDeliveries({ worker: 'a', limit: 2, leaseMs: 10_000, now }),
      store.claimDeliveries({ worker: 'b', limit: 2, leaseMs: 10_000, now }),
      store.claimDeliveries({ worker: 'c', limit: 2, leaseMs: 10_000, now }),
    ])
    const all = [...a!, ...b!, ...c!].map((x) => x.id)
    expect(all).toHaveLength(6)
    expect(new Set(all).size).toBe(6)
    for (const d of ds) await store.completeDelivery({ id: d.id, worker: 'any', now })
  })

  it('retries at the given time, parks on request, lists and requeues parked ones', async () => {
    const t = nextEra()
    const d = testDelivery({ receivedAt: new Date(t) })
    await store.insertDelivery(d)
    await store.claimDeliveries({ worker: 'w', limit: 1, leaseMs: 60_000, now: new Date(t) })
    expect(
      await store.failDelivery({
        id: d.id,
        worker: 'w',
        error: 'boom',
        now: new Date(t + 1),
        retryAt: new Date(t + 5000),
      }),
    ).toBe('retry')
    expect(await store.getDelivery(d.id)).toMatchObject({
      status: 'pending',
      lastError: 'boom',
      attempts: 1,
    })
    expect(
      await store.claimDeliveries({
        worker: 'w',
        limit: 1,
        leaseMs: 60_000,
        now: new Date(t + 4999),
      }),
    ).toEqual([])
    const again = await store.claimDeliveries({
      worker: 'w',
      limit: 1,
      leaseMs: 60_000,
      now: new Date(t + 5000),
    })
    expect(again.map((x) => x.attempts)).toEqual([2])
    expect(
      await store.failDelivery({
        id: d.id,
        worker: 'w',
        error: 'boom again',
        now: new Date(t + 5001),
        retryAt: null,
      }),
    ).toBe('parked')
    const parked = await store.getDelivery(d.id)
    expect(parked).toMatchObject({ status: 'parked', lastError: 'boom again' })
    expect(parked?.finishedAt?.getTime()).toBe(t + 5001)
    expect((await store.listParkedDeliveries({ limit: 1000 })).map((x) => x.id)).toContain(d.id)
    expect(
      await store.claimDeliveries({
        worker: 'w',
        limit: 1,
        leaseMs: 60_000,
        now: new Date(t + 99_999),
      }),
    ).toEqual([])
    expect(await store.requeueDelivery({ id: d.id, now: new Date(t + 6000) })).toBe(true)
    expect(await store.requeueDelivery({ id: d.id, now: new Date(t + 6000) })).toBe(false)
    expect(await store.getDelivery(d.id)).toMatchObject({ status: 'pending', attempts: 0 })
    const requeued = await store.claimDeliveries({
      worker: 'w',
      limit: 1,
      leaseMs: 60_000,
      now: new Date(t + 6000),
    })
    expect(requeued.map((x) => x.id)).toEqual([d.id])
    await store.completeDelivery({ id: d.id, worker: 'w', now: new Date(t + 6001) })
  })

  it('prunes applied deliveries past the horizon and keeps the rest', async () => {
    const now = Date.now()
    const day = 24 * 3600 * 1000
    const old = testDelivery({ receivedAt: new Date(now - 8 * day) })
    const recent = testDelivery({ receivedAt: new Date(now - 1 * day) })
    const oldPending = testDelivery({
      receivedAt: new Date(now - 9 * day),
      event: 'customer.updated',
    })
    for (const d of [old, recent, oldPending]) await store.insertDelivery(d)
    for (const d of [old, recent])
      await store.completeDelivery({ id: d.id, worker: 'w', now: new Date(now) })
    const result = await store.prune({ now: new Date(now) })
    expect(result.deliveries).toBeGreaterThanOrEqual(1)
    expect(await store.getDelivery(old.id)).toBeNull()
    expect(await store.getDelivery(recent.id)).not.toBeNull()
    expect(await store.getDelivery(oldPending.id)).not.toBeNull()
    // Past the horizon, the id (and signature) are free again.
    expect(await store.insertDelivery(old)).toBe('inserted')
    expect(await store.insertDelivery(recent)).toBe('duplicate')
  })
}

/** The service's failure event for `orderId`, saying `reason`, as the worker applies one. */
function failedWith(
  orderId: string | null,
  reason: string,
  deliveryId: string,
  now = new Date(),
): ApplyOrderUpdateParameters {
  return {
    orderId,
    txHash: null,
    status: 'failed',
    patch: { failure_reason: reason },
    deliveryId,
    now,
  }
}

/**
 * The `OrderStore` contract (some cases apply deliveries through the worker, so it takes the
 * whole store). Run inside a suite that opened the store; `store()` gives it.
 */
export function orderStoreContract(store_: () => RampStore) {
  let store: RampStore
  beforeAll(() => {
    store = store_()
  })

  it('creates, finds by id, order_id and tx_hash, and refuses another owner', async () => {
    const order = testOrder({ tx_hash: `0x${uid('tx')}` })
    const saved = await store.saveOrder({ order, owner: 'alice' })
    expect(saved.result).toBe('created')
    expect(saved.stored).toMatchObject({ owner: 'alice', order })
    expect((await store.getOrder(order.id))?.order).toEqual(order)
    expect((await store.getOrderByOrderId(order.order_id!))?.order.id).toBe(order.id)
    expect((await store.getOrderByTxHash(order.tx_hash!))?.order.id).toBe(order.id)
    expect(await store.getOrder(uid('missing'))).toBeNull()
    const again = await store.saveOrder({
      order: { ...order, amount_fiat: 2000 },
      owner: 'alice',
    })
    expect(again.result).toBe('updated')
    expect(again.stored.order.amount_fiat).toBe(2000)
    const stolen = await store.saveOrder({
      order: { ...order, amount_fiat: 1 },
      owner: 'mallory',
    })
    expect(stolen.result).toBe('conflict')
    expect((await store.getOrder(order.id))?.owner).toBe('alice')
    expect((await store.getOrder(order.id))?.order.amount_fiat).toBe(2000)
  })

  it('lists an owner’s orders newest first with limit and offset', async () => {
    const owner = uid('owner')
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const order = testOrder({
        created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString(),
      })
      ids.push(order.id)
      await store.saveOrder({ order, owner })
    }
    await store.saveOrder({ order: testOrder(), owner: uid('someone-else') })
    const all = await store.listOrders({ owner })
    expect(all.map((o) => o.order.id)).toEqual([...ids].reverse())
    const page = await store.listOrders({ owner, limit: 2, offset: 2 })
    expect(page.map((o) => o.order.id)).toEqual([ids[2], ids[1]])
  })

  it('moves status forward only, in one step, and says which delivery applied it', async () => {
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'bob' })
    const now = new Date()
    const base = { orderId: order.order_id, txHash: null, patch: {}, now }
    const settled = await store.applyOrderUpdate({
      ...base,
      status: 'settled',
      deliveryId: 'd-settled',
      patch: { settlement_transaction_hash: '0xabc', amount_fiat: 1501, currency: null },
    })
    expect(settled).toMatchObject({ changed: true, applied: true })
    expect(settled.stored.order).toMatchObject({
      status: 'settled',
      settlement_transaction_hash: '0xabc',
      amount_fiat: 1501,
      currency: 'KES',
    })
    expect(settled.stored.appliedBy).toEqual({ settled: 'd-settled' })
    // A late processing after settled changes nothing.
    const late = await store.applyOrderUpdate({
      ...base,
      status: 'processing',
      deliveryId: 'd-late',
    })
    expect(late).toMatchObject({ changed: false, applied: false })
    expect(late.stored.order.status).toBe('settled')
    // The same status under a fresh delivery id (a replay) is not applied again...
    const replay = await store.applyOrderUpdate({
      ...base,
      status: 'settled',
      deliveryId: 'd-replay',
    })
    expect(replay).toMatchObject({ changed: false, applied: false })
    // ...but a retry of the delivery that applied it still owns it (handlers run again).
    const retry = await store.applyOrderUpdate({
      ...base,
      status: 'settled',
      deliveryId: 'd-settled',
    })
    expect(retry).toMatchObject({ changed: false, applied: true })
    const refunded = await store.applyOrderUpdate({
      ...base,
      status: 'refunded',
      deliveryId: 'd-refund',
    })
    expect(refunded).toMatchObject({ changed: true, applied: true })
    expect((await store.getOrder(order.id))?.order.status).toBe('refunded')
    expect((await store.getOrder(order.id))?.owner).toBe('bob')
    const failed = await store.applyOrderUpdate({
      ...base,
      status: 'failed',
      deliveryId: 'd-fail',
    })
    expect(failed.changed).toBe(false)
  })

  it('stores a pending_settlement order, polls it as open, and moves it to settled', async () => {
    const t = Date.now()
    const order = testOrder({ status: 'pending_settlement' })
    const saved = await store.saveOrder({ order, owner: 'frank', now: new Date(t - 600_000) })
    expect(saved.stored.order.status).toBe('pending_settlement')
    expect((await store.getOrder(order.id))?.order.status).toBe('pending_settlement')
    const late = await store.claimLateOrders({
      before: new Date(t - 60_000),
      now: new Date(t),
      limit: 1000,
    })
    expect(late.map((o) => o.order.id)).toContain(order.id)
    const base = { orderId: order.order_id, txHash: null, patch: {}, now: new Date(t) }
    const back = await store.applyOrderUpdate({
      ...base,
      status: 'processing',
      deliveryId: uid('d'),
    })
    expect(back).toMatchObject({ changed: false, applied: false })
    const settled = await store.applyOrderUpdate({
      ...base,
      status: 'settled',
      deliveryId: 'd-ps',
    })
    expect(settled).toMatchObject({ changed: true, applied: true })
    expect((await store.getOrder(order.id))?.order.status).toBe('settled')
    expect(settled.stored.appliedBy).toEqual({ settled: 'd-ps' })
  })

  it('moves processing to pending_settlement, then failed, in any case the service writes', async () => {
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'frank' })
    const base = { orderId: order.order_id, txHash: null, patch: {}, now: new Date() }
    const waiting = await store.applyOrderUpdate({
      ...base,
      status: 'PENDING_SETTLEMENT',
      deliveryId: 'd-wait',
    })
    expect(waiting).toMatchObject({ changed: true, applied: true })
    expect(waiting.stored.order.status).toBe('pending_settlement')
    const failed = await store.applyOrderUpdate({
      ...base,
      status: 'failed',
      deliveryId: 'd-f',
    })
    expect(failed.changed).toBe(true)
    expect((await store.getOrder(order.id))?.order.status).toBe('failed')
  })

  it('keeps a failed order’s reason as plain, bounded text, in every read, past a refund', async () => {
    const owner = uid('owner')
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner })
    const said = `  The payer\r\ndeclined\u0000 the \u202Eprompt ${'z'.repeat(400)}`
    const plain = `The payer declined the prompt ${'z'.repeat(249)}…`
    const failed = await store.applyOrderUpdate(failedWith(order.order_id, said, 'd-fail'))
    expect(failed).toMatchObject({ changed: true, applied: true })
    expect(failed.stored.order.failure_reason).toBe(plain)
    expect((await store.getOrder(order.id))?.order.failure_reason).toBe(plain)
    expect((await store.getOrderByOrderId(order.order_id!))?.order.failure_reason).toBe(plain)
    expect((await store.listOrders({ owner })).map((s) => s.order.failure_reason)).toEqual([plain])
    // A replay of the failure with other words changes nothing; a refund without words keeps it.
    const replay = await store.applyOrderUpdate(
      failedWith(order.order_id, 'Something else', 'd-fail-again'),
    )
    expect(replay.applied).toBe(false)
    const refunded = await store.applyOrderUpdate({
      ...failedWith(order.order_id, ' \n ', 'd-refund'),
      status: 'refunded',
    })
    expect(refunded.stored.order).toMatchObject({ status: 'refunded', failure_reason: plain })
    expect((await store.getOrder(order.id))?.order.failure_reason).toBe(plain)

    // A failure the service reported before the kit's own record: the link keeps its reason.
    const early = testOrder({ status: 'processing' })
    await store.applyOrderUpdate(failedWith(early.order_id, 'Declined\tby the bank', 'd-early'))
    const linked = await store.saveOrder({ order: early, owner })
    expect(linked.result).toBe('linked')
    expect(linked.stored.order).toMatchObject({
      status: 'failed',
      failure_reason: 'Declined by the bank',
    })
    // What a caller saves is made plain too; an order without a reason has none.
    const saved = testOrder({ status: 'failed', failure_reason: 'No\u0007 funds\n' })
    await store.saveOrder({ order: saved, owner })
    expect((await store.getOrder(saved.id))?.order.failure_reason).toBe('No funds')
    const none = testOrder()
    await store.saveOrder({ order: none, owner })
    expect((await store.getOrder(none.id))?.order).not.toHaveProperty('failure_reason')
  })

  it('keeps a status it does not know as data, in progress, until a final one', async () => {
    const t = Date.now()
    const order = testOrder({ status: 'processing' })
    await store.saveOrder({ order, owner: 'gina', now: new Date(t - 600_000) })
    const base = { orderId: order.order_id, txHash: null, patch: {} }
    const odd = await store.applyOrderUpdate({
      ...base,
      status: 'awaiting_review',
      deliveryId: 'd-odd',
      now: new Date(t - 600_000),
    })
    expect(odd).toMatchObject({ changed: true, applied: true })
    expect((await store.getOrder(order.id))?.order.status).toBe('awaiting_review')
    const late = await store.claimLateOrders({
      before: new Date(t - 60_000),
      now: new Date(t),
      limit: 1000,
    })
    expect(late.map((o) => o.order.id)).toContain(order.id)
    const settled = await store.applyOrderUpdate({
      ...base,
      status: 'settled',
      deliveryId: 'd-end',
      now: new Date(t),
    })
    expect(settled.changed).toBe(true)
    const after = await store.applyOrderUpdate({
      ...base,
      status: 'on_hold',
      deliveryId: 'd-after',
      now: new Date(t),
    })
    expect(after).toMatchObject({ changed: false, applied: false })
    expect((await store.getOrder(order.id))?.order.status).toBe('settled')
  })

  it('records an unknown order without owner, and the kit’s create links it', async () => {
    const orderId = uid('early')
    const early = await store.applyOrderUpdate({
      orderId,
      txHash: null,
      status: 'settled',
      patch: { amount_fiat: 900, currency: 'KES', order_type: 'OffRamp' },
      deliveryId: uid('d'),
      now: new Date(),
    })
    expect(early).toMatchObject({ changed: true, applied: true })
    expect(early.stored).toMatchObject({
      owner: null,
      order: { id: orderId, status: 'settled', order_type: 'OffRamp', amount_fiat: 900 },
    })
    // The accept response arrives after the webhook: the record is linked, status kept.
    const linked = await store.saveOrder({
      order: testOrder({ id: orderId, order_id: orderId, status: 'processing' }),
      owner: 'carol',
    })
    expect(linked.result).toBe('linked')
    expect(linked.stored).toMatchObject({
      owner: 'carol',
      order: { id: orderId, status: 'settled', token: 'USDC' },
    })
    expect(linked.stored.appliedBy).toEqual(early.stored.appliedBy)
    expect(
      (await store.listOrders({ owner: 'carol', limit: 200 })).map((o) => o.order.id),
    ).toContain(orderId)
  })

  it('links a direct order to its order_id, folding an ownerless record made first', async () => {
    const txHash = `0x${uid('tx')}`
    const direct = testOrder({
      id: txHash,
      flow: 'direct',
      order_id: null,
      quote_id: null,
      tx_hash: txHash,
      status: 'submitted',
    })
    await store.saveOrder({ order: direct, owner: 'dave' })
    const orderId = uid('svc')
    // A webhook without the creation hash: the kit cannot tell it is dave's order yet.
    const orphan = await store.applyOrderUpdate({
      orderId,
      txHash: null,
      status: 'processing',
      patch: {},
      deliveryId: 'dp',
      now: new Date(),
    })
    expect(orphan.stored.owner).toBeNull()
    // The poll by creation hash tells both ids: one record remains, dave's, processing.
    const linked = await store.applyOrderUpdate({
      orderId,
      txHash,
      status: 'processing',
      patch: {},
      deliveryId: 'poll',
      now: new Date(),
    })
    expect(linked.stored).toMatchObject({
      owner: 'dave',
      order: { id: txHash, order_id: orderId, tx_hash: txHash, status: 'processing' },
    })
    expect(linked.applied).toBe(false)
    expect(linked.stored.appliedBy).toEqual({ processing: 'dp' })
    expect((await store.getOrderByOrderId(orderId))?.order.id).toBe(txHash)
    expect(await store.getOrder(orderId)).toBeNull()
    const settled = await store.applyOrderUpdate({
      orderId,
      txHash: null,
      status: 'settled',
      patch: {},
      deliveryId: 'ds',
      now: new Date(),
    })
    expect(settled).toMatchObject({
      changed: true,
      stored: { owner: 'dave', order: { id: txHash, status: 'settled' } },
    })
  })

  /**
   * A quote order (its `order_id`, no creation hash) and a direct order (its creation hash
   * and its own `order_id`), saved for the owners given, as the kit's routes save them.
   */
  async function quoteAndDirect(quoteOwner: string, directOwner: string) {
    const quote = testOrder({ status: 'processing' })
    const txHash = `0x${uid('tx')}`
    const direct = testOrder({
      id: txHash,
      flow: 'direct',
      order_id: uid('svc'),
      quote_id: null,
      tx_hash: txHash,
      status: 'submitted',
      amount_fiat: 2222,
    })
    await store.saveOrder({ order: quote, owner: quoteOwner })
    await store.saveOrder({ order: direct, owner: directOwner })
    return { quote, direct, txHash }
  }

  it('never folds two owners’ orders that one update names: neither changes', async () => {
    const [amina, bola] = [uid('owner'), uid('owner')]
    const { quote, direct, txHash } = await quoteAndDirect(amina, bola)
    const before = [await store.getOrder(quote.id), await store.getOrder(direct.id)]
    // A's order_id with B's creation hash: folded, B's order would be deleted and its hash
    // given to A. A retry of the same delivery meets the same two records.
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await store.applyOrderUpdate({
        orderId: quote.order_id,
        txHash,
        status: 'settled',
        patch: { amount_fiat: 1, settlement_transaction_hash: '0xfeed' },
        deliveryId: 'd-merge',
        now: new Date(),
      })
      expect(result).toMatchObject({
        changed: false,
        applied: false,
        conflict: {
          byOrderId: { owner: amina, order: { id: quote.id, tx_hash: null } },
          byTxHash: { owner: bola, order: { id: direct.id, tx_hash: txHash } },
        },
      })
    }
    expect([await store.getOrder(quote.id), await store.getOrder(direct.id)]).toEqual(before)
    expect((await store.getOrderByTxHash(txHash))?.order.id).toBe(direct.id)
    expect((await store.getOrderByOrderId(quote.order_id!))?.order.id).toBe(quote.id)
    expect((await store.getOrderByOrderId(direct.order_id!))?.order.id).toBe(direct.id)
    expect((await store.listOrders({ owner: amina })).map((o) => o.order.id)).toEqual([quote.id])
    expect((await store.listOrders({ owner: bola })).map((o) => o.order.id)).toEqual([direct.id])
  })

  it('still folds one owner’s two records when an update links them', async () => {
    const owner = uid('owner')
    const { quote, direct, txHash } = await quoteAndDirect(owner, owner)
    const result = await store.applyOrderUpdate({
      orderId: quote.order_id,
      txHash,
      status: 'settled',
      patch: {},
      deliveryId: 'd-link',
      now: new Date(),
    })
    expect(result).toMatchObject({ changed: true, applied: true, conflict: null })
    expect(result.stored).toMatchObject({
      owner,
      order: { id: quote.id, order_id: quote.order_id, tx_hash: txHash, status: 'settled' },
    })
    expect(await store.getOrder(direct.id)).toBeNull()
    expect((await store.getOrderByTxHash(txHash))?.order.id).toBe(quote.id)
    expect((await store.listOrders({ owner })).map((o) => o.order.id)).toEqual([quote.id])
  })

  it('parks a delivery naming two owners’ orders for a person, and logs it once', async () => {
    const t = nextEra()
    const [amina, bola] = [uid('owner'), uid('owner')]
    const apart = await quoteAndDirect(amina, bola)
    const owner = uid('owner')
    const together = await quoteAndDirect(owner, owner)
    const before = [await store.getOrder(apart.quote.id), await store.getOrder(apart.direct.id)]
    const body = (orderId: string | null, txHash: string) =>
      JSON.stringify({
        order_id: orderId,
        creation_transaction_hash: txHash,
        status: 'settled',
      })
    const conflicting = testDelivery({
      receivedAt: new Date(t),
      body: body(apart.quote.order_id, apart.txHash),
    })
    const linking = testDelivery({
      receivedAt: new Date(t + 1),
      body: body(together.quote.order_id, together.txHash),
    })
    for (const d of [conflicting, linking]) await store.insertDelivery(d)
    const logs: { level: string; message: string; details?: Record<string, unknown> }[] = []
    const log =
      (level: string) =>
      (message: string, details?: Record<string, unknown>): void => {
        logs.push({ level, message, ...(details ? { details } : {}) })
      }
    const logger: WorkerLogger = { info: log('info'), warn: log('warn'), error: log('error') }
    const runs: string[] = []
    // The worker's clock is this test's era, so it claims only these two deliveries.
    const worker = createWorker({
      store,
      logger,
      now: () => t + 10,
      backoff: () => 0,
      handlers: {
        onEvent: (c) => {
          runs.push(`${c.event} ${'order' in c ? c.order.id : '-'} ${c.deliveryId}`)
        },
      },
    })
    expect(await worker.drain()).toBe(2)

    // Neither order changed; the delivery is parked with a reason a person can act on.
    expect([await store.getOrder(apart.quote.id), await store.getOrder(apart.direct.id)]).toEqual(
      before,
    )
    const parked = await store.getDelivery(conflicting.id)
    expect(parked).toMatchObject({ status: 'parked', attempts: 1 })
    expect(parked?.lastError).toMatch(/^OrderConflictError: /)
    for (const id of [apart.quote.order_id!, apart.txHash, apart.quote.id]) {
      expect(parked?.lastError).toContain(id)
    }
    expect((await store.listParkedDeliveries({ limit: 1000 })).map((d) => d.id)).toContain(
      conflicting.id,
    )
    const errors = logs.filter((line) => line.level === 'error')
    expect(errors).toHaveLength(1)
    expect(errors[0]?.details).toMatchObject({
      deliveryId: conflicting.id,
      orderId: apart.quote.order_id,
      txHash: apart.txHash,
      orders: [apart.quote.id, apart.direct.id],
    })
    expect(JSON.stringify(logs)).not.toMatch(new RegExp(`${amina}|${bola}`))
    expect(JSON.stringify(parked)).not.toMatch(new RegExp(`${amina}|${bola}`))

    // One owner's two records, in the same drain: folded and applied, handlers run once.
    expect((await store.getDelivery(linking.id))?.status).toBe('applied')
    expect(await store.getOrder(together.direct.id)).toBeNull()
    expect((await store.getOrder(together.quote.id))?.order).toMatchObject({
      status: 'settled',
      tx_hash: together.txHash,
    })
    expect(runs).toEqual([`order.settled ${together.quote.id} ${linking.id}`])

    // Requeued without a fix, it parks again: never applied, never retried for ever.
    expect(await store.requeueDelivery({ id: conflicting.id, now: new Date(t + 20) })).toBe(true)
    const later = createWorker({ store, logger, now: () => t + 30, handlers: {} })
    expect(await later.drain()).toBe(1)
    expect((await store.getDelivery(conflicting.id))?.status).toBe('parked')
    expect([await store.getOrder(apart.quote.id), await store.getOrder(apart.direct.id)]).toEqual(
      before,
    )
    expect(runs).toHaveLength(1)
  })

  it('applies concurrent updates of one order exactly once per status', async () => {
    const orderId = uid('race')
    const now = new Date()
    const updates = Array.from({ length: 12 }, (_, i) =>
      store.applyOrderUpdate({
        orderId,
        txHash: null,
        status: i % 3 === 0 ? 'processing' : 'settled',
        patch: {},
        deliveryId: `d${i}`,
        now,
      }),
    )
    const results = await Promise.all(updates)
    expect(
      results.filter((r) => r.stored.order.status === 'settled' && r.changed && r.applied).length,
    ).toBe(1)
    expect(
      results.filter((r) => r.changed && r.stored.order.status === 'processing').length,
    ).toBeLessThanOrEqual(1)
    const final = await store.getOrderByOrderId(orderId)
    expect(final?.order.status).toBe('settled')
    expect(results.filter((r) => r.applied).length).toBe(Object.keys(final!.appliedBy).length)
  })

  it('hands each late open order to one poller at a time', async () => {
    const t = Date.now()
    const open = testOrder({ status: 'processing' })
    const done = testOrder({ status: 'settled' })
    await store.saveOrder({ order: open, owner: 'erin', now: new Date(t - 10 * 60_000) })
    await store.saveOrder({ order: done, owner: 'erin', now: new Date(t - 10 * 60_000) })
    const before = new Date(t - 2 * 60_000)
    const [first, second] = await Promise.all([
      store.claimLateOrders({ before, now: new Date(t), limit: 1000 }),
      store.claimLateOrders({ before, now: new Date(t), limit: 1000 }),
    ])
    const ids = [...first!, ...second!].map((o) => o.order.id)
    expect(ids.filter((id) => id === open.id)).toHaveLength(1)
    expect(ids).not.toContain(done.id)
    const later = await store.claimLateOrders({ before, now: new Date(t + 1), limit: 1000 })
    expect(later.map((o) => o.order.id)).not.toContain(open.id)
    const much = await store.claimLateOrders({
      before: new Date(t + 1),
      now: new Date(t + 2),
      limit: 1000,
    })
    expect(much.map((o) => o.order.id)).toContain(open.id)
  })
}

/** The `Counters` contract: rate limits and keys. Run inside a suite that opened the store; `store()` gives it. */
export function countersContract(store_: () => Counters) {
  let store: Counters
  beforeAll(() => {
    store = store_()
  })

  it('counts hits in a fixed window, atomically', async () => {
    const key = uid('rl')
    const now = new Date(Date.UTC(2031, 0, 1, 0, 0, 10))
    const hits = await Promise.all(
      Array.from({ length: 5 }, () => store.hitRateLimit({ key, limit: 3, windowMs: 60_000, now })),
    )
    expect(hits.map((h) => h.count).sort()).toEqual([1, 2, 3, 4, 5])
    expect(hits.filter((h) => h.allowed)).toHaveLength(3)
    expect(hits.find((h) => h.count === 5)).toMatchObject({
      remaining: 0,
      resetAt: new Date(Date.UTC(2031, 0, 1, 0, 1, 0)),
    })
    const next = await store.hitRateLimit({
      key,
      limit: 3,
      windowMs: 60_000,
      now: new Date(Date.UTC(2031, 0, 1, 0, 1, 0)),
    })
    expect(next).toMatchObject({ allowed: true, count: 1, remaining: 2 })
  })

  it('sets, reads, expires and deletes keys; ifAbsent sets once', async () => {
    const key = uid('kv')
    expect(await store.kvGet(key)).toBeNull()
    expect(await store.kvSet({ key, value: 'one' })).toBe(true)
    expect(await store.kvGet(key)).toBe('one')
    expect(await store.kvSet({ key, value: 'two', ifAbsent: true })).toBe(false)
    expect(await store.kvGet(key)).toBe('one')
    expect(await store.kvSet({ key, value: 'three' })).toBe(true)
    expect(await store.kvGet(key)).toBe('three')
    await store.kvDelete(key)
    expect(await store.kvGet(key)).toBeNull()
    const short = uid('kv')
    expect(await store.kvSet({ key: short, value: 'v', ttlMs: 40, ifAbsent: true })).toBe(true)
    expect(await store.kvGet(short)).toBe('v')
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(await store.kvGet(short)).toBeNull()
    expect(await store.kvSet({ key: short, value: 'w', ifAbsent: true })).toBe(true)
    expect(await store.kvGet(short)).toBe('w')
  })
}

/** Each text column a `rampkit_*` index compares, as `table.column`, with its collation. */
async function indexedTextColumns(query: SqlQuery, schema: string): Promise<Map<string, string>> {
  const { rows } = await query<{ key: string; collation: string }>(
    `SELECT DISTINCT c.relname || '.' || a.attname AS key, coll.collname AS collation
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
       JOIN pg_collation coll ON coll.oid = a.attcollation
      WHERE n.nspname = $1 AND c.relname LIKE 'rampkit_%' AND a.atttypid = 'text'::regtype`,
    [schema],
  )
  return new Map(rows.map((row) => [row.key, row.collation]))
}

/**
 * The SQL schema's own checks, for Postgres and PGlite alike: every indexed text column compares
 * as bytes, and migration 4 brings a database of migration 3, rows and all, to that.
 */
export function sqlSchemaContract(driver: () => SqlDriver) {
  const expected = Object.entries(BYTE_KEYS)
    .flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`))
    .sort()

  /** Runs `test` on a schema of its own, dropped after. */
  const inSchema = async (
    name: string,
    test: (schema: string, query: SqlQuery) => Promise<void>,
  ) => {
    const schema = `rampkit_${name}_${runId()}`.toLowerCase()
    const { query } = driver()
    try {
      await test(schema, query)
    } finally {
      await query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    }
  }

  it('compares every indexed text column as bytes', () =>
    inSchema('keys', async (schema, query) => {
      await migrate(driver(), schema)
      const columns = await indexedTextColumns(query, schema)
      expect([...columns.keys()].sort()).toEqual(expected)
      expect(new Set(columns.values())).toEqual(new Set(['C']))
    }))

  it('migrates a database of migration 3 to byte keys, keeping its rows', () =>
    inSchema('m3', async (schema, query) => {
      await migrate(driver(), schema)
      // Back to what migration 3 left: the database's own collation, and version 4 not applied.
      for (const [table, columns] of Object.entries(BYTE_KEYS)) {
        const back = columns.map((c) => `ALTER COLUMN ${c} TYPE text COLLATE "default"`).join(', ')
        await query(`ALTER TABLE ${schema}.${table} ${back}`)
      }
      await query(`DELETE FROM ${schema}.rampkit_migrations WHERE version = 4`)
      await query(
        `INSERT INTO ${schema}.rampkit_deliveries (id, event, signature, body, received_at, next_attempt_at)
       VALUES ('dlv_Zeta', 'order.settled', 'c2ln', '{}', now(), now()), ('dlv_alpha', 'order.settled', 'c2lo', '{}', now(), now())`,
      )
      expect(await migrate(driver(), schema)).toEqual([4])
      expect(new Set((await indexedTextColumns(query, schema)).values())).toEqual(new Set(['C']))
      const { rows } = await query<{ id: string; signature: string }>(
        `SELECT id, signature FROM ${schema}.rampkit_deliveries`,
      )
      expect(rows.sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([
        { id: 'dlv_Zeta', signature: 'c2ln' },
        { id: 'dlv_alpha', signature: 'c2lo' },
      ])
    }))

  it('takes failure reasons on a database of the previous version, keeping its orders', () =>
    // An order is one `data` document: a field it gains needs no migration, and a row written
    // before the kit stored reasons reads as it was, then takes one from the next failed event.
    inSchema('reasons', async (schema, query) => {
      await migrate(driver(), schema)
      const before = testOrder({ status: 'processing' })
      const now = new Date()
      await query(
        `INSERT INTO ${schema}.rampkit_orders
           (id, owner, order_id, tx_hash, status, data, applied_by, created_at, touched_at)
         VALUES ($1, 'olga', $2, NULL, 'processing', $3::jsonb, '{}'::jsonb, $4, $4)`,
        [before.id, before.order_id, JSON.stringify(before), now],
      )
      const store = await sqlStore(driver(), { schema })
      expect(await migrate(driver(), schema)).toEqual([])
      expect((await store.getOrder(before.id))?.order).toEqual(before)
      await store.applyOrderUpdate(
        failedWith(before.order_id, 'Declined by\nthe payer', 'd-reason', now),
      )
      const listed = await store.listOrders({ owner: 'olga' })
      expect(listed.map((s) => s.order)).toEqual([
        {
          ...before,
          status: 'failed',
          failure_reason: 'Declined by the payer',
          updated_at: now.toISOString(),
        },
      ])
      const { rows } = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${schema}.rampkit_orders`,
      )
      expect(rows[0]?.n).toBe(1)
    }))
}
