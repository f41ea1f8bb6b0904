import type { PGlite } from '@electric-sql/pglite'
import type { CustomerLinks } from '../customers/types.js'
import { type SqlCustomerLinksOptions, sqlCustomerLinks } from '../sql/customers.js'
import { migrate } from '../sql/migrations.js'
import { pgliteDriver } from './store.js'

/** Options of `pgliteCustomerLinks`: the PGlite database you opened, and the kit's schema. */
export type PgliteCustomerLinksOptions = SqlCustomerLinksOptions & {
  db: PGlite
  /** Run the migrations first. Default true (a `pgliteStore` on the same schema runs them too). */
  migrate?: boolean
}

/**
 * Customer links in an embedded PGlite database: the same table `pgliteStore` uses (and
 * carries as `store.customerLinks`). One process only, like the PGlite store.
 *
 * @example
 * const links = await pgliteCustomerLinks({ db })
 */
export async function pgliteCustomerLinks(
  options: PgliteCustomerLinksOptions,
): Promise<CustomerLinks> {
  const driver = pgliteDriver(options.db, false)
  if (options.migrate !== false) await migrate(driver, options.schema ?? 'public')
  return sqlCustomerLinks(driver, options)
}
