import {
  canMoveOrderStatus,
  normalizeOrderStatus,
  type OrderStatus,
  orderFailureReason,
} from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'
import type {
  ApplyOrderUpdateParameters,
  ApplyOrderUpdateResult,
  OrderConflict,
  OrderPatch,
  SaveOrderParameters,
  SaveOrderResult,
  StoredOrder,
} from './types.js'

/**
 * Whether an order in `from` may move to `to`: core's order lifecycle (`canMoveOrderStatus`),
 * the one rule the stores, the worker, the bus and the live-status stream all apply. Forward
 * only, same status is not a move, a refund may follow settled or failed, and a status the kit
 * does not know is kept as an in-progress state.
 *
 * @example
 * canMoveOrder('settled', 'processing') // false: a late event changes nothing
 * canMoveOrder('processing', 'pending_settlement') // true
 */
export const canMoveOrder: (from: OrderStatus, to: OrderStatus) => boolean = canMoveOrderStatus

/** A status as the stores keep it: trimmed and lower-case, any word (the service's case varies). */
function lowerCase(status: OrderStatus): OrderStatus {
  return normalizeOrderStatus(status) ?? status
}

const PATCH_KEYS = [
  'amount_fiat',
  'currency',
  'amount_crypto',
  'token',
  'rate',
  'wallet_address',
  'settlement_transaction_hash',
  'order_type',
  'quote_id',
  'failure_reason',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof OrderPatch)[]

/**
 * Overlays the patch's known values; `null` and absent values never erase what is known. A
 * failure reason goes in as `orderFailureReason` makes it: service text a shopper will read.
 */
export function applyPatch(order: KitOrder, patch: OrderPatch): KitOrder {
  const next: KitOrder = { ...order }
  for (const key of PATCH_KEYS) {
    const value = key === 'failure_reason' ? orderFailureReason(patch[key]) : patch[key]
    if (value !== undefined && value !== null) Object.assign(next, { [key]: value })
  }
  return next
}

/** The order a caller saves, with its status lower-case and its failure reason plain. */
function incomingOrder(order: KitOrder): KitOrder {
  const { failure_reason, ...rest } = order
  const reason = orderFailureReason(failure_reason)
  return { ...rest, status: lowerCase(order.status), ...(reason ? { failure_reason: reason } : {}) }
}

/** Fills the fields `base` lacks from `other`; `base` wins wherever it knows a value. */
function fillNulls(base: KitOrder, other: KitOrder): KitOrder {
  const next: Record<string, unknown> = { ...other, ...base }
  for (const [key, value] of Object.entries(other)) {
    if ((next[key] === null || next[key] === undefined) && value !== null && value !== undefined) {
      next[key] = value
    }
  }
  return next as KitOrder
}

function cloneStored(stored: StoredOrder): StoredOrder {
  return { order: { ...stored.order }, owner: stored.owner, appliedBy: { ...stored.appliedBy } }
}

/** What an engine must write after `planOrderUpdate`: one record to put, others to delete. */
export type OrderUpdatePlan = {
  /** The record after the update. */
  stored: StoredOrder
  /** `insert` when no record existed; `update` when one changed; `none` when nothing did. */
  write: 'insert' | 'update' | 'none'
  /** Status of the surviving record before the update (for an optimistic guard). */
  previousStatus: OrderStatus | null
  /** Records folded into `stored` and to be deleted (an ownerless duplicate). */
  remove: StoredOrder[]
  changed: boolean
  applied: boolean
  /** Two owners' records: the engine writes and deletes nothing. */
  conflict: OrderConflict | null
}

/**
 * Plans a webhook or poll update over the records found by `order_id` and by creation hash, so
 * every engine applies the same rules. When the two lookups find two records (a webhook without
 * the creation hash came first and made an ownerless record; the kit's direct order holds the
 * hash), they are folded into one: the owned record survives with the more advanced status.
 * Records of two different owners are never folded: the plan is a `conflict` that changes
 * neither, not even the status, because which of the two the event is about is exactly what is
 * in doubt (a mistake by the service, or a body signed with a stolen secret).
 */
export function planOrderUpdate(
  found: { byOrderId: StoredOrder | null; byTxHash: StoredOrder | null },
  update: ApplyOrderUpdateParameters,
): OrderUpdatePlan {
  const nowIso = update.now.toISOString()
  const status = lowerCase(update.status)
  const a = found.byOrderId
  const b = found.byTxHash && found.byTxHash.order.id !== a?.order.id ? found.byTxHash : null

  if (!a && !b) {
    const id = update.orderId ?? update.txHash
    if (!id) throw new Error('An order update needs an order_id or a tx_hash')
    const order: KitOrder = applyPatch(
      {
        id,
        // A guess until the kit's own record links it: a creation hash means a direct order.
        flow: update.txHash && !update.orderId ? 'direct' : 'quote',
        order_id: update.orderId,
        quote_id: null,
        tx_hash: update.txHash,
        status,
        order_type: 'OnRamp',
        amount_fiat: null,
        currency: null,
        amount_crypto: null,
        token: null,
        rate: null,
        wallet_address: null,
        settlement_transaction_hash: null,
        created_at: nowIso,
        updated_at: nowIso,
      },
      update.patch,
    )
    order.status = status
    return {
      stored: { order, owner: null, appliedBy: { [status]: update.deliveryId } },
      write: 'insert',
      previousStatus: null,
      remove: [],
      changed: true,
      applied: true,
      conflict: null,
    }
  }

  if (a && b && a.owner !== null && b.owner !== null && a.owner !== b.owner) {
    return {
      stored: cloneStored(a),
      write: 'none',
      previousStatus: a.order.status,
      remove: [],
      changed: false,
      applied: false,
      conflict: { byOrderId: cloneStored(a), byTxHash: cloneStored(b) },
    }
  }

  let stored: StoredOrder
  const remove: StoredOrder[] = []
  let dirty = false
  if (a && b) {
    // At most one owner (checked above): keep the owned record (the kit's own), fold the other.
    const [keep, drop] = a.owner === null && b.owner !== null ? [b, a] : [a, b]
    stored = cloneStored(keep)
    stored.order = fillNulls(stored.order, drop.order)
    if (canMoveOrderStatus(stored.order.status, drop.order.status)) {
      stored.order.status = drop.order.status
    }
    stored.appliedBy = { ...drop.appliedBy, ...keep.appliedBy }
    stored.owner = keep.owner ?? drop.owner
    remove.push(drop)
    dirty = true
  } else {
    stored = cloneStored((a ?? b) as StoredOrder)
  }
  const previousStatus = (a && b ? (a.owner === null && b.owner !== null ? b : a) : (a ?? b))!.order
    .status

  if (update.orderId && stored.order.order_id !== update.orderId) {
    stored.order.order_id = update.orderId
    dirty = true
  }
  if (update.txHash && stored.order.tx_hash !== update.txHash) {
    stored.order.tx_hash = update.txHash
    dirty = true
  }

  let changed = false
  if (canMoveOrderStatus(stored.order.status, status)) {
    // The kit's own creation time stays: it orders the owner's list.
    stored.order = applyPatch(stored.order, { ...update.patch, created_at: undefined })
    stored.order.status = status
    stored.order.updated_at = update.patch.updated_at ?? nowIso
    stored.appliedBy[status] = update.deliveryId
    changed = true
    dirty = true
  } else if (stored.order.status === status && stored.appliedBy[status] === undefined) {
    // The kit set this status itself (an accepted quote is `processing` at once): the service's
    // first event for it is still news to the partner's handlers, once. Fields it brings fill
    // the blanks; the status stays.
    stored.order = fillNulls(stored.order, applyPatch(stored.order, update.patch))
    stored.appliedBy[status] = update.deliveryId
    dirty = true
  }
  return {
    stored,
    write: dirty ? 'update' : 'none',
    previousStatus,
    remove,
    changed,
    applied: stored.appliedBy[status] === update.deliveryId,
    conflict: null,
  }
}

/** What `applyOrderUpdate` answers for a plan the engine has written (or found a conflict). */
export function updateResult(plan: OrderUpdatePlan): ApplyOrderUpdateResult {
  return {
    stored: plan.stored,
    changed: plan.changed,
    applied: plan.applied,
    conflict: plan.conflict,
  }
}

/** What an engine must write for `saveOrder`. */
export type SaveOrderPlan = SaveOrderResult & { write: 'insert' | 'update' | 'none' }

/**
 * Plans `saveOrder` over the record that holds the same id, or the same `order_id`. A record
 * that a webhook made first (ownerless) is linked: it takes the owner and the kit's details,
 * and keeps its status when that is further along. Someone else's order is never touched.
 */
export function planSaveOrder(
  existing: StoredOrder | null,
  parameters: SaveOrderParameters,
): SaveOrderPlan {
  const incoming = incomingOrder(parameters.order)
  if (!existing) {
    const stored: StoredOrder = { order: incoming, owner: parameters.owner, appliedBy: {} }
    return { result: 'created', stored, write: 'insert' }
  }
  if (existing.owner !== null && existing.owner !== parameters.owner) {
    return { result: 'conflict', stored: cloneStored(existing), write: 'none' }
  }
  // The kit's record carries the id the owner knows; statuses only move forward.
  const merged = fillNulls({ ...incoming, id: existing.order.id }, existing.order)
  merged.status = canMoveOrderStatus(existing.order.status, incoming.status)
    ? incoming.status
    : existing.order.status
  if (merged.status === existing.order.status) merged.updated_at = existing.order.updated_at
  merged.created_at = existing.order.created_at
  const stored: StoredOrder = {
    order: merged,
    owner: parameters.owner,
    appliedBy: { ...existing.appliedBy },
  }
  return { result: existing.owner === null ? 'linked' : 'updated', stored, write: 'update' }
}

/** A compact serialisation of a record, identical across engines. */
export function encodeStored(stored: StoredOrder): string {
  return JSON.stringify(stored)
}

export function decodeStored(text: string): StoredOrder {
  return JSON.parse(text) as StoredOrder
}
