import pg from 'pg'
import type { SqlDriver, SqlQuery } from '../sql/driver.js'
import { type SqlStoreOptions, sqlStore } from '../sql/store.js'
import type { RampStore } from '../types.js'

/** Where `postgresStore` connects: a `pg` pool you own, or a connection string it owns. */
export type PostgresStoreOptions = SqlStoreOptions &
  (
    | { pool: pg.Pool; connectionString?: never }
    | { connectionString: string; pool?: never /** Pool size; default 10. */; max?: number }
  )

/** A `SqlDriver` over a `pg` pool: each transaction on one checked-out client. */
export function pgDriver(pool: pg.Pool, owned: boolean): SqlDriver {
  const run =
    (client: pg.Pool | pg.PoolClient): SqlQuery =>
    async (text, params) => {
      const result = await client.query(text, params as unknown[] | undefined)
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length }
    }
  return {
    engine: 'postgres',
    parallel: pool.options.max ?? 10,
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
  const driver = pgDriver(pool, owned)
  try {
    return await sqlStore(driver, options)
  } catch (error) {
    await driver.close()
    throw error
  }
}
