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
 * `User-Agent` that `buildWebhookHeaders` sends unless told otherwise. The real service sends
 * its own identifier; receivers must not depend on the value.
 *
 * @example
 * buildWebhookHeaders({ ..., userAgent: DEFAULT_WEBHOOK_USER_AGENT })
 */
export const DEFAULT_WEBHOOK_USER_AGENT = 'rampkit-webhooks/1.0'

/**
 * The 14 events of spec section 6, in the spec's order: orders, customers, accounts.
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
  'account.opened',
  'account.ready',
  'account.credited',
  'account.send.completed',
  'account.send.failed',
] as const

/**
 * One of the 14 event names of `WEBHOOK_EVENTS`.
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
