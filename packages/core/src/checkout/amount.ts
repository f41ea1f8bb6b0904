import { canTransition } from './machine.js'
import type { CheckoutEvent, CheckoutState } from './types.js'

/** Why a typed amount cannot be taken: empty, not an amount, or outside the limits. */
export type AmountProblem = 'required' | 'invalid_amount' | 'below_minimum' | 'above_maximum'

/**
 * The amount as typed and what is wrong with it, always of this very value: an error never
 * outlives the value it was about.
 */
export type AmountInput = {
  value: string
  error: AmountProblem | undefined
  /** The provider's limits in its currency, for the message of a limit error. */
  limits: { min?: number; max?: number; currency?: string } | undefined
}

/**
 * The event a typed amount makes, in the machine's words: a sale's tokens as an exact decimal
 * string, a purchase's whole fiat units. `value` is canonical (digits and one `.`): a UI reads
 * its locale's separators before handing it here.
 */
export function amountEvent(state: CheckoutState, value: string): CheckoutEvent {
  const text = value.trim()
  if (state.direction === 'OffRamp') return { type: 'SET_AMOUNT', amountCrypto: text }
  return { type: 'SET_AMOUNT', amountFiat: /^\d+$/.test(text) ? Number(text) : Number.NaN }
}

/**
 * Reads a typed amount against the checkout's rules (the machine's own guard, so the check
 * and the move never disagree).
 *
 * @example
 * readAmountInput(stateWithMpesa, '300000').error // 'above_maximum'
 * readAmountInput(stateWithMpesa, 'abc').error // 'invalid_amount'
 */
export function readAmountInput(state: CheckoutState, value: string): AmountInput {
  const { provider } = state
  const limits =
    provider && state.direction !== 'OffRamp'
      ? {
          ...(provider.minAmount === undefined ? {} : { min: provider.minAmount }),
          ...(provider.maxAmount === undefined ? {} : { max: provider.maxAmount }),
          ...(provider.currency ? { currency: provider.currency } : {}),
        }
      : undefined
  if (value.trim() === '') return { value, error: 'required', limits }
  // The guard is asked as if on the amount step: the answer is about the value, not the place.
  const guard = canTransition({ ...state, step: 'amount' }, amountEvent(state, value))
  if (guard.ok) return { value, error: undefined, limits }
  const error =
    guard.reason === 'below_minimum' || guard.reason === 'above_maximum'
      ? guard.reason
      : 'invalid_amount'
  return { value, error, limits }
}
