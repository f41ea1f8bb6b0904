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
 * How the service's sandbox guide ("Sandbox success & failure") says an order ends, or
 * undefined when nothing in it decides: the order then waits in `pending_settlement`.
 *
 * - The payout identity: the phone `+{code}1111111111` or the account `1111111111` settles;
 *   `+{code}0000000000` or `0000000000` fails.
 * - An off-ramp quote stands for a crypto deposit the sandbox never waits for: it settles only
 *   with `Successful` in the customer's name (or business name) and fails with `Failure` there
 *   or with a failure phone or account. A success phone or account alone leaves it pending, as
 *   the guide says of an off-ramp without `Successful`.
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
