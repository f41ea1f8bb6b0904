import pg from 'pg'
import { afterAll, describe } from 'vitest'
import { postgresStore } from '../postgres/store.js'
import { DATABASE_URL, runId, skipUnlessReachable } from '../testing.js'
import { postgresCustomerLinks } from './postgres.js'
import { customerLinksContract } from './testing.js'

const skip = await skipUnlessReachable('Postgres customer links', DATABASE_URL)

describe.skipIf(skip)('postgres customer links', () => {
  // A schema of its own for this run, dropped at the end.
  const schema = `rampkit_links_${runId()}`
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 8 })
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await pool.end()
  })

  customerLinksContract('postgres', () => postgresCustomerLinks({ pool, schema }))
  customerLinksContract('postgresStore().customerLinks', async () => {
    const store = await postgresStore({ pool, schema })
    return store.customerLinks!
  })
})
