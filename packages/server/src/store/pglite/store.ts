import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { SqlDriver, SqlQuery } from '../sql/driver.js'
import { type SqlStoreOptions, sqlStore } from '../sql/store.js'
import type { RampStore } from '../types.js'

/** The PGlite database to use: one you opened, or a data directory (none: in memory). */
export type PgliteStoreOptions = SqlStoreOptions &
  ({ db: PGlite; dataDir?: never } | { dataDir?: string; db?: never })

type Queryable = Pick<Transaction, 'query'>

function run(target: Queryable): SqlQuery {
  return async (text, params) => {
    const result = await target.query<never>(text, params as unknown[] | undefined)
    return {
      rows: result.rows,
      rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
    }
  }
}

/** A `SqlDriver` over PGlite. PGlite runs one statement at a time, so transactions queue. */
export function pgliteDriver(db: PGlite, owned: boolean): SqlDriver {
  return {
    engine: 'pglite',
    query: run(db),
    transaction: (callback) => db.transaction((tx) => callback(run(tx))),
    async close() {
      if (owned) await db.close()
    },
  }
}

/**
 * An embedded Postgres (PGlite, WebAssembly) running the same SQL as `postgresStore`: durable
 * with a `dataDir`, no server to run. One process only: two processes must not open the same
 * directory, so several instances need `postgresStore` or `redisStore`. Starting PGlite takes
 * a few seconds; open one per process and pass it as `db` to share it.
 *
 * @example
 * import { pgliteStore } from '@rampkit/server/pglite'
 * const store = await pgliteStore({ dataDir: './.data/rampkit' })
 */
export async function pgliteStore(options: PgliteStoreOptions = {}): Promise<RampStore> {
  const owned = !options.db
  const db = options.db ?? (await PGlite.create(options.dataDir))
  const driver = pgliteDriver(db, owned)
  try {
    return await sqlStore(driver, options)
  } catch (error) {
    await driver.close()
    throw error
  }
}
