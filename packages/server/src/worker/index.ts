export {
  type AccountEvent,
  type AccountEventContext,
  type AnyEventContext,
  type CustomerEvent,
  type CustomerEventContext,
  type EventSource,
  HANDLER_NAMES,
  type OrderEvent,
  type OrderEventContext,
  type OrderEventName,
  type UnknownEventContext,
  type WebhookHandlers,
} from './events.js'
export {
  type CreateWorkerOptions,
  createWorker,
  defaultBackoff,
  type OrderPoller,
  type PolledOrder,
  type RampWorker,
  type WorkerLogger,
  type WorkerPollOptions,
} from './worker.js'
