import pg from 'pg'
import { createFanout } from './fanout.js'
import { decodeMessage, encodeMessage, encodeSignal } from './message.js'
import type { OrderBus } from './types.js'

/**
 * Options of `postgresBus`: a pool or a connection string, the NOTIFY channel, and the
 * reconnect delay.
 */
export type PostgresBusOptions = (
  | {
      /** Pool to publish with; its settings also open the listening connection. */
      pool: pg.Pool
      connectionString?: never
    }
  | { connectionString: string; pool?: never }
) & {
  /** NOTIFY channel; default `rampkit_orders`. Give each environment its own. */
  channel?: string
  /** Delay before listening again after the connection drops. Default 1000 ms. */
  reconnectMs?: number
  onError?: (error: unknown) => void
}

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7900

/**
 * The bus across instances for Postgres-only deployments: `LISTEN`/`NOTIFY` on one channel, one
 * dedicated connection per instance (outside the pool), local fan-out by order id. The
 * listening connection is opened again if it drops. As with any pub/sub, a message sent while
 * the connection was down is not replayed: a stream that reconnects reads the store again.
 *
 * @example
 * import { postgresBus } from '@rampkit/server/postgres'
 * const bus = postgresBus({ pool }) // or { connectionString }
 * await bus.ready()
 */
export function postgresBus(options: PostgresBusOptions): OrderBus {
  const owned = !options.pool
  const pool = options.pool ?? new pg.Pool({ connectionString: options.connectionString, max: 2 })
  const channel = options.channel ?? 'rampkit_orders'
  const reconnectMs = options.reconnectMs ?? 1000
  const instance = crypto.randomUUID()
  const fanout = createFanout(options.onError)
  let client: pg.Client | null = null
  let closed = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const quoted = `"${channel.replace(/"/g, '""')}"`

  async function listen(): Promise<void> {
    const next = new pg.Client(pool.options)
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return
      const decoded = decodeMessage(message.payload)
      if (decoded && decoded.src !== instance) fanout.receive(decoded)
    })
    const retry = (error?: unknown) => {
      if (error) options.onError?.(error)
      if (client !== next) return
      client = null
      next.end().catch(() => {})
      if (!closed) timer = setTimeout(() => listen().catch(retry), reconnectMs)
    }
    next.on('error', retry)
    next.on('end', () => retry())
    client = next
    await next.connect()
    await next.query(`LISTEN ${quoted}`)
  }

  const ready = listen()
  ready.catch((error: unknown) => options.onError?.(error))

  return {
    async publish(order, entered = []) {
      fanout.dispatch(order, entered)
      const payload = encodeMessage(instance, order, entered)
      if (new TextEncoder().encode(payload).byteLength > MAX_PAYLOAD_BYTES) {
        throw new Error(`Order ${order.id} is too large for a Postgres NOTIFY payload`)
      }
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload])
    },
    subscribe: (orderId, listener, subscribeOptions) =>
      fanout.subscribe(orderId, listener, subscribeOptions),
    async signal(signal) {
      fanout.dispatchSignal(signal)
      await pool.query('SELECT pg_notify($1, $2)', [channel, encodeSignal(instance, signal)])
    },
    onSignal: (topic, listener) => fanout.onSignal(topic, listener),
    ready: () => ready,
    async close() {
      closed = true
      clearTimeout(timer)
      fanout.clear()
      const current = client
      client = null
      await current?.end().catch(() => {})
      if (owned) await pool.end()
    },
  }
}
