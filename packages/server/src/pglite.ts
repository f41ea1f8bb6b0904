/**
 * `@rampkit/server/pglite`: the embedded Postgres store. Needs `@electric-sql/pglite` installed.
 */

export {
  type PgliteCustomerLinksOptions,
  pgliteCustomerLinks,
} from './store/pglite/customers.js'
export { type PgliteStoreOptions, pgliteStore } from './store/pglite/store.js'
export type { SqlStoreOptions } from './store/sql/store.js'
