import { isFinalOrderStatus } from '../orders/lifecycle.js'
import type { KitCustomer } from './schemas.js'

// Plain predicates over the kit's answers, shared by the server kit and the query options: no
// TanStack Query here, so `@rampkit/core/kit` loads where no query package is installed.

/** Statuses that let the user quote by `customer_id`: the vault's `approved` (and `active`). */
const VERIFIED = new Set(['approved', 'active'])

/**
 * Whether a customer status lets its user quote: `approved` or `active`. `none`, `incomplete`,
 * `pending_review`, `rejected`, `suspended` and any word the service adds later do not.
 *
 * @example
 * isCustomerVerified('pending_review') // false
 */
export function isCustomerVerified(status: string | null | undefined): boolean {
  return typeof status === 'string' && VERIFIED.has(status)
}

/**
 * Whether the banking routes (accounts, deposit instructions, payout banks) are open for this
 * customer: verified and the deposit-account product `ready`.
 *
 * @example
 * hasBanking(customer) // false until `deposit_account_status` is 'ready'
 */
export function hasBanking(
  customer: Pick<KitCustomer, 'status' | 'deposit_account_status'> | undefined,
): boolean {
  return isCustomerVerified(customer?.status) && customer?.deposit_account_status === 'ready'
}

/**
 * Whether polling and streaming of an order stop: the order lifecycle's `isFinalOrderStatus`
 * (settled, failed, refunded; an unknown or absent status is still in progress).
 *
 * @example
 * isOrderFinal(order?.status) // false while the order is pending_settlement
 */
export const isOrderFinal: (status: string | null | undefined) => boolean = isFinalOrderStatus
