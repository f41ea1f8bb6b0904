import { ConfigurationError } from '@rampkit/core'
import type { RampLogger } from '../logger.js'
import type { InsertDeliveryResult, NewDelivery, RampStore } from '../store/types.js'

/** Deliveries the journal holds at most by default. */
export const DEFAULT_JOURNAL_MAX_DELIVERIES = 10_000

/** Bytes the journal holds at most by default (32 MiB): bodies plus ids and signatures. */
export const DEFAULT_JOURNAL_MAX_BYTES = 32 * 1024 * 1024

/**
 * How long a webhook waits for a store that does not answer before it is journaled, by default:
 * 10 s in memory, 2 s with a file. A delivery journaled in memory is only as safe as the process,
 * so the store (durable) gets the longer wait; one journaled in a file is synced first, so it
 * can be answered sooner. A store that fails outright is not waited for at all.
 */
export const DEFAULT_STORE_TIMEOUT_MS = { memory: 10_000, file: 2_000 } as const

/**
 * A durable copy of the journal, for deliveries to survive a restart while the store is down.
 * `fileJournal({ dir })` from `@rampkit/server/file-journal` is one (an append-only file on
 * Node); any medium that keeps what `append` resolved for can be another.
 *
 * @example
 * import { fileJournal } from '@rampkit/server/file-journal'
 * createRampHandler({ ..., webhookJournal: { file: fileJournal({ dir: '/var/lib/shop/rampkit' }) } })
 */
export type DeliveryJournalFile = {
  /** Where the copy lives, for log lines (a path; never a secret). */
  readonly location: string
  /** Deliveries a previous process journaled and may not have written to the store. */
  readonly recovered: readonly NewDelivery[]
  /** Keeps one more delivery; resolves once it would survive the process being killed. */
  append(delivery: NewDelivery): Promise<void>
  /** Replaces the copy with exactly `keep` (the others are in the store now). */
  compact(keep: readonly NewDelivery[]): Promise<void>
  /** Stops writing and releases the copy; what it holds stays for the next start. */
  close(): Promise<void>
}

/** Options of {@link createDeliveryJournal}. */
export type CreateDeliveryJournalOptions = {
  /** The store deliveries belong in. */
  store: RampStore
  /** Deliveries held at most; the next one is refused. Default 10 000. */
  maxDeliveries?: number
  /** Bytes held at most (bodies, ids, signatures); the next one is refused. Default 32 MiB. */
  maxBytes?: number
  /**
   * How long one store write may take before the delivery is journaled. Default 10 000 ms in
   * memory, 2 000 ms with a file (see `DEFAULT_STORE_TIMEOUT_MS`).
   */
  storeTimeoutMs?: number
  /** First wait before writing journaled deliveries again; doubles per failure. Default 250 ms. */
  retryMinMs?: number
  /** Longest wait between two tries. Default 30 000 ms. */
  retryMaxMs?: number
  /** A durable copy (see {@link DeliveryJournalFile}); without one the journal is memory only. */
  file?: DeliveryJournalFile
  /** Where the journal says what it does; give it a logger that removes secrets. */
  logger?: RampLogger
  /** A store error as it may be logged (secrets removed); default its name only. */
  describeError?: (error: unknown) => string
  /** Called for each journaled delivery the store took as new (e.g. wake the worker). */
  onPersisted?: (deliveryId: string) => void
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number
}

/**
 * What became of a received delivery: `inserted` or `duplicate` in the store now; `journaled`
 * when the store could not take it and the journal keeps it (acknowledge it: it reaches the
 * store later); `full` when neither could take it (the last resort: answer 503, and the log
 * says the delivery is not kept).
 */
export type DeliveryJournalReceipt = InsertDeliveryResult | 'journaled' | 'full'

/**
 * The local journal of webhook deliveries: the service retries an order event only on network
 * errors and never resends an account or customer event, so a verified delivery must be
 * acknowledged even while the store is down. The journal keeps such deliveries (bounded by
 * count and bytes), writes them to the store when it answers again (retried with backoff, and at
 * once when another store call succeeds), and the worker then applies them as usual: the store's
 * deduplication decides, so a delivery journaled and also received again is applied once.
 *
 * @example
 * const journal = createDeliveryJournal({ store, onPersisted: () => worker.wake() })
 * const result = await ingestWebhook({ store, journal, secrets, request })
 */
export type DeliveryJournal = {
  /** Stores `delivery`, or keeps it while the store cannot take it. Never rejects. */
  receive(delivery: NewDelivery): Promise<DeliveryJournalReceipt>
  /** Writes what the journal holds to the store now; resolves to how many are left. */
  flush(): Promise<number>
  /** A store call just succeeded: if deliveries wait, write them now rather than at the retry. */
  storeAnswered(): void
  /** Starts writing deliveries a previous process left in the file. */
  start(): void
  /** Deliveries held now. */
  readonly pending: number
  /** Bytes held now. */
  readonly bytes: number
  /**
   * Tries once more to write what it holds, then stops. What is left stays in the file for the
   * next start; without a file it is lost, and the log says so.
   */
  close(): Promise<void>
}

/** A store call that took longer than the journal waits. */
export class StoreTimeoutError extends Error {
  override name = 'StoreTimeoutError'
}

const encoder = new TextEncoder()

/** What one delivery counts against `maxBytes`. */
function sizeOf(delivery: NewDelivery): number {
  return (
    encoder.encode(delivery.body).byteLength +
    delivery.id.length +
    delivery.event.length +
    delivery.signature.length +
    64
  )
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(
      'invalid_option',
      `webhookJournal.${name} must be a number above 0.`,
    )
  }
  return value
}

/**
 * Creates the local journal of webhook deliveries (see {@link DeliveryJournal}). In memory it
 * survives a store outage but not a restart of the process; with `file` it survives both.
 *
 * @example
 * const journal = createDeliveryJournal({
 *   store,
 *   maxDeliveries: 5_000,
 *   logger,
 *   onPersisted: () => worker.wake(),
 * })
 */
export function createDeliveryJournal(options: CreateDeliveryJournalOptions): DeliveryJournal {
  const { store, file } = options
  const maxDeliveries = Math.floor(
    positive('maxDeliveries', options.maxDeliveries, DEFAULT_JOURNAL_MAX_DELIVERIES),
  )
  const maxBytes = positive('maxBytes', options.maxBytes, DEFAULT_JOURNAL_MAX_BYTES)
  const storeTimeoutMs = positive(
    'storeTimeoutMs',
    options.storeTimeoutMs,
    file ? DEFAULT_STORE_TIMEOUT_MS.file : DEFAULT_STORE_TIMEOUT_MS.memory,
  )
  const retryMinMs = positive('retryMinMs', options.retryMinMs, 250)
  const retryMaxMs = Math.max(retryMinMs, positive('retryMaxMs', options.retryMaxMs, 30_000))
  const logger = options.logger
  const describe = options.describeError ?? ((error: unknown) => errorName(error))
  const clock = options.now ?? Date.now
  const where = file ? file.location : 'memory'

  /** Held deliveries, oldest first: written to the store in the order they came. */
  const entries: { delivery: NewDelivery; size: number }[] = []
  const ids = new Set<string>()
  const signatures = new Set<string>()
  let bytes = 0
  let failures = 0
  let outageSince: number | null = null
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let flushing: Promise<number> | null = null
  let started = false
  let closed = false
  let fileBroken = false
  let fileLines = 0

  for (const delivery of file?.recovered ?? []) {
    if (!ids.has(delivery.id) && !signatures.has(delivery.signature)) {
      hold(delivery, sizeOf(delivery))
    }
  }
  fileLines = file?.recovered.length ?? 0

  function hold(delivery: NewDelivery, size: number) {
    entries.push({ delivery, size })
    ids.add(delivery.id)
    signatures.add(delivery.signature)
    bytes += size
  }

  function release() {
    const entry = entries.shift()
    if (!entry) return
    ids.delete(entry.delivery.id)
    signatures.delete(entry.delivery.signature)
    bytes -= entry.size
  }

  /** One store write, given at most `storeTimeoutMs`; a late success is harmless (dedupe). */
  function insert(delivery: NewDelivery): Promise<InsertDeliveryResult> {
    const attempt = Promise.resolve().then(() => store.insertDelivery(delivery))
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new StoreTimeoutError(`The store did not answer in ${storeTimeoutMs} ms`)),
        storeTimeoutMs,
      )
    })
    attempt.catch(() => {})
    return Promise.race([attempt, deadline]).finally(() => clearTimeout(timer))
  }

  function scheduleRetry() {
    clearTimeout(retryTimer)
    if (closed || entries.length === 0) return
    const wait = Math.min(retryMinMs * 2 ** Math.max(0, failures - 1), retryMaxMs)
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void journal.flush()
    }, wait)
  }

  function noteOutage(error: unknown, delivery: NewDelivery) {
    failures++
    if (outageSince !== null) return
    outageSince = clock()
    logger?.warn(
      file
        ? 'The store could not take a webhook delivery: it is acknowledged and kept in the local journal file until the store answers again'
        : 'The store could not take a webhook delivery: it is acknowledged and kept in the local journal in memory until the store answers again; a restart before then loses it (set webhookJournal.file to keep it on disk)',
      {
        store: store.engine,
        journal: where,
        deliveryId: delivery.id,
        event: delivery.event,
        error: errorName(error),
        message: describe(error),
      },
    )
  }

  /** Rewrites the file to what is held, once deliveries left it for the store. */
  async function compactFile() {
    if (!file || fileBroken || fileLines === entries.length) return
    try {
      await file.compact(entries.map((entry) => entry.delivery))
      fileLines = entries.length
    } catch (error) {
      // The old lines stay: at worst they are written to the store again (a duplicate there).
      logger?.warn('The webhook journal file could not be compacted', {
        journal: where,
        error: errorName(error),
      })
    }
  }

  async function drain(): Promise<number> {
    clearTimeout(retryTimer)
    retryTimer = undefined
    let written = 0
    while (entries.length > 0) {
      const head = entries[0]!.delivery
      let outcome: InsertDeliveryResult
      try {
        outcome = await insert(head)
      } catch (error) {
        failures++
        if (outageSince === null) outageSince = clock()
        await compactFile()
        if (!closed) scheduleRetry()
        logger?.warn('Journaled webhook deliveries could not be written to the store yet', {
          store: store.engine,
          journal: where,
          pending: entries.length,
          retryInMs: closed ? null : Math.min(retryMinMs * 2 ** (failures - 1), retryMaxMs),
          error: errorName(error),
          message: describe(error),
        })
        return entries.length
      }
      release()
      written++
      if (outcome === 'inserted') {
        try {
          options.onPersisted?.(head.id)
        } catch {
          // Waking the worker is a courtesy: it also looks for due work on its own.
        }
      }
    }
    await compactFile()
    failures = 0
    if (outageSince !== null || written > 0) {
      logger?.info('The store answers again: journaled webhook deliveries are written to it', {
        store: store.engine,
        journal: where,
        written,
        outageMs: outageSince === null ? null : clock() - outageSince,
      })
    }
    outageSince = null
    return 0
  }

  async function keep(delivery: NewDelivery, triedStore: boolean): Promise<DeliveryJournalReceipt> {
    const size = sizeOf(delivery)
    if (entries.length + 1 > maxDeliveries || bytes + size > maxBytes || closed) {
      // Last resort before refusing: the store may be back and the retry not yet due.
      if (!triedStore && !closed) {
        try {
          const outcome = await insert(delivery)
          journal.storeAnswered()
          return outcome
        } catch {
          // Refused below.
        }
      }
      logger?.error(
        closed
          ? 'Webhook journal closed and the store unavailable: delivery answered 503 and not kept. The service does not resend it: the backup GET of late orders reconciles order events; confirm account and customer events with a GET'
          : 'Webhook journal full: delivery answered 503 and not kept. The service does not resend it: the backup GET of late orders reconciles order events; confirm account and customer events with a GET',
        {
          store: store.engine,
          journal: where,
          deliveryId: delivery.id,
          event: delivery.event,
          pending: entries.length,
          bytes,
          maxDeliveries,
          maxBytes,
        },
      )
      return 'full'
    }
    // Held before the file write, so a compaction running meanwhile keeps it too.
    hold(delivery, size)
    if (file && !fileBroken) {
      try {
        await file.append(delivery)
        fileLines++
      } catch (error) {
        fileBroken = true
        logger?.error(
          'The webhook journal file could not be written: journaled deliveries are kept in memory only until the store answers again',
          { journal: where, error: errorName(error) },
        )
      }
    }
    logger?.info('Webhook delivery journaled', {
      deliveryId: delivery.id,
      event: delivery.event,
      pending: entries.length,
    })
    if (!retryTimer && !flushing) scheduleRetry()
    return 'journaled'
  }

  const journal: DeliveryJournal = {
    get pending() {
      return entries.length
    },
    get bytes() {
      return bytes
    },
    async receive(delivery) {
      try {
        if (ids.has(delivery.id) || signatures.has(delivery.signature)) return 'duplicate'
        // While deliveries wait, newer ones queue behind them so the store gets them in order.
        if (entries.length > 0) return await keep(delivery, false)
        try {
          const outcome = await insert(delivery)
          // An outage whose deliveries were all refused (journal full) ends here.
          if (entries.length === 0) outageSince = null
          return outcome
        } catch (error) {
          noteOutage(error, delivery)
          return await keep(delivery, true)
        }
      } catch (error) {
        logger?.error('Webhook journal failed unexpectedly', { error: errorName(error) })
        return 'full'
      }
    },
    flush() {
      flushing ??= drain().finally(() => {
        flushing = null
      })
      return flushing
    },
    storeAnswered() {
      if (entries.length > 0 && !flushing && !closed) void journal.flush()
    },
    start() {
      if (started) return
      started = true
      if (entries.length > 0) {
        logger?.info('Webhook deliveries left in the journal by a previous process', {
          journal: where,
          pending: entries.length,
        })
        void journal.flush()
      }
    },
    async close() {
      if (closed) return
      if (entries.length > 0) await journal.flush()
      else await flushing
      closed = true
      clearTimeout(retryTimer)
      retryTimer = undefined
      if (entries.length > 0) {
        if (file && !fileBroken) {
          logger?.warn(
            'Closing with journaled webhook deliveries not yet in the store: they stay in the journal file and are written at the next start',
            { journal: where, pending: entries.length },
          )
        } else {
          logger?.error(
            'Closing with journaled webhook deliveries not yet in the store: they are lost (the service does not resend them); the backup GET of late orders reconciles order events',
            {
              journal: where,
              pending: entries.length,
              deliveryIds: entries.slice(0, 50).map((entry) => entry.delivery.id),
            },
          )
        }
      }
      await file?.close()
    },
  }
  return journal
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}
