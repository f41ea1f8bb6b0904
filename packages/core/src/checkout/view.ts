import type { AmountInput } from './amount.js'
import type { CheckoutDrafts } from './drafts.js'
import { type CheckoutProgress, type CheckoutScreen, progressOf, screenOf } from './flow.js'
import type { IdentityGate } from './gate.js'
import type { OrderConnection } from './live.js'
import type { CheckoutState, CheckoutStep } from './types.js'
import type { CheckoutWallet } from './wallet.js'

/** The quote as a UI shows it now: whole seconds left, and whether it can still be confirmed. */
export type CheckoutQuoteView = {
  secondsLeft: number
  expired: boolean
  /** A confirm was sent for it: a new quote is needed for another. */
  spent: boolean
}

/**
 * What a UI renders, worked out by the controller: where the shopper is (step, screen, stage,
 * counter, identity gate), the typed amount with its error, the quote's time left, the live
 * order's connection, the wallet against the one that quoted, and the drafts typed so far.
 */
export type CheckoutView = {
  step: CheckoutStep
  screen: CheckoutScreen
  progress: CheckoutProgress
  gate: IdentityGate
  /** The header's Back may move (nothing before a sent confirm can be changed). */
  canGoBack: boolean
  amount: AmountInput | undefined
  quote: CheckoutQuoteView | undefined
  connection: OrderConnection
  wallet: CheckoutWallet
  drafts: CheckoutDrafts
}

/** The parts of a view that are not in the state. */
export type CheckoutViewParts = Omit<
  CheckoutView,
  'step' | 'screen' | 'progress' | 'canGoBack' | 'quote'
> & { secondsLeft: number | undefined }

/**
 * The view of a checkout state and what the controller knows beside it.
 *
 * @example
 * checkoutView(state, parts).progress // { stage: 'review', current: 4, total: 4 }
 */
export function checkoutView(state: CheckoutState, parts: CheckoutViewParts): CheckoutView {
  const { secondsLeft, ...rest } = parts
  const gated = parts.gate === 'identity' && screenOf(state.step) === 'review'
  const progress = progressOf(state.step, { identity: state.identity === true, gated })
  const quote = state.quote
  return {
    ...rest,
    step: state.step,
    screen: screenOf(state.step),
    progress,
    canGoBack:
      state.confirm === undefined && progress.stage !== 'choose' && progress.stage !== 'status',
    quote:
      quote === undefined
        ? undefined
        : {
            secondsLeft: quote.expired ? 0 : (secondsLeft ?? 0),
            expired: quote.expired,
            spent: state.confirmedQuoteIds.includes(quote.quoteId),
          },
  }
}
