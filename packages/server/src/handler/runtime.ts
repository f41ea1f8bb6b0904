import { redactSecrets } from '@rampkit/core/errors'
import { memoryBus } from '../bus/memory.js'
import type { OrderBus } from '../bus/types.js'
import type { KitContext, KitCustomers } from '../routes/context.js'
import { memoryStore } from '../store/memory/store.js'
import type { RampStore } from '../store/types.js'
import { keepDelivery, verifyDelivery } from '../webhooks/ingest.js'
import { createDeliveryJournal } from '../webhooks/journal.js'
import { createWorker, type RampWorker } from '../worker/worker.js'
import { createCustomers } from './customers.js'
import type { RampHandlerOptions, ResolvedOptions } from './options.js'

/**
 * What the kit runs besides its routes: the store, the bus, the customers, the journal and the
 * worker.
 */
export type KitRuntime = {
  /** The store as given (or the memory store the kit made). */
  store: RampStore
  /** The same store, telling the webhook journal whenever a call succeeds: what routes use. */
  watched: RampStore
  bus: OrderBus
  /** The end users' vault customers (routes and worker share them). */
  customers: KitCustomers
  worker: RampWorker | null
  /** Starts the journal's retries and the worker; later calls do nothing. */
  start(): void
  /** Stops the worker, drains the journal, closes what the kit created itself. */
  close(): Promise<void>
  verifyWebhook: KitContext['verifyWebhook']
  keepWebhook: KitContext['keepWebhook']
}

/**
 * A store error's message as it may be logged: the kit's secrets removed, and the password of
 * any connection URL too (a driver may quote the URL it was given, which the kit does not know
 * as a secret). Redacted before it is cut, so a cut cannot leave part of a secret behind.
 */
function storeErrorMessage(error: unknown, secrets: readonly string[]): string {
  const raw = error instanceof Error ? error.message : String(error)
  const text = redactSecrets(raw, secrets).replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, '//[redacted]@')
  return text.length > 500 ? `${text.slice(0, 500)}…` : text
}

/**
 * `store` with `onSuccess` called after each call that resolves: how the webhook journal learns
 * the store answers again from the worker's and the routes' own traffic, before its retry is due.
 */
function notifyOnSuccess(store: RampStore, onSuccess: () => void): RampStore {
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function' || key === 'close') return value
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args)
        if (result instanceof Promise) result.then(onSuccess, () => {})
        return result
      }
    },
  })
}

/**
 * Wires the store, the bus, the customers, the webhook journal and the in-process worker.
 * Nothing starts here:
 * edge runtimes forbid timers and randomness in global scope, so `start()` runs on the first
 * request (or when the partner calls `ramp.start()`).
 */
export function createRuntime(options: RampHandlerOptions, resolved: ResolvedOptions): KitRuntime {
  const { client, logger, secrets } = resolved
  const store = options.store ?? memoryStore()
  if (resolved.environment === 'production' && store.engine === 'memory') {
    // Not an error: running a production key locally (dev in prod mode) is legitimate. But a
    // deployed memory store silently loses acknowledged webhooks, so say it once, plainly.
    logger.warn(
      'Production key with the memory store: acknowledged webhooks and orders live only in this process, so they are lost on restart, and several instances do not share them. Pass a postgresStore, pgliteStore (with dataDir) or redisStore.',
      { store: store.engine },
    )
  }
  const bus = options.bus ?? memoryBus()
  const customers = createCustomers(options, resolved, store, bus)

  // Every store call that succeeds tells the journal the store answers again.
  let onStoreAnswered = () => {}
  const watched = notifyOnSuccess(store, () => onStoreAnswered())

  const worker =
    options.worker === false
      ? null
      : createWorker({
          store: watched,
          bus,
          handlers: options.handlers,
          logger,
          secrets,
          customers: customers.worker,
          poll:
            options.poll === false
              ? undefined
              : {
                  ...options.poll,
                  fetchOrder: async (order) => {
                    if (order.order_id) return client.getPartnerOrder({ order_id: order.order_id })
                    if (order.tx_hash) return client.getOrderByTxHash({ tx_hash: order.tx_hash })
                    return null
                  },
                },
        })

  // The service does not resend a delivery it got an answer for: a verified delivery the store
  // cannot take is acknowledged and kept here, then written to the store and applied as usual.
  const journal = createDeliveryJournal({
    store,
    maxDeliveries: options.webhookJournal?.maxDeliveries,
    maxBytes: options.webhookJournal?.maxBytes,
    storeTimeoutMs: options.webhookJournal?.storeTimeoutMs,
    retryMaxMs: options.webhookJournal?.retryMaxMs,
    file: options.webhookJournal?.file,
    logger,
    describeError: (error) => storeErrorMessage(error, secrets),
    onPersisted: () => worker?.wake(),
  })
  onStoreAnswered = () => journal.storeAnswered()

  let started = false
  return {
    store,
    watched,
    bus,
    customers: customers.customers,
    worker,
    start() {
      if (started) return
      started = true
      journal.start()
      worker?.start()
    },
    async close() {
      await worker?.stop()
      // Writes what it holds if the store answers; else keeps it in its file, or logs the loss.
      await journal.close()
      if (options.bus === undefined) await bus.close()
      if (options.store === undefined) await store.close()
    },
    verifyWebhook: (request) =>
      verifyDelivery({
        secrets: resolved.webhookSecrets,
        request,
        maxBytes: resolved.webhookMaxBytes,
      }),
    // A 503 (journal full) is logged by the journal, with what it means.
    keepWebhook: (delivery) => keepDelivery({ store, journal }, delivery),
  }
}
