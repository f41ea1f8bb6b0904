import {
  type SandboxTestOutcome,
  sandboxTestAccountOutcome,
  sandboxTestNameOutcome,
  sandboxTestPhoneOutcome,
} from '../core.js'

/** The identity fields of an order that the service's sandbox guide reads. */
export type OrderIdentity = {
  orderType: 'OnRamp' | 'OffRamp'
  /** Quote orders; a direct order (`POST /orders/create`) has its crypto pulled at creation. */
  flow: 'quote' | 'direct'
  /** `payment_method.phone_number` (or `fiat_payload.phone_number`), E.164. */
  phoneNumber?: unknown
  /** `payment_method.account_number` (or `fiat_payload.account_number`). */
  accountNumber?: unknown
  /** `customer.name`, and an institution's `customer.business_name` when one is sent. */
  names?: readonly unknown[]
}

/**
 * What the payout identity alone (the phone or the account number) says, whatever the order:
 * `settle`, `fail`, or undefined. An off-ramp quote uses it once its deposit has arrived.
 *
 * @example
 * payoutOutcome({ phoneNumber: '+2541111111111' }) // 'settle'
 */
export function payoutOutcome(
  order: Pick<OrderIdentity, 'phoneNumber' | 'accountNumber'>,
): SandboxTestOutcome | undefined {
  const identity = [
    sandboxTestPhoneOutcome(order.phoneNumber),
    sandboxTestAccountOutcome(order.accountNumber),
  ]
  if (identity.includes('fail')) return 'fail'
  return identity.includes('settle') ? 'settle' : undefined
}

/**
 * How the service's sandbox guide ("Sandbox success & failure") says an order ends, or
 * undefined when nothing in it decides: the order then waits in `pending_settlement`.
 *
 * - The payout identity: the phone `+{code}1111111111` or the account `1111111111` settles;
 *   `+{code}0000000000` or `0000000000` fails.
 * - An off-ramp quote stands for a crypto deposit: it settles with `Successful` in the
 *   customer's name (or business name) without one (the guide's auto-credit) and fails with
 *   `Failure` there or with a failure phone or account. Otherwise it waits for its deposit: a
 *   success phone or account alone leaves it pending here, and `finishOrder` settles it once the
 *   seller's approved tokens cover the order (the sandbox's deposit, see `payoutOutcome`).
 * - A direct off-ramp already pulled its tokens at creation, so, like an on-ramp, its payout
 *   identity decides (assumption: the guide speaks of quotes only).
 *
 * Failure wins over success wherever both appear.
 *
 * @example
 * documentedOutcome({ orderType: 'OnRamp', flow: 'quote', phoneNumber: '+2541111111111' }) // 'settle'
 * documentedOutcome({ orderType: 'OffRamp', flow: 'quote', names: ['Jane Doe'] }) // undefined
 */
export function documentedOutcome(order: OrderIdentity): SandboxTestOutcome | undefined {
  const identity = [
    sandboxTestPhoneOutcome(order.phoneNumber),
    sandboxTestAccountOutcome(order.accountNumber),
  ]
  const deposit = order.orderType === 'OffRamp' && order.flow === 'quote'
  const names = deposit ? (order.names ?? []).map((name) => sandboxTestNameOutcome(name)) : []
  if ([...identity, ...names].includes('fail')) return 'fail'
  if (deposit) return names.includes('settle') ? 'settle' : undefined
  return identity.includes('settle') ? 'settle' : undefined
}
