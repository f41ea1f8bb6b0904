import { isoMillis, type SandboxClock } from '../clock/index.js'
import type { WebhookEvent } from '../core.js'
import { uuid } from '../state/store.js'
import { type AttemptTransport, attemptDelivery } from './attempt.js'

export { IDEMPOTENCY_KEY_HEADER, SANDBOX_USER_AGENT } from './attempt.js'

/** Attempts of an order delivery in all, the first included, as the service publishes it. */
export const ORDER_DELIVERY_MAX_ATTEMPTS = 3

/** The longest wait before retrying an order delivery, as the service publishes it (5 s). */
export const ORDER_RETRY_BACKOFF_CAP_MS = 5_000

/**
 * How a delivery of `event` is retried: order events on network errors and timeouts only (never
 * on an HTTP answer), under a fresh `X-Webhook-Id` each attempt; account and customer events not
 * at all.
 *
 * @example
 * retryPolicyOf('order.settled') // 'network_errors'
 * retryPolicyOf('account.credited') // 'none'
 */
export function retryPolicyOf(event: WebhookEvent): 'network_errors' | 'none' {
  return event.startsWith('order.') ? 'network_errors' : 'none'
}

/** Where and how a delivery goes: the user's endpoint and secret. */
export type WebhookTarget = {
  userId: string
  url: string | null
  secret: string
}

/** One HTTP attempt of a delivery. */
export type DeliveryAttempt = {
  attempt: number
  /** `retry` after a network error or timeout; `duplicate` when a duplicate was forced. */
  kind: 'first' | 'retry' | 'duplicate'
  /**
   * The `X-Webhook-Id` this attempt carried: the delivery's id on its first attempt, a fresh
   * UUID on each retry and forced duplicate of an order event, the delivery's id on every
   * attempt of an account or customer event.
   */
  webhook_id: string
  at: string
  /** The receiver's HTTP status, or `null` when none came (network error, timeout). */
  status_code: number | null
  error: string | null
  duration_ms: number
}

/** A delivery as the admin log shows it. */
export type Delivery = {
  /** The event's id: `X-Webhook-Id` of the first attempt (and `X-Idempotency-Key` of typed events). */
  id: string
  user_id: string
  event: WebhookEvent
  url: string | null
  /** `network_errors` for order events, `none` for account and customer events (sent once). */
  retries: 'network_errors' | 'none'
  /**
   * `delivered` after a 2xx; `failed` after any other HTTP answer (never retried) or when the
   * attempts ran out; `skipped` when the user has no webhook URL.
   */
  status: 'pending' | 'delivered' | 'failed' | 'skipped'
  body: string
  created_at: string
  next_attempt_at: string | null
  attempts: DeliveryAttempt[]
}

/** One-shot overrides for the next delivery of a user (optionally of one event). */
export type NextDeliveryControl = {
  /** Only the next delivery of this event (default: the next delivery of any event). */
  event?: WebhookEvent
  /** Hold the first attempt this many sandbox ms. */
  delayMs?: number
  /**
   * Send the delivery again this many times after it succeeds: an order event under a fresh
   * `X-Webhook-Id` each time (what a retry after a lost answer looks like), an account or
   * customer event under its own id.
   */
  duplicates?: number
}

/** Options of `createWebhookDispatcher`. */
export type WebhookDispatcherOptions = {
  clock: SandboxClock
  /**
   * Attempts of an order delivery in all, the first included, while the receiver cannot be
   * reached; then it is `failed`. 1 to 3; default 3 (the service's). Other events: one attempt.
   */
  maxAttempts?: number
  /**
   * Sandbox ms before retry n (1-based) of an order delivery; the last value repeats; each is
   * capped at 5 s as the service's backoff is. Default 1 s, then 2 s.
   */
  backoffMs?: readonly number[]
  /** Real ms one attempt may take. Default 5000. */
  timeoutMs?: number
  /** Wall clock (ms) for the signature's `t`: receivers check it against their own clock. */
  wallNow?: () => number
  fetch?: typeof fetch
  /** Deliveries kept in the log, newest last. Default 1000. */
  logSize?: number
  /**
   * Standing settings for every delivery (CLI `--webhook-delay`, `--webhook-duplicates`); a
   * one-shot control of the next delivery overrides each value it sets. Default none.
   */
  standing?: { delayMs?: number; duplicates?: number }
}

/**
 * Sends signed webhooks (spec section 6) to each user's endpoint as the service delivers them:
 * an order event is attempted up to 3 times, retried with backoff on sandbox time only when the
 * receiver cannot be reached or does not answer in time, under a fresh `X-Webhook-Id` each
 * attempt; any HTTP answer ends it (a non-2xx is never retried). Account and customer events are
 * attempted once, with `X-Idempotency-Key` equal to `X-Webhook-Id`. Plus the sandbox's extras:
 * forced delays and duplicates, and a log. First attempts of one user go out in the order events
 * happened.
 *
 * @example
 * const dispatcher = createWebhookDispatcher({ clock })
 * dispatcher.emit({ userId, url, secret }, 'order.settled', order)
 */
export type WebhookDispatcher = {
  emit(target: WebhookTarget, event: WebhookEvent, payload: unknown): Delivery
  control(userId: string, control: NextDeliveryControl): void
  log(userId?: string): Delivery[]
  /** Resolves when no attempt is in flight (tests, shutdown). */
  idle(): Promise<void>
  stop(): void
}

/** The options with their defaults, the attempts and backoff held to the service's bounds. */
function settingsOf(options: WebhookDispatcherOptions) {
  const maxAttempts = Math.min(
    Math.max(1, Math.floor(options.maxAttempts ?? ORDER_DELIVERY_MAX_ATTEMPTS)),
    ORDER_DELIVERY_MAX_ATTEMPTS,
  )
  const backoff = (options.backoffMs?.length ? options.backoffMs : [1_000, 2_000]).map((ms) =>
    Math.min(Math.max(0, ms), ORDER_RETRY_BACKOFF_CAP_MS),
  )
  const transport: AttemptTransport = {
    clock: options.clock,
    wallNow: options.wallNow ?? Date.now,
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? 5_000,
  }
  return {
    clock: options.clock,
    maxAttempts,
    backoff,
    logSize: options.logSize ?? 1_000,
    standing: options.standing ?? {},
    transport,
  }
}

/** Creates the dispatcher. */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { clock, maxAttempts, backoff, logSize, standing, transport } = settingsOf(options)
  const deliveries: Delivery[] = []
  const controls = new Map<string, NextDeliveryControl[]>()
  const queues = new Map<string, Promise<void>>()
  const inFlight = new Set<Promise<unknown>>()
  const cancels = new Set<() => void>()
  let stopped = false

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise)
    void promise.finally(() => inFlight.delete(promise)).catch(() => {})
    return promise
  }

  function takeControl(userId: string, event: WebhookEvent): NextDeliveryControl | undefined {
    const list = controls.get(userId)
    if (!list) return undefined
    const index = list.findIndex((control) => !control.event || control.event === event)
    if (index === -1) return undefined
    const [control] = list.splice(index, 1)
    return control
  }

  async function run(delivery: Delivery, target: WebhookTarget, duplicates: number) {
    if (stopped) return
    const kind = delivery.attempts.length === 0 ? 'first' : 'retry'
    const outcome = await attemptDelivery(delivery, target, kind, transport)
    if (outcome === 'delivered') {
      delivery.status = 'delivered'
      delivery.next_attempt_at = null
      for (let i = 0; i < duplicates && !stopped; i++)
        await attemptDelivery(delivery, target, 'duplicate', transport)
      return
    }
    // The service retries only what never got an answer, and only order events.
    if (
      outcome === 'answered' ||
      delivery.retries === 'none' ||
      delivery.attempts.length >= maxAttempts ||
      stopped
    ) {
      delivery.status = 'failed'
      delivery.next_attempt_at = null
      return
    }
    const wait = backoff[Math.min(delivery.attempts.length - 1, backoff.length - 1)] ?? 1_000
    const job = clock.schedule(
      wait,
      () => {
        cancels.delete(job.cancel)
        return track(run(delivery, target, duplicates))
      },
      `webhook retry ${delivery.event} ${delivery.id}`,
    )
    cancels.add(job.cancel)
    delivery.next_attempt_at = isoMillis(job.at)
  }

  function enqueueFirst(delivery: Delivery, target: WebhookTarget, duplicates: number) {
    // Chain first attempts per user so a receiver sees events in the order they happened.
    const previous = queues.get(target.userId) ?? Promise.resolve()
    const next = previous.then(() => run(delivery, target, duplicates)).catch(() => {})
    queues.set(target.userId, next)
    track(next)
  }

  return {
    emit(target, event, payload) {
      const delivery: Delivery = {
        id: uuid(),
        user_id: target.userId,
        event,
        url: target.url,
        retries: retryPolicyOf(event),
        status: target.url ? 'pending' : 'skipped',
        body: JSON.stringify(payload),
        created_at: isoMillis(clock.now()),
        next_attempt_at: null,
        attempts: [],
      }
      deliveries.push(delivery)
      if (deliveries.length > logSize) deliveries.splice(0, deliveries.length - logSize)
      if (!target.url || stopped) return delivery
      const control = takeControl(target.userId, event)
      const duplicates = Math.max(0, Math.min(control?.duplicates ?? standing.duplicates ?? 0, 10))
      const delayMs = control?.delayMs ?? standing.delayMs ?? 0
      if (delayMs > 0) {
        const job = clock.schedule(
          delayMs,
          () => {
            cancels.delete(job.cancel)
            return track(run(delivery, target, duplicates))
          },
          `webhook delayed ${event} ${delivery.id}`,
        )
        cancels.add(job.cancel)
        delivery.next_attempt_at = isoMillis(job.at)
      } else {
        enqueueFirst(delivery, target, duplicates)
      }
      return delivery
    },
    control(userId, control) {
      const list = controls.get(userId) ?? []
      list.push(control)
      controls.set(userId, list)
    },
    log(userId) {
      return userId ? deliveries.filter((delivery) => delivery.user_id === userId) : [...deliveries]
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
    stop() {
      stopped = true
      for (const cancel of cancels) cancel()
      cancels.clear()
    },
  }
}
