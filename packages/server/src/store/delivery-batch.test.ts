import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DATABASE_URL,
  runId,
  skipUnlessReachable,
  testDelivery,
  uid,
} from '../../test/store-contracts.js'
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js'
import { pgliteDriver } from './pglite/store.js'
import { pgDriver } from './postgres/store.js'
import type { SqlDriver } from './sql/driver.js'
import { sqlStore } from './sql/store.js'
import type { InsertDeliveryResult, NewDelivery, RampStore } from './types.js'

const skipPostgres = await skipUnlessReachable('delivery group commit on Postgres', DATABASE_URL)

const delivery = testDelivery

/** The real driver, with the delivery inserts it runs counted. */
function counted(driver: SqlDriver) {
  const count = { inserts: 0 }
  const wrapped: SqlDriver = {
    ...driver,
    query: (text, params) => {
      if (/INSERT INTO \S+\.rampkit_deliveries/.test(text)) count.inserts++
      return driver.query(text, params)
    },
  }
  return { driver: wrapped, count }
}

type Outcome = { result: InsertDeliveryResult } | { error: unknown }
const settle = (promise: Promise<InsertDeliveryResult>): Promise<Outcome> =>
  promise.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  )

/** Every delivery answered `inserted` or `duplicate` is stored; every one that failed is not. */
async function expectAcknowledgedOnlyIfStored(
  store: RampStore,
  deliveries: NewDelivery[],
  outcomes: Outcome[],
) {
  for (const [index, outcome] of outcomes.entries()) {
    const stored = await store.getDelivery((deliveries[index] as NewDelivery).id)
    if ('result' in outcome) expect(stored, deliveries[index]?.id).not.toBeNull()
    else expect(stored, deliveries[index]?.id).toBeNull()
  }
}

function groupCommitContract(name: string, open: () => Promise<SqlDriver>) {
  describe(`delivery group commit (${name})`, () => {
    let store: RampStore
    let count: { inserts: number }
    beforeAll(async () => {
      const wrapped = counted(await open())
      count = wrapped.count
      store = await sqlStore(wrapped.driver, { schema: `rampkit_batch_${runId()}` })
    })

    it('writes concurrent deliveries in fewer statements than deliveries, each stored when answered', async () => {
      const before = count.inserts
      const deliveries = Array.from({ length: 40 }, () => delivery())
      const results = await Promise.all(deliveries.map((d) => store.insertDelivery(d)))
      expect(results).toEqual(Array(40).fill('inserted'))
      expect(count.inserts - before).toBeLessThan(40)
      for (const d of deliveries) {
        expect(await store.getDelivery(d.id)).toMatchObject({ ...d, status: 'pending' })
      }
    })

    it('stores a burst larger than one statement takes (256 rows), each row once', async () => {
      const deliveries = Array.from({ length: 300 }, () => delivery())
      const results = await Promise.all(deliveries.map((d) => store.insertDelivery(d)))
      expect(results).toEqual(Array(300).fill('inserted'))
      const stored = await Promise.all(deliveries.map((d) => store.getDelivery(d.id)))
      expect(stored.map((row) => row?.signature)).toEqual(deliveries.map((d) => d.signature))
    })

    it('answers a repeat of an id or a signature duplicate, in one batch and across batches', async () => {
      const first = delivery()
      const sameId = { ...first, signature: `${first.signature}-other` }
      const replay = { ...first, id: uid('dlv') } // a fresh id, the same signature
      const other = delivery()
      const results = await Promise.all(
        [delivery(), first, sameId, replay, other].map((d) => store.insertDelivery(d)),
      )
      expect(results.slice(1)).toEqual(['inserted', 'duplicate', 'duplicate', 'inserted'])
      expect(await store.getDelivery(replay.id)).toBeNull()
      expect(await store.insertDelivery(first)).toBe('duplicate')
      expect(await store.insertDelivery(replay)).toBe('duplicate')
    })

    it('fails only the delivery whose row fails, and acknowledges none unstored', async () => {
      // Postgres text cannot hold a NUL character: that row fails, the statement with it too.
      const deliveries = Array.from({ length: 12 }, (_, i) =>
        delivery(i === 6 ? { body: '{"status":"settled","note":"\u0000"}' } : {}),
      )
      const outcomes = await Promise.all(deliveries.map((d) => settle(store.insertDelivery(d))))
      expect(outcomes.filter((o) => 'error' in o)).toHaveLength(1)
      expect('error' in (outcomes[6] as Outcome)).toBe(true)
      await expectAcknowledgedOnlyIfStored(store, deliveries, outcomes)
    })
  })
}

groupCommitContract('pglite', async () => pgliteDriver(await PGlite.create(), true))
describe.skipIf(skipPostgres)('postgres', () => {
  groupCommitContract('postgres', async () => {
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 })
    return pgDriver(pool, true)
  })
})

describe.skipIf(skipPostgres)('delivery group commit with the Postgres connection cut', () => {
  const schema = `rampkit_batch_cut_${runId()}`
  const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 2 })
  let proxy: TcpProxy
  let pool: pg.Pool
  let store: RampStore
  beforeAll(async () => {
    const url = new URL(DATABASE_URL)
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    pool = new pg.Pool({ connectionString: proxy.rewrite(DATABASE_URL), max: 4 })
    pool.on('error', () => {})
    store = await sqlStore(pgDriver(pool, false), { schema })
  })
  afterAll(async () => {
    await pool?.end()
    await proxy?.stop()
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await admin.end()
  })

  /** Backends of this schema's delivery inserts waiting on a lock, oldest first. */
  async function waitingInserts(): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND query LIKE $1
        ORDER BY query_start`,
      [`%INSERT INTO "${schema}".rampkit_deliveries%`],
    )
    return rows.map((row) => row.pid)
  }
  /** Holds the deliveries table in a transaction so every insert waits inside its statement. */
  async function holdTable() {
    const holder = await admin.connect()
    await holder.query('BEGIN')
    await holder.query(`LOCK TABLE "${schema}".rampkit_deliveries IN SHARE MODE`)
    return {
      release: () => holder.query('ROLLBACK'),
      async close() {
        await holder.query('ROLLBACK').catch(() => {})
        holder.release()
      },
    }
  }
  /** Twelve deliveries sent in one event-loop turn: one statement of twelve rows, waiting. */
  async function waitingBatch() {
    const deliveries = Array.from({ length: 12 }, () => delivery())
    const pending = deliveries.map((d) => settle(store.insertDelivery(d)))
    await until(async () => (await waitingInserts()).length === 1, 'the batch waiting')
    return { deliveries, pending }
  }
  async function until(check: () => Promise<boolean>, what: string) {
    for (let i = 0; i < 500; i++) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`never happened: ${what}`)
  }

  it('a batch whose connection is killed mid-statement answers each delivery by its own row', async () => {
    const holder = await holdTable()
    try {
      const { deliveries, pending } = await waitingBatch()
      // Kill the statement of twelve: each delivery is tried again on its own, and waits.
      const [batchPid] = await waitingInserts()
      await admin.query('SELECT pg_terminate_backend($1)', [batchPid])
      await until(async () => {
        const waiting = await waitingInserts()
        return waiting.length >= 2 && !waiting.includes(batchPid as number)
      }, 'retries waiting')
      // Kill one retry as well: that delivery, and only it, fails.
      const [retryPid] = await waitingInserts()
      await admin.query('SELECT pg_terminate_backend($1)', [retryPid])
      await until(
        async () => !(await waitingInserts()).includes(retryPid as number),
        'retry killed',
      )
      await holder.release()
      const outcomes = await Promise.all(pending)
      expect(outcomes.filter((o) => 'error' in o)).toHaveLength(1)
      expect(outcomes.filter((o) => 'result' in o && o.result === 'inserted')).toHaveLength(11)
      await expectAcknowledgedOnlyIfStored(store, deliveries, outcomes)
    } finally {
      await holder.close()
    }
  })

  it('with the database gone, every delivery fails and the queued ones are not stored', async () => {
    const holder = await holdTable()
    let queued: NewDelivery[] = []
    try {
      // One statement in flight (the SQL stores' one writer), two turns of deliveries queued.
      const first = await waitingBatch()
      queued = Array.from({ length: 24 }, () => delivery())
      const pending = [...first.pending]
      for (const half of [queued.slice(0, 12), queued.slice(12)]) {
        pending.push(...half.map((d) => settle(store.insertDelivery(d))))
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(await waitingInserts()).toHaveLength(1)
      proxy.cut('refuse')
      const outcomes = await Promise.all(pending)
      expect(outcomes.every((o) => 'error' in o)).toBe(true)
    } finally {
      await holder.close()
      proxy.restore()
    }
    // The statements that had reached the server may still commit there once the lock goes (a
    // server notices a vanished client only when it next talks to it): not acknowledged but
    // stored is safe, as the worker applies what is stored. The queued ones never reached it.
    const { rows } = await admin.query(
      `SELECT id FROM "${schema}".rampkit_deliveries WHERE id = ANY($1)`,
      [queued.map((d) => d.id)],
    )
    expect(rows).toEqual([])
  })
})
