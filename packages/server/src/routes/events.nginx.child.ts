// One kit instance for the three-instance test behind nginx (run with `node --import tsx`): the
// partner's server as the README shows it, `createRampHandler` mounted at /api/ramp and served by
// @hono/node-server, on a shared Postgres store (SCHEMA) and the Postgres bus (CHANNEL), its
// worker started at once. The end user is the `x-test-user` header (the partner's getEndUser).
// Every handler run is appended to LOG (one fsync'd JSON line), so the parent counts applications
// across instances and kills. The claim lease is cut to LEASE_MS (as the crash tests do), so the
// deliveries a killed instance held come due within seconds, not the worker's minute. Prints `READY <port>`.
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import pg from 'pg'
import { postgresBus } from '../bus/postgres.js'
import { createRampHandler } from '../handler.js'
import { postgresStore } from '../store/postgres/store.js'
import type { RampStore } from '../store/types.js'
import type { OrderEventContext } from '../worker/events.js'

const env = process.env
const LEASE_MS = Number(env.LEASE_MS ?? 5000)

const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 8 })
pool.on('error', () => {})
const store = await postgresStore({ pool, schema: env.SCHEMA ?? '' })
const leased: RampStore = {
  ...store,
  claimDeliveries: (parameters) => store.claimDeliveries({ ...parameters, leaseMs: LEASE_MS }),
}
const bus = postgresBus({ pool, channel: env.CHANNEL ?? '', reconnectMs: 200 })
await bus.ready()

const log = openSync(env.LOG ?? '', 'a')
async function record(context: OrderEventContext) {
  writeSync(
    log,
    `${JSON.stringify({ d: context.deliveryId, o: context.payload.order_id, s: context.order.status })}\n`,
  )
  fsyncSync(log)
}

const ramp = createRampHandler({
  apiKey: env.API_KEY ?? '',
  baseUrl: env.BASE_URL ?? '',
  webhookSecret: env.SECRET ?? '',
  allowedOrigins: [env.ORIGIN ?? ''],
  getEndUser: (c) => c.req.header('x-test-user') ?? null,
  store: leased,
  bus,
  heartbeatMs: 1000,
  rateLimit: false,
  // Hundreds of streams per instance, all from nginx's address: the caps are not under test.
  streamLimits: { perSession: 100_000, perAddress: 100_000, perInstance: 100_000 },
  poll: false,
  handlers: {
    onOrderProcessing: record,
    onOrderSettled: record,
    onOrderFailed: record,
    onOrderRefunded: record,
  },
  logger: {
    info: () => {},
    warn: (message) => console.error(message),
    error: (message) => console.error(message),
  },
})
ramp.ramp.start()

const app = new Hono().route('/api/ramp', ramp)
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`READY ${info.port}`)
})
process.on('SIGTERM', () => {
  server.close()
  closeSync(log)
  void ramp.ramp.close().finally(() => process.exit(0))
})
