import { isoMillis, type SandboxClock } from '../clock/index.js'
import { buildWebhookHeaders, isSentOnce, type WebhookEvent } from '../core.js'
import { uuid } from '../state/store.js'

/**
 * The `User-Agent` of the sandbox's deliveries (the real service sends its own identifier;
 * receivers must not depend on it).
 *
 * @example
 * expect(request.headers['user-agent']).toBe(SANDBOX_USER_AGENT)
 */
export const SANDBOX_USER_AGENT = 'rampkit-sandbox/0.1 (+webhooks)'

/** Where and how a delivery goes: the user's endpoint and secret. */
export type WebhookTarget = {
  userId: string
  url: string | null
  secret: string
}

/** One HTTP attempt of a delivery. */
export type DeliveryAttempt = {
  attempt: number
  /** `retry` after a failure; `duplicate` when a duplicate was forced. */
  kind: 'first' | 'retry' | 'duplicate'
  at: string
  status_code: number | null
  error: string | null
  duration_ms: number
}

/** A delivery as the admin log shows it. */
export type Delivery = {
  id: string
  user_id: string
  event: WebhookEvent
  url: string | null
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
  /** Send the delivery again this many times after it succeeds (same `X-Webhook-Id`). */
  duplicates?: number
}

/** Options of `createWebhookDispatcher`. */
export type WebhookDispatcherOptions = {
  clock: SandboxClock
  /**
   * Attempts of an order delivery in all, the first included; then it is parked as `failed`.
   * Default 6. Customer and account deliveries get one attempt whatever this says.
   */
  maxAttempts?: number
  /** Sandbox ms before retry n (1-based); the last value repeats. Default 1 s, 2 s, 4 s, 8 s, 16 s. */
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
 * Sends signed webhooks (spec section 6) to each user's endpoint: every header, a UUID delivery
 * id kept across retries, retries with backoff on sandbox time while the receiver answers
 * non-2xx or cannot be reached, bounded attempts, forced delays and duplicates, and a log.
 * `customer.*` and `account.*` events are sent once, as the service's webhooks guide says
 * (one attempt, `X-Idempotency-Key` equal to `X-Webhook-Id`): a failed one is logged `failed`,
 * never retried. First attempts of one user go out in the order events happened.
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

/** Creates the dispatcher. */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const clock = options.clock
  const maxAttempts = options.maxAttempts ?? 6
  const backoff = options.backoffMs ?? [1_000, 2_000, 4_000, 8_000, 16_000]
  const timeoutMs = options.timeoutMs ?? 5_000
  const wallNow = options.wallNow ?? Date.now
  const doFetch = options.fetch ?? fetch
  const logSize = options.logSize ?? 1_000
  const standing = options.standing ?? {}
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

  async function attempt(
    delivery: Delivery,
    target: WebhookTarget,
    kind: DeliveryAttempt['kind'],
  ): Promise<boolean> {
    const started = performance.now()
    const record: DeliveryAttempt = {
      attempt: delivery.attempts.length + 1,
      kind,
      at: isoMillis(clock.now()),
      status_code: null,
      error: null,
      duration_ms: 0,
    }
    delivery.attempts.push(record)
    try {
      const headers = await buildWebhookHeaders({
        secret: target.secret,
        event: delivery.event,
        deliveryId: delivery.id,
        body: delivery.body,
        timestamp: Math.floor(wallNow() / 1000),
        userAgent: SANDBOX_USER_AGENT,
      })
      const response = await doFetch(target.url ?? '', {
        method: 'POST',
        headers,
        body: delivery.body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      })
      record.status_code = response.status
      // Drain so the connection is reused; the content is not the sandbox's business.
      await response.arrayBuffer().catch(() => {})
      if (response.status >= 200 && response.status < 300) return true
      record.error = `HTTP ${response.status}`
      return false
    } catch (error) {
      record.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      return false
    } finally {
      record.duration_ms = Math.round(performance.now() - started)
    }
  }

  async function run(delivery: Delivery, target: WebhookTarget, duplicates: number) {
    if (stopped) return
    const kind = delivery.attempts.length === 0 ? 'first' : 'retry'
    const delivered = await attempt(delivery, target, kind)
    if (delivered) {
      delivery.status = 'delivered'
      delivery.next_attempt_at = null
      for (let i = 0; i < duplicates && !stopped; i++) await attempt(delivery, target, 'duplicate')
      return
    }
    const limit = isSentOnce(delivery.event) ? 1 : maxAttempts
    if (delivery.attempts.length >= limit || stopped) {
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
