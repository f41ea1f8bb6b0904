import type { KitOrder } from '@rampkit/core/kit'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import {
  DATABASE_URL,
  REDIS_URL,
  runId,
  skipUnlessReachable,
  testOrder,
} from '../../test/store-contracts.js'
import { memoryBus } from './memory.js'
import { postgresBus } from './postgres.js'
import { redisBus } from './redis.js'
import type { OrderBus } from './types.js'

async function until(check: () => boolean, timeoutMs = 3000) {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('memoryBus', () => {
  it('delivers to the subscribers of that order only, and stops on unsubscribe', async () => {
    const bus = memoryBus()
    const order = testOrder({ status: 'processing' })
    const seen: string[] = []
    const other: string[] = []
    const stop = bus.subscribe(order.id, (o) => seen.push(o.status))
    bus.subscribe('someone-else', (o) => other.push(o.status))
    await bus.publish(order)
    await bus.publish({ ...order, status: 'settled' })
    stop()
    await bus.publish({ ...order, status: 'refunded' })
    expect(seen).toEqual(['processing', 'settled'])
    expect(other).toEqual([])
  })

  it('never shows an order moving backwards, and starts after what the stream already sent', async () => {
    const bus = memoryBus()
    const order = testOrder({ status: 'processing' })
    const seen: string[] = []
    bus.subscribe(order.id, (o) => seen.push(o.status), { after: order })
    await bus.publish({ ...order, status: 'processing' })
    await bus.publish({ ...order, status: 'settled' })
    await bus.publish({ ...order, status: 'processing' })
    await bus.publish({ ...order, status: 'refunded' })
    expect(seen).toEqual(['settled', 'refunded'])
  })

  it('keeps going when one listener throws', async () => {
    const bus = memoryBus()
    const order = testOrder()
    const seen: string[] = []
    bus.subscribe(order.id, () => {
      throw new Error('listener bug')
    })
    bus.subscribe(order.id, (o) => seen.push(o.id))
    await bus.publish(order)
    expect(seen).toEqual([order.id])
  })
})

describe('memoryBus signals', () => {
  it('reach the listeners of their topic until they stop', async () => {
    const bus = memoryBus()
    const seen: string[] = []
    const stop = bus.onSignal!('customer:r1', (signal) => seen.push(signal.topic))
    bus.onSignal!('customer:r2', () => seen.push('wrong topic'))
    await bus.signal!({ topic: 'customer:r1', data: { event: 'customer.approved' } })
    stop()
    await bus.signal!({ topic: 'customer:r1', data: { event: 'customer.updated' } })
    expect(seen).toEqual(['customer:r1'])
  })
})

/** Two instances of a shared bus: a publish on one reaches subscribers on both, once. */
function sharedBusSuite(make: () => Promise<[OrderBus, OrderBus]>) {
  it('fans an order out to every instance, each listener once, over one subscription', async () => {
    const [a, b] = await make()
    await Promise.all([a.ready(), b.ready()])
    const orders: KitOrder[] = Array.from({ length: 50 }, () => testOrder({ status: 'processing' }))
    const seenA = new Map<string, string[]>()
    const seenB = new Map<string, string[]>()
    for (const order of orders) {
      for (const [bus, seen] of [
        [a, seenA],
        [b, seenB],
      ] as const) {
        // Three streams open on the same order on each instance.
        for (let i = 0; i < 3; i++) {
          bus.subscribe(order.id, (o) =>
            seen.set(`${o.id}#${i}`, [...(seen.get(`${o.id}#${i}`) ?? []), o.status]),
          )
        }
      }
    }
    await Promise.all(
      orders.map((order, i) => (i % 2 ? a : b).publish({ ...order, status: 'settled' })),
    )
    await until(() => seenA.size === 150 && seenB.size === 150)
    await new Promise((resolve) => setTimeout(resolve, 30))
    for (const seen of [seenA, seenB]) {
      for (const statuses of seen.values()) expect(statuses).toEqual(['settled'])
    }
    await Promise.all([a.close(), b.close()])
  })

  it('fans a signal out to its topic on every instance, and only its topic', async () => {
    const [a, b] = await make()
    await Promise.all([a.ready(), b.ready()])
    const topic = `customer:${runId()}`
    const seenA: (string | null)[] = []
    const seenB: (string | null)[] = []
    const elsewhere: unknown[] = []
    a.onSignal!(topic, (signal) => seenA.push(signal.data.event ?? null))
    const stopB = b.onSignal!(topic, (signal) => seenB.push(signal.data.event ?? null))
    b.onSignal!(`${topic}-other`, (signal) => elsewhere.push(signal))
    await a.signal!({ topic, data: { event: 'customer.approved', account_id: null } })
    await until(() => seenA.length === 1 && seenB.length === 1)
    stopB()
    await b.signal!({ topic, data: { event: 'account.credited', account_id: '7' } })
    await until(() => seenA.length === 2)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(seenA).toEqual(['customer.approved', 'account.credited'])
    expect(seenB).toEqual(['customer.approved'])
    expect(elsewhere).toEqual([])
    await Promise.all([a.close(), b.close()])
  })

  it('carries the statuses the order entered to the other instance, and none when not told', async () => {
    const [a, b] = await make()
    await Promise.all([a.ready(), b.ready()])
    const order = testOrder({ status: 'settled' })
    const seen: (readonly string[])[] = []
    b.subscribe(order.id, (_, entered) => seen.push(entered))
    await a.publish(order, ['pending_settlement', 'settled'])
    await a.publish({ ...order, status: 'refunded' })
    await until(() => seen.length === 2)
    expect(seen).toEqual([['pending_settlement', 'settled'], []])
    await Promise.all([a.close(), b.close()])
  })
}

const skipRedis = await skipUnlessReachable('Redis bus', REDIS_URL)
describe.skipIf(skipRedis)('redisBus', () => {
  const clients: Redis[] = []
  afterAll(() => {
    for (const client of clients) client.disconnect()
  })
  sharedBusSuite(async () => {
    const channel = `rampkit-test:${runId()}:orders`
    const make = () => {
      const redis = new Redis(REDIS_URL)
      clients.push(redis)
      return redisBus({ redis, channel })
    }
    return [make(), make()]
  })
})

const skipPostgres = await skipUnlessReachable('Postgres bus', DATABASE_URL)
describe.skipIf(skipPostgres)('postgresBus', () => {
  const pools: pg.Pool[] = []
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()))
  })
  sharedBusSuite(async () => {
    const channel = `rampkit_test_${runId()}`
    const make = () => {
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 })
      pools.push(pool)
      return postgresBus({ pool, channel })
    }
    return [make(), make()]
  })

  it('listens again after its connection is cut', async () => {
    const channel = `rampkit_test_${runId()}`
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 })
    pools.push(pool)
    const listener = postgresBus({ pool, channel, reconnectMs: 50 })
    const publisher = postgresBus({ pool, channel })
    await Promise.all([listener.ready(), publisher.ready()])
    const order = testOrder({ status: 'processing' })
    const seen: string[] = []
    listener.subscribe(order.id, (o) => seen.push(o.status))
    // Cut every LISTEN connection of this channel from the server side.
    const cut = await pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE pid <> pg_backend_pid() AND query ILIKE $1`,
      [`LISTEN "${channel}"%`],
    )
    expect(cut.rowCount).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await publisher.publish({ ...order, status: 'settled' })
    await until(() => seen.length > 0)
    expect(seen).toEqual(['settled'])
    await Promise.all([listener.close(), publisher.close()])
  })
})
