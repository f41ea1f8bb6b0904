import type { JournalState } from './state.js'

/**
 * Tries once more to write what is held, then stops: what is left stays in the file for the
 * next start, or without a file is lost, and the log says which.
 */
export async function closeJournal(state: JournalState): Promise<void> {
  const { held, settings } = state
  const { file, logger, where } = settings
  if (state.closed) return
  if (held.length > 0) await state.flush()
  else await state.flushing
  state.closed = true
  clearTimeout(state.retryTimer)
  state.retryTimer = undefined
  if (held.length > 0) {
    if (file && !state.fileBroken) {
      logger?.warn(
        'Closing with journaled webhook deliveries not yet in the store: they stay in the journal file and are written at the next start',
        { journal: where, pending: held.length },
      )
    } else {
      logger?.error(
        'Closing with journaled webhook deliveries not yet in the store: they are lost (the service does not resend them); the backup GET of late orders reconciles order events',
        {
          journal: where,
          pending: held.length,
          deliveryIds: held.entries.slice(0, 50).map((entry) => entry.delivery.id),
        },
      )
    }
  }
  await file?.close()
}
