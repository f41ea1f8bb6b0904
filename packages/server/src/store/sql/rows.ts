import type { OrderStatus } from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'
import type { Delivery, DeliveryStatus, StoredOrder } from '../types.js'
import { toDate } from './driver.js'

/** A `rampkit_deliveries` row as the drivers return it. */
export type DeliveryRow = {
  id: string
  event: string
  signature: string
  body: string
  received_at: Date | string
  status: DeliveryStatus
  attempts: number | string
  next_attempt_at: Date | string
  lease_owner: string | null
  last_error: string | null
  finished_at: Date | string | null
}

/** The `rampkit_orders` columns a record is read from (`ORDER_COLUMNS`). */
export type OrderRow = {
  id: string
  owner: string | null
  data: KitOrder | string
  applied_by: Partial<Record<OrderStatus, string>> | string
}

export const ORDER_COLUMNS = 'id, owner, data, applied_by'

function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    event: row.event,
    signature: row.signature,
    body: row.body,
    receivedAt: toDate(row.received_at),
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: toDate(row.next_attempt_at),
    leaseOwner: row.lease_owner,
    lastError: row.last_error,
    finishedAt: row.finished_at === null ? null : toDate(row.finished_at),
  }
}

export function toStored(row: OrderRow): StoredOrder {
  return { order: json(row.data), owner: row.owner, appliedBy: json(row.applied_by) }
}
