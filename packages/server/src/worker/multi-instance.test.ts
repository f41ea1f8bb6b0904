import type { KitOrder } from '@rampkit/core'
import { buildWebhookHeaders, type WebhookEvent } from '@rampkit/core/webhooks'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { postgresBus } from '../bus/postgres.js'
import { redisBus } from '../bus/redis.js'
import type { OrderBus } from '../bus/types.js'
import { postgresStore } from '../store/postgres.js'
import { redisStore } from '../store/redis.js'
import { DATABASE_URL, REDIS_URL, runId, skipUnlessReachable, testOrder } from '../store/testing.js'
import type { RampStore } from '../store/types.js'
import { ingestWebhook } from '../webhooks/ingest.js'
import type { AnyEventContext } from './events.js'
import { createWorker, type RampWorker } from './worker.js'

const SECRET = 'whsec_two_instances'
const silent = { warn: () => {}, error: () => {} }

type Stack = { store: RampStore; bus: OrderBus; worker: RampWorker }
type Send = { event: WebhookEvent; body: string; headers: Record<string, string> }

function shuffle<T>(items: T[], seed = 7): T[] {
  // A fixed-seed shuffle: the mix of orders and duplicates is the same on every run.
  let state = seed
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

async function sign(
  event: WebhookEvent,
  payload: object,
  timestamp: number,
  deliveryId = crypto.randomUUID(),
): Promise<Send> {
  const body = JSON.stringify(payload)
  const headers: Record<string, string> = await buildWebhookHeaders({
    secret: SECRET,
    event,
    deliveryId,
    body,
    timestamp,
  })
  return { event, body, headers }
}

/**
 * 700 distinct events (250 orders with processing and a terminal status, 50 refunds, 150
 * customer and account events) and 300 duplicates: 100 resends of the same delivery, 100
 * replays of a body and signature under a fresh id, 100 order events sent again by the service
 * under a fresh id and signature. Returns the sends, shuffled, and what must hold at the end.
 */
async function workload(prefix: string) {
  const t = Math.floor(Date.now() / 1000)
  const orders: KitOrder[] = []
  const expectedFinal = new Map<string, string>()
  const originals: Send[] = []
  for (let i = 0; i < 250; i++) {
    const order = testOrder({
      id: `${prefix}-o${i}`,
      order_id: `${prefix}-o${i}`,
      status: 'processing',
    })
    orders.push(order)
    const terminal = i % 3 === 2 ? 'failed' : 'settled'
    originals.push(
      await sign('order.processing', { order_id: order.order_id, status: 'processing' }, t),
    )
    originals.push(
      await sign(
        `order.${terminal}`,
        { order_id: order.order_id, status: terminal, amount_fiat: 1500 + i },
        t,
      ),
    )
    let final = terminal
    if (i % 5 === 0 && terminal === 'settled') {
      originals.push(
        await sign('order.refunded', { order_id: order.order_id, status: 'refunded' }, t),
      )
      final = 'refunded'
    }
    expectedFinal.set(order.id, final)
  }
  let extra = 0
  while (originals.length < 700) {
    const n = extra++
    originals.push(
      n % 2
        ? await sign(
            'customer.updated',
            { customer_id: `pcus_${prefix}_${n}`, status: 'approved' },
            t,
          )
        : await sign(
            'account.credited',
            { account_id: n + 1, customer_id: `pcus_${prefix}_${n}`, amount: '1.00' },
            t,
          ),
    )
  }
  const orderSends = originals.filter((send) => send.event.startsWith('order.'))
  const duplicates: Send[] = []
  for (let i = 0; i < 100; i++) duplicates.push(originals[(i * 7) % originals.length]!)
  for (let i = 0; i < 100; i++) {
    const original = originals[(i * 11 + 3) % originals.length]!
    duplicates.push({
      ...original,
      headers: { ...original.headers, 'X-Webhook-Id': crypto.randomUUID() },
    })
  }
  for (let i = 0; i < 100; i++) {
    const original = orderSends[Math.floor((i * orderSends.length) / 100)]!
    duplicates.push(await sign(original.event, JSON.parse(original.body), t + 1))
  }
  return { orders, expectedFinal, sends: shuffle([...originals, ...duplicates]), distinct: 700 }
}

async function twoInstances(name: string, makeStack: (index: number) => Promise<Stack>) {
  const prefix = `${name}-${runId()}`
  const { orders, expectedFinal, sends, distinct } = await workload(prefix)
  const handlerCalls = new Map<string, number>()
  const record = (key: string) => handlerCalls.set(key, (handlerCalls.get(key) ?? 0) + 1)
  const onEvent = (context: AnyEventContext) => {
    const payload = context.payload as {
      order_id?: string
      customer_id?: string
      account_id?: number
    }
    record(
      `${context.event}|${payload.order_id ?? `${payload.customer_id}/${payload.account_id ?? ''}`}`,
    )
  }

  const stacks: Stack[] = []
  for (let i = 0; i < 2; i++) stacks.push(await makeStack(i))
  const workers = stacks.map(({ store, bus }) =>
    createWorker({ store, bus, handlers: { onEvent }, concurrency: 8, idleMs: 50, logger: silent }),
  )
  const [a, b] = stacks as [Stack, Stack]
  stacks.forEach((stack, i) => {
    stack.worker = workers[i]!
  })
  await Promise.all(stacks.map((stack) => stack.bus.ready()))

  // 200 of the orders were created by the kit (owned); 50 arrive unknown (ownerless).
  for (const order of orders.slice(0, 200)) await a.store.saveOrder({ order, owner: 'owner-1' })
  const lastSeen = stacks.map(() => new Map<string, string>())
  for (const order of orders) {
    stacks.forEach((stack, i) => {
      stack.bus.subscribe(order.id, (o) => lastSeen[i]!.set(o.id, o.status))
    })
  }

  for (const worker of workers) worker.start()
  const started = performance.now()
  const results = await Promise.all(
    sends.map((send, i) => {
      const stack = stacks[i % 2]!
      return ingestWebhook({
        store: stack.store,
        secrets: SECRET,
        request: new Request('http://kit.test/webhooks', {
          method: 'POST',
          body: send.body,
          headers: send.headers,
        }),
        onStored: () => stack.worker.wake(),
      })
    }),
  )
  const ingested = performance.now()
  expect(results.every((result) => result.status === 200)).toBe(true)
  const stored = results.filter((result) => result.stored)
  // Distinct events plus the 100 the service sent again under new ids and signatures.
  expect(stored).toHaveLength(distinct + 100)

  await Promise.all(workers.map((worker) => worker.drain()))
  await Promise.all(workers.map((worker) => worker.stop()))
  const applied = performance.now()

  for (const result of stored) {
    const id = result.status === 200 ? result.body.data.delivery_id : ''
    expect((await a.store.getDelivery(id))?.status).toBe('applied')
  }
  // Each order event fired once per order and status; each other event once per delivery.
  for (const [key, count] of handlerCalls) expect(count, key).toBe(1)
  for (const order of orders) {
    const stored = await b.store.getOrder(order.id)
    expect(stored?.order.status, order.id).toBe(expectedFinal.get(order.id))
    for (const status of Object.keys(stored!.appliedBy)) {
      expect(handlerCalls.get(`order.${status}|${order.order_id}`), `${order.id} ${status}`).toBe(1)
    }
    const fired = [...handlerCalls.keys()].filter((key) => key.endsWith(`|${order.order_id}`))
    expect(fired.length).toBe(Object.keys(stored!.appliedBy).length)
  }
  // Live status reaches subscribers on both instances, whichever applied the event.
  const deadline = Date.now() + 3000
  while (
    Date.now() < deadline &&
    orders.some((o) => lastSeen.some((seen) => seen.get(o.id) !== expectedFinal.get(o.id)))
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  for (const seen of lastSeen) {
    for (const order of orders)
      expect(seen.get(order.id), order.id).toBe(expectedFinal.get(order.id))
  }
  const owned = await a.store.listOrders({ owner: 'owner-1', limit: 200 })
  expect(owned).toHaveLength(200)
  console.info(
    `[two instances, ${name}] ${sends.length} deliveries ingested in ${Math.round(ingested - started)} ms, all applied after ${Math.round(applied - started)} ms`,
  )
  return stacks
}

const skipPostgres = await skipUnlessReachable('two instances on Postgres', DATABASE_URL)
describe.skipIf(skipPostgres)('two instances sharing Postgres', () => {
  const schema = `rampkit_two_${runId()}`
  const channel = `rampkit_two_${runId()}`
  const pools: pg.Pool[] = []
  const stacks: Stack[] = []
  afterAll(async () => {
    await Promise.all(stacks.map((stack) => stack.bus.close()))
    await pools[0]?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await Promise.all(pools.map((pool) => pool.end()))
  })

  it('apply each of 1,000 deliveries (30% duplicates) exactly once, and both see every final state', async () => {
    const result = await twoInstances('pg', async () => {
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 })
      pools.push(pool)
      const stack = {
        store: await postgresStore({ pool, schema }),
        bus: postgresBus({ pool, channel }),
      } as Stack
      stacks.push(stack)
      return stack
    })
    expect(result).toHaveLength(2)
  }, 60_000)
})

const skipRedis = await skipUnlessReachable('two instances on Redis', REDIS_URL)
describe.skipIf(skipRedis)('two instances sharing Redis', () => {
  const keyPrefix = `rampkit-two:${runId()}:`
  const clients: Redis[] = []
  const stacks: Stack[] = []
  afterAll(async () => {
    await Promise.all(stacks.map((stack) => stack.bus.close()))
    const keys = await clients[0]?.keys(`${keyPrefix}*`)
    if (keys && keys.length > 0) await clients[0]?.del(...keys)
    for (const client of clients) client.disconnect()
  })

  it('apply each of 1,000 deliveries (30% duplicates) exactly once, and both see every final state', async () => {
    await twoInstances('redis', async () => {
      const redis = new Redis(REDIS_URL)
      clients.push(redis)
      const stack = {
        store: redisStore({ redis, keyPrefix }),
        bus: redisBus({ redis, channel: `${keyPrefix}orders` }),
      } as Stack
      stacks.push(stack)
      return stack
    })
  }, 60_000)
})
