// Crash and restart matrix: a kit process (crash.child.ts: the real `createRampHandler` app
// mounted at MOUNT and served over HTTP, its webhook route and its own worker started with
// `ramp.start()`) is killed with SIGKILL, then started again on the same database, in four cells:
//   store:  postgres (a schema per cell) | pglite (a data directory on disk, reopened)
//   phase:  ingest     — killed while deliveries are being received and acknowledged; the
//                        sender retries every delivery it saw fail, with the same id, until one
//                        is acknowledged (as the service does)
//           processing — every delivery acknowledged, killed while the worker applies the backlog
// Invariant in every cell, counted from the child's durable log of applications (an fsync'd
// append-only file) and the store's final state: every acknowledged order event is applied
// exactly once — no loss, no second application under another delivery id, none in the same
// process, none after the store recorded it done. The only repeat allowed is the one the kit
// documents ("key side effects on deliveryId"): a handler that had run to its end when the
// process died, before the store recorded the delivery applied, runs again after the restart
// for the same delivery id (counted as rerunAfterKill, at most `concurrency` per kill).
// Duplicates are mixed in: the same delivery id resent (before, across and after each kill) and
// the same event replayed under a fresh id.
//
// Default: 200 order events per cell, one kill at a seeded point between 20 % and 80 %.
// RAMPKIT_SOAK=1: 900 events per cell and 3 kills per cell. RAMPKIT_CRASH_SEED sets the seed.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { KIT_ROUTES } from '@rampkit/core/kit'
import { buildWebhookHeaders } from '@rampkit/core/webhooks'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { DATABASE_URL, runId, skipUnlessReachable } from '../../test/store-contracts.js'

const SOAK = process.env.RAMPKIT_SOAK === '1'
const EVENTS = SOAK ? 900 : 200
const KILLS = SOAK ? 3 : 1
const SEED = Number(process.env.RAMPKIT_CRASH_SEED ?? 20_240_611)
const SENDERS = 12
/** The kit's default worker concurrency: at most this many handlers run when it is killed. */
const CONCURRENCY = 4
const LEASE_MS = 2000
/** Where the child mounts the kit, as a partner does with `app.route('/api/ramp', ramp)`. */
const MOUNT = '/api/ramp'
const WEBHOOKS = `${MOUNT}${KIT_ROUTES.webhooks}`
const SECRET = 'whsec_crash_test_secret'
const CHILD = fileURLToPath(new URL('./crash.child.ts', import.meta.url))

type Store = 'postgres' | 'pglite'
type Phase = 'ingest' | 'processing'
type Status = 'processing' | 'settled' | 'failed'
type Send = {
  id: string
  event: `order.${Status}`
  body: string
  order: string
  status: Status
  /** The event again under a fresh id, signed at another time (another signature). */
  replay?: true
}
type LogLine = { k: 'apply' | 'done'; g: number; d: string; o?: string; s?: string }
type Stats = { pending: number; applied: number; parked: number }
type KilledWith = { pending: number; applied: number }

/** mulberry32: a small seeded generator, so every run sends the same mix. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const children = new Set<ChildProcess>()
const dirs: string[] = []
const schemas: string[] = []
const figureLines: Record<string, unknown>[] = []
const total = { cells: 0, kills: 0, acknowledged: 0, lost: 0, duplicates: 0 }

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
  }
  children.delete(child)
}

type Kit = { child: ChildProcess; url: string; stderr: () => string }

function startChild(env: Record<string, string>): Promise<Kit> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env, SECRET, MOUNT },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  let errors = ''
  let out = ''
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk)
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child did not start: ${errors}`)), 30_000)
    child.stdout?.on('data', (chunk) => {
      out += String(chunk)
      const match = /READY (\d+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, stderr: () => errors })
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`child exited (${code ?? signal}): ${errors}`))
    })
  })
}

/**
 * A migrated PGlite data directory, closed cleanly, made once by a child while the Postgres
 * cells run (initdb takes seconds); each PGlite cell works on its own copy.
 */
function pgliteTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rampkit-crash-template-'))
  dirs.push(dir)
  const dataDir = join(dir, 'pgdata')
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, STORE: 'pglite', SCHEMA: 'rampkit', DATA_DIR: dataDir, INIT_ONLY: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  children.add(child)
  let errors = ''
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk)
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      children.delete(child)
      if (code === 0) resolve(dataDir)
      else reject(new Error(`PGlite template failed (${code}): ${errors}`))
    })
  })
}

function readLog(path: string): { entries: LogLine[]; torn: number } {
  if (!existsSync(path)) return { entries: [], torn: 0 }
  const entries: LogLine[] = []
  let torn = 0
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (text === '') continue
    try {
      entries.push(JSON.parse(text) as LogLine)
    } catch {
      torn++
    }
  }
  return { entries, torn }
}

/**
 * The cell's sends: one order event per order (processing, settled or failed), 12 % of them
 * resent later under the same delivery id, 5 % replayed later under a fresh id.
 */
function plan(tag: string, rng: () => number): { sends: Send[]; events: Send[]; ids: number } {
  const events: Send[] = Array.from({ length: EVENTS }, (_, i) => {
    const roll = rng()
    const status: Status = roll < 0.6 ? 'settled' : roll < 0.8 ? 'processing' : 'failed'
    const order = `ord-${tag}-${i}`
    const body = JSON.stringify({ order_id: order, status, amount_fiat: 100 + i, currency: 'KES' })
    return { id: `dlv-${tag}-${i}`, event: `order.${status}`, body, order, status }
  })
  const later = new Map<number, Send[]>()
  const place = (after: number, send: Send) => {
    const at = after + 1 + Math.floor(rng() * (EVENTS - after))
    later.set(at, [...(later.get(at) ?? []), send])
  }
  let ids = EVENTS
  events.forEach((event, i) => {
    if (rng() < 0.12) place(i, event)
    if (rng() < 0.05) {
      place(i, { ...event, id: `${event.id}-replay`, replay: true })
      ids++
    }
  })
  const sends: Send[] = []
  for (let i = 0; i <= EVENTS; i++) {
    sends.push(...(later.get(i) ?? []))
    if (i < EVENTS) sends.push(events[i]!)
  }
  return { sends, events, ids }
}

let template: Promise<string> | undefined

async function runCell(store: Store, phase: Phase, cell: number) {
  const seed = SEED + cell
  const rng = random(seed)
  const tag = `${store[1]}${phase[0]}${runId()}`
  const dir = mkdtempSync(join(tmpdir(), 'rampkit-crash-'))
  dirs.push(dir)
  const logPath = join(dir, 'applications.log')
  const schema = store === 'postgres' ? `rampkit_crash_${runId()}` : 'rampkit'
  if (store === 'postgres') schemas.push(schema)
  const { sends, events, ids } = plan(tag, rng)
  if (store === 'pglite') {
    template ??= pgliteTemplate()
    cpSync(await template, join(dir, 'pgdata'), { recursive: true })
  }
  const killPoints = Array.from({ length: KILLS }, () => 0.2 + 0.6 * rng()).sort((a, b) => a - b)

  const acked = new Set<string>()
  const stored = new Set<string>()
  const failed = new Set<string>()
  const statuses: Record<string, number> = {}
  const f = {
    sends: 0,
    cutByKill: 0,
    retried: 0,
    retriedWereStored: 0,
    resentAfterRestart: 0,
    storedAgain: 0,
    secretLeaks: 0,
  }
  const killedWith: KilledWith[] = []
  let kit: Kit | null = null
  let gen = 0
  let acks = 0
  let killed = false

  const start = async (worker: 'auto' | 'manual' = 'auto') => {
    gen++
    killed = false
    kit = await startChild({
      WORKER: worker,
      STORE: store,
      DATABASE_URL,
      SCHEMA: schema,
      DATA_DIR: join(dir, 'pgdata'),
      LOG: logPath,
      GEN: String(gen),
      HANDLER_MS: '10',
      LEASE_MS: String(LEASE_MS),
    })
    return kit
  }
  const stats = async (): Promise<Stats> => (await fetch(`${kit!.url}/stats`)).json() as never
  const kill = async () => {
    const { pending, applied } = await stats()
    killedWith.push({ pending, applied })
    const { child } = kit!
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    killed = true
    await exited
    children.delete(child)
    expect(child.signalCode).toBe('SIGKILL')
    if (kit!.stderr().includes(SECRET)) f.secretLeaks++
  }

  /** One POST as the service sends it (signed now); true when acknowledged with a 2xx. */
  const post = async (send: Send, url: string): Promise<boolean> => {
    f.sends++
    const wasFailed = failed.has(send.id)
    const headers = await buildWebhookHeaders({
      secret: SECRET,
      event: send.event,
      deliveryId: send.id,
      body: send.body,
      // A replay is signed two minutes back (within the 300 s window): its signature differs
      // from the original's, so only the kit's once-per-order-and-status rule stops it.
      ...(send.replay ? { timestamp: Math.floor(Date.now() / 1000) - 120 } : {}),
    })
    let response: Response
    let text: string
    try {
      response = await fetch(`${url}${WEBHOOKS}`, {
        method: 'POST',
        headers,
        body: send.body,
        signal: AbortSignal.timeout(10_000),
      })
      text = await response.text()
    } catch {
      // Refused or cut by the kill: not acknowledged, so the sender sends it again.
      failed.add(send.id)
      return false
    }
    if (text.includes(SECRET)) f.secretLeaks++
    statuses[response.status] = (statuses[response.status] ?? 0) + 1
    if (response.status < 200 || response.status > 299) {
      failed.add(send.id)
      return false
    }
    const duplicate = (JSON.parse(text) as { data: { duplicate: boolean } }).data.duplicate
    // Stored once means stored durably: any later send of the id is a duplicate. (An id first
    // answered as a duplicate of another id's signature was never stored under its own id.)
    if (stored.has(send.id) && !duplicate) f.storedAgain++
    if (!duplicate) stored.add(send.id)
    if (wasFailed && !acked.has(send.id)) {
      f.retried++
      if (duplicate) f.retriedWereStored++
    }
    acked.add(send.id)
    acks++
    return true
  }

  /** Sends `queue` with SENDERS at a time until it is empty or `stop()` says so. */
  const pump = async (queue: Send[], url: string, stop: () => boolean = () => false) => {
    const retry: Send[] = []
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (queue.length > 0 && !stop()) {
          const send = queue.shift()!
          if (!(await post(send, url))) retry.push(send)
        }
      }),
    )
    return retry
  }

  /** After a restart: resend a seeded sample of acknowledged ids; each must be a duplicate. */
  const resendSample = async (url: string) => {
    const sample = [...acked].filter(() => rng() < 0.08)
    const bySend = new Map(sends.map((send) => [send.id, send]))
    f.resentAfterRestart += sample.length
    let left = await pump(
      sample.map((id) => bySend.get(id)!),
      url,
    )
    // A restarted PGlite replays its log first: under load a resend may time out before the
    // kit answers. Like any sender, send it again; `post` still counts one stored twice.
    for (let round = 0; round < 3 && left.length > 0; round++) left = await pump(left, url)
    expect(left).toEqual([])
  }

  /**
   * The process answering is the handler's own route, not a stand-in: its answers carry the
   * app's secure headers and `no-store`, and its body limit refuses a signed 300 KiB delivery
   * with a 413 envelope before storing anything (sent outside the counted sends).
   */
  const checkRoute = async (url: string) => {
    const body = JSON.stringify({ order_id: 'ord-too-large', pad: 'x'.repeat(300 * 1024) })
    const headers = await buildWebhookHeaders({
      secret: SECRET,
      event: 'order.settled',
      deliveryId: `too-large-${gen}`,
      body,
    })
    const res = await fetch(`${url}${WEBHOOKS}`, { method: 'POST', headers, body })
    expect(res.status).toBe(413)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const envelope = (await res.json()) as { status: string; data: { reason: string } }
    expect(envelope).toMatchObject({ status: 'error', data: { reason: 'too_large' } })
  }

  const appliedEvents = () => {
    const seen = new Set<string>()
    for (const line of readLog(logPath).entries) if (line.k === 'apply') seen.add(line.d)
    return seen.size
  }

  let queue = [...sends]
  let unacked: Send[] = []
  for (let k = 0; k < KILLS; k++) {
    const { url } = await start(phase === 'processing' && k === 0 ? 'manual' : 'auto')
    if (gen > 1) await resendSample(url)
    if (phase === 'ingest') {
      const at = Math.floor(killPoints[k]! * sends.length)
      let killing: Promise<void> | null = null
      const work = [...unacked, ...queue]
      // The senders go on until the process is gone: requests in flight are cut by the kill.
      unacked = await pump(work, url, () => {
        if (acks >= at && !killing) killing = kill()
        return killed
      })
      await killing
      f.cutByKill += unacked.length
      // What no sender took yet is sent to the next process.
      queue = work
    } else {
      if (k === 0) {
        // Everything is acknowledged before the kill (retried at once if refused).
        for (let round = 0; queue.length > 0 && round < 20; round++) queue = await pump(queue, url)
        expect(queue).toEqual([])
        await fetch(`${url}/start-worker`, { method: 'POST' })
      }
      const at = Math.ceil(killPoints[k]! * EVENTS)
      const deadline = Date.now() + 20_000
      while (appliedEvents() < at && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 3))
      }
      await kill()
    }
    // Killed mid-processing: the kit held acknowledged work it had not applied yet.
    if (phase === 'processing')
      expect(killedWith.at(-1)!.pending, `kill ${k + 1}`).toBeGreaterThan(0)
  }

  // The last process: the sender delivers what is left, retrying until all is acknowledged.
  const last = await start()
  await checkRoute(last.url)
  await resendSample(last.url)
  let work = [...unacked, ...queue]
  for (let round = 0; work.length > 0 && round < 20; round++) {
    work = await pump(work, last.url)
    if (work.length > 0) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  expect(work).toEqual([])
  let final: Stats = await stats()
  const deadline = Date.now() + 25_000
  while (final.pending > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    final = await stats()
  }
  const dump = (await (await fetch(`${last.url}/dump`)).json()) as {
    deliveries: { id: string; status: string }[]
    orders: { order_id: string; status: string; applied_by: Record<string, string> }[]
  }
  await stopChild(last.child)
  if (last.stderr().includes(SECRET)) f.secretLeaks++
  expect(final).toMatchObject({ pending: 0, parked: 0 })

  // Count applications per order event from the durable log.
  const { entries, torn } = readLog(logPath)
  const deliveryStatus = new Map(dump.deliveries.map((d) => [d.id, d.status]))
  const orders = new Map(dump.orders.map((o) => [o.order_id, o]))
  const applies = new Map<string, LogLine[]>()
  const doneIn = new Map<string, number[]>()
  for (const line of entries) {
    if (line.k === 'done') doneIn.set(line.d, [...(doneIn.get(line.d) ?? []), line.g])
    else applies.set(`${line.o}|${line.s}`, [...(applies.get(`${line.o}|${line.s}`) ?? []), line])
  }
  let lost = 0
  let duplicates = 0
  let rerunAfterKill = 0
  let appliedAfterRestart = 0
  let acknowledgedEvents = 0
  const problems: string[] = []
  for (const event of events) {
    const mine = [event.id, `${event.id}-replay`].filter((id) => acked.has(id))
    if (mine.length === 0) continue
    acknowledgedEvents++
    const lines = applies.get(`${event.order}|${event.status}`) ?? []
    applies.delete(`${event.order}|${event.status}`)
    const order = orders.get(event.order)
    const applier = order?.applied_by[event.status]
    if (
      lines.length === 0 ||
      order?.status !== event.status ||
      applier === undefined ||
      !mine.includes(applier) ||
      mine.some((id) =>
        deliveryStatus.has(id) ? deliveryStatus.get(id) !== 'applied' : stored.has(id),
      )
    ) {
      lost++
      problems.push(`lost ${event.id}: ${JSON.stringify({ lines, order })}`)
      continue
    }
    if (lines[0]!.g > 1) appliedAfterRestart++
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!
      if (line.d !== applier) {
        duplicates++
        problems.push(`applied by ${line.d}, recorded applier ${applier}`)
        continue
      }
      if (i === 0) continue
      // Again for the same delivery: allowed only in a later process, when no earlier one had
      // recorded the delivery done (the handler ended, then the process died before the commit).
      const previous = lines[i - 1]!
      const doneBefore = (doneIn.get(line.d) ?? []).some((g) => g < line.g)
      if (line.g > previous.g && !doneBefore) rerunAfterKill++
      else {
        duplicates++
        problems.push(`applied again ${line.d} in gen ${line.g} (done before: ${doneBefore})`)
      }
    }
  }
  // Applications of events that were never sent under an acknowledged id would be phantoms.
  for (const [key, stray] of applies) {
    duplicates += stray.length
    problems.push(`unexpected application ${key}`)
  }

  const figures = {
    store,
    phase,
    seed,
    delivered: ids,
    sends: f.sends,
    acknowledged: acked.size,
    events: EVENTS,
    kills: KILLS,
    killedWith: killedWith[0],
    ...(KILLS > 1 ? { killedWithAll: killedWith } : {}),
    cutByKill: f.cutByKill,
    retried: f.retried,
    retriedWereStored: f.retriedWereStored,
    resentAfterRestart: f.resentAfterRestart,
    storedAgain: f.storedAgain,
    appliedAfterRestart,
    rerunAfterKill,
    lost,
    duplicates,
    secretLeaks: f.secretLeaks,
    statuses,
  }
  figureLines.push({ area: 'crash', ...figures })
  total.cells++
  total.kills += KILLS
  total.acknowledged += acked.size
  total.lost += lost
  total.duplicates += duplicates

  expect(problems.slice(0, 5)).toEqual([])
  expect(torn).toBe(0)
  expect(acked.size).toBe(ids)
  expect(acknowledgedEvents).toBe(EVENTS)
  expect(lost).toBe(0)
  expect(duplicates).toBe(0)
  expect(f.storedAgain).toBe(0)
  expect(f.secretLeaks).toBe(0)
  expect(rerunAfterKill).toBeLessThanOrEqual(CONCURRENCY * KILLS)
  // Only 200s (a 503 would be legitimate, a 4xx a broken test).
  expect(Object.keys(statuses)).toEqual(['200'])
  // The restart had work left: some events were first applied by a later process.
  expect(appliedAfterRestart).toBeGreaterThan(0)
  // Killed mid-ingest: requests were in flight, refused or cut, and sent again.
  if (phase === 'ingest') expect(f.cutByKill).toBeGreaterThan(0)
}

const pgSkip = await skipUnlessReachable('crash tests (Postgres cells)', DATABASE_URL)
// Made while the Postgres cells run; awaited by the first PGlite cell.
template = pgliteTemplate()
template.catch(() => {})

describe('a kit process killed with SIGKILL, then restarted on the same database', () => {
  afterAll(async () => {
    for (const child of [...children]) await stopChild(child)
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    if (schemas.length > 0) {
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 })
      for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await pool.end()
    }
    for (const line of figureLines) console.log(`[security] ${JSON.stringify(line)}`)
    if (total.cells > 0)
      console.log(`[security] ${JSON.stringify({ area: 'crash.total', ...total })}`)
  })

  const cells: [Store, Phase][] = [
    ['postgres', 'ingest'],
    ['postgres', 'processing'],
    ['pglite', 'ingest'],
    ['pglite', 'processing'],
  ]
  cells.forEach(([store, phase], cell) => {
    it.skipIf(store === 'postgres' && pgSkip)(
      `${store}, killed during ${phase}: every acknowledged event applied exactly once`,
      () => runCell(store, phase, cell),
      SOAK ? 300_000 : 60_000,
    )
  })
})
