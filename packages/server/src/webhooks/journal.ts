import type { RampLogger } from '../logger.js'
import type { InsertDeliveryResult, NewDelivery, RampStore } from '../store/types.js'
import { closeJournal } from './journal/close.js'
import { drain } from './journal/drain.js'
import { HeldDeliveries } from './journal/held.js'
import { keep } from './journal/keep.js'
import { errorName, journalSettings, timedInsert } from './journal/options.js'
import { type JournalState, noteOutage } from './journal/state.js'

export {
  DEFAULT_JOURNAL_MAX_BYTES,
  DEFAULT_JOURNAL_MAX_DELIVERIES,
  DEFAULT_STORE_TIMEOUT_MS,
  StoreTimeoutError,
} from './journal/options.js'

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

/**
 * Creates the local journal of webhook deliveries (see {@link DeliveryJournal}). In memory it
 * survives a store outage but not a restart of the process; with `file` it survives both. Its
 * steps live in `journal/`: the held queue, the settings and timed store write, keeping a
 * delivery, draining to the store, and closing.
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
  const settings = journalSettings(options)
  const { file, logger, where } = settings
  const held = new HeldDeliveries()
  for (const delivery of file?.recovered ?? []) {
    if (!held.has(delivery)) held.hold(delivery)
  }
  const state: JournalState = {
    settings,
    held,
    failures: 0,
    outageSince: null,
    retryTimer: undefined,
    flushing: null,
    started: false,
    closed: false,
    fileBroken: false,
    fileLines: file?.recovered.length ?? 0,
    flush() {
      state.flushing ??= drain(state).finally(() => {
        state.flushing = null
      })
      return state.flushing
    },
    storeAnswered() {
      if (held.length > 0 && !state.flushing && !state.closed) void state.flush()
    },
  }

  return {
    get pending() {
      return held.length
    },
    get bytes() {
      return held.bytes
    },
    async receive(delivery) {
      try {
        if (held.has(delivery)) return 'duplicate'
        // While deliveries wait, newer ones queue behind them so the store gets them in order.
        if (held.length > 0) return await keep(state, delivery, false)
        try {
          const outcome = await timedInsert(settings, delivery)
          // An outage whose deliveries were all refused (journal full) ends here.
          if (held.length === 0) state.outageSince = null
          return outcome
        } catch (error) {
          noteOutage(state, error, delivery)
          return await keep(state, delivery, true)
        }
      } catch (error) {
        logger?.error('Webhook journal failed unexpectedly', { error: errorName(error) })
        return 'full'
      }
    },
    flush: () => state.flush(),
    storeAnswered: () => state.storeAnswered(),
    start() {
      if (state.started) return
      state.started = true
      if (held.length > 0) {
        logger?.info('Webhook deliveries left in the journal by a previous process', {
          journal: where,
          pending: held.length,
        })
        void state.flush()
      }
    },
    close: () => closeJournal(state),
  }
}
