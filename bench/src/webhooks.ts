// 3. Webhook ingest: signed deliveries per second verified, deduplicated and stored by
// ingestWebhook (in a Hono route on @hono/node-server) per store, beside the same route that only
// verifies the HMAC (the ceiling).
import { createHmac, randomUUID } from 'node:crypto'
import autocannon from 'autocannon'
import { Child, type Entry, type Figure, machine, RUNS, type Stat, stat } from './lib.js'

const SECRET = 'whsec_bench_ingest_secret_0123456789'
const CONNECTIONS = 20
const SECONDS = 3
const POOL = 40_000

function deliveries(count: number) {
  const t = Math.floor(Date.now() / 1000)
  const out: { body: string; headers: Record<string, string> }[] = []
  for (let i = 0; i < count; i++) {
    const id = randomUUID()
    const body = JSON.stringify({
      order_id: `ord_${id}`,
      quote_id: id,
      status: 'settled',
      order_type: 'OnRamp',
      country: 'KE',
      currency: 'KES',
      token: 'USDC',
      amount_fiat: '1500.00',
      amount_crypto: '11.412345',
      wallet_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    const v1 = createHmac('sha256', SECRET).update(`${t}.${body}`).digest('base64')
    out.push({
      body,
      headers: {
        'content-type': 'application/json',
        'x-webhook-event': 'order.settled',
        'x-webhook-id': id,
        'x-webhook-signature': `t=${t},v1=${v1}`,
      },
    })
  }
  return out
}

async function run(url: string): Promise<{ rps: number; bad: number; sent: number }> {
  const pool = deliveries(POOL)
  let next = 0
  const result = await autocannon({
    url: `${url}/webhooks`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const delivery = pool[next++ % POOL] as (typeof pool)[number]
          return { ...request, method: 'POST', body: delivery.body, headers: delivery.headers }
        },
      },
    ],
  })
  return {
    rps: result.requests.average,
    bad: result.non2xx + result.errors + result.timeouts,
    sent: next,
  }
}

const STORES = ['memory', 'pglite', 'postgres', 'redis'] as const

export async function benchWebhooks(): Promise<Entry> {
  const started = Date.now()
  const notes: string[] = []
  const children: Child[] = []
  const start = async (role: string, store?: string) => {
    const child = new Child(role, { WEBHOOK_SECRET: SECRET, ...(store ? { STORE: store } : {}) })
    children.push(child)
    return String((await child.next('ready', 90_000)).url)
  }
  try {
    const urls: Record<string, string> = { ceiling: await start('hmac') }
    for (const store of STORES) {
      try {
        urls[store] = await start('ingest', store)
      } catch (error) {
        notes.push(`${store}: store did not start (${String(error).split('\n')[0]}); not measured.`)
      }
    }
    for (const url of Object.values(urls)) await run(url) // warm-up
    const rps: Record<string, number[]> = {}
    for (let i = 0; i < RUNS; i++) {
      for (const [name, url] of Object.entries(urls)) {
        const result = await run(url)
        const list = rps[name] ?? []
        list.push(result.rps)
        rps[name] = list
        if (result.bad) notes.push(`${name} run ${i + 1}: ${result.bad} non-2xx/errors.`)
        if (result.sent > POOL)
          notes.push(`${name} run ${i + 1}: pool wrapped, some deliveries were duplicates.`)
      }
    }
    const ceiling = stat(rps.ceiling ?? [])
    const figures: Figure[] = []
    for (const store of STORES) {
      const values = rps[store]
      if (!values) continue
      const value: Stat = stat(values)
      const r = value.median / ceiling.median
      const need: Record<string, number> = { memory: 0.7, postgres: 0.7, pglite: 0.5 }
      const floor = need[store]
      figures.push({
        name: `Deliveries stored, ${store} store`,
        unit: 'deliveries/s',
        value,
        baseline: { name: 'bare Hono route, HMAC verify only', value: ceiling },
        ratio: r,
        ...(floor === undefined ? {} : { goal: `>= ${floor}x ceiling`, met: r >= floor }),
      })
    }
    notes.push(
      `Every delivery is a new id (${POOL} pre-signed per run), so each one is verified, checked for a duplicate and inserted.`,
      'Postgres: a unique schema per run, dropped after; Redis: a unique key prefix, deleted after. PGlite in memory.',
    )
    return {
      id: '3-webhook-ingest',
      title: 'Webhook ingest',
      machine: machine(),
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      method: `autocannon POST /webhooks, ${CONNECTIONS} connections, ${SECONDS} s per run, ${RUNS} runs interleaved over the ceiling and the stores, warm-up run each. Each server in its own process: Hono + @hono/node-server; the route calls ingestWebhook({ store, secrets, request }), which answers 200 once the delivery's row is committed. Postgres and PGlite write concurrent deliveries by group commit (one multi-row INSERT per batch, one batch in flight; store/delivery-batcher.ts).`,
      figures,
      notes,
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()))
  }
}
