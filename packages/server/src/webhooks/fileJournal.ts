import { randomUUID } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { type FileHandle, open, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigurationError } from '@rampkit/core'
import type { NewDelivery } from '../store/types.js'
import type { DeliveryJournalFile } from './journal.js'

/** Options of {@link fileJournal}. */
export type FileJournalOptions = {
  /**
   * A directory of this kit instance alone (created if missing, mode 0700). Two live processes
   * may not share one: the second is refused at creation.
   */
  dir: string
}

const FILE = 'deliveries.ndjson'
const LOCK = 'journal.lock'

/** Directories this process holds, so a second journal on one of them is refused too. */
const held = new Set<string>()

type Line = { id: string; event: string; signature: string; body: string; receivedAt: string }

function toLine(delivery: NewDelivery): string {
  const line: Line = {
    id: delivery.id,
    event: delivery.event,
    signature: delivery.signature,
    body: delivery.body,
    receivedAt: delivery.receivedAt.toISOString(),
  }
  return `${JSON.stringify(line)}\n`
}

function fromLine(text: string): NewDelivery | null {
  try {
    const line = JSON.parse(text) as Partial<Line>
    const receivedAt = new Date(String(line.receivedAt))
    if (
      typeof line.id !== 'string' ||
      typeof line.event !== 'string' ||
      typeof line.signature !== 'string' ||
      typeof line.body !== 'string' ||
      Number.isNaN(receivedAt.getTime())
    ) {
      return null
    }
    return {
      id: line.id,
      event: line.event,
      signature: line.signature,
      body: line.body,
      receivedAt,
    }
  } catch {
    return null
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as { code?: string }).code === 'EPERM'
  }
}

/** Takes the directory's lock file, or says which live process holds it. */
function lock(dir: string, path: string): string {
  const token = `${process.pid}\n${randomUUID()}\n`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, token)
      fsyncSync(fd)
      closeSync(fd)
      return token
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
    }
    let owner = Number.NaN
    try {
      owner = Number(readFileSync(path, 'utf8').split('\n')[0])
    } catch {
      // Removed meanwhile: try again.
    }
    // A lock naming this very process is a previous life's (a restarted container keeps its
    // pid): `held` already refused a second journal of this process on the directory.
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new ConfigurationError(
        'invalid_option',
        `The webhook journal directory ${dir} is in use by process ${owner}: give each kit instance its own directory.`,
      )
    }
    try {
      unlinkSync(path)
    } catch {
      // Another process took it over first: the next attempt says so.
    }
  }
  throw new ConfigurationError(
    'invalid_option',
    `The webhook journal directory ${dir} could not be locked: give each kit instance its own directory.`,
  )
}

/** Writes `text` to `path` through a temporary file and a rename, synced: all or nothing. */
function replaceSync(dir: string, path: string, text: string) {
  const temporary = join(dir, `${FILE}.${process.pid}.tmp`)
  const fd = openSync(temporary, 'w', 0o600)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, path)
  syncDirectory(dir)
}

/** `replaceSync` without holding the event loop while the bytes are written and synced. */
async function replace(dir: string, path: string, text: string) {
  const temporary = join(dir, `${FILE}.${process.pid}.tmp`)
  const file = await open(temporary, 'w', 0o600)
  try {
    await file.writeFile(text)
    await file.sync()
  } finally {
    await file.close()
  }
  await rename(temporary, path)
  syncDirectory(dir)
}

function syncDirectory(dir: string) {
  try {
    const fd = openSync(dir, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {
    // Not every platform syncs a directory (Windows): the rename is still atomic there.
  }
}

/**
 * A webhook journal on disk (Node): an append-only file of JSON lines in `dir`, each delivery
 * written and synced (`fsync`) before the kit acknowledges it, so deliveries acknowledged while
 * the store is down survive the process being killed. The next process on the same directory
 * reads them back and writes them to the store (the store drops any it already has). The file
 * is emptied once everything in it is in the store; a line torn by a crash was never
 * acknowledged and is skipped. The file holds webhook bodies (customer data): it is created
 * with mode 0600 in a directory of mode 0700.
 *
 * @example
 * import { fileJournal } from '@rampkit/server/file-journal'
 * const ramp = createRampHandler({
 *   ...options,
 *   store,
 *   webhookJournal: { file: fileJournal({ dir: '/var/lib/shop/rampkit-journal' }) },
 * })
 */
export function fileJournal(options: FileJournalOptions): DeliveryJournalFile {
  const dir = options.dir
  if (typeof dir !== 'string' || dir.trim() === '') {
    throw new ConfigurationError('invalid_option', 'fileJournal needs a directory (dir).')
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const path = join(dir, FILE)
  const lockPath = join(dir, LOCK)
  if (held.has(lockPath)) {
    throw new ConfigurationError(
      'invalid_option',
      `The webhook journal directory ${dir} is already open in this process: give each kit its own directory.`,
    )
  }
  const token = lock(dir, lockPath)
  held.add(lockPath)

  let recovered: NewDelivery[] = []
  try {
    let text = ''
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error
    }
    recovered = text
      .split('\n')
      .map((line) => (line.trim() === '' ? null : fromLine(line)))
      .filter((delivery): delivery is NewDelivery => delivery !== null)
    // Start from a file of whole lines: a torn tail would glue itself to the next append.
    replaceSync(dir, path, recovered.map(toLine).join(''))
  } catch (error) {
    held.delete(lockPath)
    try {
      unlinkSync(lockPath)
    } catch {
      // Gone already.
    }
    throw error
  }

  let handle: Promise<FileHandle> | null = open(path, 'a', 0o600)
  handle.catch(() => {})
  // One operation at a time: an append never interleaves with a compaction's rename.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(operation: () => Promise<T>): Promise<T> => {
    const run = queue.then(operation)
    queue = run.catch(() => {})
    return run
  }
  let closed = false

  return {
    location: path,
    recovered,
    append(delivery) {
      return serial(async () => {
        if (closed || !handle) throw new Error('The webhook journal file is closed')
        const file = await handle
        await file.write(toLine(delivery))
        await file.sync()
      })
    },
    compact(keep) {
      return serial(async () => {
        if (closed || !handle) return
        const previous = await handle
        handle = null
        await previous.close().catch(() => {})
        try {
          await replace(dir, path, keep.map(toLine).join(''))
        } finally {
          handle = open(path, 'a', 0o600)
          handle.catch(() => {})
        }
        await handle
      })
    },
    close() {
      return serial(async () => {
        if (closed) return
        closed = true
        const last = handle
        handle = null
        await (await last?.catch(() => null))?.close().catch(() => {})
        held.delete(lockPath)
        try {
          // Only our own lock: another process may have taken over a lock it found stale.
          if (readFileSync(lockPath, 'utf8') === token) unlinkSync(lockPath)
        } catch {
          // Already gone.
        }
      })
    },
  }
}
