export { memoryBus } from './memory.js'
export type { OrderBus, OrderListener, SubscribeOptions } from './types.js'
