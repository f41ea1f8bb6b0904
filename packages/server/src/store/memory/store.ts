import { DEFAULT_DELIVERY_RETENTION_MS, type RampStore } from '../types.js'
import { memoryCounters } from './counters.js'
import { memoryCustomerLinks } from './customers.js'
import { memoryInbox } from './inbox.js'
import { memoryOrders } from './orders.js'

/**
 * The default store: everything in this process's memory. Right for one instance and for tests;
 * a restart forgets acknowledged deliveries, so production with more than one instance (or any
 * serverless platform) needs `postgresStore`, `pgliteStore` or `redisStore`. Each method runs
 * without awaiting inside, so it is atomic within the process.
 *
 * @example
 * const store = memoryStore()
 * const worker = createWorker({ store, bus: memoryBus(), handlers: {} })
 */
export function memoryStore(): RampStore {
  const inbox = memoryInbox()
  const counters = memoryCounters()
  return {
    engine: 'memory',
    customerLinks: memoryCustomerLinks(),
    ...inbox.inbox,
    ...memoryOrders(),
    ...counters.counters,

    async prune({ now = new Date(), retentionMs = DEFAULT_DELIVERY_RETENTION_MS } = {}) {
      const deliveries = inbox.prune(now.getTime() - retentionMs)
      return { deliveries, ...counters.prune(now.getTime()) }
    },

    async close() {},
  }
}
