// A kit instance for the crash tests (run with `node --import tsx`): webhook ingest on HTTP and
// a worker, against Postgres or a PGlite data directory. The parent kills it with SIGKILL while
// it works, then starts it again on the same database.
//
// Every application is appended to LOG (one JSON line, fsync'd before the handler returns), the
// partner's durable side effect, so the parent can count applications across kills:
//   {"k":"apply","g":GEN,"d":deliveryId,"o":order_id,"s":status}  the handler ran to its end
//   {"k":"done","g":GEN,"d":deliveryId}  the store recorded the delivery applied (after commit)
// POST /start-worker starts a worker held back with WORKER=manual. GET /stats answers the store's delivery counts, GET /dump its deliveries and orders, so the
// parent reads a PGlite database (one process only) through its owner. INIT_ONLY=1 (PGlite):
// create and migrate DATA_DIR, close it, exit.
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { SqlQuery } from '../store/sql/driver.js'
import type { RampStore } from '../store/types.js'
import { ingestWebhook } from '../webhooks/ingest.js'
import type { OrderEventContext } from './events.js'
import { createWorker } from './worker.js'

const env = process.env
const STORE = env.STORE ?? 'postgres'
const SCHEMA = env.SCHEMA ?? ''
const SECRET = env.SECRET ?? ''
const GEN = Number(env.GEN ?? 1)
const HANDLER_MS = Number(env.HANDLER_MS ?? 15)
const LEASE_MS = Number(env.LEASE_MS ?? 2000)
const CONCURRENCY = Number(env.CONCURRENCY ?? 4)

let store: RampStore
let sql: SqlQuery
if (STORE === 'pglite') {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pgliteDriver, pgliteStore } = await import('../store/pglite.js')
  const db = await PGlite.create(env.DATA_DIR)
  store = await pgliteStore({ db, schema: SCHEMA })
  if (env.INIT_ONLY === '1') {
    // Makes a migrated data directory, closed cleanly, for the cells to copy (initdb is slow).
    await db.close()
    process.exit(0)
  }
  sql = pgliteDriver(db, false).query
} else {
  const { default: pg } = await import('pg')
  const { pgDriver, postgresStore } = await import('../store/postgres.js')
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 8 })
  store = await postgresStore({ pool, schema: SCHEMA })
  sql = pgDriver(pool, false).query
}

const log = openSync(env.LOG ?? '', 'a')
function append(line: Record<string, unknown>) {
  // One write per line on an O_APPEND descriptor, then fsync: a SIGKILL leaves whole lines.
  writeSync(log, `${JSON.stringify({ ...line, g: GEN })}\n`)
  fsyncSync(log)
}

// The real store, with a line in the log once it has recorded a delivery applied.
const recorded: RampStore = {
  ...store,
  async completeDelivery(parameters) {
    await store.completeDelivery(parameters)
    append({ k: 'done', d: parameters.id })
  },
}

async function apply(context: OrderEventContext) {
  // Slow enough that deliveries are in flight when the process is killed.
  await new Promise((resolve) => setTimeout(resolve, HANDLER_MS))
  append({
    k: 'apply',
    d: context.deliveryId,
    o: context.payload.order_id,
    s: context.order.status,
  })
}

const worker = createWorker({
  store: recorded,
  concurrency: CONCURRENCY,
  // After a restart, the dead process's claims come due again within LEASE_MS.
  leaseMs: LEASE_MS,
  idleMs: 50,
  logger: { warn: () => {}, error: (message, details) => console.error(message, details) },
  handlers: { onOrderProcessing: apply, onOrderSettled: apply, onOrderFailed: apply },
})

const t = `"${SCHEMA}".rampkit_deliveries`
const app = new Hono()
  .post('/webhooks', async (c) => {
    const result = await ingestWebhook({
      store,
      secrets: SECRET,
      request: c.req.raw,
      onStored: () => worker.wake(),
    })
    return c.json(result.body, result.status)
  })
  .get('/stats', async (c) => {
    const { rows } = await sql(`SELECT status, count(*)::int AS n FROM ${t} GROUP BY status`)
    const counts: Record<string, number> = { pending: 0, applied: 0, parked: 0 }
    for (const row of rows as { status: string; n: number }[]) counts[row.status] = row.n
    return c.json(counts)
  })
  .post('/start-worker', (c) => {
    worker.start()
    return c.json({ started: true })
  })
  .get('/dump', async (c) => {
    const deliveries = await sql(`SELECT id, status, attempts FROM ${t} ORDER BY id`)
    const orders = await sql(
      `SELECT order_id, status, applied_by FROM "${SCHEMA}".rampkit_orders ORDER BY order_id`,
    )
    return c.json({ deliveries: deliveries.rows, orders: orders.rows })
  })

// WORKER=manual: a backlog is received first, the parent starts the worker with /start-worker.
if (env.WORKER !== 'manual') worker.start()
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`READY ${info.port}\n`)
})
process.once('SIGTERM', () => {
  void worker.stop().finally(() => {
    closeSync(log)
    process.exit(0)
  })
})
