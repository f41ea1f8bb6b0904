/**
 * `@rampkit/server/pglite`: the embedded Postgres store. Needs `@electric-sql/pglite` installed.
 */
export { type PgliteStoreOptions, pgliteStore } from './store/pglite.js'
export type { SqlStoreOptions } from './store/sql/store.js'
