// No zod here, nor any other import: this module reaches the widget's bundle through
// `@rampkit/core/kit`, and the store, the worker, the SSE route, the checkout and the sandbox all
// ask it the same questions, so none of them keeps a list of statuses of its own.

/**
 * Every order status rampkit knows, in the order an order passes through them. Where each word
 * comes from:
 * - `submitted`, `processing`, `settled`, `failed`, `refunded`: the service interface, section 3
 *   (the create response and the webhook body; `order.processing`, `order.settled`,
 *   `order.failed` and `order.refunded` are its events).
 * - `pending`: section 3's list filter and the upper-case status of `GET /orders/me` items
 *   (`PENDING`), a word for an order that has not ended yet.
 * - `pending_settlement`: the sandbox guide ("Sandbox success & failure"): an order no test value
 *   decides (an off-ramp without `Successful` in the name, an account number it does not name)
 *   waits there, after its `processing`, with no event, for its deposit or a control.
 *
 * The service adds words without notice (`settled_unverified` is a list filter of section 3
 * that no order is shown carrying): any other word is an unknown status, see
 * `canMoveOrderStatus`.
 *
 * @example
 * ORDER_STATUSES.includes('pending_settlement') // true
 */
export const ORDER_STATUSES = [
  'submitted',
  'pending',
  'processing',
  'pending_settlement',
  'settled',
  'failed',
  'refunded',
] as const

/**
 * A status of `ORDER_STATUSES`.
 *
 * @example
 * const status: KnownOrderStatus = 'pending_settlement'
 */
export type KnownOrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * An order's status as the service reports it, lower-case: one of `ORDER_STATUSES` or a word
 * this version does not know, kept as data (never refused, never collapsed into another).
 *
 * @example
 * const status: OrderStatus = 'awaiting_review' // a word the service may add
 */
export type OrderStatus = KnownOrderStatus | (string & {})

/**
 * The final statuses: after these an order no longer changes, except that a settled or failed
 * order may still be refunded (section 3: a refund follows "any" state). Live status streams
 * close and polling stops on them; every other status, an unknown one included, is in progress.
 *
 * @example
 * FINAL_ORDER_STATUSES // ['settled', 'failed', 'refunded']
 */
export const FINAL_ORDER_STATUSES = [
  'settled',
  'failed',
  'refunded',
] as const satisfies readonly KnownOrderStatus[]

/**
 * How far along each known status is. A move goes to a strictly higher rank, so no status is
 * entered twice: that is what lets the kit run a partner's `onOrderSettled` once per order.
 * `processing` ranks below `pending_settlement` because the service answers an accept with
 * `processing` and its sandbox then leaves the order in `pending_settlement`; `settled` and
 * `failed` share a rank, so neither replaces the other.
 */
const RANK: Readonly<Record<KnownOrderStatus, number>> = {
  submitted: 0,
  pending: 1,
  processing: 2,
  pending_settlement: 3,
  settled: 5,
  failed: 5,
  refunded: 6,
}

/** Unknown statuses: after every known in-progress status, before the final ones. */
const UNKNOWN_RANK = 4

const KNOWN: ReadonlySet<string> = new Set(ORDER_STATUSES)
const FINAL: ReadonlySet<string> = new Set(FINAL_ORDER_STATUSES)

const clean = (status: string): string => status.trim().toLowerCase()

/**
 * A reported status as rampkit keeps it: trimmed and lower-case (list items of `GET /orders/me`
 * are upper-case, webhooks lower-case), or undefined when there is no word at all (not a
 * string, or blank). Never throws: an unknown word comes back as it is, lower-cased.
 *
 * @example
 * normalizeOrderStatus(' SETTLED ') // 'settled'
 * normalizeOrderStatus('Awaiting_Review') // 'awaiting_review'
 * normalizeOrderStatus(null) // undefined
 */
export function normalizeOrderStatus(status: unknown): OrderStatus | undefined {
  if (typeof status !== 'string') return undefined
  const word = clean(status)
  return word === '' ? undefined : word
}

/**
 * Whether `status` is one of `ORDER_STATUSES`, exactly as written: pass it through
 * `normalizeOrderStatus` first when its case is the service's (kit orders and checkout orders
 * already are lower-case). A type guard, so a known status can pick its label.
 *
 * @example
 * isKnownOrderStatus('pending_settlement') // true
 * isKnownOrderStatus(normalizeOrderStatus('PENDING')) // true
 * isKnownOrderStatus('awaiting_review') // false
 */
export function isKnownOrderStatus(status: string | null | undefined): status is KnownOrderStatus {
  return typeof status === 'string' && KNOWN.has(status)
}

/**
 * Whether an order in `status` (any case) has ended: settled, failed or refunded. Unknown,
 * blank and absent statuses are not final: the order is treated as still in progress.
 *
 * @example
 * isFinalOrderStatus('settled') // true
 * isFinalOrderStatus('pending_settlement') // false
 * isFinalOrderStatus('awaiting_review') // false
 */
export function isFinalOrderStatus(status: string | null | undefined): boolean {
  return typeof status === 'string' && FINAL.has(clean(status))
}

/**
 * How far along `status` (any case) is: 0 for `submitted` up to 6 for `refunded`; an unknown
 * word ranks 4, after every known in-progress status and before the final ones. Orders of the
 * same rank are equally far along.
 *
 * @example
 * orderStatusRank('processing') < orderStatusRank('pending_settlement') // true
 * orderStatusRank('awaiting_review') // 4
 */
export function orderStatusRank(status: string): number {
  return RANK[clean(status) as KnownOrderStatus] ?? UNKNOWN_RANK
}

/**
 * Whether an order may move from `from` to `to` (either in any case). The rule is one line: the
 * move must go to a strictly higher `orderStatusRank`. So, from the service interface's table
 * (section 3) and the published states:
 * - forward through `submitted -> pending -> processing -> pending_settlement`, and from any of
 *   them straight to `settled`, `failed` or `refunded`;
 * - `settled` and `failed` may still become `refunded` (a refund follows "any" state); nothing
 *   else leaves a final status, and nothing leaves `refunded`;
 * - the same status is not a move, and neither is going back (a late `processing` after
 *   `pending_settlement` or `settled` changes nothing).
 *
 * Unknown statuses rank after every known in-progress status and before the final ones, so a
 * word the service adds is shown as soon as it arrives on an order still in progress (the kit
 * holds every accepted quote as `processing`), and the order still ends when a final status
 * comes. A final status never moves to an unknown one; an unknown status never moves back to a
 * known in-progress one, nor to another unknown word (two words the kit cannot order: the first
 * stays until a final status arrives).
 *
 * @example
 * canMoveOrderStatus('processing', 'pending_settlement') // true
 * canMoveOrderStatus('pending_settlement', 'settled') // true
 * canMoveOrderStatus('settled', 'refunded') // true
 * canMoveOrderStatus('settled', 'processing') // false: a late event
 * canMoveOrderStatus('processing', 'awaiting_review') // true: shown as data
 * canMoveOrderStatus('failed', 'awaiting_review') // false
 */
export function canMoveOrderStatus(from: string, to: string): boolean {
  return orderStatusRank(to) > orderStatusRank(from)
}

/**
 * A status as words a person can read, for a status the interface has no label for: lower-case,
 * with `_` and `-` as spaces. Blank or absent: an empty string.
 *
 * @example
 * orderStatusText('AWAITING_REVIEW') // 'awaiting review'
 * orderStatusText('pending_settlement') // 'pending settlement'
 */
export function orderStatusText(status: string | null | undefined): string {
  return typeof status === 'string' ? clean(status).replace(/[_-]+/g, ' ').replace(/\s+/g, ' ') : ''
}
