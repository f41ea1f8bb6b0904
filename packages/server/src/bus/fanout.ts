import { canMoveOrderStatus, type KitOrder, type OrderStatus } from '@rampkit/core'
import type { OrderListener, SubscribeOptions } from './types.js'

type Entry = { listener: OrderListener; last: OrderStatus | null }

/** An in-process map of order id to listeners, shared by every bus engine. */
export type Fanout = {
  subscribe(orderId: string, listener: OrderListener, options?: SubscribeOptions): () => void
  dispatch(order: KitOrder): void
  size(): number
  clear(): void
}

export function createFanout(onListenerError?: (error: unknown) => void): Fanout {
  const listeners = new Map<string, Set<Entry>>()
  return {
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
    dispatch(order) {
      const set = listeners.get(order.id)
      if (!set) return
      for (const entry of [...set]) {
        // Forward moves only, per listener: a late stale update must not undo a newer one.
        if (entry.last !== null && !canMoveOrderStatus(entry.last, order.status)) continue
        entry.last = order.status
        try {
          entry.listener(order)
        } catch (error) {
          onListenerError?.(error)
        }
      }
    },
    size: () => listeners.size,
    clear: () => listeners.clear(),
  }
}
