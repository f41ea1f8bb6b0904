/**
 * The checkout's one list of where a shopper can be: each machine step, in order, with the
 * screen that shows it and the stage the "Step n of N" counter counts. Everything else (the
 * steps of a direction, the screens' steps, the stages) is read from it, so a step is written
 * out once: a step left out here does not exist, and an entry without a screen or stage does
 * not compile.
 */

/** The screens a checkout shows, in order: choose, amount, review (and pay), status. */
export const CHECKOUT_SCREENS = ['choose', 'amount', 'review', 'status'] as const
/** A checkout screen: `choose`, `amount`, `review` or `status`. */
export type CheckoutScreen = (typeof CHECKOUT_SCREENS)[number]

/**
 * The stages the counter counts, in order. `identity` is the gate before the quote (a kit that
 * quotes by verified customer): a stage of its own, but no machine step. `status` follows the
 * counted stages and is not counted.
 */
export const CHECKOUT_STAGES = [
  'choose',
  'amount',
  'details',
  'identity',
  'review',
  'status',
] as const
/**
 * One stage of the checkout as the shopper counts it ("Step 2 of 5"): a name of
 * `CHECKOUT_STAGES`. A UI titles its screens by it and the browser history keeps one entry each.
 *
 * @example
 * const title: Record<CheckoutStage, string> = { choose: 'Choose', amount: 'Amount', ... }
 */
export type CheckoutStage = (typeof CHECKOUT_STAGES)[number]

type FlowEntry = {
  screen: CheckoutScreen
  stage: Exclude<CheckoutStage, 'identity'>
  /** The one direction that visits this step; both when absent. */
  only?: 'OnRamp' | 'OffRamp'
}

/**
 * Step → screen → stage, in the order a shopper walks them.
 *
 * @example
 * CHECKOUT_FLOW.approve // { screen: 'review', stage: 'review', only: 'OffRamp' }
 */
export const CHECKOUT_FLOW = {
  direction: { screen: 'choose', stage: 'choose' },
  corridor: { screen: 'choose', stage: 'choose' },
  paymentMethod: { screen: 'choose', stage: 'choose' },
  provider: { screen: 'choose', stage: 'choose' },
  token: { screen: 'choose', stage: 'choose' },
  amount: { screen: 'amount', stage: 'amount' },
  details: { screen: 'review', stage: 'details' },
  quote: { screen: 'review', stage: 'review' },
  approve: { screen: 'review', stage: 'review', only: 'OffRamp' },
  confirm: { screen: 'review', stage: 'review' },
  status: { screen: 'status', stage: 'status' },
} as const satisfies Record<string, FlowEntry>

/** A step of the machine: a key of `CHECKOUT_FLOW`. */
export type CheckoutStep = keyof typeof CHECKOUT_FLOW

/** The steps of a checkout, in order (`approve` is visited on off-ramp only). */
export const CHECKOUT_STEPS = Object.keys(CHECKOUT_FLOW) as readonly CheckoutStep[]

/**
 * The screen that shows a step.
 *
 * @example
 * screenOf('provider') // 'choose'
 */
export function screenOf(step: CheckoutStep): CheckoutScreen {
  return (CHECKOUT_FLOW[step] as FlowEntry | undefined)?.screen ?? 'choose'
}

/** The steps a screen shows, in order. */
export function stepsOfScreen(screen: CheckoutScreen): CheckoutStep[] {
  return CHECKOUT_STEPS.filter((step) => CHECKOUT_FLOW[step].screen === screen)
}

/**
 * The steps a checkout in this direction walks through, in order.
 *
 * @example
 * checkoutSteps('OnRamp').includes('approve') // false
 */
export function checkoutSteps(direction: 'OnRamp' | 'OffRamp' | undefined): CheckoutStep[] {
  return CHECKOUT_STEPS.filter((step) => {
    const only = (CHECKOUT_FLOW[step] as FlowEntry).only
    return only === undefined || only === direction
  })
}

/** Where a checkout is: its stage, and its place among the counted stages. */
export type CheckoutProgress = {
  stage: CheckoutStage
  /** 1-based; undefined on the status, which follows the counted stages. */
  current: number | undefined
  total: number
}

/**
 * The counter of a checkout: its stages are the list's, the identity stage counted when this
 * checkout has one (`identity` true: decided once and kept with the checkout, so a reload or a
 * customer verified meanwhile does not change "Step 5 of 5" into "Step 4 of 4").
 *
 * @example
 * progressOf('quote', { identity: true }) // { stage: 'review', current: 5, total: 5 }
 */
export function progressOf(
  step: CheckoutStep,
  options: { identity: boolean; gated?: boolean },
): CheckoutProgress {
  const stage: CheckoutStage = options.gated ? 'identity' : CHECKOUT_FLOW[step].stage
  const counted = CHECKOUT_STAGES.filter(
    (each) => each !== 'status' && (each !== 'identity' || options.identity || options.gated),
  )
  const index = counted.indexOf(stage)
  return { stage, current: index >= 0 ? index + 1 : undefined, total: counted.length }
}
