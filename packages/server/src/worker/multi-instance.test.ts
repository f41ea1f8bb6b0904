/**
 * Two instances of the kit as partners run them: two `createRampHandler` apps, each served over
 * HTTP with its own worker, sharing one store and one live-status bus — Postgres (store and
 * LISTEN/NOTIFY bus), Redis (store and pub/sub bus), and a Postgres store with a Redis bus. Only
 * the apps' routes are used: deliveries go to their webhook routes, live status is read from
 * their SSE route (`GET /orders/:id/events`, owner from `getEndUser`).
 *
 * - 1,000 deliveries (30 % duplicates) sent concurrently across both instances: each event is
 *   applied exactly once, and an SSE stream of every owned order open on each instance ends at
 *   its terminal state — for every order, one of the two streams got it from the other
 *   instance's worker through the shared bus.
 * - With the real sandbox: an order accepted through instance B, its stream open on B; the
 *   sandbox's webhooks reach instance A (a relay then delivers each again to B, a duplicate):
 *   B's stream gets `settled` and ends, and the delivery is applied once.
 */

import type { Quote } from '@rampkit/core'
import { KIT_ROUTES, KIT_SSE_EVENTS, type KitOrder } from '@rampkit/core/kit'
import { buildWebhookHeaders, type WebhookEvent } from '@rampkit/core/webhooks'
import type { Context } from 'hono'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import {
  ALLOWED_ORIGIN,
  type KitHarness,
  sandboxForFile,
  startKit,
  validQuote,
} from '../../test/kit.js'
import {
  type SseEvent,
  type SseStream,
  sseStream,
  startWebhookRelay,
} from '../../test/multi-instance.js'
import {
  DATABASE_URL,
  REDIS_URL,
  runId,
  skipUnlessReachable,
  testOrder,
} from '../../test/store-contracts.js'
import { postgresBus } from '../bus/postgres.js'
import { redisBus } from '../bus/redis.js'
import type { OrderBus } from '../bus/types.js'
import { postgresStore } from '../store/postgres/store.js'
import { redisStore } from '../store/redis/store.js'
import type { RampStore } from '../store/types.js'
import type { AnyEventContext } from './events.js'

const sandbox = sandboxForFile('multi')

/** What two instances share. */
type Shared = { store: RampStore; bus: OrderBus }
type Name = 'A' | 'B'

/** The partner's sign-in, the same on every instance: the user id from a header. */
const USER_HEADER = 'x-end-user'
const getEndUser = (c: Context) => c.req.header(USER_HEADER) ?? null

/** Handler runs across both instances: `event|subject` -> the instances that ran it. */
type Runs = Map<string, Name[]>

function subjectOf(context: AnyEventContext): string {
  if ('order' in context) return context.order.id
  const payload = context.payload as { customer_id?: string; account_id?: number }
  return `${payload.customer_id}/${payload.account_id ?? ''}`
}

/** Streams re-read the store only this often: a move seen sooner came over the shared bus. */
const HEARTBEAT_MS = 60_000

/** Starts instances A and B on `shared[0]` and `shared[1]`, recording handler runs in `runs`. */
async function startInstances(shared: Shared[], runs: Runs): Promise<[KitHarness, KitHarness]> {
  await Promise.all(shared.map(({ bus }) => bus.ready()))
  const start = (name: Name, { store, bus }: Shared) =>
    startKit(sandbox, 'http', {
      store,
      bus,
      getEndUser,
      pointWebhooks: false,
      heartbeatMs: HEARTBEAT_MS,
      // Hundreds of streams from one test user: the limits are not under test here.
      rateLimit: { perUser: 100_000, perIp: 100_000 },
      streamLimits: { perSession: 100_000, perAddress: 100_000, perInstance: 100_000 },
      handlers: {
        onEvent: (context) => {
          const key = `${context.event}|${subjectOf(context)}`
          runs.set(key, [...(runs.get(key) ?? []), name])
        },
      },
    })
  return [await start('A', shared[0]!), await start('B', shared[1]!)]
}

const eventsPath = (id: string) =>
  KIT_ROUTES.orderEvents.replace(':orderId', encodeURIComponent(id))

/** GET as `user`. */
function getAs(kit: KitHarness, user: string, path: string) {
  return kit.call(path, { headers: { [USER_HEADER]: user } })
}

/** POST as `user` from the partner's page. */
function postAs(kit: KitHarness, user: string, path: string, body: unknown) {
  return kit.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ALLOWED_ORIGIN, [USER_HEADER]: user },
    body: JSON.stringify(body),
  })
}

/** Streams opened by a test, cancelled when it ends (a failed test leaves none open). */
const openStreams = new Set<SseStream>()
async function cancelStreams() {
  await Promise.all([...openStreams].map((stream) => stream.cancel()))
  openStreams.clear()
}

/** Opens the order's SSE stream on `kit` as `user` and reads its snapshot. */
async function openStream(kit: KitHarness, user: string, id: string): Promise<SseStream> {
  const res = await getAs(kit, user, eventsPath(id))
  expect(res.status, `stream of ${id}`).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const stream = sseStream(res)
  openStreams.add(stream)
  // The route subscribes to the bus before it reads the snapshot: once the snapshot is here,
  // nothing published later can be missed.
  await stream.until((events) => events.length >= 1)
  return stream
}

const orderOf = (event: SseEvent) => JSON.parse(event.data) as KitOrder

/** The stream's end: the last order event (terminal), then `end` with its status. */
function ending(events: SseEvent[]): { order: KitOrder; orderEvent: SseEvent; end: string } {
  const end = events.at(-1)!
  const last = events.at(-2)!
  expect(end.event).toBe(KIT_SSE_EVENTS.end)
  expect(last.event).toBe(KIT_SSE_EVENTS.order)
  const order = orderOf(last)
  expect((JSON.parse(end.data) as { status: string }).status).toBe(order.status)
  return { order, orderEvent: last, end: order.status }
}

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
    secret: sandbox.webhookSecret,
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
            {
              account_id: n + 1,
              customer_id: `pcus_${prefix}_${n}`,
              credit: { amount: '1.00', currency: 'EUR' },
            },
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

async function thousandDeliveries(name: string, shared: Shared[]) {
  const prefix = `${name}-${runId()}`
  const owner = `owner-${prefix}`
  const { orders, expectedFinal, sends, distinct } = await workload(prefix)
  const runs: Runs = new Map()
  const kits = await startInstances(shared, runs)
  const [a, b] = kits
  try {
    // 200 of the orders were created by the kit (owned); 50 arrive unknown (ownerless).
    const owned = orders.slice(0, 200)
    for (const order of owned) await a.kit.ramp.store.saveOrder({ order, owner })

    // A stream of every owned order on each instance, open before the first delivery.
    const streams = await Promise.all(
      owned.flatMap((order) =>
        kits.map(async (kit, i) => ({
          order,
          on: (['A', 'B'] as const)[i]!,
          stream: await openStream(kit, owner, order.id),
        })),
      ),
    )
    for (const { stream } of streams) expect(orderOf(stream.events[0]!).status).toBe('processing')

    const started = performance.now()
    const answers = await Promise.all(
      sends.map(async (send, i) => {
        const res = await kits[i % 2]!.call(KIT_ROUTES.webhooks, {
          method: 'POST',
          body: send.body,
          headers: send.headers,
        })
        const envelope = (await res.json()) as {
          data: { delivery_id: string; duplicate: boolean }
        }
        return { status: res.status, ...envelope.data }
      }),
    )
    const ingested = performance.now()
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([])
    const stored = answers.filter((answer) => !answer.duplicate)
    // Distinct events plus the 100 the service sent again under new ids and signatures.
    expect(stored).toHaveLength(distinct + 100)

    await Promise.all(kits.map((kit) => kit.kit.ramp.worker!.drain()))
    const applied = performance.now()
    // Every stream ends by itself at its order's terminal state (well before a heartbeat).
    await Promise.all(streams.map(({ stream }) => stream.toEnd(5000)))
    const ended = performance.now()

    for (const answer of stored) {
      expect((await a.kit.ramp.store.getDelivery(answer.delivery_id))?.status).toBe('applied')
    }
    // Each order event fired once per order and status, each other event once per delivery,
    // on one instance or the other.
    for (const [key, by] of runs) expect(by, key).toHaveLength(1)
    for (const order of orders) {
      const final = await b.kit.ramp.store.getOrder(order.id)
      expect(final?.order.status, order.id).toBe(expectedFinal.get(order.id))
      for (const status of Object.keys(final!.appliedBy)) {
        expect(runs.get(`order.${status}|${order.id}`), `${order.id} ${status}`).toHaveLength(1)
      }
      const fired = [...runs.keys()].filter((key) => key.endsWith(`|${order.id}`))
      expect(fired.length).toBe(Object.keys(final!.appliedBy).length)
    }

    // Each stream ended at a terminal state of its order: the final one, or `settled` for an
    // order refunded afterwards (a stream ends at its first terminal state).
    let fromOtherInstance = 0
    for (const { order, on, stream } of streams) {
      const { end } = ending(stream.events)
      const expected = expectedFinal.get(order.id)!
      expect(
        end === expected || (expected === 'refunded' && end === 'settled'),
        `${order.id} on ${on}: ended ${end}, final ${expected}`,
      ).toBe(true)
      const applier = runs.get(`order.${end}|${order.id}`)?.[0]
      expect(applier, `${order.id} ${end}`).toBeDefined()
      if (applier !== on) fromOtherInstance++
    }
    // For each order, exactly one of its two streams is on the instance that did not apply it.
    expect(fromOtherInstance).toBe(owned.length)

    // A stream opened now, on either instance, starts at the final state and ends at once.
    for (const order of owned.slice(0, 50)) {
      for (const kit of kits) {
        const late = await openStream(kit, owner, order.id)
        const events = await late.toEnd(2000)
        expect(orderOf(events[0]!).status).toBe(expectedFinal.get(order.id))
        expect(events.at(-1)!.event).toBe(KIT_SSE_EVENTS.end)
      }
    }
    expect(await a.kit.ramp.store.listOrders({ owner, limit: 200 })).toHaveLength(200)
    console.info(
      `[two instances, ${name}] ${sends.length} deliveries (${sends.length - distinct} duplicates) to the webhook routes of A and B, ingested in ${Math.round(ingested - started)} ms, all applied after ${Math.round(applied - started)} ms; ${streams.length} SSE streams ended after ${Math.round(ended - started)} ms, ${fromOtherInstance} of them fed by the other instance's worker`,
    )
  } finally {
    await cancelStreams()
    await Promise.all(kits.map((kit) => kit.close()))
  }
}

async function liveStatusAcross(name: string, shared: Shared[]) {
  const runs: Runs = new Map()
  const kits = await startInstances(shared, runs)
  const [a, b] = kits
  const relay = await startWebhookRelay([`${a.url}/webhooks`, `${b.url}/webhooks`])
  const apiKey = sandbox.apiKeys[0]!
  sandbox.admin.setWebhook(apiKey, { url: `${relay.url}/webhooks` })
  try {
    const user = `amina-${name}-${runId()}`
    const quote = await postAs(b, user, KIT_ROUTES.quotes, validQuote())
    expect(quote.status).toBe(201)
    const { quote_id } = ((await quote.json()) as { data: Quote }).data
    const accepted = await postAs(b, user, KIT_ROUTES.acceptQuote.replace(':quoteId', quote_id), {})
    expect(accepted.status).toBe(200)
    const order = ((await accepted.json()) as { data: KitOrder }).data
    await sandbox.admin.idle()
    await Promise.all(kits.map((kit) => kit.kit.ramp.worker!.drain()))

    // The owner's stream on B (and one on A); nobody else's.
    const onB = await openStream(b, user, order.id)
    const onA = await openStream(a, user, order.id)
    expect(orderOf(onB.events[0]!).status).toBe('processing')
    expect((await getAs(a, `mallory-${runId()}`, eventsPath(order.id))).status).toBe(404)
    expect((await getAs(b, `mallory-${runId()}`, eventsPath(order.id))).status).toBe(404)

    await sandbox.admin.settleOrder(apiKey, order.order_id!)
    const [eventsB, eventsA] = await Promise.all([onB.toEnd(3000), onA.toEnd(3000)])
    await sandbox.admin.idle()
    await Promise.all(kits.map((kit) => kit.kit.ramp.worker!.drain()))

    const settled = relay.deliveries.find(
      (d) => d.event === 'order.settled' && d.body.includes(order.order_id!),
    )
    expect(settled, 'the sandbox delivered order.settled').toBeDefined()
    // A stored it; the same delivery sent to B afterwards was a duplicate.
    expect(settled!.answers.map((x) => [x.status, x.duplicate])).toEqual([
      [200, false],
      [200, true],
    ])
    for (const delivery of relay.deliveries) {
      expect(delivery.answers.map((x) => x.status)).toEqual([200, 200])
      expect(delivery.answers[1]!.duplicate, `${delivery.event} to B`).toBe(true)
    }
    expect((await b.kit.ramp.store.getDelivery(settled!.id))?.status).toBe('applied')

    // B's stream (and A's) got `settled`, then `end`, and was closed by the server.
    const endB = ending(eventsB)
    const endA = ending(eventsA)
    expect([endB.end, endA.end]).toEqual(['settled', 'settled'])
    expect([onB.closed, onA.closed]).toEqual([true, true])
    const latencyMs = endB.orderEvent.at - settled!.receivedAt
    // Before B's first heartbeat re-read: only the bus explains B seeing it (not a speed figure).
    expect(latencyMs).toBeLessThan(HEARTBEAT_MS)

    // Applied once, on one instance: the other one's stream had it from the bus.
    const appliedOn = runs.get(`order.settled|${order.id}`)
    expect(appliedOn).toHaveLength(1)
    for (const [key, by] of runs) expect(by, key).toHaveLength(1)
    console.info(
      `[two instances, ${name}] SSE on B: settled ${latencyMs} ms after the webhook reached A (applied by ${appliedOn![0]}'s worker; ${relay.deliveries.length} deliveries, each also sent to B, all duplicates there)`,
    )
  } finally {
    sandbox.admin.setWebhook(apiKey, { url: null })
    await relay.stop()
    await cancelStreams()
    await Promise.all(kits.map((kit) => kit.close()))
  }
}

/** A backend two instances share: how to open each instance's store and bus, and cleanup. */
type Backend = {
  name: string
  skip: boolean
  bulk: boolean
  open(): Promise<Shared>
  cleanup(): Promise<void>
}

function postgresPool(pools: pg.Pool[]): pg.Pool {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 })
  pools.push(pool)
  return pool
}

async function dropSchema(schema: string) {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 })
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  await pool.end()
}

async function dropKeys(prefix: string) {
  const redis = new Redis(REDIS_URL)
  const keys = await redis.keys(`${prefix}*`)
  if (keys.length > 0) await redis.del(...keys)
  redis.disconnect()
}

function postgresBackend(skip: boolean): Backend {
  const schema = `rampkit_two_${runId()}`
  const channel = `rampkit_two_${runId()}`
  const pools: pg.Pool[] = []
  const buses: OrderBus[] = []
  return {
    name: 'postgres',
    skip,
    bulk: true,
    async open() {
      const pool = postgresPool(pools)
      const bus = postgresBus({ pool, channel })
      buses.push(bus)
      return { store: await postgresStore({ pool, schema }), bus }
    },
    async cleanup() {
      await Promise.all(buses.map((bus) => bus.close()))
      await Promise.all(pools.map((pool) => pool.end()))
      await dropSchema(schema)
    },
  }
}

function redisBackend(skip: boolean): Backend {
  const keyPrefix = `rampkit-two:${runId()}:`
  const clients: Redis[] = []
  const buses: OrderBus[] = []
  return {
    name: 'redis',
    skip,
    bulk: true,
    async open() {
      const redis = new Redis(REDIS_URL)
      clients.push(redis)
      const bus = redisBus({ redis, channel: `${keyPrefix}orders` })
      buses.push(bus)
      return { store: redisStore({ redis, keyPrefix }), bus }
    },
    async cleanup() {
      await Promise.all(buses.map((bus) => bus.close()))
      for (const client of clients) client.disconnect()
      await dropKeys(keyPrefix)
    },
  }
}

/** A Postgres store with the Redis bus, a common pairing. */
function mixedBackend(skip: boolean): Backend {
  const schema = `rampkit_two_mixed_${runId()}`
  const channel = `rampkit-two-mixed:${runId()}:orders`
  const pools: pg.Pool[] = []
  const clients: Redis[] = []
  const buses: OrderBus[] = []
  return {
    name: 'postgres store, redis bus',
    skip,
    bulk: false,
    async open() {
      const redis = new Redis(REDIS_URL)
      clients.push(redis)
      const bus = redisBus({ redis, channel })
      buses.push(bus)
      return { store: await postgresStore({ pool: postgresPool(pools), schema }), bus }
    },
    async cleanup() {
      await Promise.all(buses.map((bus) => bus.close()))
      for (const client of clients) client.disconnect()
      await Promise.all(pools.map((pool) => pool.end()))
      await dropSchema(schema)
    },
  }
}

const pgDown = await skipUnlessReachable('two instances on Postgres', DATABASE_URL)
const redisDown = await skipUnlessReachable('two instances on Redis', REDIS_URL)
const BACKENDS = [
  postgresBackend(pgDown),
  redisBackend(redisDown),
  mixedBackend(pgDown || redisDown),
]

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip)(`two createRampHandler instances sharing ${backend.name}`, () => {
    afterAll(() => backend.cleanup())

    if (backend.bulk) {
      it('apply each of 1,000 deliveries (30% duplicates) exactly once; SSE streams on both end at each final state', async () => {
        await thousandDeliveries(backend.name, [await backend.open(), await backend.open()])
      }, 90_000)
    }

    it('a stream open on B ends with settled when the webhook reaches A; duplicates applied once', async () => {
      await liveStatusAcross(backend.name, [await backend.open(), await backend.open()])
    }, 30_000)
  })
}
