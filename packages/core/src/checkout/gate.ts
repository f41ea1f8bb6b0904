import type { KitCustomer } from '../kit/schemas.js'
import { isCustomerVerified } from '../kit/status.js'
import type { CheckoutState } from './types.js'

/** What the checkout shows at the identity gate: its own step, a wait, or the identity step. */
export type IdentityGate = 'pass' | 'loading' | 'identity'

/** What the controller knows of the shopper's customer: not asked, asked, read, or unreadable. */
export type CustomerRead =
  | { status: 'unknown' }
  | { status: 'loading' }
  | { status: 'read'; customer: KitCustomer }
  | { status: 'error' }

/** Whether the kit refused a quote for want of a verified customer (`data.field` customer_id). */
export function needsVerifiedCustomer(
  state: Pick<CheckoutState, 'error' | 'fieldErrors'>,
): boolean {
  return state.error?.field === 'customer_id' || 'customer_id' in state.fieldErrors
}

/**
 * The one gate of the identity step, before the quote: a kit that quotes by `customer_id`
 * (its config says `customer_mode: 'vault'`, or a quote came back refused on `customer_id`)
 * needs the shopper's customer verified first; a verified shopper passes, one who is not is
 * shown the identity step. An order in hand or on its way is past the gate.
 *
 * @example
 * identityGate(state, { vault: true, customer: { status: 'read', customer } }) // 'identity'
 */
export function identityGate(
  state: CheckoutState,
  known: { vault: boolean | undefined; customer: CustomerRead },
): IdentityGate {
  const refused = needsVerifiedCustomer(state)
  const atGate = state.step === 'quote' || (state.step === 'details' && refused)
  if (!atGate || state.quote !== undefined || state.confirm !== undefined) return 'pass'
  const vault = known.vault === true || refused
  if (!vault) return known.vault === undefined ? 'loading' : 'pass'
  const { customer } = known
  if (customer.status === 'error') return 'pass'
  if (customer.status !== 'read') return 'loading'
  return isCustomerVerified(customer.customer.status) ? 'pass' : 'identity'
}
