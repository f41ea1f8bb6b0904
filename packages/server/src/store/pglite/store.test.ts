import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { sqlSchemaContract, storeContract } from '../../../test/store-contracts.js'
import { MIGRATIONS, migrate } from '../sql/migrations.js'
import { pgliteDriver, pgliteStore } from './store.js'

// One PGlite for the whole file: each instance takes seconds to start.
const db = await PGlite.create()

afterAll(() => db.close())

storeContract('pglite', () => pgliteStore({ db, schema: 'rampkit_contract' }))
sqlSchemaContract(() => pgliteDriver(db, false))

describe('pglite migrations', () => {
  it('are versioned and idempotent', async () => {
    const driver = pgliteDriver(db, false)
    expect(await migrate(driver, 'rampkit_migrations_test')).toEqual(
      MIGRATIONS.map((m) => m.version),
    )
    expect(await migrate(driver, 'rampkit_migrations_test')).toEqual([])
    const { rows } = await driver.query<{ version: number }>(
      'SELECT version FROM rampkit_migrations_test.rampkit_migrations ORDER BY version',
    )
    expect(rows.map((row) => Number(row.version))).toEqual(MIGRATIONS.map((m) => m.version))
  })

  it('refuse a schema name that would need escaping', async () => {
    await expect(pgliteStore({ db, schema: 'bad"; drop' })).rejects.toThrow(/Invalid schema name/)
  })
})
