/**
 * Types of the checkout state machine. Everything here is plain data (strings, numbers,
 * booleans, arrays, objects) so a state survives `JSON.stringify` into `sessionStorage` and back.
 */
import type { OrderStatus } from '../orders/lifecycle.js'
import type { AcceptQuoteRequest, QuoteSigning } from '../schemas/quote.js'
import type { CheckoutStep } from './flow.js'

// The steps are written once, in `flow.ts` (step → screen → stage).
export { CHECKOUT_STEPS, type CheckoutStep } from './flow.js'

/** `OnRamp` buys tokens with fiat; `OffRamp` sells tokens for fiat. */
export type CheckoutDirection = 'OnRamp' | 'OffRamp'

/**
 * A corridor: an African market (`country` and its local `currency`) or an international bank
 * currency (EUR/USD pay-in, selected by currency only, `country` null).
 */
export type CheckoutCorridor = {
  kind: 'african' | 'international'
  country: string | null
  currency: string
  countryName?: string
}

/**
 * A payment method (rail) of the corridor. `type` is the rail id (`mobile_money`, `bank`,
 * `BankSepa`...). `networkSource` says where its providers come from: the catalog's providers
 * (mobile money) or the banks listing (bank rails).
 */
export type CheckoutPaymentMethod = {
  type: string
  label: string
  quoteType: string
  networkSource: 'catalog' | 'banks'
}

/** A provider: its `id` is the quote's `payment_method.network_id`. Limits are in `currency`. */
export type CheckoutProvider = {
  id: string
  name: string
  code?: string
  minAmount?: number
  maxAmount?: number
  currency?: string
}

/** A token from the kit's token list: address, decimals (never assumed) and chain. */
export type CheckoutToken = {
  symbol: string
  label: string
  address: string
  decimals: number
  chainId: number
  chain?: string
  requiresZeroAllowanceReset: boolean
}

/** The customer and payout details typed on the details step, already validated. */
export type CheckoutDetails = {
  /** `customer.name`: first and last name. */
  name: string
  /** `customer.dob` as mm/dd/yyyy. */
  dob?: string
  /** E.164 phone number on mobile money rails. */
  phone?: string
  /**
   * `phone` grouped as its country writes it (`+254 712 345678`), for screens only: worked out
   * where the phone metadata is already loaded (the details step), so the confirm and status
   * screens show it without that metadata. Requests send `phone`.
   */
  phoneDisplay?: string
  /** Bank account number on bank rails. */
  accountNumber?: string
  /** Nigerian BVN (`customer.additional_id_number`). */
  bvn?: string
  /** EVM address: receives tokens on on-ramp, sends them on off-ramp. */
  walletAddress: string
}

/** A binding quote as the checkout keeps it. Amounts are human units. */
export type CheckoutQuote = {
  quoteId: string
  rate: number
  amountFiat: number
  amountCrypto: number
  currency: string
  token: string
  /** The crypto side's network (`BASE`), when the quote named it. */
  network?: string
  /** The fees in `currency`, as the service quoted them (its `*_fee_local` figures summed). */
  feeFiat?: number
  expiresAt: string
  /** Set when the service answered 410 or the clock passed `expiresAt`. */
  expired: boolean
  /**
   * Signed accepts: what the customer's enrolled wallet signs to accept (the quote's `signing`,
   * its `typed_data` exactly as the service sent it); absent otherwise.
   */
  signing?: QuoteSigning
  /**
   * The host's wallet when this quote was asked (`setWallet` of the controller), when the host
   * told one: the wallet that may approve and confirm it.
   */
  wallet?: string
}

/** The ERC-20 approval of an off-ramp: exact base units (decimal string) and its transactions. */
export type CheckoutApproval = {
  amount: string
  spender: string
  resetTxHash?: string
  txHash?: string
  confirmed: boolean
}

/**
 * The confirm of a quote. `key` is the idempotency key sent with the request; `state` is
 * `sending` from the moment the request may have left (a reload then must not send it again
 * blindly), `sent` once the service answered with an order.
 */
export type CheckoutConfirm = {
  key: string
  quoteId: string
  flow: 'quote' | 'direct'
  state: 'sending' | 'sent'
  sentAt: number
  /**
   * The accept's body (a wallet-signed accept's signature), kept with the idempotency key: a
   * resend after a reload must send the very same request.
   */
  acceptBody?: AcceptQuoteRequest
}

/**
 * An order status as the checkout keeps and shows it: the order lifecycle's `OrderStatus`, a
 * known word or one this version does not know, kept as the service said it (lower-case).
 */
export type CheckoutOrderStatus = OrderStatus

/**
 * What the user must do to pay, from the accepted order's `payment_instructions`: approve a
 * prompt on their phone (mobile money), pay into a bank account with a reference, or send
 * tokens to a deposit address. Every field is what the service sent; none is invented.
 */
export type CheckoutPaymentInstructions =
  | {
      kind: 'mobile_money'
      phone: string | null
      network: string | null
      amount: number | null
      currency: string | null
      reference: string | null
    }
  | {
      kind: 'bank'
      bankName: string | null
      accountName: string | null
      accountNumber: string | null
      iban: string | null
      bic: string | null
      amount: number | null
      currency: string | null
      reference: string | null
    }
  | {
      kind: 'crypto_deposit'
      address: string
      network: string | null
      token: string | null
      amount: number | null
    }

/** The order created by the confirm, as the kit reports it. */
export type CheckoutOrder = {
  id: string
  orderId: string | null
  txHash: string | null
  status: CheckoutOrderStatus
  settlementTxHash: string | null
  /** How to pay, when the accept gave instructions the user must follow. */
  paymentInstructions?: CheckoutPaymentInstructions | undefined
  /**
   * Why a failed order failed, when the service said (`failure_reason`, its words made plain and
   * bounded by `orderFailureReason`): text to show as text.
   */
  failureReason?: string | undefined
}

/** An error from the service shown on a step; `field` is the service's `data.field`. */
export type CheckoutError = {
  message: string
  status?: number
  code?: string
  field?: string
  /**
   * The limits a 422 on the amount named (`data.min_amount`, `data.max_amount` and the unit they
   * are in, `data.currency`: tokens on a sale's `crypto_amount`), so the amount step says them.
   */
  limits?: { min?: number; max?: number; currency?: string }
}

/**
 * The whole checkout. Serialisable: `serializeCheckout` / `parseCheckout` round-trip it through
 * `sessionStorage` so a reload resumes on the same step.
 */
export type CheckoutState = {
  version: 1
  step: CheckoutStep
  direction?: CheckoutDirection
  corridor?: CheckoutCorridor
  paymentMethod?: CheckoutPaymentMethod
  provider?: CheckoutProvider
  token?: CheckoutToken
  /** On-ramp: the fiat the user pays, whole units of the corridor's currency. */
  amountFiat?: number
  /** Off-ramp: the tokens the user sells, an exact decimal within the token's decimals. */
  amountCrypto?: string
  details?: CheckoutDetails
  quote?: CheckoutQuote
  approval?: CheckoutApproval
  confirm?: CheckoutConfirm
  order?: CheckoutOrder
  /** Every quote id a confirm was ever sent for: a quote is confirmed at most once. */
  confirmedQuoteIds: string[]
  /** Service errors pinned to a field (`customer.name`...), shown on the details step. */
  fieldErrors: Record<string, string>
  error?: CheckoutError
  /**
   * This checkout has an identity stage (the kit quotes by verified customer and the shopper's
   * was not verified when first asked): decided once, kept through a reload, so the counter
   * never changes its total mid-checkout.
   */
  identity?: boolean
}

/** Events the machine accepts. Anything a guard refuses leaves the state unchanged. */
export type CheckoutEvent =
  | { type: 'SELECT_DIRECTION'; direction: CheckoutDirection }
  | { type: 'SELECT_CORRIDOR'; corridor: CheckoutCorridor }
  | { type: 'SELECT_PAYMENT_METHOD'; paymentMethod: CheckoutPaymentMethod }
  | { type: 'SELECT_PROVIDER'; provider: CheckoutProvider }
  | { type: 'SELECT_TOKEN'; token: CheckoutToken }
  | { type: 'SET_AMOUNT'; amountFiat: number; amountCrypto?: undefined }
  | { type: 'SET_AMOUNT'; amountCrypto: string; amountFiat?: undefined }
  | { type: 'SUBMIT_DETAILS'; details: CheckoutDetails }
  | { type: 'QUOTE_RECEIVED'; quote: Omit<CheckoutQuote, 'expired'> }
  | { type: 'QUOTE_FAILED'; error: CheckoutError }
  | { type: 'QUOTE_EXPIRED' }
  | { type: 'REQUOTE' }
  | { type: 'QUOTE_REVIEWED'; now: number }
  | { type: 'APPROVAL_REQUIRED'; amount: string; spender: string }
  | { type: 'APPROVAL_SUBMITTED'; txHash: string; reset?: boolean }
  | { type: 'APPROVAL_CONFIRMED' }
  | { type: 'CONFIRM'; key: string; now: number; acceptBody?: AcceptQuoteRequest }
  | { type: 'CONFIRM_SUCCEEDED'; order: CheckoutOrder }
  | { type: 'CONFIRM_FAILED'; error: CheckoutError; outcome: 'refused' | 'unknown' }
  | { type: 'CONFIRM_RESEND' }
  | { type: 'ORDER_UPDATED'; order: Partial<CheckoutOrder> & { status: CheckoutOrderStatus } }
  | { type: 'GO_TO'; step: CheckoutStep }
  | { type: 'BACK' }
  | { type: 'RETRY'; step?: 'details' }
  | { type: 'RESET' }
  | { type: 'CLEAR_ERROR' }
  | { type: 'IDENTITY_REQUIRED' }

/** Why a guard refused an event. */
export type CheckoutGuardReason =
  | 'wrong_step'
  | 'missing_selection'
  | 'below_minimum'
  | 'above_maximum'
  | 'invalid_amount'
  | 'no_quote'
  | 'quote_expired'
  | 'already_confirmed'
  | 'approval_pending'
  | 'confirm_in_flight'
  | 'step_unreachable'

/** The answer of `canTransition`. */
export type CheckoutGuardResult = { ok: true } | { ok: false; reason: CheckoutGuardReason }
