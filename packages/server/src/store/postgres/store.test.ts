import { FINAL_ORDER_STATUSES } from '@rampkit/core'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import {
  DATABASE_URL,
  runId,
  skipUnlessReachable,
  sqlSchemaContract,
  storeContract,
  testDelivery,
} from '../../../test/store-contracts.js'
import { MIGRATIONS } from '../sql/migrations.js'
import { pgDriver, postgresStore } from './store.js'

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
  sqlSchemaContract(() => pgDriver(pool, false))

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

  it('prepares its statements once per connection, and not at all with prepare: false', async () => {
    // One connection, so the statements it prepared are the ones `pg_prepared_statements` lists.
    const prepared = async (prepare: boolean) => {
      const one = new pg.Pool({ connectionString: DATABASE_URL, max: 1 })
      try {
        const store = await postgresStore({ pool: one, schema, prepare })
        for (let i = 0; i < 3; i++) {
          expect(await store.insertDelivery(testDelivery())).toBe('inserted')
          expect(await store.getOrder('no-such-order')).toBeNull()
        }
        const { rows } = await one.query<{ name: string; statement: string }>(
          `SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'rampkit_%'`,
        )
        await store.close()
        return rows
      } finally {
        await one.end()
      }
    }
    const named = await prepared(true)
    // The insert and the read, each prepared once for the three calls.
    expect(named.filter((row) => row.statement.includes('rampkit_deliveries'))).toHaveLength(1)
    expect(named.filter((row) => row.statement.includes('rampkit_orders'))).toHaveLength(1)
    expect(await prepared(false)).toEqual([])
  })

  it('opens and closes its own pool from a connection string', async () => {
    const store = await postgresStore({ connectionString: DATABASE_URL, schema, max: 2 })
    expect(await store.kvSet({ key: 'own-pool', value: 'yes' })).toBe(true)
    expect(await store.kvGet('own-pool')).toBe('yes')
    await store.close()
  })
})
