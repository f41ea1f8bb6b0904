import type { InsertDeliveryResult } from '../../store/types.js'
import { errorName, timedInsert } from './options.js'
import { compactFile, type JournalState, retryWait, scheduleRetry } from './state.js'

/**
 * Writes the held deliveries to the store, oldest first, until one fails (then the retry is
 * scheduled) or none is left (the outage is over). Resolves to how many are left.
 */
export async function drain(state: JournalState): Promise<number> {
  const { settings, held } = state
  const { logger, store, where } = settings
  clearTimeout(state.retryTimer)
  state.retryTimer = undefined
  let written = 0
  while (held.length > 0) {
    const head = held.head()!
    let outcome: InsertDeliveryResult
    try {
      outcome = await timedInsert(settings, head)
    } catch (error) {
      state.failures++
      if (state.outageSince === null) state.outageSince = settings.clock()
      await compactFile(state)
      if (!state.closed) scheduleRetry(state)
      logger?.warn('Journaled webhook deliveries could not be written to the store yet', {
        store: store.engine,
        journal: where,
        pending: held.length,
        retryInMs: state.closed ? null : retryWait(state),
        error: errorName(error),
        message: settings.describe(error),
      })
      return held.length
    }
    held.release()
    written++
    if (outcome === 'inserted') {
      try {
        settings.onPersisted?.(head.id)
      } catch {
        // Waking the worker is a courtesy: it also looks for due work on its own.
      }
    }
  }
  await compactFile(state)
  state.failures = 0
  if (state.outageSince !== null || written > 0) {
    logger?.info('The store answers again: journaled webhook deliveries are written to it', {
      store: store.engine,
      journal: where,
      written,
      outageMs: state.outageSince === null ? null : settings.clock() - state.outageSince,
    })
  }
  state.outageSince = null
  return 0
}
