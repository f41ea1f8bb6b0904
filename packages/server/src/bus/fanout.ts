import { canMoveOrderStatus, type OrderStatus } from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'
import type { BusMessage } from './message.js'
import type { BusSignal, OrderListener, SignalListener, SubscribeOptions } from './types.js'

type Entry = { listener: OrderListener; last: OrderStatus | null }

/** An in-process map of order id to listeners, shared by every bus engine. */
export type Fanout = {
  subscribe(orderId: string, listener: OrderListener, options?: SubscribeOptions): () => void
  dispatch(order: KitOrder, entered?: readonly OrderStatus[]): void
  onSignal(topic: string, listener: SignalListener): () => void
  dispatchSignal(signal: BusSignal): void
  /** Hands a decoded message from another instance to its listeners. */
  receive(message: BusMessage): void
  clear(): void
}

export function createFanout(onListenerError?: (error: unknown) => void): Fanout {
  const listeners = new Map<string, Set<Entry>>()
  const topics = new Map<string, Set<SignalListener>>()
  const fanout: Fanout = {
    subscribe(orderId, listener, options) {
      const entry: Entry = { listener, last: options?.after?.status ?? null }
      let set = listeners.get(orderId)
      if (!set) {
        set = new Set()
        listeners.set(orderId, set)
      }
      set.add(entry)
      return () => {
        const current = listeners.get(orderId)
        if (!current) return
        current.delete(entry)
        if (current.size === 0) listeners.delete(orderId)
      }
    },
    dispatch(order, entered = []) {
      const set = listeners.get(order.id)
      if (!set) return
      for (const entry of [...set]) {
        // Forward moves only, per listener: a late stale update must not undo a newer one.
        if (entry.last !== null && !canMoveOrderStatus(entry.last, order.status)) continue
        entry.last = order.status
        try {
          entry.listener(order, entered)
        } catch (error) {
          onListenerError?.(error)
        }
      }
    },
    onSignal(topic, listener) {
      let set = topics.get(topic)
      if (!set) {
        set = new Set()
        topics.set(topic, set)
      }
      set.add(listener)
      return () => {
        const current = topics.get(topic)
        if (!current) return
        current.delete(listener)
        if (current.size === 0) topics.delete(topic)
      }
    },
    dispatchSignal(signal) {
      for (const listener of [...(topics.get(signal.topic) ?? [])]) {
        try {
          listener(signal)
        } catch (error) {
          onListenerError?.(error)
        }
      }
    },
    receive(message) {
      if ('signal' in message) fanout.dispatchSignal(message.signal)
      else fanout.dispatch(message.order, message.entered)
    },
    clear: () => {
      listeners.clear()
      topics.clear()
    },
  }
  return fanout
}
