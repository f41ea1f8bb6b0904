/**
 * `@rampkit/server/postgres`: the Postgres store and bus. Needs `pg` installed.
 */
export { type PostgresBusOptions, postgresBus } from './bus/postgres.js'
export {
  type PostgresCustomerLinksOptions,
  postgresCustomerLinks,
} from './store/postgres/customers.js'
export { type PostgresStoreOptions, postgresStore } from './store/postgres/store.js'
export type { SqlStoreOptions } from './store/sql/store.js'
