import { DEFAULT_DELIVERY_RETENTION_MS, type RampStore } from '../types.js'
import { sqlCounters } from './counters.js'
import { sqlCustomerLinks } from './customers.js'
import type { SqlDriver } from './driver.js'
import { sqlInbox } from './inbox.js'
import { migrate, quoteSchema } from './migrations.js'
import { sqlOrders } from './orders.js'

/** Options shared by the SQL engines. */
export type SqlStoreOptions = {
  /** Schema holding the `rampkit_*` tables. Default `public`. */
  schema?: string
  /** Run the migrations on start. Default true; turn off when a deploy step runs them. */
  migrate?: boolean
}

/**
 * The Postgres-dialect store over any `SqlDriver`; `postgresStore` and `pgliteStore` are this
 * with their driver. Its parts are the contracts it keeps, each in its module over the same
 * schema: the delivery inbox (`inbox.ts`), the orders (`orders.ts`), the counters
 * (`counters.ts`) and the customer links (`customers.ts`).
 */
export async function sqlStore(
  driver: SqlDriver,
  options: SqlStoreOptions = {},
): Promise<RampStore> {
  const schema = options.schema ?? 'public'
  const s = quoteSchema(schema)
  if (options.migrate !== false) await migrate(driver, schema)
  const inbox = sqlInbox(driver.query, s)
  const counters = sqlCounters(driver.query, s)

  return {
    engine: driver.engine,
    customerLinks: sqlCustomerLinks(driver, { schema }),
    ...inbox.inbox,
    ...sqlOrders(driver, s),
    ...counters.counters,

    async prune({ now = new Date(), retentionMs = DEFAULT_DELIVERY_RETENTION_MS } = {}) {
      const deliveries = await inbox.prune(new Date(now.getTime() - retentionMs))
      return { deliveries, ...(await counters.prune(now)) }
    },

    close: () => driver.close(),
  }
}
