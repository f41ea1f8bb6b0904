import type { KitOrder } from '@rampkit/core/kit'
import type { BusSignal, OrderBus } from '../bus/types.js'
import type { CustomerLinks } from '../store/customers/types.js'
import type { Delivery, RampStore } from '../store/types.js'
import type { WebhookHandlers } from './events.js'

/**
 * What the backup GET answered for an order: at least its `status` (lower-case); `order_id`
 * links a direct order to the service's id. Other fields of the webhook body are welcome.
 */
export type PolledOrder = {
  status: string
  order_id?: string | null
  tx_hash?: string | null
  [field: string]: unknown
}

/**
 * Fetches the current state of a late order from the service, or `null` when it cannot say.
 * Usually `GET /partner/orders/{order_id}` for quote orders and `GET /orders/tx/{tx_hash}` for
 * direct ones.
 */
export type OrderPoller = (order: KitOrder) => Promise<PolledOrder | null>

/**
 * The worker's backup polls: how to fetch a late order, when an order is late, and how often
 * and how many to poll.
 */
export type WorkerPollOptions = {
  fetchOrder: OrderPoller
  /** An open order with no news for this long is polled. Default 2 minutes. */
  lateAfterMs?: number
  /** How often to look for late orders while running. Default 30 s. */
  intervalMs?: number
  /** Orders polled per round. Default 20. */
  batchSize?: number
}

/** Where the worker reports what a person may need to know. Never given secrets. */
export type WorkerLogger = {
  info?: (message: string, details?: Record<string, unknown>) => void
  warn: (message: string, details?: Record<string, unknown>) => void
  error: (message: string, details?: Record<string, unknown>) => void
}

/** What the backup GET of a customer says: its status and the deposit-account product's. */
export type PolledCustomer = { status: string; depositAccountStatus: string | null }

/**
 * The end users' vault customers, for `customer.*` and `account.*` events: the link of the
 * customer an event names gets the status the service confirms, and the customer's open
 * streams are told (a signal on the bus, topic `customer:<ref>`).
 */
export type WorkerCustomerOptions = {
  links: CustomerLinks
  /**
   * Reads the customer from the service (`GET /partner/customers/{customer_id}`): webhooks are
   * a signal and may come out of order, the GET is the state. On failure, or without it, the
   * status the signed body carries is stored.
   */
  fetchCustomer?: (customerId: string) => Promise<PolledCustomer | null>
  /** Sends the signal; best-effort (a failure is logged, the delivery still applies). */
  signal?: (signal: BusSignal) => Promise<void>
}

/**
 * Options of `createWorker`: the store to drain, the bus and handlers to notify, the backup
 * polls, and the retry limits.
 */
export type CreateWorkerOptions = {
  store: RampStore
  /** Where order changes are published for live status; none: no publishing. */
  bus?: OrderBus
  handlers?: WebhookHandlers
  /** Backup polls for late webhooks (spec section 6: "a GET ... is the backup"). */
  poll?: WorkerPollOptions | OrderPoller
  /** Customer links to keep current from `customer.*` and `account.*` events. */
  customers?: WorkerCustomerOptions
  /** Deliveries processed at once. Default 4. */
  concurrency?: number
  /** Attempts before a delivery is parked. Default 8. */
  maxAttempts?: number
  /** Milliseconds to wait after failed attempt number `attempt` (1-based). */
  backoff?: (attempt: number) => number
  /** How long a claim holds before another worker may take the delivery. Default 60 s. */
  leaseMs?: number
  /** How often a started worker looks for due work when nobody wakes it. Default 1 s. */
  idleMs?: number
  /** Applied deliveries are kept this long (dedupe horizon). Default 7 days. */
  retentionMs?: number
  /** How often a started worker prunes. Default 1 hour. */
  pruneEveryMs?: number
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number
  logger?: WorkerLogger
  /**
   * Strings that must never be stored or logged: the API key, webhook secrets, session secret.
   * A handler's error may quote one (a partner's client error echoing its config), and
   * `last_error` lives in the database, so errors are redacted before they are kept.
   */
  secrets?: readonly string[]
  /**
   * Called once when a delivery is parked (attempts exhausted, the payload unusable, or an
   * order event whose `order_id` and creation hash name two end users' orders). With
   * `secrets`, the error is a copy (name, message, stack, `code`) with them removed; without,
   * the error as thrown.
   */
  onParked?: (delivery: Delivery, error: unknown) => unknown
  /** This worker's id in leases; default a random UUID. */
  workerId?: string
}

/**
 * The worker that applies stored deliveries. `start()` runs it in the background; `drain()`
 * processes until nothing is due (for tests and scripts); `wake()` makes a started worker look
 * now (ingest calls it so a delivery is applied within milliseconds).
 */
export type RampWorker = {
  readonly id: string
  start(): void
  /** Stops claiming, waits for the deliveries in hand. */
  stop(): Promise<void>
  /** Processes due deliveries until none is due; resolves to how many it processed. */
  drain(): Promise<number>
  wake(): void
  /** Polls late orders once; resolves to how many new statuses it queued. */
  pollLateOrders(): Promise<number>
}
