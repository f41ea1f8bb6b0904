import type pg from 'pg'
import { pgDriver } from '../postgres/store.js'
import { migrate } from '../sql/migrations.js'
import { type SqlCustomerLinksOptions, sqlCustomerLinks } from './sql.js'
import type { CustomerLinks } from './types.js'

/** Options of `postgresCustomerLinks`: a `pg` pool you own, and the kit's schema. */
export type PostgresCustomerLinksOptions = SqlCustomerLinksOptions & {
  pool: pg.Pool
  /** Run the migrations first. Default true (a `postgresStore` on the same schema runs them too). */
  migrate?: boolean
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
  const driver = pgDriver(options.pool, false)
  if (options.migrate !== false) await migrate(driver, options.schema ?? 'public')
  return sqlCustomerLinks(driver, options)
}
