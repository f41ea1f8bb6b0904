import { createFanout } from './fanout.js'
import type { OrderBus } from './types.js'

/**
 * The bus of one process (the default). Publishes reach this process's subscribers only: with
 * several instances, use `redisBus` or `postgresBus` so a stream open on one instance sees an
 * order applied on another.
 *
 * @example
 * const bus = memoryBus()
 * const stop = bus.subscribe('ord_1', (order) => console.log(order.status))
 */
export function memoryBus(): OrderBus {
  const fanout = createFanout()
  return {
    async publish(order, entered) {
      fanout.dispatch(order, entered)
    },
    subscribe: (orderId, listener, options) => fanout.subscribe(orderId, listener, options),
    async signal(signal) {
      fanout.dispatchSignal(signal)
    },
    onSignal: (topic, listener) => fanout.onSignal(topic, listener),
    ready: async () => {},
    async close() {
      fanout.clear()
    },
  }
}
