import { canMoveOrderStatus } from '../orders/lifecycle.js'
import { checkoutSteps as flowSteps } from './flow.js'
import type {
  CheckoutDirection,
  CheckoutEvent,
  CheckoutGuardResult,
  CheckoutOrder,
  CheckoutQuote,
  CheckoutState,
  CheckoutStep,
} from './types.js'

/** What a checkout can start with: a partner may fix the direction up front. */
export type CreateCheckoutOptions = {
  direction?: CheckoutDirection
}

/**
 * A fresh checkout on its first step (or on the corridor step when the direction is given).
 *
 * @example
 * let state = createCheckout({ direction: 'OnRamp' })
 * state.step // 'corridor'
 */
export function createCheckout(options: CreateCheckoutOptions = {}): CheckoutState {
  const state: CheckoutState = {
    version: 1,
    step: 'direction',
    confirmedQuoteIds: [],
    fieldErrors: {},
  }
  if (options.direction !== undefined) {
    state.direction = options.direction
    state.step = 'corridor'
  }
  return state
}

/**
 * The steps a checkout in this direction walks through, in order. Off-ramp alone has `approve`:
 * the user grants the service's spender an ERC-20 allowance before the order is created.
 *
 * @example
 * checkoutSteps('OnRamp').includes('approve') // false
 */
export function checkoutSteps(direction: CheckoutDirection | undefined): CheckoutStep[] {
  return flowSteps(direction)
}

/**
 * How the order is made at confirm: both directions accept the binding quote (`quote`), so the
 * order carries exactly the quoted amounts; an off-ramp accepts once its allowance is in place,
 * and the service collects exactly the quoted tokens. A direct order (`direct`, POST /orders with
 * a fiat amount the service converts at its own rate) could not promise the quoted token amount;
 * the checkout no longer makes one, and `direct` is kept only so a confirm that was in flight in
 * an earlier version is still looked up after a reload, never sent again.
 */
export function checkoutFlow(_state: Pick<CheckoutState, 'direction'>): 'quote' | 'direct' {
  return 'quote'
}

/** A positive decimal of at most `decimals` places (a token amount); false without decimals. */
function isTokenAmount(amount: string, decimals: number | undefined): boolean {
  if (decimals === undefined) return false
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount)
  if (!match) return false
  if ((match[2] ?? '').length > decimals) return false
  return /[1-9]/.test(amount)
}

/** Whether a quote can no longer be confirmed at `now` (ms): the service said 410 or time passed. */
export function isQuoteExpired(quote: CheckoutQuote, now: number): boolean {
  if (quote.expired) return true
  const expiresAt = Date.parse(quote.expiresAt)
  return Number.isFinite(expiresAt) && expiresAt <= now
}

/** Milliseconds left on a quote at `now`, never negative; 0 once expired. */
export function quoteTimeLeft(quote: CheckoutQuote, now: number): number {
  if (quote.expired) return 0
  const expiresAt = Date.parse(quote.expiresAt)
  return Number.isFinite(expiresAt) ? Math.max(0, expiresAt - now) : 0
}

/** Whether every choice a step needs before it is in place, so the checkout may show it. */
export function canReachStep(state: CheckoutState, step: CheckoutStep): boolean {
  const steps = checkoutSteps(state.direction)
  if (!steps.includes(step)) return false
  const has: Record<CheckoutStep, boolean> = {
    direction: true,
    corridor: state.direction !== undefined,
    paymentMethod: state.corridor !== undefined,
    provider: state.paymentMethod !== undefined,
    token: state.provider !== undefined,
    amount: state.token !== undefined,
    details: state.amountFiat !== undefined || state.amountCrypto !== undefined,
    quote: state.details !== undefined,
    approve: state.quote !== undefined,
    confirm:
      state.quote !== undefined &&
      (state.direction !== 'OffRamp' || state.approval?.confirmed === true),
    status: state.order !== undefined,
  }
  for (const each of steps) {
    if (!has[each]) return false
    if (each === step) return true
  }
  return false
}

function nextOf(state: CheckoutState, step: CheckoutStep): CheckoutStep {
  const steps = checkoutSteps(state.direction)
  return steps[steps.indexOf(step) + 1] ?? step
}

function previousOf(state: CheckoutState, step: CheckoutStep): CheckoutStep {
  const steps = checkoutSteps(state.direction)
  return steps[steps.indexOf(step) - 1] ?? step
}

const deny = (reason: Exclude<CheckoutGuardResult, { ok: true }>['reason']) =>
  ({ ok: false, reason }) as const
const allow = { ok: true } as const

const SELECTION_STEP: Partial<Record<CheckoutEvent['type'], CheckoutStep>> = {
  SELECT_DIRECTION: 'direction',
  SELECT_CORRIDOR: 'corridor',
  SELECT_PAYMENT_METHOD: 'paymentMethod',
  SELECT_PROVIDER: 'provider',
  SELECT_TOKEN: 'token',
  SET_AMOUNT: 'amount',
  SUBMIT_DETAILS: 'details',
}

/**
 * The guards: whether `event` may fire in `state`, and why not. `transition` applies the same
 * rules, so a UI can disable a button with `canTransition` and the machine still refuses a click
 * that slipped through.
 *
 * @example
 * canTransition(state, { type: 'CONFIRM', key, now: Date.now() })
 * // { ok: false, reason: 'already_confirmed' } once that quote was confirmed
 */
export function canTransition(state: CheckoutState, event: CheckoutEvent): CheckoutGuardResult {
  const locked = state.confirm !== undefined
  const selectionStep = SELECTION_STEP[event.type]
  if (selectionStep !== undefined) {
    if (locked) return deny('confirm_in_flight')
    if (state.step !== selectionStep) return deny('wrong_step')
  }
  switch (event.type) {
    case 'SET_AMOUNT': {
      // An off-ramp sells tokens: an exact decimal the chosen token can hold.
      if (event.amountCrypto !== undefined) {
        if (state.direction !== 'OffRamp') return deny('invalid_amount')
        return isTokenAmount(event.amountCrypto, state.token?.decimals)
          ? allow
          : deny('invalid_amount')
      }
      // An on-ramp pays fiat: whole units (the quote's `local_amount`), within the provider's limits.
      const amount = event.amountFiat
      if (state.direction === 'OffRamp') return deny('invalid_amount')
      if (!Number.isSafeInteger(amount) || amount <= 0) return deny('invalid_amount')
      const provider = state.provider
      if (provider?.minAmount !== undefined && amount < provider.minAmount) {
        return deny('below_minimum')
      }
      if (provider?.maxAmount !== undefined && amount > provider.maxAmount) {
        return deny('above_maximum')
      }
      return allow
    }
    case 'SELECT_CORRIDOR':
    case 'SELECT_PAYMENT_METHOD':
    case 'SELECT_PROVIDER':
    case 'SELECT_TOKEN':
    case 'SELECT_DIRECTION':
    case 'SUBMIT_DETAILS':
      return allow
    case 'QUOTE_RECEIVED':
    case 'QUOTE_FAILED':
      if (locked) return deny('confirm_in_flight')
      return state.step === 'quote' ? allow : deny('wrong_step')
    case 'QUOTE_EXPIRED':
      if (state.quote === undefined) return deny('no_quote')
      return locked ? deny('confirm_in_flight') : allow
    case 'REQUOTE':
      if (locked) return deny('confirm_in_flight')
      if (!['quote', 'approve', 'confirm'].includes(state.step)) return deny('wrong_step')
      return allow
    case 'QUOTE_REVIEWED':
      if (state.step !== 'quote') return deny('wrong_step')
      if (state.quote === undefined) return deny('no_quote')
      if (isQuoteExpired(state.quote, event.now)) return deny('quote_expired')
      if (state.confirmedQuoteIds.includes(state.quote.quoteId)) return deny('already_confirmed')
      return allow
    case 'APPROVAL_REQUIRED':
    case 'APPROVAL_SUBMITTED':
    case 'APPROVAL_CONFIRMED':
      if (locked) return deny('confirm_in_flight')
      if (state.step !== 'approve') return deny('wrong_step')
      if (event.type === 'APPROVAL_SUBMITTED' && state.approval === undefined) {
        return deny('missing_selection')
      }
      return allow
    case 'CONFIRM': {
      if (locked) return deny('confirm_in_flight')
      if (state.step !== 'confirm') return deny('wrong_step')
      const quote = state.quote
      if (quote === undefined) return deny('no_quote')
      if (state.confirmedQuoteIds.includes(quote.quoteId)) return deny('already_confirmed')
      if (isQuoteExpired(quote, event.now)) return deny('quote_expired')
      if (state.direction === 'OffRamp' && state.approval?.confirmed !== true) {
        return deny('approval_pending')
      }
      return allow
    }
    case 'CONFIRM_SUCCEEDED':
    case 'CONFIRM_FAILED':
      return state.confirm?.state === 'sending' ? allow : deny('wrong_step')
    case 'CONFIRM_RESEND':
      // Only accepting a quote is idempotent upstream (409 returns the order): a direct order
      // creation whose outcome is unknown is never sent again, it could move money twice.
      if (state.confirm?.state !== 'sending') return deny('wrong_step')
      return state.confirm.flow === 'quote' ? allow : deny('already_confirmed')
    case 'ORDER_UPDATED':
      if (state.order === undefined) return deny('wrong_step')
      // The same status may bring news (a settlement hash); a new one must be a lifecycle move.
      return state.order.status === event.order.status ||
        canMoveOrderStatus(state.order.status, event.order.status)
        ? allow
        : deny('wrong_step')
    case 'GO_TO':
      if (locked) return deny('confirm_in_flight')
      if (!canReachStep(state, event.step)) return deny('step_unreachable')
      return allow
    case 'BACK':
      if (locked) return deny('confirm_in_flight')
      if (state.step === 'direction') return deny('wrong_step')
      return allow
    case 'RETRY':
      if (state.confirm?.state === 'sending') return deny('confirm_in_flight')
      if (state.step === 'status') {
        const status = state.order?.status
        return status === 'failed' || status === 'refunded' ? allow : deny('wrong_step')
      }
      return state.details !== undefined ? allow : deny('missing_selection')
    case 'RESET':
    case 'CLEAR_ERROR':
      return allow
    case 'IDENTITY_REQUIRED':
      return state.identity === true ? deny('wrong_step') : allow
  }
}

/**
 * The service's `data.field` names of the amount (the published quote's, the direct order's):
 * a 422 on one of them belongs to the amount step, where the amount is typed, not the details.
 */
export const AMOUNT_FIELDS: readonly string[] = [
  'local_amount',
  'crypto_amount',
  'fiat_amount',
  'amount',
  'fiat_payload.amount_fiat',
]

/** The step that asks for a field the service refused. */
function fieldStep(field: string): CheckoutStep {
  return AMOUNT_FIELDS.includes(field) ? 'amount' : 'details'
}

/** Drops everything a changed choice invalidates (downstream of the quote). */
function clearQuote(state: CheckoutState): CheckoutState {
  const { quote: _quote, approval: _approval, error: _error, ...rest } = state
  return { ...rest, fieldErrors: {} }
}

function mergeOrder(order: CheckoutOrder, update: Partial<CheckoutOrder>): CheckoutOrder {
  return {
    id: update.id ?? order.id,
    orderId: update.orderId ?? order.orderId,
    txHash: update.txHash ?? order.txHash,
    status: update.status ?? order.status,
    settlementTxHash: update.settlementTxHash ?? order.settlementTxHash,
    ...((update.paymentInstructions ?? order.paymentInstructions)
      ? { paymentInstructions: update.paymentInstructions ?? order.paymentInstructions }
      : {}),
    ...((update.failureReason ?? order.failureReason)
      ? { failureReason: update.failureReason ?? order.failureReason }
      : {}),
  }
}

/**
 * A refused quote: an expired one (410) is kept, marked expired; a field's refusal (422) goes
 * back to the step that asks for that field; anything else drops the quote and shows the error.
 */
function quoteFailed(
  state: CheckoutState,
  event: Extract<CheckoutEvent, { type: 'QUOTE_FAILED' }>,
): CheckoutState {
  const error = event.error
  if (error.status === 410 && state.quote !== undefined) {
    return { ...state, quote: { ...state.quote, expired: true }, error }
  }
  if (error.field !== undefined && error.status === 422) {
    const { quote: _quote, error: _error, ...rest } = state
    const step = fieldStep(error.field)
    return {
      ...rest,
      step,
      fieldErrors: { [error.field]: error.message },
      // The amount step names the limits the service gave with its refusal.
      ...(step === 'amount' && error.limits ? { error } : {}),
    }
  }
  const { quote: _quote, ...rest } = state
  return { ...rest, error }
}

/** The accept (or create) sent: its idempotency key, and the quote spent from now on. */
function confirmSending(
  state: CheckoutState,
  event: Extract<CheckoutEvent, { type: 'CONFIRM' }>,
): CheckoutState {
  const quote = state.quote!
  const { error: _error, ...rest } = state
  return {
    ...rest,
    confirm: {
      key: event.key,
      quoteId: quote.quoteId,
      flow: checkoutFlow(state),
      state: 'sending',
      sentAt: event.now,
      ...(event.acceptBody ? { acceptBody: event.acceptBody } : {}),
    },
    confirmedQuoteIds: [...state.confirmedQuoteIds, quote.quoteId],
  }
}

/**
 * A failed accept: an unknown outcome keeps everything (the resend decides); a refusal ends the
 * confirm, its quote spent, and goes back to a field's step or to a new quote.
 */
function confirmFailed(
  state: CheckoutState,
  event: Extract<CheckoutEvent, { type: 'CONFIRM_FAILED' }>,
): CheckoutState {
  const error = event.error
  if (event.outcome === 'unknown') return { ...state, error }
  // Refused: nothing was created, but this quote stays spent. A new quote is one click away.
  const { confirm: _confirm, ...rest } = state
  // A refused wallet signature (signed accepts) is the quote's to redo, not a detail's.
  if (
    error.status === 422 &&
    error.field !== undefined &&
    !error.field.startsWith('signed_accept')
  ) {
    const { quote: _quote, ...withoutQuote } = rest
    return {
      ...withoutQuote,
      step: fieldStep(error.field),
      fieldErrors: { [error.field]: error.message },
    }
  }
  const quote = rest.quote === undefined ? undefined : { ...rest.quote, expired: true }
  return { ...rest, ...(quote ? { quote } : {}), step: 'quote', error }
}

/**
 * The checkout's pure transition function: the next state for an event, or the same state
 * object when a guard refuses it (compare with `===` to know). No clock is read except where the
 * event carries one (`CONFIRM.now`), no I/O: the React hooks do the requests and report back
 * with `QUOTE_RECEIVED`, `CONFIRM_SUCCEEDED` and so on.
 *
 * @example
 * let state = createCheckout()
 * state = transition(state, { type: 'SELECT_DIRECTION', direction: 'OnRamp' })
 * state.step // 'corridor'
 */
export function transition(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  if (!canTransition(state, event).ok) return state
  switch (event.type) {
    case 'SELECT_DIRECTION': {
      const changed = state.direction !== event.direction
      const base = changed
        ? {
            ...createCheckout(),
            confirmedQuoteIds: state.confirmedQuoteIds,
            ...(state.identity ? { identity: true } : {}),
          }
        : clearQuote(state)
      return { ...base, direction: event.direction, step: 'corridor' }
    }
    case 'SELECT_CORRIDOR': {
      const same =
        state.corridor?.country === event.corridor.country &&
        state.corridor?.currency === event.corridor.currency
      const base = clearQuote(state)
      if (!same) {
        delete base.paymentMethod
        delete base.provider
        delete base.amountFiat
        delete base.amountCrypto
      }
      return { ...base, corridor: event.corridor, step: 'paymentMethod' }
    }
    case 'SELECT_PAYMENT_METHOD': {
      const base = clearQuote(state)
      if (state.paymentMethod?.type !== event.paymentMethod.type) delete base.provider
      return { ...base, paymentMethod: event.paymentMethod, step: 'provider' }
    }
    case 'SELECT_PROVIDER':
      return { ...clearQuote(state), provider: event.provider, step: 'token' }
    case 'SELECT_TOKEN': {
      const base = clearQuote(state)
      // A token amount belongs to its token (decimals differ): another token asks again.
      if (state.token?.address !== event.token.address) delete base.amountCrypto
      return { ...base, token: event.token, step: 'amount' }
    }
    case 'SET_AMOUNT': {
      const base = clearQuote(state)
      delete base.amountFiat
      delete base.amountCrypto
      return event.amountCrypto !== undefined
        ? { ...base, amountCrypto: event.amountCrypto, step: 'details' }
        : { ...base, amountFiat: event.amountFiat, step: 'details' }
    }
    case 'SUBMIT_DETAILS':
      return { ...clearQuote(state), details: event.details, step: 'quote' }
    case 'QUOTE_RECEIVED': {
      const { error: _error, ...rest } = state
      return { ...rest, quote: { ...event.quote, expired: false } }
    }
    case 'QUOTE_FAILED':
      return quoteFailed(state, event)
    case 'QUOTE_EXPIRED':
      return state.quote === undefined
        ? state
        : { ...state, quote: { ...state.quote, expired: true } }
    case 'REQUOTE': {
      const { quote: _quote, error: _error, ...rest } = state
      return { ...rest, step: 'quote' }
    }
    case 'QUOTE_REVIEWED':
      return { ...state, step: nextOf(state, 'quote') }
    case 'APPROVAL_REQUIRED':
      return {
        ...state,
        approval: { amount: event.amount, spender: event.spender, confirmed: false },
      }
    case 'APPROVAL_SUBMITTED': {
      const approval = state.approval!
      return {
        ...state,
        approval: event.reset
          ? { ...approval, resetTxHash: event.txHash }
          : { ...approval, txHash: event.txHash },
      }
    }
    case 'APPROVAL_CONFIRMED':
      return {
        ...state,
        approval: { amount: '0', spender: '', ...state.approval, confirmed: true },
        step: 'confirm',
      }
    case 'CONFIRM':
      return confirmSending(state, event)
    case 'CONFIRM_SUCCEEDED': {
      const { error: _error, ...rest } = state
      return {
        ...rest,
        confirm: { ...state.confirm!, state: 'sent' },
        order: event.order,
        step: 'status',
      }
    }
    case 'CONFIRM_FAILED':
      return confirmFailed(state, event)
    case 'CONFIRM_RESEND': {
      const { error: _error, ...rest } = state
      return rest
    }
    case 'ORDER_UPDATED':
      return { ...state, order: mergeOrder(state.order!, event.order), step: 'status' }
    case 'GO_TO': {
      const { error: _error, ...rest } = state
      return { ...rest, step: event.step }
    }
    case 'BACK': {
      const { error: _error, ...rest } = state
      return { ...rest, step: previousOf(state, state.step) }
    }
    case 'RETRY': {
      const {
        quote: _quote,
        approval: _approval,
        confirm: _confirm,
        order: _order,
        error: _error,
        ...rest
      } = state
      // A failed order's next step may change the details (`step: 'details'`), not only ask again.
      return { ...rest, fieldErrors: {}, step: event.step ?? 'quote' }
    }
    case 'RESET': {
      const fresh = createCheckout()
      return { ...fresh, confirmedQuoteIds: state.confirmedQuoteIds }
    }
    case 'IDENTITY_REQUIRED':
      return { ...state, identity: true }
    case 'CLEAR_ERROR': {
      const { error: _error, ...rest } = state
      return rest
    }
  }
}
