import type { NewDelivery } from '../../store/types.js'
import type { HeldDeliveries } from './held.js'
import { errorName, type JournalSettings } from './options.js'

/** The journal's moving parts, shared by its steps (receive, keep, drain, close). */
export type JournalState = {
  readonly settings: JournalSettings
  readonly held: HeldDeliveries
  /** Store writes failed in a row; the retry waits longer with each. */
  failures: number
  /** When the current outage began, or null while the store answers. */
  outageSince: number | null
  retryTimer: ReturnType<typeof setTimeout> | undefined
  flushing: Promise<number> | null
  started: boolean
  closed: boolean
  /** The file refused a write: from then on the journal is memory only. */
  fileBroken: boolean
  /** Deliveries in the file, compacted away once they are in the store. */
  fileLines: number
  /** Writes what is held to the store (one run at a time). */
  flush(): Promise<number>
  /** A store call succeeded: write what is held now rather than at the retry. */
  storeAnswered(): void
}

/** The wait before the next try: doubling per failure, up to `retryMaxMs`. */
export function retryWait(state: JournalState): number {
  const { retryMinMs, retryMaxMs } = state.settings
  return Math.min(retryMinMs * 2 ** Math.max(0, state.failures - 1), retryMaxMs)
}

export function scheduleRetry(state: JournalState): void {
  clearTimeout(state.retryTimer)
  if (state.closed || state.held.length === 0) return
  state.retryTimer = setTimeout(() => {
    state.retryTimer = undefined
    void state.flush()
  }, retryWait(state))
}

/** Counts a failed store write; the first of an outage is logged once. */
export function noteOutage(state: JournalState, error: unknown, delivery: NewDelivery): void {
  const { settings } = state
  state.failures++
  if (state.outageSince !== null) return
  state.outageSince = settings.clock()
  settings.logger?.warn(
    settings.file
      ? 'The store could not take a webhook delivery: it is acknowledged and kept in the local journal file until the store answers again'
      : 'The store could not take a webhook delivery: it is acknowledged and kept in the local journal in memory until the store answers again; a restart before then loses it (set webhookJournal.file to keep it on disk)',
    {
      store: settings.store.engine,
      journal: settings.where,
      deliveryId: delivery.id,
      event: delivery.event,
      error: errorName(error),
      message: settings.describe(error),
    },
  )
}

/** Rewrites the file to what is held, once deliveries left it for the store. */
export async function compactFile(state: JournalState): Promise<void> {
  const { file, logger, where } = state.settings
  if (!file || state.fileBroken || state.fileLines === state.held.length) return
  try {
    await file.compact(state.held.deliveries())
    state.fileLines = state.held.length
  } catch (error) {
    // The old lines stay: at worst they are written to the store again (a duplicate there).
    logger?.warn('The webhook journal file could not be compacted', {
      journal: where,
      error: errorName(error),
    })
  }
}

/** Appends a held delivery to the file; a file that refuses is not written again. */
export async function appendFile(state: JournalState, delivery: NewDelivery): Promise<void> {
  const { file, logger, where } = state.settings
  if (!file || state.fileBroken) return
  try {
    await file.append(delivery)
    state.fileLines++
  } catch (error) {
    state.fileBroken = true
    logger?.error(
      'The webhook journal file could not be written: journaled deliveries are kept in memory only until the store answers again',
      { journal: where, error: errorName(error) },
    )
  }
}
