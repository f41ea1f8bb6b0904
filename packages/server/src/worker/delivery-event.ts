import type { Delivery } from '../store/types.js'
import { type ParsedEvent, parseEvent } from './events.js'

/**
 * The event a stored delivery carries, read from its verified body and its `X-Webhook-Event`
 * header (the body wins where they disagree). The one place the worker derives an event from a
 * delivery: a body that is not JSON or not an event throws, and the delivery is parked.
 */
export function eventOfDelivery(delivery: Delivery): ParsedEvent {
  return parseEvent(delivery.event, JSON.parse(delivery.body))
}
