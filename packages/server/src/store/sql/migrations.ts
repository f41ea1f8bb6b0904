import type { SqlDriver } from './driver.js'

/** A schema name that needs no escaping beyond double quotes. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/** Quotes a validated schema name. */
export function quoteSchema(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(
      `Invalid schema name "${schema}": use lower-case letters, digits and underscores (at most 63), starting with a letter or underscore.`,
    )
  }
  return `"${schema}"`
}

/** One step of the schema. Steps are append-only: never edit one that has shipped. */
export type Migration = {
  version: number
  name: string
  /** Statements, each run on its own (PGlite's extended protocol takes one at a time). */
  statements: (schema: string) => string[]
}

/** Every text column an index of the kit's tables compares, by table (migration 4). */
export const BYTE_KEYS: Readonly<Record<string, readonly string[]>> = {
  rampkit_deliveries: ['id', 'signature'],
  rampkit_orders: ['id', 'owner', 'order_id', 'tx_hash'],
  rampkit_rate_limits: ['key'],
  rampkit_kv: ['key'],
  rampkit_customer_links: ['owner', 'ref', 'customer_id'],
}

/**
 * The schema of the SQL stores, shared by `postgresStore` and `pgliteStore`. Every table is
 * prefixed `rampkit_` so the kit can live in a partner's existing schema.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'deliveries, orders, rate limits, kv',
    statements: (s) => [
      `CREATE TABLE IF NOT EXISTS ${s}.rampkit_deliveries (
        id text PRIMARY KEY,
        event text NOT NULL,
        signature text NOT NULL,
        body text NOT NULL,
        received_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'parked')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        lease_owner text,
        last_error text,
        finished_at timestamptz
      )`,
      // The id is not signed: a replay under a fresh id is caught here.
      `CREATE UNIQUE INDEX IF NOT EXISTS rampkit_deliveries_signature
        ON ${s}.rampkit_deliveries (signature)`,
      `CREATE INDEX IF NOT EXISTS rampkit_deliveries_due
        ON ${s}.rampkit_deliveries (next_attempt_at) WHERE status = 'pending'`,
      `CREATE INDEX IF NOT EXISTS rampkit_deliveries_applied
        ON ${s}.rampkit_deliveries (received_at) WHERE status = 'applied'`,
      `CREATE INDEX IF NOT EXISTS rampkit_deliveries_parked
        ON ${s}.rampkit_deliveries (finished_at DESC) WHERE status = 'parked'`,
      `CREATE TABLE IF NOT EXISTS ${s}.rampkit_orders (
        id text PRIMARY KEY,
        owner text,
        order_id text UNIQUE,
        tx_hash text UNIQUE,
        status text NOT NULL,
        data jsonb NOT NULL,
        applied_by jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL,
        touched_at timestamptz NOT NULL,
        polled_at timestamptz,
        seq bigserial
      )`,
      `CREATE INDEX IF NOT EXISTS rampkit_orders_owner
        ON ${s}.rampkit_orders (owner, created_at DESC, seq DESC)`,
      `CREATE INDEX IF NOT EXISTS rampkit_orders_open
        ON ${s}.rampkit_orders (touched_at) WHERE status IN ('submitted', 'processing')`,
      `CREATE TABLE IF NOT EXISTS ${s}.rampkit_rate_limits (
        key text NOT NULL,
        window_start timestamptz NOT NULL,
        count integer NOT NULL,
        reset_at timestamptz NOT NULL,
        PRIMARY KEY (key, window_start)
      )`,
      `CREATE TABLE IF NOT EXISTS ${s}.rampkit_kv (
        key text PRIMARY KEY,
        value text NOT NULL,
        expires_at timestamptz
      )`,
    ],
  },
  {
    version: 2,
    name: 'open orders: every status that is not final',
    // Orders in `pending_settlement`, or in a status the kit does not know, are open too (core's
    // order lifecycle): the backup poll must find them. The list is the lifecycle's final
    // statuses as they were when this shipped; claimLateOrders writes the same list.
    statements: (s) => [
      `DROP INDEX IF EXISTS ${s}.rampkit_orders_open`,
      `CREATE INDEX IF NOT EXISTS rampkit_orders_open_v2
        ON ${s}.rampkit_orders (touched_at) WHERE status NOT IN ('settled', 'failed', 'refunded')`,
    ],
  },
  {
    version: 3,
    name: 'customer links: each end user to their vault customer',
    // One row per end user; `ref` is the keyed hash sent as `partner_customer_ref`.
    statements: (s) => [
      `CREATE TABLE IF NOT EXISTS ${s}.rampkit_customer_links (
        owner text PRIMARY KEY,
        ref text NOT NULL UNIQUE,
        customer_type text NOT NULL,
        customer_id text UNIQUE,
        status text NOT NULL,
        deposit_account_status text,
        claimed_until timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
    ],
  },
  {
    version: 4,
    name: 'identifiers compare as bytes',
    // Ids, signatures, refs and keys are opaque tokens, only ever matched whole, so their indexes
    // compare them byte by byte (the "C" collation) instead of by the database's locale. Equality
    // is the same either way; a unique check on random keys (a delivery's id and signature)
    // costs Postgres less CPU. The indexes are rebuilt; the tables are not rewritten.
    statements: (s) => [
      ...Object.entries(BYTE_KEYS).map(
        ([table, columns]) =>
          `ALTER TABLE ${s}.${table} ${columns.map((column) => `ALTER COLUMN ${column} TYPE text COLLATE "C"`).join(', ')}`,
      ),
    ],
  },
]

/**
 * Brings the schema up to the latest migration. Idempotent, and safe when several instances
 * start at once: a transaction-scoped advisory lock lets one of them migrate while the others
 * wait, then find nothing to do. Returns the versions it applied.
 *
 * @example
 * await migrate(driver, 'public')
 */
export async function migrate(driver: SqlDriver, schema: string): Promise<number[]> {
  const s = quoteSchema(schema)
  return driver.transaction(async (query) => {
    await query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rampkit:migrate:${schema}`])
    await query(`CREATE SCHEMA IF NOT EXISTS ${s}`)
    await query(
      `CREATE TABLE IF NOT EXISTS ${s}.rampkit_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    )
    const { rows } = await query<{ version: number }>(`SELECT version FROM ${s}.rampkit_migrations`)
    const done = new Set(rows.map((row) => Number(row.version)))
    const applied: number[] = []
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue
      for (const statement of migration.statements(s)) await query(statement)
      await query(`INSERT INTO ${s}.rampkit_migrations (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ])
      applied.push(migration.version)
    }
    return applied
  })
}
