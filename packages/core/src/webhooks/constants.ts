/**
 * Largest allowed distance in seconds between a delivery's signed `t` and this server's clock,
 * either side (spec section 6: five minutes). `verifyWebhook` accepts a smaller window, never a
 * larger default, and never none.
 *
 * @example
 * await verifyWebhook({ body, header, secrets, toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS })
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/**
 * Header carrying `t=<unix seconds>,v1=<base64 HMAC-SHA256>`. Fetch `Headers` are
 * case-insensitive, so `request.headers.get(WEBHOOK_SIGNATURE_HEADER)` works on every runtime.
 *
 * @example
 * const header = request.headers.get(WEBHOOK_SIGNATURE_HEADER)
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Signature'

/**
 * Header naming the event of a delivery (one of `WEBHOOK_EVENTS`). It is not signed: trust the
 * name only after `verifyWebhook`, and prefer the body's own fields.
 *
 * @example
 * const event = request.headers.get(WEBHOOK_EVENT_HEADER)
 */
export const WEBHOOK_EVENT_HEADER = 'X-Webhook-Event'

/**
 * Header carrying the delivery's UUID, the key to deduplicate on. It is not signed, so a
 * captured delivery can be replayed within the window under a fresh id: dedupe on the verified
 * signature as well.
 *
 * @example
 * const deliveryId = request.headers.get(WEBHOOK_ID_HEADER)
 */
export const WEBHOOK_ID_HEADER = 'X-Webhook-Id'

/**
 * Header the service adds to `customer.*` and `account.*` deliveries, equal to
 * `X-Webhook-Id` (the event id). Those events are sent once, never retried, so this key names
 * the event itself; order deliveries do not carry it.
 *
 * @example
 * const key = request.headers.get(WEBHOOK_IDEMPOTENCY_KEY_HEADER) ?? request.headers.get(WEBHOOK_ID_HEADER)
 */
export const WEBHOOK_IDEMPOTENCY_KEY_HEADER = 'X-Idempotency-Key'

/**
 * Whether the service sends an event once (no retry), with `X-Idempotency-Key`: the customer
 * and account families. Order events are retried on transient network failures instead.
 *
 * @example
 * if (isSentOnce(event)) await reconcileWithGet(payload)
 */
export function isSentOnce(event: string): boolean {
  return event.startsWith('customer.') || event.startsWith('account.')
}

/**
 * `User-Agent` that `buildWebhookHeaders` sends unless told otherwise. The real service sends
 * its own identifier; receivers must not depend on the value.
 *
 * @example
 * buildWebhookHeaders({ ..., userAgent: DEFAULT_WEBHOOK_USER_AGENT })
 */
export const DEFAULT_WEBHOOK_USER_AGENT = 'rampkit-webhooks/1.0'

/**
 * The 15 webhook events: the 14 of spec section 6 in its order (orders, customers, accounts),
 * with `customer.revoked` among the customer events, which the customers guide and the
 * OpenAPI's revoke operation publish (a partner offboarded the customer: `suspended`).
 *
 * @example
 * const onOrder = WEBHOOK_EVENTS.filter((event) => event.startsWith('order.'))
 */
export const WEBHOOK_EVENTS = [
  'order.processing',
  'order.settled',
  'order.failed',
  'order.refunded',
  'customer.submitted',
  'customer.approved',
  'customer.rejected',
  'customer.updated',
  'customer.deposit_account.updated',
  'customer.revoked',
  'account.opened',
  'account.ready',
  'account.credited',
  'account.send.completed',
  'account.send.failed',
] as const

/**
 * One of the 15 event names of `WEBHOOK_EVENTS`.
 *
 * @example
 * const handlers: Partial<Record<WebhookEvent, () => Promise<void>>> = {}
 */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

const EVENT_SET: ReadonlySet<string> = new Set(WEBHOOK_EVENTS)

/**
 * Narrows a header or body value to a known `WebhookEvent`. Unknown names are not an error:
 * the service may add events, so log and acknowledge them instead of failing the delivery.
 *
 * @example
 * const name = request.headers.get(WEBHOOK_EVENT_HEADER)
 * if (name && isWebhookEvent(name)) await handlers[name]?.()
 */
export function isWebhookEvent(name: string): name is WebhookEvent {
  return EVENT_SET.has(name)
}
