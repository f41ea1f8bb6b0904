import { isoMillis, type SandboxClock } from '../clock/index.js'
import { buildWebhookHeaders } from '../core.js'
import { uuid } from '../state/store.js'
import type { Delivery, DeliveryAttempt, WebhookTarget } from './dispatcher.js'

/**
 * The `User-Agent` of the sandbox's deliveries (the real service sends its own identifier;
 * receivers must not depend on it).
 *
 * @example
 * expect(request.headers['user-agent']).toBe(SANDBOX_USER_AGENT)
 */
export const SANDBOX_USER_AGENT = 'rampkit-sandbox/0.1 (+webhooks)'

/**
 * Header of account and customer deliveries carrying the event id, equal to `X-Webhook-Id`:
 * the service sends those events once and names this header as their deduplication key.
 *
 * @example
 * expect(request.headers['x-idempotency-key']).toBe(request.headers['x-webhook-id'])
 */
export const IDEMPOTENCY_KEY_HEADER = 'X-Idempotency-Key'

/** What one attempt needs from its dispatcher: the clocks, the fetch and the time limit. */
export type AttemptTransport = {
  clock: SandboxClock
  /** Wall clock (ms) for the signature's `t`. */
  wallNow: () => number
  fetch: typeof fetch
  /** Real ms one attempt may take. */
  timeoutMs: number
}

/** The `X-Webhook-Id` of the next attempt: fresh for every order attempt after the first. */
function webhookIdFor(delivery: Delivery): string {
  if (delivery.attempts.length === 0 || delivery.retries === 'none') return delivery.id
  return uuid()
}

/** One POST: `delivered` on a 2xx, `answered` on any other status, `unreachable` on none. */
export async function attemptDelivery(
  delivery: Delivery,
  target: WebhookTarget,
  kind: DeliveryAttempt['kind'],
  transport: AttemptTransport,
): Promise<'delivered' | 'answered' | 'unreachable'> {
  const started = performance.now()
  const record: DeliveryAttempt = {
    attempt: delivery.attempts.length + 1,
    kind,
    webhook_id: webhookIdFor(delivery),
    at: isoMillis(transport.clock.now()),
    status_code: null,
    error: null,
    duration_ms: 0,
  }
  delivery.attempts.push(record)
  try {
    const headers: Record<string, string> = await buildWebhookHeaders({
      secret: target.secret,
      event: delivery.event,
      deliveryId: record.webhook_id,
      body: delivery.body,
      timestamp: Math.floor(transport.wallNow() / 1000),
      userAgent: SANDBOX_USER_AGENT,
    })
    if (delivery.retries === 'none') headers[IDEMPOTENCY_KEY_HEADER] = delivery.id
    const response = await transport.fetch(target.url ?? '', {
      method: 'POST',
      headers,
      body: delivery.body,
      signal: AbortSignal.timeout(transport.timeoutMs),
      redirect: 'manual',
    })
    record.status_code = response.status
    // Drain so the connection is reused; the content is not the sandbox's business.
    await response.arrayBuffer().catch(() => {})
    if (response.status >= 200 && response.status < 300) return 'delivered'
    record.error = `HTTP ${response.status}`
    return 'answered'
  } catch (error) {
    record.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    // An answer whose body broke off still answered: only a missing status is unreachable.
    return record.status_code === null ? 'unreachable' : 'answered'
  } finally {
    record.duration_ms = Math.round(performance.now() - started)
  }
}
