import type { StoredOrder } from '../store/types.js'
import { type AnyEventContext, HANDLER_NAMES, type WebhookHandlers } from './events.js'
import { errorName, type WorkerSettings } from './settings.js'

/**
 * Runs the partner's handlers for one applied event: the typed one for its name
 * (`onOrderSettled`…), then `onEvent`. Called once per status an order enters; a throw fails the
 * delivery, which is retried.
 */
export async function runHandlers(
  handlers: WebhookHandlers,
  context: AnyEventContext,
): Promise<void> {
  const name = (HANDLER_NAMES as Record<string, keyof WebhookHandlers>)[context.event]
  const typed = name ? (handlers[name] as ((c: AnyEventContext) => unknown) | undefined) : undefined
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
export async function publishQuietly(
  { bus, logger }: Pick<WorkerSettings, 'bus' | 'logger'>,
  deliveryId: string,
  stored: StoredOrder,
): Promise<void> {
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
