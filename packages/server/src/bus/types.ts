import type { OrderStatus } from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'

/**
 * Called with each new state of a subscribed order, and the statuses the order has entered so
 * far as its publisher knows them (the store's `appliedBy` keys; empty when it did not say). A
 * live-status stream that missed a message sends the statuses in between from this list, so its
 * client sees every status in order.
 */
export type OrderListener = (order: KitOrder, entered: readonly OrderStatus[]) => void

/**
 * A small notice on a topic, for live streams that are not one order's: "the customer of this
 * topic changed" (`customer:<ref>`). Values are short strings; never identity data.
 */
export type BusSignal = { topic: string; data: Record<string, string | null> }
/** Called with each signal of a subscribed topic. */
export type SignalListener = (signal: BusSignal) => void

/** Options of `OrderBus.subscribe`: the order state the subscriber already showed. */
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
  /**
   * Sends an order's new state to every subscriber of its `id`, on every instance, with the
   * statuses it has entered so far (see `OrderListener`).
   */
  publish(order: KitOrder, entered?: readonly OrderStatus[]): Promise<void>
  /** Listens for one order; returns the function that stops listening. */
  subscribe(orderId: string, listener: OrderListener, options?: SubscribeOptions): () => void
  /**
   * Sends a signal to every subscriber of its topic, on every instance (the kit's engines all
   * have it). A bus without it carries signals within its own process only.
   */
  signal?(signal: BusSignal): Promise<void>
  /** Listens for one topic's signals; returns the function that stops listening. */
  onSignal?(topic: string, listener: SignalListener): () => void
  /** Resolves once the bus receives what other instances publish. */
  ready(): Promise<void>
  /** Stops listening and closes what the bus opened itself. */
  close(): Promise<void>
}
