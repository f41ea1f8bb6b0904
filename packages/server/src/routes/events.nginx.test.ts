// Three kit instances behind a real nginx, sharing Postgres (store and bus), a sandbox upstream.
// 1,000 SSE streams go through nginx; signed webhooks (each sent twice) reach any instance; one
// instance is killed with SIGKILL mid-stream and its clients reconnect through nginx with
// Last-Event-ID. Every client must end at its order's final status having seen every status in
// order (no gap, no repeat), and the store must hold each delivery once, applied once.
import { type ChildProcess, execSync, spawn } from 'node:child_process'
import { createHmac, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { orderStatusRank } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import { type Sandbox, startSandbox } from '@rampkit/sandbox'
import { freePort } from '@rampkit/test'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { takeSseEvents, validQuote } from '../../test/kit.js'
import {
  canConnect,
  DATABASE_URL,
  IN_CI,
  runId,
  skipUnlessReachable,
} from '../../test/store-contracts.js'

const CHILD = new URL('./events.nginx.child.ts', import.meta.url).pathname
const KEY = 'is_test_nginx_three_kits_key'
const SECRET = 'whsec_nginx_three_kits_secret_0123456789'
const ORIGIN = 'https://shop.example'
const ORDERS = 250
const STREAMS_PER_ORDER = 4
/** What each order goes through after `processing`, by `index % 3`. */
const FLOWS = [['settled'], ['pending_settlement', 'settled'], ['pending_settlement', 'failed']]

const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']
const findNginx = () => NGINX_PATHS.find((path) => existsSync(path)) ?? null

/** Debian's nginx: installed here only on CI, where this test must run. */
function nginxBinary(): string | null {
  if (!findNginx() && IN_CI) {
    const sudo = process.getuid?.() === 0 ? '' : 'sudo '
    execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq nginx`, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  }
  const found = findNginx()
  if (!found) {
    console.warn(
      `[server tests] SKIPPED three kit instances behind nginx: no nginx at ${NGINX_PATHS.join(', ')}. Install Debian's nginx package (CI installs it and always runs this test).`,
    )
  }
  return found
}

const nginx = nginxBinary()
const skipPostgres = await skipUnlessReachable('three kit instances behind nginx', DATABASE_URL)

const children = new Set<ChildProcess>()

type Kit = { child: ChildProcess; port: number; alive: boolean }

function startKit(env: Record<string, string>): Promise<Kit> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  let out = ''
  let errors = ''
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk)
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kit did not start: ${errors}`)), 30_000)
    child.stdout?.on('data', (chunk) => {
      out += String(chunk)
      const match = /READY (\d+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve({ child, port: Number(match[1]), alive: true })
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`kit exited (${code ?? signal}): ${errors}`))
    })
  })
}

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_rlimit_nofile 8192;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream kits {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=60s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://kits;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout;
    }
  }
}
`
}

/** One EventSource-like client: reconnects with Last-Event-ID until it sees `end`. */
class StreamClient {
  readonly events: { event: string; data: string; id?: string; at: number }[] = []
  reconnects = 0
  ended = false
  private lastId: string | undefined
  private stopped = false
  private current: ReturnType<typeof request> | undefined

  constructor(
    private readonly url: string,
    private readonly user: string,
  ) {}

  open() {
    const headers: Record<string, string> = { 'x-test-user': this.user }
    if (this.lastId !== undefined) headers['last-event-id'] = this.lastId
    const req = request(this.url, { agent: false, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume()
        res.on('end', () => this.retry())
        return
      }
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        const from = this.events.length
        buffer = takeSseEvents(buffer + chunk, this.events)
        for (const event of this.events.slice(from)) {
          if (event.id !== undefined) this.lastId = event.id
          if (event.event === 'end') this.ended = true
        }
      })
      res.on('close', () => this.retry())
    })
    req.on('error', () => this.retry())
    req.end()
    this.current = req
  }

  private retry() {
    if (this.ended || this.stopped) return
    this.reconnects++
    // Bounded: a client that cannot get through gives up and fails the test's assertions.
    if (this.reconnects > 40) return
    setTimeout(() => this.open(), 100 + Math.random() * 200)
  }

  stop() {
    this.stopped = true
    this.current?.destroy()
  }

  orderEvents() {
    return this.events.filter((e) => e.event === 'order')
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run))
}

describe.skipIf(!nginx || skipPostgres)('three kit instances behind nginx', () => {
  const id = runId()
  const schema = `rampkit_nginx_${id}`
  const dir = mkdtempSync(join(tmpdir(), 'rampkit-nginx-'))
  const log = join(dir, 'handlers.log')
  let sandbox: Sandbox
  let kits: Kit[] = []
  let nginxProcess: ChildProcess | undefined
  let base = ''
  let pool: pg.Pool

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 })
    // No webhook URL: the statuses come from the deliveries this test signs and sends.
    sandbox = await startSandbox({ port: 0, speed: 0, apiKeys: [KEY], webhookSecret: SECRET })
    const env = {
      DATABASE_URL,
      SCHEMA: schema,
      CHANNEL: `rampkit_nginx_${id}`,
      LOG: log,
      LEASE_MS: '5000',
      API_KEY: KEY,
      BASE_URL: sandbox.url,
      SECRET,
      ORIGIN,
    }
    // The first creates the schema; the other two start on it.
    kits = [await startKit(env)]
    kits.push(...(await Promise.all([startKit(env), startKit(env)])))

    const port = await freePort()
    writeFileSync(
      join(dir, 'nginx.conf'),
      nginxConfig(
        dir,
        port,
        kits.map((k) => k.port),
      ),
    )
    let errors = ''
    nginxProcess = spawn(
      nginx!,
      ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    children.add(nginxProcess)
    nginxProcess.stderr?.on('data', (chunk) => {
      errors += String(chunk)
    })
    base = `http://127.0.0.1:${port}/api/ramp`
    const deadline = Date.now() + 10_000
    while (!(await canConnect(`http://127.0.0.1:${port}`, 200))) {
      if (Date.now() > deadline || nginxProcess.exitCode !== null) {
        throw new Error(`nginx did not start: ${errors}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }, 90_000)

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    await sandbox?.stop()
    await pool?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {})
    await pool?.end()
    rmSync(dir, { recursive: true, force: true })
  })

  it('1,000 streams through nginx survive a SIGKILLed instance: every status once, in order; every delivery applied once', async () => {
    // Orders, each of its own end user, made through nginx (any instance).
    const orders: { user: string; order: KitOrder; flow: string[] }[] = []
    const indices = Array.from({ length: ORDERS }, (_, i) => i)
    await inBatches(indices, 25, async (i) => {
      const user = `shopper-${id}-${i}`
      const headers = { 'content-type': 'application/json', origin: ORIGIN, 'x-test-user': user }
      const quote = await fetch(`${base}${KIT_ROUTES.quotes}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(validQuote()),
      })
      expect(quote.status).toBe(201)
      const quoteId = ((await quote.json()) as { data: { quote_id: string } }).data.quote_id
      const accepted = await fetch(
        `${base}${KIT_ROUTES.acceptQuote.replace(':quoteId', quoteId)}`,
        {
          method: 'POST',
          headers,
        },
      )
      expect(accepted.status).toBe(200)
      const order = ((await accepted.json()) as { data: KitOrder }).data
      expect(order.status).toBe('processing')
      orders[i] = { user, order, flow: FLOWS[i % FLOWS.length]! }
    })
    // 1,000 streams through nginx, spread over the three instances.
    const clients = orders.flatMap(({ user, order }) =>
      Array.from(
        { length: STREAMS_PER_ORDER },
        () =>
          new StreamClient(`${base}${KIT_ROUTES.orderEvents.replace(':orderId', order.id)}`, user),
      ),
    )
    try {
      for (const client of clients) client.open()
      await until(
        'every stream’s snapshot',
        () => clients.every((c) => c.orderEvents().length > 0),
        30_000,
      )
      // Deliveries, each sent twice (the service retries) to two instances picked at random.
      const deliveries = orders.flatMap(({ order, flow }) =>
        flow.map((status, step) => ({ step, id: randomUUID(), orderId: order.order_id!, status })),
      )
      const send = async (delivery: (typeof deliveries)[number]) => {
        const body = JSON.stringify({
          order_id: delivery.orderId,
          status: delivery.status,
          order_type: 'OnRamp',
          amount_fiat: 1500,
          currency: 'KES',
          updated_at: new Date().toISOString(),
        })
        const t = Math.floor(Date.now() / 1000)
        const v1 = createHmac('sha256', SECRET).update(`${t}.${body}`).digest('base64')
        for (let copy = 0; copy < 2; copy++) {
          for (let attempt = 0; ; attempt++) {
            const alive = kits.filter((k) => k.alive)
            const kit = alive[Math.floor(Math.random() * alive.length)]!
            const answer = await fetch(`http://127.0.0.1:${kit.port}/api/ramp/webhooks`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-webhook-event': `order.${delivery.status}`,
                'x-webhook-id': delivery.id,
                'x-webhook-signature': `t=${t},v1=${v1}`,
              },
              body,
            }).catch(() => null)
            if (answer?.ok) break
            // Refused by the instance just killed: the service sends it again, elsewhere.
            if (attempt >= 5) throw new Error(`delivery ${delivery.id} not acknowledged`)
          }
        }
      }

      const readDeliveries = async () =>
        (
          await pool.query<{ id: string; status: string }>(
            `SELECT id, status FROM "${schema}".rampkit_deliveries`,
          )
        ).rows
      // The service sends an order's next event once the order has moved, so a step goes out
      // when every delivery of the one before it is applied: the kit applies each order's
      // events in the order they happened. (Two events of one order acknowledged together may
      // be applied in either order by two instances' workers; a late lower status is then
      // ignored, as the lifecycle only moves forward, and no stream could show it.) A delivery
      // the killed instance claimed but had not applied is applied by another once its lease
      // runs out: the wait is bounded by that.
      const applied = async (step: number) => {
        const ids = new Set<string>(deliveries.filter((d) => d.step === step).map((d) => d.id))
        await until(
          `step ${step} applied`,
          async () =>
            (await readDeliveries()).filter((r) => ids.has(r.id) && r.status === 'applied')
              .length === ids.size,
          30_000,
        )
      }
      const first = deliveries.filter((d) => d.step === 0)
      const victim = kits[1]!
      await inBatches(first.slice(0, first.length / 2), 20, send)
      // Mid-stream: its streams are open and its worker may hold claimed deliveries.
      victim.alive = false
      victim.child.kill('SIGKILL')
      await inBatches(first.slice(first.length / 2), 20, send)
      for (let step = 1; step < Math.max(...FLOWS.map((f) => f.length)); step++) {
        await applied(step - 1)
        await inBatches(
          deliveries.filter((d) => d.step === step),
          20,
          send,
        )
      }

      await until('every stream’s end', () => clients.every((c) => c.ended), 60_000)

      // The kill cut streams, and their clients came back through nginx.
      expect(clients.filter((c) => c.reconnects > 0).length).toBeGreaterThan(0)
      for (const [index, client] of clients.entries()) {
        const { flow } = orders[Math.floor(index / STREAMS_PER_ORDER)]!
        const statuses = ['processing', ...flow]
        const seen = client.orderEvents()
        expect(seen.map((e) => (JSON.parse(e.data) as KitOrder).status)).toEqual(statuses)
        expect(seen.map((e) => e.id)).toEqual(statuses.map((s) => String(orderStatusRank(s))))
        expect(client.events.at(-1)).toMatchObject({
          event: 'end',
          data: JSON.stringify({ status: flow.at(-1) }),
        })
      }

      // The store: each delivery once, applied; each order moved by exactly our deliveries. A
      // delivery the killed instance applied but had not marked done is marked by another once
      // its lease runs out: wait for that (bounded).
      let stored = await readDeliveries()
      for (let i = 0; i < 150 && stored.some((r) => r.status !== 'applied'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        stored = await readDeliveries()
      }
      expect(stored.filter((r) => r.status !== 'applied')).toEqual([])
      expect(stored.length).toBe(deliveries.length)
      expect(new Set(stored.map((r) => r.id))).toEqual(new Set(deliveries.map((d) => d.id)))
      const rows = await pool.query<{
        order_id: string
        status: string
        applied_by: Record<string, string>
      }>(`SELECT order_id, status, applied_by FROM "${schema}".rampkit_orders`)
      const byOrderId = new Map(rows.rows.map((r) => [r.order_id, r]))
      expect(rows.rows.length).toBe(ORDERS)
      for (const { order, flow } of orders) {
        const row = byOrderId.get(order.order_id!)!
        expect(row.status).toBe(flow.at(-1))
        const expected = Object.fromEntries(
          deliveries.filter((d) => d.orderId === order.order_id).map((d) => [d.status, d.id]),
        )
        expect(row.applied_by).toEqual(expected)
      }

      // The partner's handlers ran for every settled or failed delivery, and for nothing else.
      // (Delivery is at least once: a run cut by the kill, or a claim whose lease ran out on
      // this loaded machine, is run again, so a run count above one is not a double apply; the
      // store's `applied_by` above is where applying twice would show.)
      const runs = readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as { d: string; o: string; s: string })
      const handled = deliveries.filter((d) => d.status !== 'pending_settlement')
      expect(new Set(runs.map((run) => `${run.d} ${run.o} ${run.s}`))).toEqual(
        new Set(handled.map((d) => `${d.id} ${d.orderId} ${d.status}`)),
      )
    } finally {
      for (const client of clients) client.stop()
    }
  }, 150_000)
})
