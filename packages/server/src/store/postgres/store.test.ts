import { FINAL_ORDER_STATUSES } from '@rampkit/core'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../sql/migrations.js'
import { DATABASE_URL, runId, skipUnlessReachable, storeContract } from '../testing.js'
import { postgresStore } from './store.js'

const skip = await skipUnlessReachable('Postgres store', DATABASE_URL)

describe.skipIf(skip)('postgres', () => {
  // A schema of its own for this run, dropped at the end.
  const schema = `rampkit_test_${runId()}`
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 8 })
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await pool.end()
  })

  storeContract('postgres', () => postgresStore({ pool, schema }))

  it('migrates once when several instances start together', async () => {
    const other = `${schema}_m`
    try {
      const stores = await Promise.all(
        Array.from({ length: 4 }, () => postgresStore({ pool, schema: other })),
      )
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM "${other}".rampkit_migrations`,
      )
      expect(rows[0].n).toBe(MIGRATIONS.length)
      await Promise.all(stores.map((store) => store.close()))
    } finally {
      await pool.query(`DROP SCHEMA IF EXISTS "${other}" CASCADE`)
    }
  })

  it('indexes as open every order status but the lifecycle’s final ones', async () => {
    const store = await postgresStore({ pool, schema })
    const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'rampkit_orders'`,
      [schema],
    )
    expect(rows.map((row) => row.indexname)).not.toContain('rampkit_orders_open')
    const open = rows.find((row) => row.indexname === 'rampkit_orders_open_v2')
    const excluded = [...(open?.indexdef ?? '').matchAll(/'([a-z_]+)'/g)].map((match) => match[1])
    expect(excluded).toEqual([...FINAL_ORDER_STATUSES])
    await store.close()
  })

  it('opens and closes its own pool from a connection string', async () => {
    const store = await postgresStore({ connectionString: DATABASE_URL, schema, max: 2 })
    expect(await store.kvSet({ key: 'own-pool', value: 'yes' })).toBe(true)
    expect(await store.kvGet('own-pool')).toBe('yes')
    await store.close()
  })
})
