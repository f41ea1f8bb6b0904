import type { Delivery } from '../store/types.js'
import { type ParsedEvent, parseEvent } from './events.js'

/**
 * The event a stored delivery carries, read from its verified body; the unsigned
 * `X-Webhook-Event` header only picks among the customer events the signed status supports. The one place the worker derives an event from a
 * delivery: a body that is not JSON or not an event throws, and the delivery is parked.
 */
export function eventOfDelivery(delivery: Delivery): ParsedEvent {
  return parseEvent(delivery.event, JSON.parse(delivery.body))
}
