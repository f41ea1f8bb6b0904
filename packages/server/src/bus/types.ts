import type { KitOrder } from '@rampkit/core'

/** Called with each new state of a subscribed order. */
export type OrderListener = (order: KitOrder) => void

export type SubscribeOptions = {
  /**
   * The state the subscriber already showed (read from the store after subscribing): updates
   * that are not a forward move from it are not delivered.
   */
  after?: KitOrder
}

/**
 * The live-status bus: the worker publishes an order each time its status moves; the SSE route
 * subscribes per order. Every engine fans out locally (one map of order id to listeners), so a
 * thousand open streams cost one subscription to the shared channel, not a thousand. A listener
 * never sees an order move backwards: a stale update that arrives late (two instances applying
 * `processing` and `settled` at once) is dropped.
 *
 * To show a stream without gaps, subscribe first, then read the order from the store, send it,
 * and pass it as `after`.
 *
 * @example
 * const unsubscribe = bus.subscribe(order.id, (next) => send(next))
 * const current = await store.getOrder(order.id)
 */
export interface OrderBus {
  /** Sends an order's new state to every subscriber of its `id`, on every instance. */
  publish(order: KitOrder): Promise<void>
  /** Listens for one order; returns the function that stops listening. */
  subscribe(orderId: string, listener: OrderListener, options?: SubscribeOptions): () => void
  /** Resolves once the bus receives what other instances publish. */
  ready(): Promise<void>
  /** Stops listening and closes what the bus opened itself. */
  close(): Promise<void>
}
