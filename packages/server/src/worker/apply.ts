import type { WebhookOrder } from '@rampkit/core'
import { sanitizeCause } from '@rampkit/core/errors'
import type { Delivery, OrderPatch } from '../store/types.js'
import { applyToCustomer } from './apply-customer.js'
import { eventOfDelivery } from './delivery-event.js'
import {
  type AnyEventContext,
  OrderConflictError,
  type ParsedEvent,
  UnprocessableEventError,
} from './events.js'
import { publishQuietly, runHandlers } from './notify.js'
import type { WorkerSettings } from './settings.js'

/** The order fields a webhook body carries, under the names of either body shape. */
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
    // Named by no published document; the service's sandbox sends it. The store makes it plain.
    failure_reason: str(extra.failure_reason),
    created_at: str(payload.created_at),
    updated_at: str(payload.updated_at),
  }
}

/**
 * Applies one parsed event: an order event moves the kit's order forward through the lifecycle
 * (a status already applied, or an older one, changes nothing and runs no handler), publishes
 * the new state and runs the partner's handlers; a customer or account event updates the
 * customer's link; an unknown event only reaches the handlers. Throws what fails the delivery.
 */
export async function applyEvent(
  settings: WorkerSettings,
  delivery: Delivery,
  parsed: ParsedEvent,
): Promise<void> {
  const { store, handlers, logger, now } = settings
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
    const published = publishQuietly(settings, delivery.id, result.stored)
    try {
      await runHandlers(handlers, {
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
    await runHandlers(handlers, {
      ...base,
      event: parsed.event,
      payload: parsed.payload,
      unknown: true,
    })
    return
  }
  await applyToCustomer(settings, delivery, parsed)
  await runHandlers(handlers, {
    ...base,
    event: parsed.event,
    payload: parsed.payload,
  } as AnyEventContext)
}

/**
 * Parks a delivery for a person: recorded with its error (secrets removed), logged once at
 * error level, and handed to `onParked` (a redacted copy of the error when there are secrets).
 */
async function park(settings: WorkerSettings, delivery: Delivery, error: unknown) {
  const { store, logger, errorText, secrets, now } = settings
  const outcome = await store.failDelivery({
    id: delivery.id,
    worker: settings.id,
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
    await settings.onParked?.(delivery, handed)
  } catch (hookError) {
    logger.error('onParked threw', { deliveryId: delivery.id, error: errorText(hookError) })
  }
}

/**
 * One claimed delivery to its outcome: applied and completed; failed and scheduled for a retry
 * with backoff; or parked (attempts exhausted, a body that cannot be applied, or an order
 * conflict). Rejects only when the store cannot record the outcome.
 */
export async function processDelivery(settings: WorkerSettings, delivery: Delivery): Promise<void> {
  const { store, maxAttempts, errorText, now } = settings
  if (delivery.attempts > maxAttempts) {
    // Claimed more often than allowed without an outcome: each claim ended in a crash.
    await park(
      settings,
      delivery,
      new Error(`The worker stopped ${delivery.attempts - 1} times while applying this delivery`),
    )
    return
  }
  let parsed: ParsedEvent
  try {
    parsed = eventOfDelivery(delivery)
  } catch (error) {
    // A body that cannot be applied will not improve with retries.
    await park(
      settings,
      delivery,
      error instanceof UnprocessableEventError
        ? error
        : new UnprocessableEventError(errorText(error)),
    )
    return
  }
  try {
    await applyEvent(settings, delivery, parsed)
  } catch (error) {
    // A conflict between two owners' orders will not resolve itself: a person decides.
    if (error instanceof OrderConflictError || delivery.attempts >= maxAttempts) {
      await park(settings, delivery, error)
      return
    }
    const retryAt = new Date(settings.clock() + Math.max(0, settings.backoff(delivery.attempts)))
    const outcome = await store.failDelivery({
      id: delivery.id,
      worker: settings.id,
      error: errorText(error),
      now: now(),
      retryAt,
    })
    settings.logger.warn('Delivery failed; it will be retried', {
      deliveryId: delivery.id,
      event: delivery.event,
      attempt: delivery.attempts,
      retryAt: retryAt.toISOString(),
      outcome,
      error: errorText(error),
    })
    return
  }
  await store.completeDelivery({ id: delivery.id, worker: settings.id, now: now() })
}
