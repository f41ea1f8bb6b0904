// A kit process for the crash tests (run with `node --import tsx`): the partner's server as the
// README shows it — `createRampHandler({...})` mounted with `app.route('/api/ramp', ramp)` and
// served by @hono/node-server, its worker started with `ramp.start()` — on Postgres or on a
// PGlite data directory. Deliveries reach the handler's own webhook route (raw bytes counted
// against its body limit, verified, inserted durably, answered 2xx, worker woken). The parent
// kills it with SIGKILL while it works, then starts it again on the same database.
//
// Every application is appended to LOG (one JSON line, fsync'd before the handler returns), the
// partner's durable side effect, so the parent can count applications across kills:
//   {"k":"apply","g":GEN,"d":deliveryId,"o":order_id,"s":status}  the handler ran to its end
//   {"k":"done","g":GEN,"d":deliveryId}  the store recorded the delivery applied (after commit)
//
// What the test adds around the real kit, all on the store it is given (the handler has no
// worker-tuning options): the `done` line above; the claim lease cut from the worker's 60 s to
// LEASE_MS, so a dead process's claims come due within seconds of the restart; and, with
// WORKER=manual, claims held back until POST /start-worker, so a backlog is received before the
// worker applies any of it (the handler's worker starts with the first request).
// Outside the mounted kit: GET /stats answers the store's delivery counts and GET /dump its
// deliveries and orders, so the parent reads a PGlite database (one process only) through its
// owner. INIT_ONLY=1 (PGlite): create and migrate DATA_DIR, close it, exit. JOURNAL_DIR: the
// kit's webhook journal is a file there (the outage tests kill it while the store is down).
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { createRampHandler } from '../handler.js'
import type { SqlQuery } from '../store/sql/driver.js'
import type { RampStore } from '../store/types.js'
import { fileJournal } from '../webhooks/fileJournal.js'
import type { OrderEventContext } from './events.js'

const env = process.env
const STORE = env.STORE ?? 'postgres'
const SCHEMA = env.SCHEMA ?? ''
const SECRET = env.SECRET ?? ''
const GEN = Number(env.GEN ?? 1)
const HANDLER_MS = Number(env.HANDLER_MS ?? 15)
const LEASE_MS = Number(env.LEASE_MS ?? 2000)
/** Where the kit is mounted; the parent posts deliveries to `${MOUNT}/webhooks`. */
const MOUNT = env.MOUNT ?? '/api/ramp'

let store: RampStore
let sql: SqlQuery
if (STORE === 'pglite') {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pgliteDriver, pgliteStore } = await import('../store/pglite/store.js')
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
  const { pgDriver, postgresStore } = await import('../store/postgres/store.js')
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 8 })
  // As a partner must with their own pool: an idle connection cut by an outage is dropped, not
  // an uncaught `error` event that kills the process.
  pool.on('error', () => {})
  store = await postgresStore({ pool, schema: SCHEMA })
  sql = pgDriver(pool, false).query
}

const log = openSync(env.LOG ?? '', 'a')
function append(line: Record<string, unknown>) {
  // One write per line on an O_APPEND descriptor, then fsync: a SIGKILL leaves whole lines.
  writeSync(log, `${JSON.stringify({ ...line, g: GEN })}\n`)
  fsyncSync(log)
}

// WORKER=manual: a backlog is received first, the parent releases the worker with /start-worker.
let held = env.WORKER === 'manual'

// The real store, with the test's three hooks (see the top of the file).
const recorded: RampStore = {
  ...store,
  claimDeliveries(parameters) {
    if (held) return Promise.resolve([])
    return store.claimDeliveries({ ...parameters, leaseMs: LEASE_MS })
  },
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

const ramp = createRampHandler({
  // No upstream call is made: the backup poll is off and no browser route is used.
  apiKey: 'is_test_crash_child_key',
  baseUrl: 'http://127.0.0.1:9',
  webhookSecret: SECRET,
  store: recorded,
  poll: false,
  handlers: { onOrderProcessing: apply, onOrderSettled: apply, onOrderFailed: apply },
  // JOURNAL_DIR: deliveries acknowledged while the store is down are kept on disk there.
  ...(env.JOURNAL_DIR
    ? { webhookJournal: { file: fileJournal({ dir: env.JOURNAL_DIR }), retryMaxMs: 500 } }
    : {}),
  // Warnings and errors go to stderr, which the parent scans for the webhook secret.
  logger: {
    info: () => {},
    warn: (message, fields) => console.error(message, fields ?? ''),
    error: (message, fields) => console.error(message, fields ?? ''),
  },
})

const t = `"${SCHEMA}".rampkit_deliveries`
const app = new Hono()
  .route(MOUNT, ramp)
  .get('/stats', async (c) => {
    const { rows } = await sql(`SELECT status, count(*)::int AS n FROM ${t} GROUP BY status`)
    const counts: Record<string, number> = { pending: 0, applied: 0, parked: 0 }
    for (const row of rows as { status: string; n: number }[]) counts[row.status] = row.n
    return c.json(counts)
  })
  .post('/start-worker', (c) => {
    held = false
    ramp.ramp.start()
    ramp.ramp.worker?.wake()
    return c.json({ started: true })
  })
  .get('/dump', async (c) => {
    const deliveries = await sql(`SELECT id, status, attempts FROM ${t} ORDER BY id`)
    const orders = await sql(
      `SELECT order_id, status, applied_by FROM "${SCHEMA}".rampkit_orders ORDER BY order_id`,
    )
    return c.json({ deliveries: deliveries.rows, orders: orders.rows })
  })

// A long-lived server starts the kit's worker at once, so a restarted process applies the
// backlog it inherited without waiting for traffic (the handler's documented `start()`).
if (!held) ramp.ramp.start()
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`READY ${info.port}\n`)
})
process.once('SIGTERM', () => {
  void ramp.ramp.close().finally(() => {
    closeSync(log)
    process.exit(0)
  })
})
