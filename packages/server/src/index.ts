/**
 * `@rampkit/server`: the partner's backend half of the ramp. `createRampHandler` returns a
 * Hono app with the browser-facing routes, the webhook receiver and the in-process worker.
 * This entry runs on Node and on edge runtimes (memory store and bus); the Postgres, PGlite
 * and Redis engines live at `@rampkit/server/postgres`, `/pglite` and `/redis`.
 */

export { memoryBus } from './bus/memory.js'
export type {
  BusSignal,
  OrderBus,
  OrderListener,
  SignalListener,
  SubscribeOptions,
} from './bus/types.js'
export {
  createRampHandler,
  type RampHandler,
  type RampHandlerOptions,
  type RampKit,
  type RampRateLimitOptions,
  type RampWebhookJournalOptions,
} from './handler.js'
export { consoleLogger, type RampLogFields, type RampLogger } from './logger.js'
export type { TrustProxy } from './middleware/client-ip/index.js'
export {
  type AnonymousSessionOptions,
  anonymousSession,
  type GetEndUser,
} from './middleware/session/index.js'
export { type NodeServerTimeouts, nodeServerTimeouts } from './node-server/timeouts.js'
export type { CustomerMode, RampEnv } from './routes/context.js'
export * from './store/customers/index.js'
export { memoryStore } from './store/memory/store.js'
export { canMoveOrder } from './store/orders.js'
export type {
  Counters,
  Delivery,
  DeliveryInbox,
  DeliveryStatus,
  OrderStore,
  RampStore,
  StoredOrder,
} from './store/types.js'
export {
  DEFAULT_WEBHOOK_MAX_BYTES,
  type IngestWebhookParameters,
  type IngestWebhookResult,
  ingestWebhook,
} from './webhooks/ingest.js'
export {
  type CreateDeliveryJournalOptions,
  createDeliveryJournal,
  type DeliveryJournal,
  type DeliveryJournalFile,
  type DeliveryJournalReceipt,
} from './webhooks/journal.js'
export type {
  AccountEventContext,
  AnyEventContext,
  CustomerEventContext,
  OrderEventContext,
  WebhookHandlers,
} from './worker/events.js'
export {
  type CreateWorkerOptions,
  createWorker,
  type OrderPoller,
  type PolledCustomer,
  type RampWorker,
  type WorkerCustomerOptions,
  type WorkerPollOptions,
} from './worker/worker.js'
