export { memoryStore } from './memory/store.js'
export { canMoveOrder } from './orders.js'
export { MIGRATIONS, type Migration } from './sql/migrations.js'
export {
  type ApplyOrderUpdateParameters,
  type ApplyOrderUpdateResult,
  type ClaimDeliveriesParameters,
  type ClaimLateOrdersParameters,
  type CompleteDeliveryParameters,
  DEFAULT_DELIVERY_RETENTION_MS,
  type Delivery,
  type DeliveryStatus,
  type FailDeliveryParameters,
  type FailDeliveryResult,
  type InsertDeliveryResult,
  type KvSetParameters,
  type ListOrdersParameters,
  type NewDelivery,
  type OrderConflict,
  type OrderPatch,
  type PruneParameters,
  type PruneResult,
  type RampStore,
  type RateLimitParameters,
  type RateLimitResult,
  type SaveOrderParameters,
  type SaveOrderResult,
  type StoredOrder,
} from './types.js'
