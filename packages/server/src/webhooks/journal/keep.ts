import type { NewDelivery } from '../../store/types.js'
import type { DeliveryJournalReceipt } from '../journal.js'
import { sizeOf } from './held.js'
import { timedInsert } from './options.js'
import { appendFile, type JournalState, scheduleRetry } from './state.js'

/** The last resort's log line: the delivery is answered 503 and not kept. */
function logRefused(state: JournalState, delivery: NewDelivery): void {
  const { settings, held } = state
  settings.logger?.error(
    state.closed
      ? 'Webhook journal closed and the store unavailable: delivery answered 503 and not kept. The service does not resend it: the backup GET of late orders reconciles order events; confirm account and customer events with a GET'
      : 'Webhook journal full: delivery answered 503 and not kept. The service does not resend it: the backup GET of late orders reconciles order events; confirm account and customer events with a GET',
    {
      store: settings.store.engine,
      journal: settings.where,
      deliveryId: delivery.id,
      event: delivery.event,
      pending: held.length,
      bytes: held.bytes,
      maxDeliveries: settings.maxDeliveries,
      maxBytes: settings.maxBytes,
    },
  )
}

/**
 * Keeps a delivery the store did not take (or that queues behind held ones): held in memory,
 * appended to the file, retried later. When the journal is full or closed, the store is tried
 * once more (unless it just failed) before the delivery is refused.
 */
export async function keep(
  state: JournalState,
  delivery: NewDelivery,
  triedStore: boolean,
): Promise<DeliveryJournalReceipt> {
  const { settings, held } = state
  const size = sizeOf(delivery)
  if (
    held.length + 1 > settings.maxDeliveries ||
    held.bytes + size > settings.maxBytes ||
    state.closed
  ) {
    // Last resort before refusing: the store may be back and the retry not yet due.
    if (!triedStore && !state.closed) {
      try {
        const outcome = await timedInsert(settings, delivery)
        state.storeAnswered()
        return outcome
      } catch {
        // Refused below.
      }
    }
    logRefused(state, delivery)
    return 'full'
  }
  // Held before the file write, so a compaction running meanwhile keeps it too.
  held.hold(delivery, size)
  await appendFile(state, delivery)
  settings.logger?.info('Webhook delivery journaled', {
    deliveryId: delivery.id,
    event: delivery.event,
    pending: held.length,
  })
  if (!state.retryTimer && !state.flushing) scheduleRetry(state)
  return 'journaled'
}
