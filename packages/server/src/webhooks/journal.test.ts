import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigurationError } from '@rampkit/core'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_URL, runId, skipUnlessReachable, uid } from '../../test/store-contracts.js'
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js'
import type { RampLogger } from '../logger.js'
import { postgresStore } from '../store/postgres/store.js'
import type { NewDelivery, RampStore } from '../store/types.js'
import { fileJournal } from './fileJournal.js'
import { createDeliveryJournal, type DeliveryJournal } from './journal.js'

const skip = await skipUnlessReachable(
  'webhook journal (Postgres behind a cut proxy)',
  DATABASE_URL,
)

function delivery(overrides: Partial<NewDelivery> = {}): NewDelivery {
  const id = overrides.id ?? uid('dlv')
  return {
    id,
    event: 'order.settled',
    signature: `sig-${id}`,
    body: JSON.stringify({ order_id: `ord-${id}`, status: 'settled' }),
    receivedAt: new Date(),
    ...overrides,
  }
}

function linesLogger() {
  const lines: string[] = []
  const write = (level: string) => (message: string, fields?: unknown) =>
    void lines.push(`${level} ${message} ${fields === undefined ? '' : JSON.stringify(fields)}`)
  const logger: RampLogger = { info: write('info'), warn: write('warn'), error: write('error') }
  return { lines, logger }
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not in ${timeoutMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.skipIf(skip)('the webhook journal, with Postgres behind a proxy the test cuts', () => {
  const schema = `rampkit_journal_${runId()}`
  const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 2 })
  let proxy: TcpProxy
  let pool: pg.Pool
  let store: RampStore
  const journals: DeliveryJournal[] = []
  const dirs: string[] = []

  beforeAll(async () => {
    const url = new URL(DATABASE_URL)
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    pool = new pg.Pool({ connectionString: proxy.rewrite(DATABASE_URL), max: 4 })
    pool.on('error', () => {})
    store = await postgresStore({ pool, schema })
  })
  afterEach(async () => {
    proxy.restore()
    for (const journal of journals.splice(0)) await journal.close()
  })
  afterAll(async () => {
    await pool?.end()
    await proxy?.stop()
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await admin.end()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  const journalOf = (options: Partial<Parameters<typeof createDeliveryJournal>[0]> = {}) => {
    const persisted: string[] = []
    const { lines, logger } = linesLogger()
    const journal = createDeliveryJournal({
      store,
      retryMinMs: 50,
      retryMaxMs: 200,
      storeTimeoutMs: 1_000,
      logger,
      onPersisted: (id) => void persisted.push(id),
      ...options,
    })
    journals.push(journal)
    return { journal, persisted, lines }
  }
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampkit-journal-'))
    dirs.push(dir)
    return join(dir, 'journal')
  }

  it('writes straight to the store while it answers, and holds nothing', async () => {
    const { journal, persisted } = journalOf()
    const first = delivery()
    expect(await journal.receive(first)).toBe('inserted')
    expect(await journal.receive(first)).toBe('duplicate')
    expect(journal.pending).toBe(0)
    expect(persisted).toEqual([])
    expect((await store.getDelivery(first.id))?.status).toBe('pending')
  })

  it('keeps what arrives while the store is cut, and writes each once when it is back', async () => {
    const { journal, persisted, lines } = journalOf()
    const before = delivery()
    expect(await journal.receive(before)).toBe('inserted')
    proxy.cut('refuse')
    const during = Array.from({ length: 6 }, () => delivery())
    for (const d of during) expect(await journal.receive(d)).toBe('journaled')
    // A repeat of the id, or of the signature under a fresh id, is held once.
    expect(await journal.receive(during[0]!)).toBe('duplicate')
    expect(await journal.receive({ ...during[1]!, id: uid('replay') })).toBe('duplicate')
    // Stored before the cut: only the store knows, so it is held and the store drops it later.
    expect(await journal.receive(before)).toBe('journaled')
    expect(journal.pending).toBe(7)
    // Retries fail while the cut lasts.
    await until(
      () => lines.some((l) => l.includes('could not be written to the store yet')),
      'retry',
    )
    expect(journal.pending).toBe(7)

    proxy.restore()
    await until(() => journal.pending === 0, 'journal drained')
    expect(persisted).toEqual(during.map((d) => d.id))
    for (const d of during) {
      expect(await store.getDelivery(d.id)).toMatchObject({
        id: d.id,
        body: d.body,
        signature: d.signature,
        status: 'pending',
      })
    }
    expect(journal.bytes).toBe(0)
    const outage = lines.filter((l) => l.includes('kept in the local journal in memory'))
    expect(outage).toHaveLength(1)
    expect(outage[0]).toMatch(/^warn .*"store":"postgres".*"error":"\w+"/)
    expect(lines.some((l) => /^info The store answers again.*"written":7/.test(l))).toBe(true)
  })

  it('gives a store that never answers storeTimeoutMs per delivery, not the whole request', async () => {
    const { journal, persisted } = journalOf({ storeTimeoutMs: 300 })
    proxy.cut('blackhole')
    const held = delivery()
    const started = Date.now()
    expect(await journal.receive(held)).toBe('journaled')
    // A wide bound: answered, not hung on a connection that never completes.
    expect(Date.now() - started).toBeLessThan(10_000)
    // The next one is journaled behind it without waiting for the store at all.
    expect(await journal.receive(delivery())).toBe('journaled')
    proxy.restore()
    await until(() => journal.pending === 0, 'journal drained')
    expect(persisted).toHaveLength(2)
    expect((await store.getDelivery(held.id))?.id).toBe(held.id)
  })

  it('writes at once when another store call succeeds, before its retry is due', async () => {
    const { journal, persisted } = journalOf({ retryMinMs: 600_000, retryMaxMs: 600_000 })
    proxy.cut('refuse')
    const held = delivery()
    expect(await journal.receive(held)).toBe('journaled')
    proxy.restore()
    // Nothing retries for ten minutes; a successful call elsewhere says the store is back.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(journal.pending).toBe(1)
    expect(await store.kvGet('anything')).toBeNull()
    journal.storeAnswered()
    await until(() => journal.pending === 0, 'journal drained')
    expect(persisted).toEqual([held.id])
  })

  it('refuses a delivery when full (by count or by bytes) and logs that it is not kept', async () => {
    const { journal, persisted, lines } = journalOf({ maxDeliveries: 2, maxBytes: 4_096 })
    proxy.cut('refuse')
    const kept = [delivery(), delivery()]
    for (const d of kept) expect(await journal.receive(d)).toBe('journaled')
    const third = delivery()
    expect(await journal.receive(third)).toBe('full')
    const full = lines.filter((l) => l.startsWith('error Webhook journal full'))
    expect(full).toHaveLength(1)
    expect(full[0]).toContain('answered 503 and not kept')
    expect(full[0]).toContain(`"deliveryId":"${third.id}"`)
    expect(full[0]).toMatch(/"maxDeliveries":2.*"maxBytes":4096/)
    expect(journal.pending).toBe(2)
    proxy.restore()
    await until(() => journal.pending === 0, 'journal drained')
    expect(persisted).toEqual(kept.map((d) => d.id))
    expect(await store.getDelivery(third.id)).toBeNull()

    const { journal: small } = journalOf({ maxBytes: 1_024 })
    proxy.cut('refuse')
    expect(
      await small.receive(delivery({ body: JSON.stringify({ pad: 'x'.repeat(2_000) }) })),
    ).toBe('full')
    expect(await small.receive(delivery())).toBe('journaled')
  })

  it('without a file, closing during the outage says which deliveries are lost', async () => {
    const { journal, lines } = journalOf()
    proxy.cut('refuse')
    const held = delivery()
    expect(await journal.receive(held)).toBe('journaled')
    await journal.close()
    const lost = lines.filter((l) => l.includes('they are lost'))
    expect(lost).toHaveLength(1)
    expect(lost[0]).toMatch(/^error /)
    expect(lost[0]).toContain(held.id)
    // Closed: nothing more is taken in while the store is down.
    expect(await journal.receive(delivery())).toBe('full')
  })

  it('with a file, keeps journaled deliveries across a restart and writes them once', async () => {
    const dir = tempDir()
    const first = journalOf({ file: fileJournal({ dir }) })
    proxy.cut('refuse')
    const held = Array.from({ length: 4 }, () => delivery())
    for (const d of held) expect(await first.journal.receive(d)).toBe('journaled')
    // The process stops while the store is still down: the file keeps them.
    await first.journal.close()
    expect(first.lines.some((l) => l.includes('stay in the journal file'))).toBe(true)
    const file = join(dir, 'deliveries.ndjson')
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(4)

    proxy.restore()
    const second = journalOf({ file: fileJournal({ dir }) })
    expect(second.journal.pending).toBe(4)
    second.journal.start()
    await until(() => second.journal.pending === 0, 'recovered deliveries written')
    // Resolves when the write in progress, file compaction included, has ended.
    await second.journal.flush()
    expect(second.persisted).toEqual(held.map((d) => d.id))
    for (const d of held) expect((await store.getDelivery(d.id))?.body).toBe(d.body)
    // Everything is in the store: the file is empty again.
    expect(readFileSync(file, 'utf8')).toBe('')
    // A third start finds nothing to write.
    await second.journal.close()
    const third = journalOf({ file: fileJournal({ dir }) })
    expect(third.journal.pending).toBe(0)
  })
})

describe('the journal file', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampkit-journal-file-'))
    dirs.push(dir)
    return dir
  }

  it('skips a line torn by a crash, and appends whole lines after it', async () => {
    const dir = tempDir()
    const whole = [delivery(), delivery()]
    const line = (d: NewDelivery) =>
      `${JSON.stringify({ ...d, receivedAt: d.receivedAt.toISOString() })}\n`
    writeFileSync(
      join(dir, 'deliveries.ndjson'),
      `${whole.map(line).join('')}{"id":"torn","event":"order.se`,
    )
    const file = fileJournal({ dir })
    expect(file.recovered.map((d) => d.id)).toEqual(whole.map((d) => d.id))
    expect(file.recovered[0]?.receivedAt.getTime()).toBe(whole[0]?.receivedAt.getTime())
    const next = delivery()
    await file.append(next)
    const lines = readFileSync(join(dir, 'deliveries.ndjson'), 'utf8').trim().split('\n')
    expect(lines.map((text) => (JSON.parse(text) as { id: string }).id)).toEqual([
      ...whole.map((d) => d.id),
      next.id,
    ])
    await file.compact([next])
    expect(readFileSync(join(dir, 'deliveries.ndjson'), 'utf8')).toBe(line(next))
    await file.close()
  })

  it('refuses a directory a live journal holds, and takes over a dead process’s lock', async () => {
    const dir = tempDir()
    const open = fileJournal({ dir })
    expect(() => fileJournal({ dir })).toThrow(ConfigurationError)
    expect(() => fileJournal({ dir })).toThrow(/already open in this process/)
    await open.close()
    expect(existsSync(join(dir, 'journal.lock'))).toBe(false)

    // Another live process (the test runner's parent) holds it.
    writeFileSync(join(dir, 'journal.lock'), `${process.ppid}\nother\n`)
    expect(() => fileJournal({ dir })).toThrow(`in use by process ${process.ppid}`)
    // A process that has exited left it behind.
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
    writeFileSync(join(dir, 'journal.lock'), `${exited.stdout.toString()}\nstale\n`)
    const taken = fileJournal({ dir })
    expect(readFileSync(join(dir, 'journal.lock'), 'utf8')).toMatch(
      new RegExp(`^${process.pid}\\n`),
    )
    await taken.close()
  })
})
