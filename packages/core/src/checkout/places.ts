import { CHECKOUT_STAGES, type CheckoutStage } from './flow.js'
import { canReachStep } from './machine.js'
import { screenEntry } from './screens.js'
import type { CheckoutState, CheckoutStep } from './types.js'

/** Where a place sits among the others: the order of the stages. */
export function placeOrder(place: CheckoutStage): number {
  return CHECKOUT_STAGES.indexOf(place)
}

/**
 * The step a move to `place` (a Back, a Forward, the header's Back) lands on, or `undefined`
 * when it cannot be shown: its choices are missing, or a confirm was sent. The identity place
 * of a shopper verified since is the details: the gate is behind them.
 */
export function placeEntry(
  state: CheckoutState,
  place: CheckoutStage,
  verified: boolean,
): CheckoutStep | undefined {
  if (state.confirm !== undefined) return place === 'status' ? 'status' : undefined
  switch (place) {
    case 'choose':
    case 'amount':
      return screenEntry(state, place)
    case 'details':
      return canReachStep(state, 'details') ? 'details' : undefined
    case 'identity':
      return placeEntry(state, verified ? 'details' : 'review', verified)
    case 'review':
      return canReachStep(state, 'quote') ? 'quote' : undefined
    case 'status':
      return canReachStep(state, 'status') ? 'status' : undefined
  }
}

/** The place before `place` among the counted ones (the identity place only when it was had). */
export function placeBefore(place: CheckoutStage, identity: boolean): CheckoutStage | undefined {
  const places = CHECKOUT_STAGES.filter(
    (each) => each !== 'status' && (each !== 'identity' || identity),
  )
  return places[places.indexOf(place) - 1]
}
