import { deliveryBatcher } from '../delivery-batcher.js'
import type { DeliveryInbox, DeliveryStatus } from '../types.js'
import type { SqlQuery } from './driver.js'
import { type DeliveryRow, toDelivery } from './rows.js'

/**
 * The SQL delivery inbox (`DeliveryInbox`) in `rampkit_deliveries` of the quoted schema `s`.
 * Deliveries are claimed with `FOR UPDATE SKIP LOCKED`, so any number of workers share the queue
 * without blocking each other, and the lease is the row's due time, so a crashed worker's claim
 * comes due again by itself. `prune` deletes applied deliveries received before `before`.
 */
export function sqlInbox(
  query: SqlQuery,
  s: string,
): { inbox: DeliveryInbox; prune: (before: Date) => Promise<number> } {
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

  const inbox: DeliveryInbox = {
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
  }

  async function prune(before: Date): Promise<number> {
    const deleted = await query(
      `DELETE FROM ${s}.rampkit_deliveries WHERE status = 'applied' AND received_at < $1`,
      [before],
    )
    return deleted.rowCount
  }

  return { inbox, prune }
}
