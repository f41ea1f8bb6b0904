import { createHash } from 'node:crypto'
import pg from 'pg'
import type { SqlDriver, SqlQuery } from '../sql/driver.js'
import { type SqlStoreOptions, sqlStore } from '../sql/store.js'
import type { RampStore } from '../types.js'

/** Where `postgresStore` connects: a `pg` pool you own, or a connection string it owns. */
export type PostgresStoreOptions = SqlStoreOptions &
  (
    | { pool: pg.Pool; connectionString?: never }
    | { connectionString: string; pool?: never /** Pool size; default 10. */; max?: number }
  ) & {
    /**
     * Run each statement as a named prepared statement, parsed and planned once per connection
     * instead of on every call (default true). Turn it off behind a pooler that cannot keep
     * prepared statements, such as PgBouncer in transaction mode before 1.21 or without
     * `max_prepared_statements`.
     */
    prepare?: boolean
  }

/** Statements named at most: the store's are a fixed set, far fewer. */
const MAX_NAMED = 256
/**
 * Statements with more parameters run unnamed: the batch insert has one text per row count,
 * and a connection keeps a plan only for the small ones it runs all the time.
 */
const MAX_NAMED_PARAMETERS = 200

/**
 * A `SqlDriver` over a `pg` pool: each transaction on one checked-out client. With `prepare`,
 * a statement with parameters (up to `MAX_NAMED_PARAMETERS`) runs under a name taken from its
 * text (a hash), so each connection parses and plans it once.
 */
export function pgDriver(pool: pg.Pool, owned: boolean, prepare = true): SqlDriver {
  const names = new Map<string, string>()
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text)
    if (name === undefined && names.size < MAX_NAMED) {
      name = `rampkit_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`
      names.set(text, name)
    }
    return name
  }
  const run =
    (client: pg.Pool | pg.PoolClient): SqlQuery =>
    async (text, params) => {
      const values = params as unknown[] | undefined
      const named = prepare && values && values.length > 0 && values.length <= MAX_NAMED_PARAMETERS
      const name = named ? nameOf(text) : undefined
      const result = await client.query(name ? { name, text, values } : { text, values })
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length }
    }
  return {
    engine: 'postgres',
    query: run(pool),
    async transaction(callback) {
      const client = await pool.connect()
      // A connection that breaks fails its query and also emits `error` on the client; while
      // checked out nobody else listens, and an unheard `error` would kill the process.
      const ignore = () => {}
      client.on('error', ignore)
      let broken: unknown
      try {
        await client.query('BEGIN')
        const result = await callback(run(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        try {
          await client.query('ROLLBACK')
        } catch (rollbackError) {
          // A connection that cannot roll back must not go back to the pool.
          broken = rollbackError
        }
        throw error
      } finally {
        client.removeListener('error', ignore)
        client.release(broken instanceof Error ? broken : undefined)
      }
    },
    async close() {
      if (owned) await pool.end()
    },
  }
}

/**
 * The production store: Postgres through `pg`. Runs the migrations on start (versioned,
 * idempotent, safe with several instances starting together), then shares deliveries, orders,
 * rate limits and keys with every instance on the same database. Give it your pool to share
 * connections (and listen to its `error` event: `pg` crashes the process otherwise when an idle
 * connection breaks), or a connection string to let it open (and close) its own.
 *
 * @example
 * import { postgresStore } from '@rampkit/server/postgres'
 * const store = await postgresStore({ connectionString: process.env.DATABASE_URL! })
 */
export async function postgresStore(options: PostgresStoreOptions): Promise<RampStore> {
  const owned = !options.pool
  const pool =
    options.pool ??
    new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 10 })
  // An idle connection that breaks (database restarted, network cut) is an `error` event on the
  // pool, which would crash the process with nobody listening, and with it the webhooks the kit
  // journaled in memory. The pool drops that connection; the next query opens a new one or
  // fails on its own. A pool you pass is yours to listen to.
  if (owned) pool.on('error', () => {})
  const driver = pgDriver(pool, owned, options.prepare ?? true)
  try {
    return await sqlStore(driver, options)
  } catch (error) {
    await driver.close()
    throw error
  }
}
