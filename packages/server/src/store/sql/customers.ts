import type { CustomerType } from '@rampkit/core'
import type { CustomerLink, CustomerLinks } from '../customers/types.js'
import { type SqlDriver, sqlState, toDate } from './driver.js'
import { quoteSchema } from './migrations.js'

/** Options of the SQL customer links (Postgres and PGlite). */
export type SqlCustomerLinksOptions = {
  /** Schema holding `rampkit_customer_links` (migration 3). Default `public`. */
  schema?: string
}

type LinkRow = {
  owner: string
  ref: string
  customer_type: CustomerType
  customer_id: string | null
  status: string
  deposit_account_status: string | null
  claimed_until: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

const COLUMNS =
  'owner, ref, customer_type, customer_id, status, deposit_account_status, claimed_until, created_at, updated_at'

function toLink(row: LinkRow): CustomerLink {
  return {
    owner: row.owner,
    ref: row.ref,
    customerType: row.customer_type,
    customerId: row.customer_id,
    status: row.status,
    depositAccountStatus: row.deposit_account_status,
    claimedUntil: row.claimed_until === null ? null : toDate(row.claimed_until),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  }
}

/**
 * Customer links in the Postgres dialect over any `SqlDriver` (`pg` or PGlite), in the table of
 * migration 3: one row per owner, `ref` and `customer_id` unique. The claim is one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE`, so two instances claiming at once get one winner.
 * The migrations must have run (the SQL stores run them on start).
 */
export function sqlCustomerLinks(
  driver: SqlDriver,
  options: SqlCustomerLinksOptions = {},
): CustomerLinks {
  const table = `${quoteSchema(options.schema ?? 'public')}.rampkit_customer_links`
  const { query } = driver
  const one = async (where: string, value: string) => {
    const { rows } = await query<LinkRow>(`SELECT ${COLUMNS} FROM ${table} WHERE ${where} = $1`, [
      value,
    ])
    return rows[0] ? toLink(rows[0]) : null
  }

  return {
    engine: driver.engine,
    get: (owner) => one('owner', owner),
    findByCustomerId: (customerId) => one('customer_id', customerId),
    findByRef: (ref) => one('ref', ref),
    async claim({ owner, ref, customerType, now, leaseMs }) {
      const until = new Date(now.getTime() + leaseMs)
      let claimed: LinkRow | undefined
      try {
        const { rows } = await query<LinkRow>(
          `INSERT INTO ${table} AS t (owner, ref, customer_type, status, claimed_until, created_at, updated_at)
           VALUES ($1, $2, $3, 'pending', $4, $5, $5)
           ON CONFLICT (owner) DO UPDATE SET claimed_until = EXCLUDED.claimed_until, updated_at = EXCLUDED.updated_at
           WHERE t.customer_id IS NULL AND (t.claimed_until IS NULL OR t.claimed_until <= $5)
           RETURNING ${COLUMNS}`,
          [owner, ref, customerType, until, now],
        )
        claimed = rows[0]
      } catch (error) {
        // Two first claims of one owner can both miss each other's row and both insert; the
        // arbiter (owner) then settles it, but the `ref` index, checked as a plain unique one,
        // may refuse the later insert first. Either way the other claim won: read its row.
        if (sqlState(error) !== '23505') throw error
      }
      if (claimed) return { link: toLink(claimed), claimed: true }
      const stored = await one('owner', owner)
      if (!stored) throw new Error('A customer link vanished while it was claimed')
      return { link: stored, claimed: false }
    },
    async attach({ owner, customerId, status, depositAccountStatus, now }) {
      // Not a customer another owner holds (the unique index would refuse it anyway).
      const { rows } = await query<LinkRow>(
        `UPDATE ${table} SET customer_id = $2, status = $3, deposit_account_status = $4,
           claimed_until = NULL, updated_at = $5
         WHERE owner = $1 AND (customer_id IS NULL OR customer_id = $2)
           AND NOT EXISTS (SELECT 1 FROM ${table} o WHERE o.customer_id = $2 AND o.owner <> $1)
         RETURNING ${COLUMNS}`,
        [owner, customerId, status, depositAccountStatus, now],
      )
      return rows[0] ? toLink(rows[0]) : one('owner', owner)
    },
    async setStatus({ customerId, status, depositAccountStatus, now }) {
      const keep = depositAccountStatus === undefined
      const { rows } = await query<LinkRow>(
        `UPDATE ${table} SET status = $2,
           deposit_account_status = CASE WHEN $3 THEN deposit_account_status ELSE $4 END,
           updated_at = $5
         WHERE customer_id = $1
         RETURNING ${COLUMNS}`,
        [customerId, status, keep, keep ? null : depositAccountStatus, now],
      )
      return rows[0] ? toLink(rows[0]) : null
    },
  }
}
