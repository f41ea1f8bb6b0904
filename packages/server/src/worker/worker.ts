import { processDelivery } from './apply.js'
import { createDeliveryLoop, type Housekeeping } from './loop.js'
import { pollLateOrders } from './poll.js'
import { type WorkerSettings, workerSettings } from './settings.js'
import type { CreateWorkerOptions, RampWorker } from './types.js'

export { defaultBackoff } from './settings.js'
export type {
  CreateWorkerOptions,
  OrderPoller,
  PolledCustomer,
  PolledOrder,
  RampWorker,
  WorkerCustomerOptions,
  WorkerLogger,
  WorkerPollOptions,
} from './types.js'

/**
 * A started worker's chores between claims: a late-order poll every `intervalMs` (with
 * `poll`) and a prune of old deliveries every `pruneEveryMs`, the first an hour after start.
 */
function housekeepingOf(settings: WorkerSettings, pollOnce: () => Promise<number>): Housekeeping {
  const { clock, logger, errorText, poll } = settings
  let lastPoll = 0
  let lastPrune = 0
  return {
    begin() {
      lastPrune = clock()
    },
    async run() {
      const at = clock()
      if (poll && at - lastPoll >= poll.intervalMs) {
        lastPoll = at
        await pollOnce().catch((error: unknown) => {
          logger.warn('Late-order poll failed', { error: errorText(error) })
        })
      }
      if (at - lastPrune >= settings.pruneEveryMs) {
        lastPrune = at
        await settings.store
          .prune({ now: settings.now(), retentionMs: settings.retentionMs })
          .catch((error: unknown) => {
            logger.warn('Prune failed', { error: errorText(error) })
          })
      }
    },
  }
}

/**
 * Creates the worker that applies webhook deliveries from the store: order events move the
 * kit's order forward only (looked up by `order_id`, or by creation hash for direct orders; an
 * order the kit does not know yet is recorded without an owner, and `saveOrder` links it when
 * the kit's own create arrives), the new state is published on the bus (best-effort: a bus
 * outage is logged and never fails the delivery) and the partner's handlers run. A handler that
 * throws is retried with backoff; after `maxAttempts` the delivery is parked and `onParked` is
 * called. An order event whose `order_id` and creation hash find two different owners' orders
 * changes neither and is parked at once (`OrderConflictError`, logged once at error level).
 * Errors are stored and logged with `secrets` removed. With `poll`, orders that stay open longer
 * than `lateAfterMs` are fetched from the service and the answer is queued as a delivery
 * `poll:<order id>:<status>`, applied by the same path.
 *
 * Composed of its parts: `apply.ts` (a delivery through the lifecycle to its outcome),
 * `poll.ts` (late orders by the backup GETs), `notify.ts` (the partner's handlers and the bus)
 * and `loop.ts` (claiming, concurrency, the background timer).
 *
 * @example
 * const worker = createWorker({
 *   store,
 *   bus,
 *   handlers: {
 *     async onOrderSettled({ deliveryId, order, owner }) {
 *       await credit(owner, order, { idempotencyKey: deliveryId })
 *     },
 *   },
 *   poll: (order) => client.getPartnerOrder({ order_id: order.order_id! }),
 * })
 * worker.start()
 */
export function createWorker(options: CreateWorkerOptions): RampWorker {
  const settings = workerSettings(options)
  const loop = createDeliveryLoop(
    settings,
    (delivery) => processDelivery(settings, delivery),
    housekeepingOf(settings, () => worker.pollLateOrders()),
  )
  const worker: RampWorker = {
    id: settings.id,
    start: loop.start,
    stop: loop.stop,
    drain: loop.drain,
    wake: loop.wake,
    async pollLateOrders() {
      if (!settings.poll) return 0
      const queued = await pollLateOrders(settings, settings.poll)
      if (queued > 0) loop.wake()
      return queued
    },
  }
  return worker
}
