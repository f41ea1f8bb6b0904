import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { customerLinksContract } from '../../../test/customer-store-contracts.js'
import { DATABASE_URL, runId, skipUnlessReachable } from '../../../test/store-contracts.js'
import { postgresCustomerLinks } from './customers.js'
import { postgresStore } from './store.js'

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

  it('gives each owner one claim when two instances race on first claims', async () => {
    // Two pools, as two kit instances: the claims really run at once on separate connections.
    const other = new pg.Pool({ connectionString: DATABASE_URL, max: 8 })
    try {
      const instances = await Promise.all(
        [pool, other].map((p) => postgresCustomerLinks({ pool: p, schema })),
      )
      for (let round = 0; round < 40; round++) {
        const owner = `racer_${runId()}_${round}`
        const outcomes = await Promise.allSettled(
          Array.from({ length: 12 }, (_, i) =>
            instances[i % 2]!.claim({
              owner,
              ref: `rk_${owner}`,
              customerType: 'individual',
              now: new Date(),
              leaseMs: 15_000,
            }),
          ),
        )
        const errors = outcomes.filter((o) => o.status === 'rejected')
        expect(errors.map((o) => String((o as PromiseRejectedResult).reason))).toEqual([])
        const claims = outcomes.map(
          (o) => (o as PromiseFulfilledResult<{ claimed: boolean }>).value,
        )
        expect(claims.filter((c) => c.claimed)).toHaveLength(1)
      }
    } finally {
      await other.end()
    }
  })
})
