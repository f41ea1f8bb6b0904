import { normalizeOrderStatus } from '../orders/lifecycle.js'
import type { CreateOrderRequest } from '../schemas/orders.js'
import type { Quote, QuoteRequest } from '../schemas/quote.js'
import type {
  CheckoutOrder,
  CheckoutPaymentInstructions,
  CheckoutQuote,
  CheckoutState,
} from './types.js'

/**
 * The body of the binding quote (POST /quotes of the server kit, spec 4.6) for the choices of a
 * checkout, or `undefined` while a choice is missing. The rail's providers give
 * `payment_method.network_id`; the phone goes on mobile money rails, the account on bank rails.
 *
 * @example
 * const body = toQuoteRequest(state)
 * if (body) await quote.mutateAsync(body)
 */
export function toQuoteRequest(state: CheckoutState): QuoteRequest | undefined {
  const { direction, corridor, paymentMethod, provider, token, amountFiat, details } = state
  if (!direction || !corridor || !paymentMethod || !provider || !token || !details) return undefined
  if (amountFiat === undefined) return undefined
  const payment: QuoteRequest['payment_method'] = {
    type: paymentMethod.quoteType,
    network_id: provider.id,
  }
  if (details.phone) payment.phone_number = details.phone
  if (details.accountNumber) payment.account_number = details.accountNumber
  const customer: QuoteRequest['customer'] = { name: details.name }
  if (details.dob) customer.dob = details.dob
  if (details.bvn) customer.additional_id_number = details.bvn
  return {
    order_type: direction,
    ...(corridor.country ? { country: corridor.country } : {}),
    currency: corridor.currency,
    token: token.symbol,
    amount_fiat: amountFiat,
    wallet_address: details.walletAddress as `0x${string}`,
    payment_method: payment,
    customer,
  }
}

/**
 * The body of a direct order (POST /orders of the server kit, spec 4.16) for an off-ramp
 * checkout: the tokens come from `details.walletAddress` (which approved the spender), the fiat
 * goes to the phone (mobile money, `cashout_type: 'PHONE'`) or the bank account. `key` is the
 * confirm's idempotency key, sent as `client_ref` so the order can be found again.
 *
 * @example
 * const body = toCreateOrderRequest(state, state.confirm.key)
 */
export function toCreateOrderRequest(
  state: CheckoutState,
  key: string,
): CreateOrderRequest | undefined {
  const { direction, corridor, paymentMethod, provider, token, amountFiat, details, quote } = state
  if (!direction || !corridor || !paymentMethod || !provider || !token || !details) return undefined
  const amount = quote?.amountFiat ?? amountFiat
  if (amount === undefined) return undefined
  const fiat: CreateOrderRequest['fiat_payload'] = {
    amount_fiat: amount,
    currency: corridor.currency,
    client_ref: key,
    metadata: {
      network_id: provider.id,
      rail: paymentMethod.type,
      ...(quote ? { quote_id: quote.quoteId } : {}),
    },
  }
  if (details.phone) {
    fiat.cashout_type = 'PHONE'
    fiat.phone_number = details.phone
  }
  if (details.accountNumber) {
    fiat.account_number = details.accountNumber
    fiat.bank_code = provider.code ?? provider.id
  }
  return {
    user_address: details.walletAddress as `0x${string}`,
    token: token.address as `0x${string}`,
    order_type: direction === 'OffRamp' ? 1 : 0,
    fiat_payload: fiat,
  }
}

/**
 * The quote as the checkout keeps it, from the kit's answer to POST /quotes.
 *
 * The expiry is moved onto the browser's clock: the quote's time-to-live (`expires_at` minus
 * the service's `created_at`) counted from when the answer arrived. A phone whose clock is
 * minutes off, or a service clock that runs ahead, would otherwise show a quote as expired
 * while it is still good, or as good while the service already refuses it.
 */
export function fromQuote(
  quote: Quote,
  receivedAt: number = Date.now(),
): Omit<CheckoutQuote, 'expired'> {
  return {
    quoteId: quote.quote_id,
    rate: quote.rate,
    amountFiat: quote.amount_fiat,
    amountCrypto: quote.amount_crypto,
    currency: quote.currency,
    token: quote.token,
    ...(quote.fee_fiat === undefined ? {} : { feeFiat: quote.fee_fiat }),
    expiresAt: localExpiry(quote, receivedAt),
  }
}

function localExpiry(quote: Quote, receivedAt: number): string {
  const expiresAt = Date.parse(quote.expires_at)
  const createdAt = quote.created_at === undefined ? Number.NaN : Date.parse(quote.created_at)
  if (!Number.isFinite(expiresAt) || !Number.isFinite(createdAt) || expiresAt < createdAt) {
    return quote.expires_at
  }
  return new Date(receivedAt + (expiresAt - createdAt)).toISOString()
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

/**
 * The instructions an accept gave, in one shape the widget can show, or undefined when there
 * is nothing for the user to do (the allowance an off-ramp pulls is its own step). Reads the
 * service's published form (`type: 'momo'` with `source.accountNumber` and `networkName`) and
 * the sandbox's (`mobile_money` with `phone_number`; bank accounts with `account_number`,
 * `iban`, `bic`, `reference`; `crypto_deposit` with an `address`).
 */
export function paymentInstructionsOf(raw: unknown): CheckoutPaymentInstructions | undefined {
  const value = record(raw)
  const type = String(value.type ?? '').toLowerCase()
  const source = record(value.source)
  const amount = number(value.amount)
  const currency = text(value.currency)
  const reference = text(value.reference)
  if (type === 'momo' || type === 'mobile_money' || type === 'stk_push') {
    return {
      kind: 'mobile_money',
      phone: text(value.phone_number) ?? text(source.accountNumber),
      network: text(value.network) ?? text(source.networkName),
      amount,
      currency,
      reference,
    }
  }
  const address = text(value.address) ?? text(value.deposit_address)
  if (address !== null) {
    return {
      kind: 'crypto_deposit',
      address,
      network: text(value.network),
      token: text(value.token) ?? text(value.currency),
      amount,
    }
  }
  const accountNumber = text(value.account_number) ?? text(source.accountNumber)
  const iban = text(value.iban)
  if (accountNumber !== null || iban !== null) {
    return {
      kind: 'bank',
      bankName: text(value.bank_name) ?? text(source.bankName),
      accountName: text(value.account_name) ?? text(source.accountName),
      accountNumber,
      iban,
      bic: text(value.bic),
      amount,
      currency,
      reference,
    }
  }
  return undefined
}

/**
 * The order as the checkout keeps it, from a kit order (or any answer carrying `order_id` /
 * `tx_hash` and a status). The status is kept as the service said it, lower-case, known or not
 * (`pending_settlement`, or a word this version does not know: in progress, not final). An
 * answer with no status at all reads as `processing`, the state an accepted order starts in.
 */
export function fromKitOrder(order: Readonly<Record<string, unknown>>): CheckoutOrder {
  const orderId = typeof order.order_id === 'string' ? order.order_id : null
  const txHash = typeof order.tx_hash === 'string' ? order.tx_hash : null
  const instructions = paymentInstructionsOf(order.payment_instructions)
  return {
    id: typeof order.id === 'string' ? order.id : (orderId ?? txHash ?? ''),
    orderId,
    txHash,
    status: normalizeOrderStatus(order.status) ?? 'processing',
    settlementTxHash:
      typeof order.settlement_transaction_hash === 'string'
        ? order.settlement_transaction_hash
        : null,
    ...(instructions ? { paymentInstructions: instructions } : {}),
  }
}
