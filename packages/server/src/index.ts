/**
 * `@rampkit/server`: the partner's backend half of the ramp. `createRampHandler` returns a
 * Hono app with the browser-facing routes, the webhook receiver and the in-process worker.
 * This entry runs on Node and on edge runtimes (memory store and bus); the Postgres, PGlite
 * and Redis engines live at `@rampkit/server/postgres`, `/pglite` and `/redis`.
 */

export { memoryBus } from './bus/memory.js'
export type { OrderBus, OrderListener, SubscribeOptions } from './bus/types.js'
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
export type { RampEnv } from './routes/context.js'
export { memoryStore } from './store/memory.js'
export { canMoveOrder } from './store/orders.js'
export type {
  Delivery,
  DeliveryStatus,
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
  type RampWorker,
  type WorkerPollOptions,
} from './worker/worker.js'
