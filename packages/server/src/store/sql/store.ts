import { FINAL_ORDER_STATUSES, type KitOrder, type OrderStatus } from '@rampkit/core'
import { sqlCustomerLinks } from '../customers/sql.js'
import { deliveryBatcher } from '../delivery-batcher.js'
import { planOrderUpdate, planSaveOrder } from '../orders.js'
import {
  DEFAULT_DELIVERY_RETENTION_MS,
  type Delivery,
  type DeliveryStatus,
  type RampStore,
  type StoredOrder,
} from '../types.js'
import { type SqlDriver, type SqlQuery, sqlState, toDate } from './driver.js'
import { migrate, quoteSchema } from './migrations.js'

/** Options shared by the SQL engines. */
export type SqlStoreOptions = {
  /** Schema holding the `rampkit_*` tables. Default `public`. */
  schema?: string
  /** Run the migrations on start. Default true; turn off when a deploy step runs them. */
  migrate?: boolean
}

/**
 * The lifecycle's final statuses as an SQL list. Written into the query as literals, not bound,
 * so the planner can match it to the partial index of open orders (migration 2).
 */
const FINAL_SQL = FINAL_ORDER_STATUSES.map((status) => `'${status}'`).join(', ')

type DeliveryRow = {
  id: string
  event: string
  signature: string
  body: string
  received_at: Date | string
  status: DeliveryStatus
  attempts: number | string
  next_attempt_at: Date | string
  lease_owner: string | null
  last_error: string | null
  finished_at: Date | string | null
}

type OrderRow = {
  id: string
  owner: string | null
  data: KitOrder | string
  applied_by: Partial<Record<OrderStatus, string>> | string
}

function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    event: row.event,
    signature: row.signature,
    body: row.body,
    receivedAt: toDate(row.received_at),
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: toDate(row.next_attempt_at),
    leaseOwner: row.lease_owner,
    lastError: row.last_error,
    finishedAt: row.finished_at === null ? null : toDate(row.finished_at),
  }
}

function toStored(row: OrderRow): StoredOrder {
  return { order: json(row.data), owner: row.owner, appliedBy: json(row.applied_by) }
}

function createdAt(order: KitOrder, fallback: Date): Date {
  const parsed = new Date(order.created_at)
  return Number.isNaN(parsed.getTime()) ? fallback : parsed
}

/** Raised inside a transaction when a concurrent writer got there first; the caller retries. */
class WriteRace extends Error {}

const ORDER_COLUMNS = 'id, owner, data, applied_by'

/**
 * The Postgres-dialect store over any `SqlDriver`; `postgresStore` and `pgliteStore` are this
 * with their driver. Deliveries are claimed with `FOR UPDATE SKIP LOCKED`, so any number of
 * workers share the queue without blocking each other, and the lease is the row's due time, so
 * a crashed worker's claim comes due again by itself.
 */
export async function sqlStore(
  driver: SqlDriver,
  options: SqlStoreOptions = {},
): Promise<RampStore> {
  const schema = options.schema ?? 'public'
  const s = quoteSchema(schema)
  if (options.migrate !== false) await migrate(driver, schema)
  const { query } = driver

  /** Runs an order transaction again when a concurrent insert won the race for its keys. */
  async function withRetry<T>(callback: (query: SqlQuery) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await driver.transaction(callback)
      } catch (error) {
        const retriable =
          error instanceof WriteRace || ['23505', '40001', '40P01'].includes(sqlState(error) ?? '')
        if (!retriable || attempt >= 10) throw error
      }
    }
  }

  async function writeOrder(
    q: SqlQuery,
    write: 'insert' | 'update',
    stored: StoredOrder,
    now: Date,
    previousStatus: OrderStatus | null,
  ) {
    const { order } = stored
    if (write === 'insert') {
      const inserted = await q(
        `INSERT INTO ${s}.rampkit_orders
          (id, owner, order_id, tx_hash, status, data, applied_by, created_at, touched_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)
         ON CONFLICT DO NOTHING`,
        [
          order.id,
          stored.owner,
          order.order_id,
          order.tx_hash,
          order.status,
          JSON.stringify(order),
          JSON.stringify(stored.appliedBy),
          createdAt(order, now),
          now,
        ],
      )
      if (inserted.rowCount === 0) throw new WriteRace()
      return
    }
    // The status guard keeps the move forward-only even if the row changed under a bug.
    const updated = await q(
      `UPDATE ${s}.rampkit_orders
         SET owner = $2, order_id = $3, tx_hash = $4, status = $5, data = $6::jsonb,
             applied_by = $7::jsonb, touched_at = $8
       WHERE id = $1 AND status = $9`,
      [
        order.id,
        stored.owner,
        order.order_id,
        order.tx_hash,
        order.status,
        JSON.stringify(order),
        JSON.stringify(stored.appliedBy),
        now,
        previousStatus ?? order.status,
      ],
    )
    if (updated.rowCount === 0) throw new WriteRace()
  }

  // The batch insert's text by row count: one parameter per value, sent as it is (no array
  // literal to build and escape), and one statement per size for the driver to prepare.
  const insertTexts = new Map<number, string>()
  function insertText(count: number): string {
    let text = insertTexts.get(count)
    if (!text) {
      const tuples = Array.from({ length: count }, (_, i) => {
        const at = i * 5
        return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}::timestamptz, $${at + 5}::timestamptz)`
      })
      text = `INSERT INTO ${s}.rampkit_deliveries (id, event, signature, body, received_at, next_attempt_at)
           VALUES ${tuples.join(', ')}
           ON CONFLICT DO NOTHING
           RETURNING id`
      insertTexts.set(count, text)
    }
    return text
  }

  async function findOrder(column: 'id' | 'order_id' | 'tx_hash', value: string | null) {
    if (!value) return null
    const { rows } = await query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM ${s}.rampkit_orders WHERE ${column} = $1`,
      [value],
    )
    return rows[0] ? toStored(rows[0]) : null
  }

  return {
    engine: driver.engine,
    customerLinks: sqlCustomerLinks(driver, { schema }),

    insertDelivery: deliveryBatcher({
      // One statement, so one transaction: every row of the batch commits, or none does.
      // Sorted by id so two batches never wait on each other's rows in opposite orders.
      // No conflict target: a repeat of the id (primary key) or of the signature (unique
      // index) is a duplicate either way.
      async insertMany(batch) {
        const rows = [...batch].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        const values: string[] = []
        for (const d of rows) {
          values.push(d.id, d.event, d.signature, d.body, d.receivedAt.toISOString())
        }
        const { rows: inserted } = await query<{ id: string }>(insertText(rows.length), values)
        const stored = new Set(inserted.map((row) => row.id))
        return batch.map((d) => (stored.has(d.id) ? 'inserted' : 'duplicate'))
      },
    }),

    async claimDeliveries({ worker, limit, leaseMs, now }) {
      const { rows } = await query<DeliveryRow>(
        `UPDATE ${s}.rampkit_deliveries d
            SET attempts = d.attempts + 1, lease_owner = $1, next_attempt_at = $2
           FROM (SELECT id FROM ${s}.rampkit_deliveries
                  WHERE status = 'pending' AND next_attempt_at <= $3
                  ORDER BY next_attempt_at
                  LIMIT $4
                  FOR UPDATE SKIP LOCKED) due
          WHERE d.id = due.id
        RETURNING d.*`,
        [worker, new Date(now.getTime() + leaseMs), now, limit],
      )
      return rows.map(toDelivery).sort((x, y) => x.receivedAt.getTime() - y.receivedAt.getTime())
    },

    async completeDelivery({ id, now }) {
      await query(
        `UPDATE ${s}.rampkit_deliveries
            SET status = 'applied', finished_at = $2, last_error = NULL
          WHERE id = $1 AND status = 'pending'`,
        [id, now],
      )
    },

    async failDelivery({ id, worker, error, now, retryAt }) {
      const { rows } = await query<{ status: DeliveryStatus }>(
        `UPDATE ${s}.rampkit_deliveries
            SET last_error = $3,
                status = CASE WHEN $4::timestamptz IS NULL THEN 'parked' ELSE 'pending' END,
                next_attempt_at = COALESCE($4::timestamptz, next_attempt_at),
                finished_at = CASE WHEN $4::timestamptz IS NULL THEN $5::timestamptz ELSE NULL END
          WHERE id = $1 AND lease_owner = $2 AND status = 'pending'
        RETURNING status`,
        [id, worker, error, retryAt, now],
      )
      const row = rows[0]
      if (!row) return 'lost'
      return row.status === 'parked' ? 'parked' : 'retry'
    },

    async getDelivery(id) {
      const { rows } = await query<DeliveryRow>(
        `SELECT * FROM ${s}.rampkit_deliveries WHERE id = $1`,
        [id],
      )
      return rows[0] ? toDelivery(rows[0]) : null
    },

    async listParkedDeliveries({ limit = 50, offset = 0 } = {}) {
      const { rows } = await query<DeliveryRow>(
        `SELECT * FROM ${s}.rampkit_deliveries WHERE status = 'parked'
          ORDER BY finished_at DESC, id LIMIT $1 OFFSET $2`,
        [limit, offset],
      )
      return rows.map(toDelivery)
    },

    async requeueDelivery({ id, now = new Date() }) {
      const result = await query(
        `UPDATE ${s}.rampkit_deliveries
            SET status = 'pending', attempts = 0, next_attempt_at = $2, lease_owner = NULL,
                finished_at = NULL
          WHERE id = $1 AND status = 'parked'`,
        [id, now],
      )
      return result.rowCount === 1
    },

    async prune({ now = new Date(), retentionMs = DEFAULT_DELIVERY_RETENTION_MS } = {}) {
      const deliveries = await query(
        `DELETE FROM ${s}.rampkit_deliveries WHERE status = 'applied' AND received_at < $1`,
        [new Date(now.getTime() - retentionMs)],
      )
      const rateLimits = await query(`DELETE FROM ${s}.rampkit_rate_limits WHERE reset_at <= $1`, [
        now,
      ])
      const kv = await query(
        `DELETE FROM ${s}.rampkit_kv WHERE expires_at IS NOT NULL AND expires_at <= $1`,
        [now],
      )
      return { deliveries: deliveries.rowCount, rateLimits: rateLimits.rowCount, kv: kv.rowCount }
    },

    async saveOrder(parameters) {
      const now = parameters.now ?? new Date()
      const { order } = parameters
      return withRetry(async (q) => {
        const { rows } = await q<OrderRow & { match: number }>(
          `SELECT ${ORDER_COLUMNS},
                  CASE WHEN id = $1 THEN 0 WHEN order_id = $2 THEN 1 ELSE 2 END AS match
             FROM ${s}.rampkit_orders
            WHERE id = $1 OR order_id = $2 OR tx_hash = $3
            ORDER BY match
            FOR UPDATE`,
          [order.id, order.order_id, order.tx_hash],
        )
        const existing = rows[0] ? toStored(rows[0]) : null
        const plan = planSaveOrder(existing, parameters)
        if (plan.write !== 'none') {
          await writeOrder(q, plan.write, plan.stored, now, existing?.order.status ?? null)
        }
        return { result: plan.result, stored: plan.stored }
      })
    },

    getOrder: (id) => findOrder('id', id),
    getOrderByOrderId: (orderId) => findOrder('order_id', orderId),
    getOrderByTxHash: (txHash) => findOrder('tx_hash', txHash),

    async listOrders({ owner, limit = 50, offset = 0 }) {
      const { rows } = await query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM ${s}.rampkit_orders WHERE owner = $1
          ORDER BY created_at DESC, seq DESC LIMIT $2 OFFSET $3`,
        [owner, limit, offset],
      )
      return rows.map(toStored)
    },

    async applyOrderUpdate(update) {
      return withRetry(async (q) => {
        const { rows } = await q<OrderRow & { order_id: string | null; tx_hash: string | null }>(
          `SELECT ${ORDER_COLUMNS}, order_id, tx_hash FROM ${s}.rampkit_orders
            WHERE order_id = $1 OR tx_hash = $2
            ORDER BY id
            FOR UPDATE`,
          [update.orderId, update.txHash],
        )
        const byOrderId = rows.find((row) => update.orderId && row.order_id === update.orderId)
        const byTxHash = rows.find((row) => update.txHash && row.tx_hash === update.txHash)
        const plan = planOrderUpdate(
          {
            byOrderId: byOrderId ? toStored(byOrderId) : null,
            byTxHash: byTxHash ? toStored(byTxHash) : null,
          },
          update,
        )
        // Delete first: the survivor may take over the removed record's unique keys.
        for (const dropped of plan.remove) {
          await q(`DELETE FROM ${s}.rampkit_orders WHERE id = $1`, [dropped.order.id])
        }
        if (plan.write !== 'none') {
          await writeOrder(q, plan.write, plan.stored, update.now, plan.previousStatus)
        }
        // A conflict wrote nothing: both rows stay as read, under the locks just taken.
        return {
          stored: plan.stored,
          changed: plan.changed,
          applied: plan.applied,
          conflict: plan.conflict,
        }
      })
    },

    async claimLateOrders({ before, now, limit }) {
      const { rows } = await query<OrderRow>(
        `UPDATE ${s}.rampkit_orders o SET polled_at = $1
           FROM (SELECT id FROM ${s}.rampkit_orders
                  WHERE status NOT IN (${FINAL_SQL})
                    AND touched_at < $2 AND (polled_at IS NULL OR polled_at < $2)
                  ORDER BY touched_at
                  LIMIT $3
                  FOR UPDATE SKIP LOCKED) late
          WHERE o.id = late.id
        RETURNING o.id, o.owner, o.data, o.applied_by`,
        [now, before, limit],
      )
      return rows.map(toStored)
    },

    async hitRateLimit({ key, limit, windowMs, now = new Date() }) {
      const at = now.getTime()
      const windowStart = at - (at % windowMs)
      const resetAt = new Date(windowStart + windowMs)
      const { rows } = await query<{ count: number | string }>(
        `INSERT INTO ${s}.rampkit_rate_limits (key, window_start, count, reset_at)
         VALUES ($1, $2, 1, $3)
         ON CONFLICT (key, window_start)
         DO UPDATE SET count = ${s}.rampkit_rate_limits.count + 1
         RETURNING count`,
        [key, new Date(windowStart), resetAt],
      )
      const count = Number(rows[0]?.count ?? 1)
      return { allowed: count <= limit, count, remaining: Math.max(0, limit - count), resetAt }
    },

    async kvGet(key, now = new Date()) {
      const { rows } = await query<{ value: string }>(
        `SELECT value FROM ${s}.rampkit_kv
          WHERE key = $1 AND (expires_at IS NULL OR expires_at > $2)`,
        [key, now],
      )
      return rows[0]?.value ?? null
    },

    async kvSet({ key, value, ttlMs, ifAbsent, now = new Date() }) {
      const expiresAt = ttlMs === undefined ? null : new Date(now.getTime() + ttlMs)
      const guard = ifAbsent
        ? `WHERE ${s}.rampkit_kv.expires_at IS NOT NULL AND ${s}.rampkit_kv.expires_at <= $4`
        : 'WHERE $4::timestamptz IS NOT NULL'
      const result = await query(
        `INSERT INTO ${s}.rampkit_kv (key, value, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
         ${guard}`,
        [key, value, expiresAt, now],
      )
      return result.rowCount === 1
    },

    async kvDelete(key) {
      await query(`DELETE FROM ${s}.rampkit_kv WHERE key = $1`, [key])
    },

    close: () => driver.close(),
  }
}
