import { FINAL_ORDER_STATUSES, type OrderStatus } from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'
import { planOrderUpdate, planSaveOrder, updateResult } from '../orders.js'
import type { OrderStore, StoredOrder } from '../types.js'
import { type SqlDriver, type SqlQuery, sqlState } from './driver.js'
import { ORDER_COLUMNS, type OrderRow, toStored } from './rows.js'

/**
 * The lifecycle's final statuses as an SQL list. Written into the query as literals, not bound,
 * so the planner can match it to the partial index of open orders (migration 2).
 */
const FINAL_SQL = FINAL_ORDER_STATUSES.map((status) => `'${status}'`).join(', ')

function createdAt(order: KitOrder, fallback: Date): Date {
  const parsed = new Date(order.created_at)
  return Number.isNaN(parsed.getTime()) ? fallback : parsed
}

/** Raised inside a transaction when a concurrent writer got there first; the caller retries. */
class WriteRace extends Error {}

/** Runs an order transaction again when a concurrent insert won the race for its keys. */
async function withRetry<T>(
  driver: SqlDriver,
  callback: (query: SqlQuery) => Promise<T>,
): Promise<T> {
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

/** Writes a planned record; a row that another writer inserted or moved first is a `WriteRace`. */
async function writeOrder(
  q: SqlQuery,
  s: string,
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

/**
 * The SQL orders (`OrderStore`) in `rampkit_orders` of the quoted schema `s`. A save or an
 * update locks the rows its keys find, applies the plan every engine shares, and runs again
 * when a concurrent writer won the race for a key.
 */
export function sqlOrders(driver: SqlDriver, s: string): OrderStore {
  const { query } = driver

  async function findOrder(column: 'id' | 'order_id' | 'tx_hash', value: string | null) {
    if (!value) return null
    const { rows } = await query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM ${s}.rampkit_orders WHERE ${column} = $1`,
      [value],
    )
    return rows[0] ? toStored(rows[0]) : null
  }

  return {
    async saveOrder(parameters) {
      const now = parameters.now ?? new Date()
      const { order } = parameters
      return withRetry(driver, async (q) => {
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
          await writeOrder(q, s, plan.write, plan.stored, now, existing?.order.status ?? null)
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
      return withRetry(driver, async (q) => {
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
          await writeOrder(q, s, plan.write, plan.stored, update.now, plan.previousStatus)
        }
        // A conflict wrote nothing: both rows stay as read, under the locks just taken.
        return updateResult(plan)
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
  }
}
