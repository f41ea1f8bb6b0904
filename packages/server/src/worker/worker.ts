import {
  canMoveOrderStatus,
  type KitOrder,
  normalizeOrderStatus,
  redactSecrets,
  sanitizeCause,
  type WebhookOrder,
} from '@rampkit/core'
import { customerTopic } from '../bus/topics.js'
import type { BusSignal, OrderBus } from '../bus/types.js'
import type { CustomerLink, CustomerLinks } from '../store/customers/types.js'
import type { Delivery, OrderPatch, RampStore, StoredOrder } from '../store/types.js'
import { DEFAULT_DELIVERY_RETENTION_MS } from '../store/types.js'
import {
  type AnyEventContext,
  accountIdOf,
  HANDLER_NAMES,
  OrderConflictError,
  type ParsedEvent,
  parseEvent,
  UnprocessableEventError,
  type WebhookHandlers,
} from './events.js'

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

/**
 * Default backoff: 2 s, 6 s, 18 s, ... tripling up to 30 minutes, with ±20 % jitter so retries
 * from many deliveries do not land together. Eight attempts span about 40 minutes.
 */
export function defaultBackoff(attempt: number): number {
  const base = Math.min(2000 * 3 ** Math.max(0, attempt - 1), 30 * 60 * 1000)
  return Math.round(base * (0.8 + Math.random() * 0.4))
}

const consoleLogger: WorkerLogger = {
  warn: (message, details) => console.warn(`[rampkit] ${message}`, details ?? ''),
  error: (message, details) => console.error(`[rampkit] ${message}`, details ?? ''),
}

/** A thrown value's name only: what may be logged about an error whose text could carry data. */
function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}

function patchFrom(payload: WebhookOrder): OrderPatch {
  const extra = payload as WebhookOrder & Record<string, unknown>
  const num = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined
  const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
  return {
    amount_fiat: num(payload.amount_fiat) ?? num(extra.fiat_paid),
    currency: str(payload.currency),
    amount_crypto: num(payload.amount_crypto) ?? num(extra.amount_sent),
    token: str(extra.token),
    rate: num(payload.exchange_rate) ?? num(extra.rate_used),
    wallet_address: str(payload.wallet_address),
    settlement_transaction_hash: str(payload.settlement_transaction_hash),
    order_type: payload.order_type,
    quote_id: str(extra.quote_id),
    created_at: str(payload.created_at),
    updated_at: str(payload.updated_at),
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
  const { store, bus } = options
  const handlers = options.handlers ?? {}
  const id = options.workerId ?? crypto.randomUUID()
  const concurrency = Math.max(1, options.concurrency ?? 4)
  const maxAttempts = Math.max(1, options.maxAttempts ?? 8)
  const backoff = options.backoff ?? defaultBackoff
  const leaseMs = options.leaseMs ?? 60_000
  const idleMs = options.idleMs ?? 1000
  const retentionMs = options.retentionMs ?? DEFAULT_DELIVERY_RETENTION_MS
  const pruneEveryMs = options.pruneEveryMs ?? 60 * 60 * 1000
  const clock = options.now ?? Date.now
  const now = () => new Date(clock())
  const logger = options.logger ?? consoleLogger
  const secrets = options.secrets ?? []
  /** An error as it may be stored and logged: secrets removed first, then cut to length. */
  const errorText = (error: unknown): string => {
    const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    // Redact before cutting, so a secret split by the cut cannot survive as a prefix.
    const text = redactSecrets(raw, secrets)
    return text.length > 1000 ? `${text.slice(0, 1000)}…` : text
  }
  const poll =
    typeof options.poll === 'function' ? { fetchOrder: options.poll } : (options.poll ?? null)
  const lateAfterMs = poll?.lateAfterMs ?? 2 * 60 * 1000
  const pollEveryMs = poll?.intervalMs ?? 30_000
  const pollBatch = poll?.batchSize ?? 20

  let running = false
  let inflight = 0
  let pumping = false
  let pumpAgain = false
  let loopTimer: ReturnType<typeof setTimeout> | undefined
  let lastPoll = 0
  let lastPrune = 0
  const active = new Set<Promise<void>>()
  let idleWaiters: (() => void)[] = []

  async function runHandlers(context: AnyEventContext) {
    const name = (HANDLER_NAMES as Record<string, keyof WebhookHandlers>)[context.event]
    const typed = name
      ? (handlers[name] as ((c: AnyEventContext) => unknown) | undefined)
      : undefined
    if (typed) await typed(context)
    if (handlers.onEvent) await handlers.onEvent(context)
  }

  /**
   * Live status is best-effort: the store already holds the new state, and SSE streams re-read
   * it on every heartbeat. A bus outage (Redis or Postgres down, an order over the NOTIFY size
   * limit) must not fail the delivery, or every order event would be retried and parked and
   * `onOrderSettled` would never run. Never rejects; logs the error's name only, because a bus
   * error may quote the payload.
   */
  async function publishQuietly(deliveryId: string, stored: StoredOrder): Promise<void> {
    if (!bus) return
    const { order } = stored
    try {
      // With the statuses entered so far: a stream that missed one sends it from this list.
      await bus.publish(order, Object.keys(stored.appliedBy))
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code
      logger.warn(
        'Live-status publish failed; the order is applied and its handlers run, and open streams catch up at their next heartbeat',
        {
          deliveryId,
          order: order.id,
          error: errorName(error),
          ...(typeof code === 'string' ? { code } : {}),
        },
      )
    }
  }

  /**
   * A customer or account event for a linked customer: the link's status as the service
   * confirms it (or as the signed body says, when the read fails), then a signal to the
   * customer's streams. A customer the kit never linked changes nothing here.
   */
  async function applyToCustomer(delivery: Delivery, parsed: ParsedEvent) {
    const customers = options.customers
    if (!customers || (parsed.family !== 'customer' && parsed.family !== 'account')) return
    let link: CustomerLink | null = null
    if (parsed.family === 'customer') {
      link = await customers.links.findByCustomerId(parsed.payload.customer_id)
      if (link?.customerId) {
        let confirmed: PolledCustomer | null = null
        try {
          confirmed = (await customers.fetchCustomer?.(link.customerId)) ?? null
        } catch (error) {
          logger.warn('Could not confirm a customer event with the service; the body is stored', {
            deliveryId: delivery.id,
            error: errorName(error),
          })
        }
        const deposit = parsed.payload.products?.deposit_account?.status
        await customers.links.setStatus({
          customerId: link.customerId,
          status: confirmed?.status ?? parsed.payload.status,
          depositAccountStatus: confirmed ? confirmed.depositAccountStatus : deposit,
          now: now(),
        })
      }
    } else {
      const { customer_id: customerId, customer_uid: ref } = parsed.payload
      link =
        (customerId ? await customers.links.findByCustomerId(customerId) : null) ??
        (ref ? await customers.links.findByRef(ref) : null)
    }
    if (!link || !customers.signal) return
    try {
      await customers.signal({
        topic: customerTopic(link.ref),
        data: {
          event: parsed.event,
          account_id: parsed.family === 'account' ? accountIdOf(parsed.payload) : null,
        },
      })
    } catch (error) {
      logger.warn('Live customer signal failed; the event is applied', {
        deliveryId: delivery.id,
        error: errorName(error),
      })
    }
  }

  async function apply(delivery: Delivery, parsed: ParsedEvent) {
    const source = delivery.id.startsWith('poll:') ? 'poll' : 'webhook'
    const base = { deliveryId: delivery.id, receivedAt: delivery.receivedAt, source } as const
    if (parsed.family === 'order') {
      const result = await store.applyOrderUpdate({
        orderId: parsed.orderId,
        txHash: parsed.txHash,
        status: parsed.status,
        patch: patchFrom(parsed.payload),
        deliveryId: delivery.id,
        now: now(),
      })
      // Two owners' orders: nothing was written, and the partner's handlers must not run.
      if (result.conflict) throw new OrderConflictError(parsed, result.conflict)
      if (!result.applied) {
        logger.info?.('Order event changed nothing (already applied, or an older status)', {
          deliveryId: delivery.id,
          order: result.stored.order.id,
          status: parsed.status,
          current: result.stored.order.status,
        })
        return
      }
      if (parsed.event !== parsed.headerEvent) {
        logger.warn('The X-Webhook-Event header disagrees with the signed body; the body wins', {
          deliveryId: delivery.id,
          header: parsed.headerEvent,
          status: parsed.status,
        })
      }
      // Started before the handlers, awaited after them: a publish held up by a reconnecting
      // bus does not hold back the partner's handlers, and drain() and stop() still wait for it.
      const published = publishQuietly(delivery.id, result.stored)
      try {
        await runHandlers({
          ...base,
          event: parsed.event,
          payload: parsed.payload,
          order: result.stored.order,
          owner: result.stored.owner,
        })
      } finally {
        await published
      }
      return
    }
    if (parsed.family === 'unknown') {
      await runHandlers({ ...base, event: parsed.event, payload: parsed.payload, unknown: true })
      return
    }
    await applyToCustomer(delivery, parsed)
    await runHandlers({ ...base, event: parsed.event, payload: parsed.payload } as AnyEventContext)
  }

  async function park(delivery: Delivery, error: unknown) {
    const outcome = await store.failDelivery({
      id: delivery.id,
      worker: id,
      error: errorText(error),
      now: now(),
      retryAt: null,
    })
    if (outcome !== 'parked') return
    logger.error('Delivery parked: it needs a person (fix the cause, then requeueDelivery)', {
      deliveryId: delivery.id,
      event: delivery.event,
      attempts: delivery.attempts,
      error: errorText(error),
      ...(error instanceof OrderConflictError ? error.details : {}),
    })
    try {
      // The thrown object itself may hold a secret (a client error keeps its request), so with
      // secrets to protect the hook gets a redacted copy, never the original.
      const handed = secrets.length > 0 ? (sanitizeCause(error, secrets) ?? error) : error
      await options.onParked?.(delivery, handed)
    } catch (hookError) {
      logger.error('onParked threw', { deliveryId: delivery.id, error: errorText(hookError) })
    }
  }

  async function processDelivery(delivery: Delivery) {
    if (delivery.attempts > maxAttempts) {
      // Claimed more often than allowed without an outcome: each claim ended in a crash.
      await park(
        delivery,
        new Error(`The worker stopped ${delivery.attempts - 1} times while applying this delivery`),
      )
      return
    }
    let parsed: ParsedEvent
    try {
      parsed = parseEvent(delivery.event, JSON.parse(delivery.body))
    } catch (error) {
      // A body that cannot be applied will not improve with retries.
      await park(
        delivery,
        error instanceof UnprocessableEventError
          ? error
          : new UnprocessableEventError(errorText(error)),
      )
      return
    }
    try {
      await apply(delivery, parsed)
    } catch (error) {
      // A conflict between two owners' orders will not resolve itself: a person decides.
      if (error instanceof OrderConflictError || delivery.attempts >= maxAttempts) {
        await park(delivery, error)
        return
      }
      const retryAt = new Date(clock() + Math.max(0, backoff(delivery.attempts)))
      const outcome = await store.failDelivery({
        id: delivery.id,
        worker: id,
        error: errorText(error),
        now: now(),
        retryAt,
      })
      logger.warn('Delivery failed; it will be retried', {
        deliveryId: delivery.id,
        event: delivery.event,
        attempt: delivery.attempts,
        retryAt: retryAt.toISOString(),
        outcome,
        error: errorText(error),
      })
      return
    }
    await store.completeDelivery({ id: delivery.id, worker: id, now: now() })
  }

  function track(delivery: Delivery) {
    inflight++
    const task = processDelivery(delivery)
      .catch((error: unknown) => {
        // The store failed while recording the outcome: the lease runs out and it is retried.
        logger.error('Could not record a delivery outcome', {
          deliveryId: delivery.id,
          error: errorText(error),
        })
      })
      .finally(() => {
        inflight--
        active.delete(task)
        if (running) void pump()
        if (inflight === 0) {
          const waiters = idleWaiters
          idleWaiters = []
          for (const resolve of waiters) resolve()
        }
      })
    active.add(task)
  }

  /** Claims work while there is room; returns how many deliveries it started. */
  async function pump(): Promise<number> {
    if (pumping) {
      pumpAgain = true
      return 0
    }
    pumping = true
    let started = 0
    try {
      do {
        pumpAgain = false
        while (inflight < concurrency && running) {
          const claimed = await store.claimDeliveries({
            worker: id,
            limit: concurrency - inflight,
            leaseMs,
            now: now(),
          })
          for (const delivery of claimed) track(delivery)
          started += claimed.length
          if (claimed.length === 0) break
        }
      } while (pumpAgain && running)
    } catch (error) {
      logger.error('Could not claim deliveries', { error: errorText(error) })
    } finally {
      pumping = false
    }
    return started
  }

  async function idle(): Promise<void> {
    if (inflight === 0) return
    await new Promise<void>((resolve) => idleWaiters.push(resolve))
  }

  async function housekeeping() {
    const at = clock()
    if (poll && at - lastPoll >= pollEveryMs) {
      lastPoll = at
      await worker.pollLateOrders().catch((error: unknown) => {
        logger.warn('Late-order poll failed', { error: errorText(error) })
      })
    }
    if (at - lastPrune >= pruneEveryMs) {
      lastPrune = at
      await store.prune({ now: now(), retentionMs }).catch((error: unknown) => {
        logger.warn('Prune failed', { error: errorText(error) })
      })
    }
  }

  function schedule(delay: number) {
    clearTimeout(loopTimer)
    if (!running) return
    loopTimer = setTimeout(() => {
      void tick()
    }, delay)
  }

  async function tick() {
    if (!running) return
    await housekeeping()
    await pump()
    schedule(idleMs)
  }

  const worker: RampWorker = {
    id,
    start() {
      if (running) return
      running = true
      lastPrune = clock()
      schedule(0)
    },
    async stop() {
      running = false
      clearTimeout(loopTimer)
      await Promise.allSettled([...active])
    },
    async drain() {
      let processed = 0
      for (;;) {
        const claimed = await store.claimDeliveries({
          worker: id,
          limit: concurrency,
          leaseMs,
          now: now(),
        })
        for (const delivery of claimed) track(delivery)
        processed += claimed.length
        // Wait for everything in hand, a started loop's deliveries included.
        await idle()
        if (claimed.length === 0) return processed
      }
    },
    wake() {
      if (running) void pump()
    },
    async pollLateOrders() {
      if (!poll) return 0
      const at = now()
      const late = await store.claimLateOrders({
        before: new Date(at.getTime() - lateAfterMs),
        now: at,
        limit: pollBatch,
      })
      let queued = 0
      for (const stored of late) {
        let polled: PolledOrder | null
        try {
          polled = await poll.fetchOrder(stored.order)
        } catch (error) {
          logger.warn('Backup poll of a late order failed', {
            order: stored.order.id,
            error: errorText(error),
          })
          continue
        }
        // Any word the service answers is news when the lifecycle lets the order move to it:
        // `pending_settlement`, or a status this version does not know, is applied as data.
        const status = normalizeOrderStatus(polled?.status)
        if (!polled || status === undefined) continue
        if (!canMoveOrderStatus(stored.order.status, status)) continue
        const deliveryId = `poll:${stored.order.id}:${status}`
        const body = {
          ...polled,
          order_id: polled.order_id ?? stored.order.order_id ?? undefined,
          tx_hash: polled.tx_hash ?? stored.order.tx_hash ?? undefined,
          status,
        }
        const inserted = await store.insertDelivery({
          id: deliveryId,
          event: `order.${status}`,
          // Unique per order and status, so polls from several instances queue it once.
          signature: deliveryId,
          body: JSON.stringify(body),
          receivedAt: at,
        })
        if (inserted === 'inserted') queued++
      }
      if (queued > 0) worker.wake()
      return queued
    },
  }
  return worker
}
