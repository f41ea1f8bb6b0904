import {
  DEFAULT_WEBHOOK_USER_AGENT,
  isSentOnce,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_IDEMPOTENCY_KEY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
} from './constants.js'
import type { WebhookBody } from './encoding.js'
import { type SignWebhookErrorType, signWebhook } from './signWebhook.js'

/**
 * What `buildWebhookHeaders` takes: the secret, the event, the delivery id and the body to sign.
 */
export type BuildWebhookHeadersParameters = {
  secret: string
  event: WebhookEvent
  /** The delivery's UUID (`X-Webhook-Id`); keep it across retries of one delivery. */
  deliveryId: string
  /** The exact bytes that will be sent. */
  body: WebhookBody
  /** Unix seconds to sign; defaults to `now()`. */
  timestamp?: number
  now?: () => number
  userAgent?: string
}

/** The headers of a signed delivery, ready to pass to `fetch` or `app.request()`. */
export type BuildWebhookHeadersReturnType = {
  'Content-Type': 'application/json'
  'User-Agent': string
  'X-Webhook-Event': WebhookEvent
  'X-Webhook-Id': string
  'X-Webhook-Signature': string
  /** On `customer.*` and `account.*` events only: the delivery id again. */
  'X-Idempotency-Key'?: string
}

/**
 * What `buildWebhookHeaders` can throw: a `RampError` for an empty secret, a bad timestamp or a
 * body that is not raw bytes (as `signWebhook`).
 */
export type BuildWebhookHeadersErrorType = SignWebhookErrorType

/**
 * Builds every header of a delivery as the service sends it (spec section 6): content type, user
 * agent, event, delivery id and signature, and on `customer.*` and `account.*` events the
 * `X-Idempotency-Key` the webhooks guide publishes (equal to the delivery id). The sandbox posts deliveries with it; tests use it to
 * send a signed request through `app.request()`.
 *
 * @example
 * const body = JSON.stringify(order)
 * const headers = await buildWebhookHeaders({
 *   secret: 'whsec_test',
 *   event: 'order.settled',
 *   deliveryId: crypto.randomUUID(),
 *   body,
 * })
 * await app.request('/api/ramp/webhooks', { method: 'POST', headers, body })
 */
export async function buildWebhookHeaders(
  parameters: BuildWebhookHeadersParameters,
): Promise<BuildWebhookHeadersReturnType> {
  const { header } = await signWebhook({
    secret: parameters.secret,
    body: parameters.body,
    timestamp: parameters.timestamp,
    now: parameters.now,
  })
  return {
    'Content-Type': 'application/json',
    'User-Agent': parameters.userAgent ?? DEFAULT_WEBHOOK_USER_AGENT,
    [WEBHOOK_EVENT_HEADER]: parameters.event,
    [WEBHOOK_ID_HEADER]: parameters.deliveryId,
    [WEBHOOK_SIGNATURE_HEADER]: header,
    ...(isSentOnce(parameters.event)
      ? { [WEBHOOK_IDEMPOTENCY_KEY_HEADER]: parameters.deliveryId }
      : {}),
  }
}
