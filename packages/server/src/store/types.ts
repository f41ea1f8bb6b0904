import type { OrderStatus } from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'
import type { CustomerLinks } from './customers/types.js'

/** Where a delivery is in its life: waiting (or being worked on), applied, or parked for a person. */
export type DeliveryStatus = 'pending' | 'applied' | 'parked'

/**
 * A verified webhook delivery as ingest writes it, before any processing. `signature` is the
 * matched `v1` (canonical base64): the delivery id is not signed, so a replay under a fresh id is
 * caught by this second unique key.
 */
export type NewDelivery = {
  /** `X-Webhook-Id`, or `poll:<order>:<status>` for a status learned by the backup poll. */
  id: string
  /** `X-Webhook-Event` as received (unsigned; the worker trusts the signed body first). */
  event: string
  /** The verified `v1` signature; unique across deliveries. */
  signature: string
  /** The raw body, UTF-8 text exactly as verified. */
  body: string
  receivedAt: Date
}

/** A stored delivery with its processing state. */
export type Delivery = NewDelivery & {
  status: DeliveryStatus
  /** Claims so far, a claim by a worker that then crashed included. */
  attempts: number
  /** When the delivery is next due; while leased, when the lease runs out. */
  nextAttemptAt: Date
  /** Worker that holds (or last held) the lease. */
  leaseOwner: string | null
  lastError: string | null
  /** When it was applied or parked. */
  finishedAt: Date | null
}

/** `inserted` for a new delivery; `duplicate` when its id or its signature is already stored. */
export type InsertDeliveryResult = 'inserted' | 'duplicate'

export type ClaimDeliveriesParameters = {
  /** Id of the claiming worker; only it may then fail the delivery. */
  worker: string
  limit: number
  /** How long the claim holds; after it a crashed worker's delivery is taken again. */
  leaseMs: number
  now: Date
}

export type CompleteDeliveryParameters = { id: string; worker: string; now: Date }

export type FailDeliveryParameters = {
  id: string
  worker: string
  /** Kept for the operator; must not contain secrets. */
  error: string
  now: Date
  /** When to try again, or `null` to park the delivery. */
  retryAt: Date | null
}

/** `retry` or `parked` as asked; `lost` when the lease had passed to another worker meanwhile. */
export type FailDeliveryResult = 'retry' | 'parked' | 'lost'

/** An order as the kit stores it: the `KitOrder` its owner sees, plus bookkeeping. */
export type StoredOrder = {
  order: KitOrder
  /** The end user who owns the order, or `null` when a webhook arrived before the kit's create. */
  owner: string | null
  /**
   * For each status the order has entered, the delivery that moved it there. The worker calls
   * the partner's handlers only for the delivery named here, so a replay under a fresh id (or a
   * second event for the same status) cannot fire `onOrderSettled` twice.
   */
  appliedBy: Partial<Record<OrderStatus, string>>
}

export type SaveOrderParameters = { order: KitOrder; owner: string | null; now?: Date }

/**
 * `created`: a new record. `linked`: an ownerless record (a webhook that came first) now has this
 * owner. `updated`: the same owner saved again. `conflict`: the order belongs to someone else and
 * nothing was changed.
 */
export type SaveOrderResult = {
  result: 'created' | 'linked' | 'updated' | 'conflict'
  stored: StoredOrder
}

/**
 * Fields a webhook or poll may fill in; `null`/absent values never overwrite known ones. A
 * `failure_reason` is stored as `orderFailureReason` makes it (plain, at most 280 characters),
 * whatever the caller passed, by every engine.
 */
export type OrderPatch = Partial<
  Pick<
    KitOrder,
    | 'amount_fiat'
    | 'currency'
    | 'amount_crypto'
    | 'token'
    | 'rate'
    | 'wallet_address'
    | 'settlement_transaction_hash'
    | 'order_type'
    | 'quote_id'
    | 'failure_reason'
    | 'created_at'
    | 'updated_at'
  >
>

export type ApplyOrderUpdateParameters = {
  /** The service's `order_id`, when the event carries one. */
  orderId: string | null
  /** The creation transaction hash, when the event carries one (direct orders). */
  txHash: string | null
  status: OrderStatus
  patch: OrderPatch
  /** The delivery applying the update; recorded in `appliedBy` when the status moves. */
  deliveryId: string
  now: Date
}

/**
 * Two records of two different owners that one update's keys found: its `order_id` names one
 * end user's order and its creation hash another's. Folding them would delete one order and give
 * its hash to the other, so nothing is written and a person decides.
 */
export type OrderConflict = {
  /** The record that holds the update's `order_id`, as stored. */
  byOrderId: StoredOrder
  /** The record that holds the update's creation hash, as stored. */
  byTxHash: StoredOrder
}

export type ApplyOrderUpdateResult = {
  /** The record after the update; on a conflict, the one found by `order_id`, unchanged. */
  stored: StoredOrder
  /** The status moved in this call. */
  changed: boolean
  /**
   * This delivery is the one that moved the order into `status`, now or on an earlier attempt
   * that then failed: run the side effects (publish, handlers) exactly when this is true.
   */
  applied: boolean
  /** Set when the keys found two owners' orders: then nothing was written to either. */
  conflict: OrderConflict | null
}

export type ListOrdersParameters = { owner: string; limit?: number; offset?: number }

export type ClaimLateOrdersParameters = {
  /** Orders not changed nor polled since this instant are late. */
  before: Date
  now: Date
  limit: number
}

export type RateLimitParameters = {
  key: string
  limit: number
  windowMs: number
  now?: Date
}

export type RateLimitResult = {
  allowed: boolean
  /** Hits counted in this window, this one included. */
  count: number
  remaining: number
  /** When the window ends. */
  resetAt: Date
}

export type KvSetParameters = {
  key: string
  value: string
  ttlMs?: number
  /** Only set when the key is absent (or expired); the result says whether it was set. */
  ifAbsent?: boolean
  now?: Date
}

export type PruneParameters = {
  now?: Date
  /** Applied deliveries received longer ago than this are deleted. Default 7 days. */
  retentionMs?: number
}

export type PruneResult = { deliveries: number; rateLimits: number; kv: number }

/**
 * The webhook deliveries the kit received: stored once, leased to one worker at a time, applied
 * or retried and parked. Its conformance suite is `deliveryInboxContract` (`testing.ts`).
 */
export interface DeliveryInbox {
  /** Stores a verified delivery once; a repeat of its id or of its signature is a `duplicate`. */
  insertDelivery(delivery: NewDelivery): Promise<InsertDeliveryResult>
  /** Leases up to `limit` due deliveries, oldest due first, never one another worker holds. */
  claimDeliveries(parameters: ClaimDeliveriesParameters): Promise<Delivery[]>
  /** Marks a delivery applied. */
  completeDelivery(parameters: CompleteDeliveryParameters): Promise<void>
  /** Schedules a retry or parks the delivery, if `worker` still holds it. */
  failDelivery(parameters: FailDeliveryParameters): Promise<FailDeliveryResult>
  getDelivery(id: string): Promise<Delivery | null>
  /** Parked deliveries, newest first. */
  listParkedDeliveries(parameters?: { limit?: number; offset?: number }): Promise<Delivery[]>
  /** Puts a parked delivery back in the queue with its attempts reset; false if not parked. */
  requeueDelivery(parameters: { id: string; now?: Date }): Promise<boolean>
}

/**
 * The kit's orders: who owns each, and its status moved forward only. Its conformance suite is
 * `orderStoreContract` (`testing.ts`).
 */
export interface OrderStore {
  /** Creates or links the kit's order record (quote accepted, direct order created). */
  saveOrder(parameters: SaveOrderParameters): Promise<SaveOrderResult>
  getOrder(id: string): Promise<StoredOrder | null>
  getOrderByOrderId(orderId: string): Promise<StoredOrder | null>
  getOrderByTxHash(txHash: string): Promise<StoredOrder | null>
  /** An owner's orders, newest first. */
  listOrders(parameters: ListOrdersParameters): Promise<StoredOrder[]>
  /**
   * Applies a status learned from a webhook or a poll, forward only (see `canMoveOrder`). Finds
   * the order by `order_id` or creation hash, links the two when both are known, and records an
   * ownerless order when none is known yet. Two records are folded into one only when they do
   * not belong to two different owners; otherwise nothing is written and `conflict` says which.
   */
  applyOrderUpdate(parameters: ApplyOrderUpdateParameters): Promise<ApplyOrderUpdateResult>
  /** Marks up to `limit` late non-terminal orders as polled now and returns them. */
  claimLateOrders(parameters: ClaimLateOrdersParameters): Promise<StoredOrder[]>
}

/**
 * Rate-limit counters and a small key-value space with expiry (idempotency keys, the owner of
 * each quote, wallet proofs and challenges). Its conformance suite is `countersContract`
 * (`testing.ts`).
 */
export interface Counters {
  /** Counts one hit in a fixed window, atomically. */
  hitRateLimit(parameters: RateLimitParameters): Promise<RateLimitResult>
  kvGet(key: string, now?: Date): Promise<string | null>
  /** Sets a key; false only when `ifAbsent` and the key exists. */
  kvSet(parameters: KvSetParameters): Promise<boolean>
  kvDelete(key: string): Promise<void>
}

/**
 * The durable half of the server kit: the delivery inbox, the orders and the counters over one
 * engine (`memoryStore`, `postgresStore`, `pgliteStore`, `redisStore`, each in its folder
 * here). Every method is async and atomic on its own, so several instances sharing one engine
 * behave as one.
 *
 * @example
 * const store = memoryStore()
 * await store.insertDelivery({ id, event, signature, body, receivedAt: new Date() })
 */
export interface RampStore extends DeliveryInbox, OrderStore, Counters {
  /** Engine name, for logs. */
  readonly engine: string

  /** Deletes applied deliveries past the retention horizon and expired counters and keys. */
  prune(parameters?: PruneParameters): Promise<PruneResult>

  /**
   * End users' links to their vault customers, kept by the same engine (the kit's engines all
   * carry them). Optional for a store of your own: pass `customerLinks` to the kit instead.
   */
  readonly customerLinks?: CustomerLinks

  /** Releases what the store opened itself (never a pool or client it was given). */
  close(): Promise<void>
}

/** Applied deliveries are kept this long (7 days), beyond any retry horizon of the service. */
export const DEFAULT_DELIVERY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000
