import { canReachStep } from './machine.js'
import type { CheckoutState, CheckoutStep } from './types.js'

/**
 * The screens a checkout shows, in order. The machine keeps its fine-grained steps (so a stored
 * checkout of any version resumes where it was); a screen groups them:
 * - `choose`: direction, corridor, payment method, provider and token, on one screen;
 * - `amount`: how much, with the estimate, the limits, the fee and the total;
 * - `review`: the details still missing, the binding quote, the off-ramp's approval, the confirm;
 * - `status`: the order, live.
 */
export const CHECKOUT_SCREENS = ['choose', 'amount', 'review', 'status'] as const
export type CheckoutScreen = (typeof CHECKOUT_SCREENS)[number]

const SCREEN_STEPS: Record<CheckoutScreen, readonly CheckoutStep[]> = {
  choose: ['direction', 'corridor', 'paymentMethod', 'provider', 'token'],
  amount: ['amount'],
  review: ['details', 'quote', 'approve', 'confirm'],
  status: ['status'],
}

/**
 * The screen that shows a step.
 *
 * @example
 * screenOf('provider') // 'choose'
 * screenOf('approve') // 'review'
 */
export function screenOf(step: CheckoutStep): CheckoutScreen {
  for (const screen of CHECKOUT_SCREENS) {
    if (SCREEN_STEPS[screen].includes(step)) return screen
  }
  return 'choose'
}

/**
 * The step a move to `screen` lands on: the furthest step of that screen the checkout's choices
 * reach, so nothing chosen is asked again. `undefined` when the screen cannot be shown: its
 * choices are missing, or a confirm was sent (nothing before it can be changed any more). The
 * current screen answers the current step.
 *
 * @example
 * screenEntry(stateOnReview, 'amount') // 'amount'
 * screenEntry(stateAfterConfirm, 'amount') // undefined
 */
export function screenEntry(
  state: CheckoutState,
  screen: CheckoutScreen,
): CheckoutStep | undefined {
  if (screenOf(state.step) === screen) return state.step
  if (state.confirm !== undefined) return undefined
  const reachable = SCREEN_STEPS[screen].filter((step) => canReachStep(state, step))
  return reachable.at(-1)
}
