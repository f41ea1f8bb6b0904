import type { CheckoutStage } from '@rampkit/core/checkout'
import type { MessageKey } from '../messages/index.js'

export type { CheckoutProgress, CheckoutStage } from '@rampkit/core/checkout'

/**
 * The title of each stage. Where the shopper is, and the "Step n of N" counter, are the checkout
 * controller's (`view.progress`, from core's one list of step → screen → stage): this only names
 * them.
 */
export const STAGE_TITLES: Record<CheckoutStage, MessageKey> = {
  choose: 'screen.choose',
  amount: 'screen.amount',
  details: 'step.details',
  identity: 'step.identity',
  review: 'screen.review',
  status: 'screen.status',
}
