/**
 * The store taken away while webhooks arrive, and nothing lost. The service resends an order
 * event only on network errors and an account or customer event never, so the kit must answer
 * every verified delivery 2xx through a store outage and apply each once when the store is back.
 * The stores are real and so is the cut: Postgres and Redis reached through a TCP proxy that the
 * test cuts (every open connection destroyed, queries in flight included, new ones refused) and
 * restores; only the proxy's own connections are touched.
 *
 * 1. Postgres and Redis, memory journal: SENDERS senders post ORDERS order events and TYPED
 *    customer and account events to the real handler over HTTP, plus the service's retries of
 *    some order events (same body, fresh id, signed again) and repeats of some typed events (same
 *    id). The proxy is cut once a quarter of the sends are answered and restored at 70 %. Every
 *    answer must be 200; afterwards every acknowledged id is in the store and applied, each
 *    order is in its event's status, applied by one of its own ids, and each event's handler ran
 *    under exactly one delivery id.
 * 2. The real sandbox delivering, a journal of one: a customer event during the outage is kept;
 *    the order's settlement finds the journal full, is answered 503, and the sandbox does not
 *    resend it (the service's rule); the backup GET of the late order settles it once.
 * 3. A file journal across SIGKILL: a kit process (crash.child.ts) acknowledges deliveries while
 *    Postgres is cut, is killed, and its successor on the same directory applies each once.
 *
 * RAMPKIT_SOAK=1: 600 order and 200 typed events per store.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import type { Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import { buildWebhookHeaders, type WebhookEvent } from '@rampkit/core/webhooks'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { browser, sandboxForFile, seen, startKit, validQuote, waitFor } from '../../test/kit.js'
import { DATABASE_URL, REDIS_URL, runId, skipUnlessReachable } from '../../test/store-contracts.js'
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js'
import { createRampHandler } from '../handler.js'
import type { RampLogger } from '../logger.js'
import { postgresStore } from '../store/postgres/store.js'
import { redisStore } from '../store/redis/store.js'
import type { RampStore } from '../store/types.js'
import type { AnyEventContext, OrderEventContext } from '../worker/events.js'

const SOAK = process.env.RAMPKIT_SOAK === '1'
const ORDERS = SOAK ? 600 : 120
const TYPED = SOAK ? 200 : 40
const SENDERS = 8
const SECRET = 'whsec_outage_test_secret'
/** A claim of a worker whose store went away is taken again after this (the kit's is 60 s). */
const LEASE_MS = 1_500
const CHILD = fileURLToPath(new URL('../worker/crash.child.ts', import.meta.url))
const MOUNT = '/api/ramp'

const pgSkip = await skipUnlessReachable('webhook outage (Postgres cells)', DATABASE_URL)
const redisSkip = await skipUnlessReachable('webhook outage (Redis cell)', REDIS_URL)
const sandbox = sandboxForFile('outage')

const figureLines: Record<string, unknown>[] = []
const total = {
  cells: 0,
  deliveries: 0,
  acknowledged: 0,
  journaled: 0,
  refused503: 0,
  lost: 0,
  duplicates: 0,
}
const cleanups: (() => Promise<void>)[] = []

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  for (const line of figureLines) console.log(`[security] ${JSON.stringify(line)}`)
  if (total.cells > 0) {
    console.log(`[security] ${JSON.stringify({ area: 'webhook.outage.total', ...total })}`)
  }
})

/** mulberry32: a small seeded generator, so every run sends the same mix. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

type Family = 'order' | 'typed'
type Event = {
  key: string
  family: Family
  event: WebhookEvent
  body: string
  /** The order and status of an order event. */
  order?: string
  status?: string
}
type Send = { event: Event; id: string; kind: 'first' | 'retry' | 'repeat' }

/**
 * The events of one cell and their sends: each event once, then (placed later) 15 % of the order
 * events again under a fresh id and signature (the service's retry after a timeout that the kit
 * did receive) and 10 % of the typed events again under the same id.
 */
function plan(tag: string, rng: () => number): { events: Event[]; sends: Send[] } {
  const events: Event[] = []
  for (let i = 0; i < ORDERS; i++) {
    const roll = rng()
    const status = roll < 0.6 ? 'settled' : roll < 0.8 ? 'processing' : 'failed'
    const order = `ord-${tag}-${i}`
    events.push({
      key: `${order}|${status}`,
      family: 'order',
      event: `order.${status}` as WebhookEvent,
      body: JSON.stringify({ order_id: order, status, amount_fiat: 100 + i, currency: 'KES' }),
      order,
      status,
    })
  }
  for (let i = 0; i < TYPED; i++) {
    const customer = `pcus_${tag}_${i}`
    const credited = i % 2 === 1
    events.push({
      key: `${customer}|${credited ? 'credited' : 'approved'}`,
      family: 'typed',
      event: credited ? 'account.credited' : 'customer.approved',
      body: JSON.stringify(
        credited
          ? { account_id: i + 1, customer_id: customer, amount: '10.00', currency: 'USDC' }
          : { customer_id: customer, status: 'approved' },
      ),
    })
  }
  // Seeded shuffle of the first sends.
  const first = events.map((event) => ({ event, id: crypto.randomUUID(), kind: 'first' as const }))
  for (let i = first.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[first[i], first[j]] = [first[j]!, first[i]!]
  }
  const sends: Send[] = [...first]
  for (let i = 0; i < first.length; i++) {
    const send = first[i]!
    const again =
      send.event.family === 'order'
        ? rng() < 0.15 && { ...send, id: crypto.randomUUID(), kind: 'retry' as const }
        : rng() < 0.1 && { ...send, kind: 'repeat' as const }
    if (!again) continue
    const at = i + 1 + Math.floor(rng() * (sends.length - i))
    sends.splice(Math.min(at, sends.length), 0, again)
  }
  return { events, sends }
}

type Answer = { status: number; journaled: boolean; duplicate: boolean }

/** One POST as the service sends it; a retry is signed 30 s back, so its signature differs. */
async function post(url: string, send: Send): Promise<Answer> {
  const headers = await buildWebhookHeaders({
    secret: SECRET,
    event: send.event.event,
    deliveryId: send.id,
    body: send.event.body,
    ...(send.kind === 'retry' ? { timestamp: Math.floor(Date.now() / 1000) - 30 } : {}),
  })
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: send.event.body,
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  let data: { journaled?: boolean; duplicate?: boolean } = {}
  try {
    data = (JSON.parse(text) as { data?: typeof data }).data ?? {}
  } catch {
    // Not an envelope: the status says enough.
  }
  return {
    status: response.status,
    journaled: data.journaled === true,
    duplicate: data.duplicate === true,
  }
}

function captureLogger() {
  const lines: string[] = []
  const write = (level: string) => (message: string, fields?: unknown) =>
    void lines.push(`${level} ${message} ${fields === undefined ? '' : JSON.stringify(fields)}`)
  const logger: RampLogger = { info: write('info'), warn: write('warn'), error: write('error') }
  return { lines, logger }
}

/** `store` with the worker's claim lease cut to LEASE_MS (the test's one change to the kit). */
function shortLease(store: RampStore): RampStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'claimDeliveries') {
        return (parameters: Parameters<RampStore['claimDeliveries']>[0]) =>
          target.claimDeliveries({ ...parameters, leaseMs: LEASE_MS })
      }
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

async function proxied(url: string): Promise<TcpProxy> {
  const parsed = new URL(url)
  const port = Number(parsed.port || (parsed.protocol.startsWith('redis') ? 6379 : 5432))
  const proxy = await startTcpProxy({ host: parsed.hostname, port })
  cleanups.push(() => proxy.stop())
  return proxy
}

async function openStore(engine: 'postgres' | 'redis', proxy: TcpProxy): Promise<RampStore> {
  if (engine === 'postgres') {
    const schema = `rampkit_outage_${runId()}`
    const pool = new pg.Pool({ connectionString: proxy.rewrite(DATABASE_URL), max: 6 })
    pool.on('error', () => {})
    cleanups.push(async () => {
      await pool.end()
      const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 1 })
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await admin.end()
    })
    return postgresStore({ pool, schema })
  }
  const keyPrefix = `rampkit-outage:${runId()}:`
  const redis = new Redis(proxy.rewrite(REDIS_URL), { maxRetriesPerRequest: 3 })
  redis.on('error', () => {})
  cleanups.push(async () => {
    redis.disconnect()
    const admin = new Redis(REDIS_URL)
    const keys = await admin.keys(`${keyPrefix}*`)
    if (keys.length > 0) await admin.del(...keys)
    admin.disconnect()
  })
  return redisStore({ redis, keyPrefix })
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('the store cut while webhooks arrive (memory journal)', () => {
  const engines = [
    ['postgres', pgSkip],
    ['redis', redisSkip],
  ] as const
  for (const [engine, skip] of engines) {
    it.skipIf(skip)(
      `${engine}: every delivery answered 200, every one applied exactly once after the store returns`,
      async () => {
        const proxy = await proxied(engine === 'postgres' ? DATABASE_URL : REDIS_URL)
        const store = await openStore(engine, proxy)
        const { lines, logger } = captureLogger()
        // Handler runs, per event key, with the delivery id each ran under.
        const runs = new Map<string, string[]>()
        const ran = (key: string, deliveryId: string) =>
          runs.set(key, [...(runs.get(key) ?? []), deliveryId])
        const onOrder = (context: OrderEventContext) =>
          ran(`${context.payload.order_id}|${context.order.status}`, context.deliveryId)
        const onTyped = (suffix: string) => (context: AnyEventContext) =>
          ran(
            `${(context.payload as { customer_id: string }).customer_id}|${suffix}`,
            context.deliveryId,
          )
        const ramp = createRampHandler({
          apiKey: 'is_test_outage_key',
          baseUrl: 'http://127.0.0.1:9',
          webhookSecret: SECRET,
          store: shortLease(store),
          poll: false,
          logger,
          webhookJournal: { retryMaxMs: 500 },
          handlers: {
            onOrderProcessing: onOrder,
            onOrderSettled: onOrder,
            onOrderFailed: onOrder,
            onCustomerApproved: onTyped('approved'),
            onAccountCredited: onTyped('credited'),
          },
        })
        const server = serve({ fetch: ramp.fetch, port: 0, hostname: '127.0.0.1' })
        await once(server, 'listening')
        cleanups.push(async () => {
          await ramp.ramp.close()
          await new Promise<void>((resolve) => server.close(() => resolve()))
        })
        ramp.ramp.start()
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${KIT_ROUTES.webhooks}`

        const tag = `${engine[0]}${runId()}`
        const { events, sends } = plan(tag, random(0x0_07a6e + (engine === 'redis' ? 1 : 0)))
        const answers = new Map<string, Answer[]>()
        const statuses: Record<string, number> = {}
        let answered = 0
        let inFlight = 0
        let inFlightAtCut = -1
        const queue = [...sends]
        await Promise.all(
          Array.from({ length: SENDERS }, async () => {
            while (queue.length > 0) {
              const send = queue.shift()!
              inFlight++
              const answer = await post(url, send)
              inFlight--
              answered++
              statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
              answers.set(send.id, [...(answers.get(send.id) ?? []), answer])
              if (proxy.state === 'open' && inFlightAtCut === -1 && answered >= sends.length / 4) {
                inFlightAtCut = inFlight
                proxy.cut('refuse')
              } else if (proxy.state !== 'open' && answered >= sends.length * 0.7) {
                proxy.restore()
              }
            }
          }),
        )
        const journaled = [...answers.values()].flat().filter((a) => a.journaled).length

        // Every acknowledged id reaches the store and is applied.
        const ids = [...new Set(sends.map((send) => send.id))]
        await until(async () => {
          const stored = await Promise.all(ids.map((id) => store.getDelivery(id)))
          return stored.every((delivery) => delivery?.status === 'applied')
        }, 'every acknowledged delivery applied')

        let lost = 0
        let duplicates = 0
        let rerunSameDelivery = 0
        const problems: string[] = []
        for (const event of events) {
          const mine = sends.filter((send) => send.event === event).map((send) => send.id)
          const distinct = [...new Set(runs.get(event.key) ?? [])]
          rerunSameDelivery += (runs.get(event.key)?.length ?? 0) - distinct.length
          if (distinct.length === 0) {
            lost++
            problems.push(`no handler ran for ${event.key}`)
            continue
          }
          if (distinct.length > 1 || !mine.includes(distinct[0]!)) {
            duplicates += distinct.length - 1
            problems.push(`${event.key} ran under ${distinct.join(', ')}`)
          }
          if (event.family === 'order') {
            const stored = await store.getOrderByOrderId(event.order!)
            const applier = stored?.appliedBy[stored.order.status]
            if (stored?.order.status !== event.status || !applier || !mine.includes(applier)) {
              lost++
              problems.push(`order ${event.key} stored as ${JSON.stringify(stored?.order.status)}`)
            }
          }
        }

        const figures = {
          area: 'webhook.outage',
          cell: `${engine}/memory`,
          store: engine,
          journal: 'memory',
          events: events.length,
          deliveries: sends.length,
          acknowledged: statuses['200'] ?? 0,
          journaled,
          inFlightAtCut,
          connectionsCut: proxy.counts.destroyed,
          connectionsRefused: proxy.counts.refused,
          rerunSameDelivery,
          lost,
          duplicates,
          statuses,
        }
        figureLines.push(figures)
        total.cells++
        total.deliveries += sends.length
        total.acknowledged += figures.acknowledged
        total.journaled += journaled
        total.lost += lost
        total.duplicates += duplicates

        expect(problems.slice(0, 5)).toEqual([])
        expect(statuses).toEqual({ 200: sends.length })
        // The cut fell mid-delivery, and deliveries were journaled through it.
        expect(inFlightAtCut).toBeGreaterThan(0)
        expect(journaled).toBeGreaterThan(sends.length / 10)
        expect(lost).toBe(0)
        expect(duplicates).toBe(0)
        // A handler may run again only for the same delivery, when the cut fell between it and
        // the store recording the delivery done: at most the worker's 4 in hand.
        expect(rerunSameDelivery).toBeLessThanOrEqual(4)
        expect(
          lines.filter((line) => line.includes('could not take a webhook delivery')),
        ).toHaveLength(1)
        expect(lines.some((line) => line.startsWith('info The store answers again'))).toBe(true)
        expect(lines.join('\n')).not.toContain(SECRET)
      },
      SOAK ? 300_000 : 120_000,
    )
  }
})

describe.skipIf(pgSkip)(
  'the real sandbox delivering through an outage, with a journal of one',
  () => {
    it('keeps what fits, answers the rest 503 (never resent), and the backup GET settles the order', async () => {
      const proxy = await proxied(DATABASE_URL)
      const store = await openStore('postgres', proxy)
      const runs: string[] = []
      const kit = await startKit(sandbox, 'http', {
        store: shortLease(store),
        poll: { lateAfterMs: 1, intervalMs: 3_600_000 },
        webhookJournal: { maxDeliveries: 1, retryMaxMs: 500 },
        handlers: {
          onOrderSettled: (c) =>
            void runs.push(`settled ${c.order.id} ${c.source} ${c.deliveryId}`),
          onCustomerSubmitted: (c) => void runs.push(`submitted ${c.payload.customer_id}`),
        },
      })
      cleanups.push(() => kit.close())
      const apiKey = sandbox.apiKeys[0]!
      const amina = browser(kit)
      const quote = (await (await amina.post(KIT_ROUTES.quotes, validQuote())).json()) as {
        data: Quote
      }
      const accepted = await amina.post(
        KIT_ROUTES.acceptQuote.replace(':quoteId', quote.data.quote_id),
        {},
      )
      expect(accepted.status).toBe(200)
      const order = ((await accepted.json()) as { data: KitOrder }).data
      await sandbox.admin.idle()
      // Its order.processing is applied before the cut: nothing touches the order afterwards.
      await kit.kit.ramp.worker!.drain()

      proxy.cut('refuse')
      // The customer's event fills the journal; the settlement finds it full.
      const ramp = kit.kit.ramp.client
      const customer = await ramp.createCustomer({
        partner_customer_ref: `outage-${runId()}`,
        type: 'individual',
        profile: {
          first_name: 'Wanjiru',
          last_name: 'Kamau',
          email: 'wanjiru@example.com',
          date_of_birth: '1991-02-03',
          country_of_residence: 'KE',
          phone: '+254712345678',
          gender: 'f',
          id_number: 'A1234567',
          id_type: 'passport',
          address: { line1: '1 Moi Avenue', city: 'Nairobi', country: 'KE' },
        },
      })
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
      ).toString('base64')
      for (const category of ['identity', 'address']) {
        await ramp.uploadCustomerDocument({
          customer_id: customer.id,
          category,
          content_type: 'application/pdf',
          content_base64: pdf,
        })
      }
      await ramp.submitCustomer({ customer_id: customer.id })
      await sandbox.admin.idle()
      await sandbox.admin.settleOrder(apiKey, order.order_id!)
      await sandbox.admin.idle()
      // Sandbox time passes: the refused settlement is not sent again.
      await sandbox.admin.advance(1_000)
      await sandbox.admin.idle()
      const log = sandbox.admin.deliveries(apiKey)
      const submitted = log.find(
        (d) => d.event === 'customer.submitted' && d.body.includes(customer.id),
      )!
      const settled = log.find(
        (d) => d.event === 'order.settled' && d.body.includes(order.order_id!),
      )!
      expect(submitted).toMatchObject({ status: 'delivered', retries: 'none' })
      expect(submitted.attempts.map((a) => a.status_code)).toEqual([200])
      expect(settled).toMatchObject({ status: 'failed', retries: 'network_errors' })
      expect(settled.attempts.map((a) => a.status_code)).toEqual([503])
      const full = seen.logs.filter(
        (line) => line.includes('Webhook journal full') && line.includes(settled.id),
      )
      expect(full).toHaveLength(1)
      expect(full[0]).toMatch(/^error .*answered 503 and not kept/)

      proxy.restore()
      await waitFor(() => runs.includes(`submitted ${customer.id}`), 20_000)
      await kit.kit.ramp.worker!.drain()
      expect((await store.getOrder(order.id))?.order.status).toBe('processing')
      // The backup GET: the late order is read from the service and settles, once.
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(await kit.kit.ramp.worker!.pollLateOrders()).toBe(1)
      const pollId = `poll:${order.id}:settled`
      await waitFor(() => runs.some((run) => run.startsWith(`settled ${order.id}`)), 20_000)
      expect(await kit.kit.ramp.worker!.pollLateOrders()).toBe(0)
      await kit.kit.ramp.worker!.drain()
      const stored = await store.getOrder(order.id)
      const settledRuns = runs.filter((run) => run.startsWith('settled')).length
      const submittedRuns = runs.filter((run) => run.startsWith('submitted')).length
      const outage = [submitted, settled]
      const answers = outage.flatMap((d) => d.attempts.map((a) => a.status_code))
      const figures = {
        area: 'webhook.outage',
        cell: 'postgres/sandbox/journal-full',
        store: 'postgres',
        journal: 'memory',
        deliveries: outage.length,
        acknowledged: answers.filter((status) => status === 200).length,
        journaled: seen.logs.filter(
          (line) =>
            line.includes('Webhook delivery journaled') && outage.some((d) => line.includes(d.id)),
        ).length,
        refused503: answers.filter((status) => status === 503).length,
        resentBySandbox: answers.length - outage.length,
        reconciledByPoll: stored?.appliedBy.settled === pollId ? 1 : 0,
        lost: (settledRuns === 0 ? 1 : 0) + (submittedRuns === 0 ? 1 : 0),
        duplicates: Math.max(0, settledRuns - 1) + Math.max(0, submittedRuns - 1),
      }
      figureLines.push(figures)
      total.cells++
      total.deliveries += figures.deliveries
      total.acknowledged += figures.acknowledged
      total.journaled += figures.journaled
      total.refused503 += figures.refused503
      total.lost += figures.lost
      total.duplicates += figures.duplicates

      expect(runs.filter((run) => run.startsWith('settled'))).toEqual([
        `settled ${order.id} poll ${pollId}`,
      ])
      expect(submittedRuns).toBe(1)
      expect(stored?.order.status).toBe('settled')
      expect(stored?.appliedBy.settled).toBe(pollId)
      expect(figures).toMatchObject({
        journaled: 1,
        refused503: 1,
        resentBySandbox: 0,
        lost: 0,
        duplicates: 0,
      })
    }, 60_000)
  },
)

describe.skipIf(pgSkip)('a file journal across SIGKILL during the outage', () => {
  it('a kit process killed while Postgres is cut: its successor applies each journaled delivery once', async () => {
    const proxy = await proxied(DATABASE_URL)
    const dir = mkdtempSync(join(tmpdir(), 'rampkit-outage-'))
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }))
    const schema = `rampkit_outage_kill_${runId()}`
    cleanups.push(async () => {
      const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 1 })
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await admin.end()
    })
    const logPath = join(dir, 'applications.log')
    const journalDir = join(dir, 'journal')
    const children = new Set<ChildProcess>()
    cleanups.push(async () => {
      for (const child of children) child.kill('SIGKILL')
    })
    let stderr = ''
    const start = (gen: number) =>
      new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
          env: {
            ...process.env,
            STORE: 'postgres',
            DATABASE_URL: proxy.rewrite(DATABASE_URL),
            SCHEMA: schema,
            SECRET,
            MOUNT,
            LOG: logPath,
            GEN: String(gen),
            HANDLER_MS: '1',
            LEASE_MS: String(LEASE_MS),
            JOURNAL_DIR: journalDir,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        children.add(child)
        child.stderr?.on('data', (chunk) => {
          stderr += String(chunk)
        })
        let out = ''
        const timer = setTimeout(() => reject(new Error(`child did not start: ${stderr}`)), 30_000)
        child.stdout?.on('data', (chunk) => {
          out += String(chunk)
          const match = /READY (\d+)/.exec(out)
          if (match) {
            clearTimeout(timer)
            resolve({ child, url: `http://127.0.0.1:${match[1]}` })
          }
        })
        child.once('exit', (code, signal) => {
          clearTimeout(timer)
          children.delete(child)
          reject(new Error(`child exited (${code ?? signal}): ${stderr}`))
        })
      })

    const tag = `k${runId()}`
    const rng = random(0x0_0b1e)
    const events = Array.from({ length: 60 }, (_, i) => {
      const status = rng() < 0.7 ? 'settled' : 'failed'
      const order = `ord-${tag}-${i}`
      return {
        event: {
          key: `${order}|${status}`,
          family: 'order' as const,
          event: `order.${status}` as WebhookEvent,
          body: JSON.stringify({ order_id: order, status, amount_fiat: 50 + i, currency: 'KES' }),
          order,
          status,
        },
        id: crypto.randomUUID(),
        kind: 'first' as const,
      }
    })
    const before = events.slice(0, 20)
    const during = events.slice(20)

    const first = await start(1)
    const webhooks = `${first.url}${MOUNT}${KIT_ROUTES.webhooks}`
    for (const send of before) expect((await post(webhooks, send)).status).toBe(200)
    // Applied before the cut, so what the successor applies is exactly what was journaled.
    await until(async () => {
      const stats = (await (await fetch(`${first.url}/stats`)).json()) as { applied: number }
      return stats.applied === before.length
    }, 'the first deliveries applied')
    proxy.cut('refuse')
    const duringAnswers = await Promise.all(during.map((send) => post(webhooks, send)))
    expect(duringAnswers.map((a) => [a.status, a.journaled])).toEqual(during.map(() => [200, true]))
    // Killed with every one of them acknowledged and none in the store.
    const exited = once(first.child, 'exit')
    first.child.kill('SIGKILL')
    await exited
    expect(existsSync(join(journalDir, 'deliveries.ndjson'))).toBe(true)

    proxy.restore()
    const second = await start(2)
    const dump = async () =>
      (await (await fetch(`${second.url}/dump`)).json()) as {
        deliveries: { id: string; status: string }[]
        orders: { order_id: string; status: string; applied_by: Record<string, string> }[]
      }
    await until(async () => {
      const { deliveries } = await dump()
      const applied = new Set(deliveries.filter((d) => d.status === 'applied').map((d) => d.id))
      return events.every((send) => applied.has(send.id))
    }, 'every delivery applied after the restart')
    const { orders } = await dump()
    const exit = once(second.child, 'exit')
    second.child.kill('SIGTERM')
    await exit

    const lines = readFileSync(logPath, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { k: string; g: number; d: string; o: string; s: string })
    const byOrder = new Map(orders.map((o) => [o.order_id, o]))
    let lost = 0
    let duplicates = 0
    let appliedAfterRestart = 0
    for (const send of events) {
      const applies = lines.filter((l) => l.k === 'apply' && l.o === send.event.order)
      const stored = byOrder.get(send.event.order!)
      if (
        applies.length === 0 ||
        stored?.status !== send.event.status ||
        stored.applied_by[send.event.status!] !== send.id
      ) {
        lost++
        continue
      }
      duplicates += applies.length - 1
      if (applies[0]!.g === 2) appliedAfterRestart++
    }
    figureLines.push({
      area: 'webhook.outage',
      cell: 'postgres/file/sigkill',
      store: 'postgres',
      journal: 'file',
      deliveries: events.length,
      acknowledged: events.length,
      journaled: during.length,
      kills: 1,
      appliedAfterRestart,
      lost,
      duplicates,
    })
    total.cells++
    total.deliveries += events.length
    total.acknowledged += events.length
    total.journaled += during.length
    total.lost += lost
    total.duplicates += duplicates

    expect(lost).toBe(0)
    expect(duplicates).toBe(0)
    expect(appliedAfterRestart).toBe(during.length)
    expect(stderr).not.toContain(SECRET)
    // The journal file is emptied once everything in it is in the store.
    expect(readFileSync(join(journalDir, 'deliveries.ndjson'), 'utf8')).toBe('')
  }, 90_000)
})
