import type pg from 'pg'
import type { CustomerLinks } from '../customers/types.js'
import { type SqlCustomerLinksOptions, sqlCustomerLinks } from '../sql/customers.js'
import { migrate } from '../sql/migrations.js'
import { pgDriver } from './store.js'

/** Options of `postgresCustomerLinks`: a `pg` pool you own, and the kit's schema. */
export type PostgresCustomerLinksOptions = SqlCustomerLinksOptions & {
  pool: pg.Pool
  /** Run the migrations first. Default true (a `postgresStore` on the same schema runs them too). */
  migrate?: boolean
  /**
   * Run each statement as a named prepared statement, parsed and planned once per connection
   * instead of on every call (default true). Turn it off behind a pooler that cannot keep
   * prepared statements, such as PgBouncer in transaction mode before 1.21 or without
   * `max_prepared_statements`.
   */
  prepare?: boolean
}

/**
 * Customer links in Postgres on your pool: the same table `postgresStore` uses (and carries as
 * `store.customerLinks`), for a kit whose other state lives elsewhere. Several instances on one
 * database agree on each user's one vault customer.
 *
 * @example
 * const links = await postgresCustomerLinks({ pool })
 */
export async function postgresCustomerLinks(
  options: PostgresCustomerLinksOptions,
): Promise<CustomerLinks> {
  const driver = pgDriver(options.pool, false, options.prepare ?? true)
  if (options.migrate !== false) await migrate(driver, options.schema ?? 'public')
  return sqlCustomerLinks(driver, options)
}
