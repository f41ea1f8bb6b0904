import { orderFailureReason } from '../orders/failureReason.js'
import { normalizeOrderStatus } from '../orders/lifecycle.js'
import type { CreateOrderRequest } from '../schemas/orders.js'
import type { Quote, QuoteAsset, QuoteRequest } from '../schemas/quote.js'
import { fromBaseUnits, toBaseUnits } from '../units/units.js'
import { BVN_ID_TYPE } from '../validation/bvn.js'
import type {
  CheckoutOrder,
  CheckoutPaymentInstructions,
  CheckoutQuote,
  CheckoutState,
  CheckoutToken,
} from './types.js'

/**
 * The service's network names (a quote's `asset.network`) and the chain id of each, for the
 * EVM chains its stablecoins live on.
 */
export const SERVICE_NETWORKS: Readonly<Record<string, number>> = {
  ETHEREUM: 1,
  OPTIMISM: 10,
  BSC: 56,
  POLYGON: 137,
  BASE: 8453,
  ARBITRUM: 42161,
  AVALANCHE: 43114,
  SCROLL: 534352,
  LISK: 1135,
}

const NETWORK_BY_CHAIN_ID: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(SERVICE_NETWORKS).map(([name, chainId]) => [chainId, name]),
)

/**
 * The quote's `asset` for a token of the token list: its contract address, its symbol, and the
 * network in the service's words. The network is the label's prefix (`BASE_USDC(Testnet)` is on
 * `BASE`), else the chain id's known name, else the token's chain name in capitals.
 *
 * @example
 * quoteAssetOf({ symbol: 'USDT', label: 'POLYGON_USDT', address: '0xc213…', chainId: 137 })
 * // { token: '0xc213…', currency: 'USDT', network: 'POLYGON' }
 */
export function quoteAssetOf(
  token: Pick<CheckoutToken, 'symbol' | 'label' | 'address' | 'chainId' | 'chain'>,
): QuoteAsset {
  const prefix = /^([A-Za-z]+)_/.exec(token.label)?.[1]
  const network =
    prefix?.toUpperCase() ??
    NETWORK_BY_CHAIN_ID[token.chainId] ??
    (token.chain ? token.chain.trim().toUpperCase().replace(/\s+/g, '_') : String(token.chainId))
  return { token: token.address, currency: token.symbol, network }
}

/**
 * The body of the binding quote (POST /quotes of the server kit, spec 4.6, in the service's
 * published form) for the choices of a checkout, or `undefined` while a choice is missing.
 * - amount: an on-ramp's `local_amount` (what the user pays), an off-ramp's `crypto_amount`
 *   (what they send);
 * - `asset` from the chosen token, `payment_method.network_id` from the provider, the phone on
 *   mobile money, the account on bank rails;
 * - the user's wallet as `wallet_address` (on-ramp, where tokens go) or `refund_address`
 *   (off-ramp, where they go back if the payout fails);
 * - the customer inline (`name`, `dob`, a BVN as `additional_id_type: 'bvn'` with
 *   `additional_id_number`, the phone on mobile money).
 *
 * @example
 * const body = toQuoteRequest(state)
 * if (body) await quote.mutateAsync(body)
 */
export function toQuoteRequest(state: CheckoutState): QuoteRequest | undefined {
  const { direction, corridor, paymentMethod, provider, token, details } = state
  if (!direction || !corridor || !paymentMethod || !provider || !token || !details) return undefined
  const amount =
    direction === 'OffRamp'
      ? state.amountCrypto === undefined
        ? undefined
        : { crypto_amount: Number(state.amountCrypto) }
      : state.amountFiat === undefined
        ? undefined
        : { local_amount: state.amountFiat }
  if (amount === undefined) return undefined
  const payment: QuoteRequest['payment_method'] = {
    type: paymentMethod.quoteType,
    network_id: provider.id,
  }
  if (details.phone) payment.phone_number = details.phone
  if (details.accountNumber) payment.account_number = details.accountNumber
  const customer: NonNullable<QuoteRequest['customer']> = { type: 'user', name: details.name }
  if (corridor.country) customer.country = corridor.country
  if (details.phone) customer.phone = details.phone
  if (details.dob) customer.dob = details.dob
  if (details.bvn) {
    // As the published Nigerian quotes send it: the number and its type.
    customer.additional_id_type = BVN_ID_TYPE
    customer.additional_id_number = details.bvn
  }
  const wallet = details.walletAddress as `0x${string}`
  return {
    order_type: direction,
    ...(corridor.country ? { country: corridor.country } : {}),
    currency: corridor.currency,
    ...amount,
    asset: quoteAssetOf(token),
    payment_method: payment,
    customer,
    ...(direction === 'OffRamp' ? { refund_address: wallet } : { wallet_address: wallet }),
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

/** A quote's two sides in the checkout's words: fiat and crypto, whichever the user pays. */
export type QuoteSides = {
  rate: number
  fiat: { amount: number; currency: string }
  crypto: { amount: number; currency: string; network: string | null }
  /** The fees in the fiat currency, summed over the kinds the quote names; null when none. */
  feeLocal: number | null
}

/**
 * Reads a quote's `amounts` as fiat and crypto: an on-ramp user pays fiat and receives tokens,
 * an off-ramp user the other way. Every figure is the service's own, never recomputed; the fee
 * is the sum of the `*_fee_local` figures it sent (exact to the currency's cents).
 *
 * @example
 * const { fiat, crypto, feeLocal } = quoteSides(quote)
 * // fiat: { amount: 800, currency: 'KES' }, crypto: { amount: 5.94999132, currency: 'USDC', network: 'BASE' }
 */
export function quoteSides(quote: Pick<Quote, 'order_type' | 'amounts'>): QuoteSides {
  const { amounts } = quote
  const [fiat, crypto] =
    quote.order_type === 'OffRamp'
      ? [amounts.user_receives, amounts.user_pays]
      : [amounts.user_pays, amounts.user_receives]
  const fees = amounts.fees ?? {}
  const local = Object.entries(fees)
    .filter(([name, value]) => name.endsWith('_fee_local') && typeof value === 'number')
    .map(([, value]) => value as number)
  return {
    rate: amounts.rate,
    fiat: { amount: fiat.amount, currency: fiat.currency },
    crypto: { amount: crypto.amount, currency: crypto.currency, network: crypto.network ?? null },
    feeLocal: local.length === 0 ? null : sumExact(local),
  }
}

// Summed as decimals, so 0.1 + 0.2 is 0.3 rather than 0.30000000000000004. A figure with more
// than 18 decimals (or a negative rebate) is summed as a plain number instead of throwing.
function sumExact(values: readonly number[]): number {
  try {
    return Number(
      fromBaseUnits(
        values.reduce((sum, v) => sum + toBaseUnits(v, 18), 0n),
        18,
      ),
    )
  } catch {
    return values.reduce((sum, v) => sum + v, 0)
  }
}

/**
 * The quote as the checkout keeps it, from the kit's answer to POST /quotes: the service's own
 * figures from `amounts` (`quoteSides`), the fiat side and the crypto side whichever way the
 * order goes, and the local fees summed.
 *
 * The expiry is moved onto the browser's clock: the quote's time-to-live (`expires_at` minus
 * the service's `created_at`) counted from `receivedAt`. A phone whose clock is minutes off, or
 * a service clock that runs ahead, would otherwise show a quote as expired while it is still
 * good, or as good while the service already refuses it. The checkout controller counts from
 * before its request left (less a second's margin), so the quote it shows as good is good
 * upstream: the service's own count started later.
 */
export function fromQuote(
  quote: Quote,
  receivedAt: number = Date.now(),
): Omit<CheckoutQuote, 'expired'> {
  const { rate, fiat, crypto, feeLocal } = quoteSides(quote)
  return {
    quoteId: quote.quote_id,
    rate,
    amountFiat: fiat.amount,
    amountCrypto: crypto.amount,
    currency: fiat.currency,
    token: crypto.currency,
    ...(crypto.network === null ? {} : { network: crypto.network }),
    ...(feeLocal === null ? {} : { feeFiat: feeLocal }),
    expiresAt: localExpiry(quote, receivedAt),
    ...(quote.signing ? { signing: quote.signing } : {}),
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
  const failureReason = orderFailureReason(order.failure_reason)
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
    ...(failureReason ? { failureReason } : {}),
  }
}
