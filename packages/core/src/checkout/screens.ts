import { CHECKOUT_SCREENS, type CheckoutScreen, screenOf, stepsOfScreen } from './flow.js'
import { canReachStep } from './machine.js'
import type { CheckoutState, CheckoutStep } from './types.js'

export { CHECKOUT_SCREENS, type CheckoutScreen, screenOf }

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
  const reachable = stepsOfScreen(screen).filter((step) => canReachStep(state, step))
  return reachable.at(-1)
}
