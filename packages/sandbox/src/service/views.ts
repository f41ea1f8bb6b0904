import { isoMicros, isoMillis, isoOffset } from '../clock/index.js'
import { isFinalOrderStatus } from '../core.js'
import type {
  Account,
  Customer,
  CustomerDocument,
  Order,
  OrderStatus,
  Quote,
  SigningKey,
} from '../state/store.js'
import { missingOf } from './kyc.js'

/**
 * The wire shapes of the sandbox's resources, one function per shape. Routes and webhooks use
 * these only, so a list item, a webhook body and a backup GET cannot disagree on a field.
 */

/**
 * Upper-case list status of GET /orders/me (spec 2.5): PENDING until a final state of core's
 * order lifecycle.
 */
export function listStatus(status: OrderStatus): string {
  return filterStatus(status).toUpperCase()
}

/** The list filter value (`pending`, `settled`, ...) an order answers to. */
export function filterStatus(status: OrderStatus): string {
  return isFinalOrderStatus(status) ? status : 'pending'
}

/**
 * 2.6: an order as a webhook carries it (lower-case status, microsecond timestamps). A failed
 * order says why in `failure_reason`, here and in the backup GET: no published document names
 * the field; rampkit reads this name, loosely (core's `orderFailureReason`).
 */
export function webhookOrderView(order: Order) {
  return {
    order_id: order.id,
    status: order.status,
    amount_fiat: order.amountFiat,
    currency: order.currency,
    amount_crypto: order.amountCrypto,
    exchange_rate: order.rate,
    order_type: order.orderType,
    token: order.tokenLabel,
    wallet_address: order.walletAddress,
    ...(order.phoneNumber ? { phone_number: order.phoneNumber } : {}),
    ...(order.creationTxHash ? { creation_transaction_hash: order.creationTxHash } : {}),
    settlement_transaction_hash: order.settlementTxHash,
    ...(order.failureReason ? { failure_reason: order.failureReason } : {}),
    created_at: isoMicros(order.createdAt),
    updated_at: isoMicros(order.updatedAt),
  }
}

/** 4.8 (assumed shape): the backup poll of an order, the webhook body plus ids of its origin. */
export function partnerOrderView(order: Order) {
  return {
    ...webhookOrderView(order),
    ...(order.quoteId ? { quote_id: order.quoteId } : {}),
    creation_transaction_hash: order.creationTxHash,
    ...(order.refundTxHash ? { refund_transaction_hash: order.refundTxHash } : {}),
  }
}

/** 2.5: an order as GET /orders/me lists it (upper-case status, millisecond timestamps). */
export function listItemView(order: Order) {
  return {
    order_id: order.id,
    status: listStatus(order.status),
    amount_crypto: order.amountCrypto,
    amount_fiat: order.amountFiat,
    currency: order.currency,
    exchange_rate: order.rate,
    token: order.tokenLabel,
    ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
    ...(order.phoneNumber ? { phone_number: order.phoneNumber } : {}),
    creation_transaction_hash: order.creationTxHash ?? '',
    ...(order.settlementTxHash ? { settlement_transaction_hash: order.settlementTxHash } : {}),
    order_type: order.orderType,
    wallet_address: order.walletAddress,
    created_at: isoMillis(order.createdAt),
    updated_at: isoMillis(order.updatedAt),
  }
}

/** 2.4: the create response. */
export function createdOrderView(order: Order) {
  return {
    tx_hash: order.creationTxHash,
    status: order.status,
    rate_used: order.rate,
    amount_sent: order.amountCrypto,
    fiat_paid: order.amountFiat,
    order_id: order.id,
  }
}

/** 4.19 (assumed shape): GET /orders/tx/{tx_hash}. */
export function txOrderView(order: Order) {
  return {
    tx_hash: order.creationTxHash,
    order_id: order.id,
    status: order.status,
    order_type: order.orderType,
    rate_used: order.rate,
    amount_sent: order.amountCrypto,
    fiat_paid: order.amountFiat,
    currency: order.currency,
    token: order.tokenLabel,
    wallet_address: order.walletAddress,
    settlement_transaction_hash: order.settlementTxHash,
    created_at: isoMillis(order.createdAt),
    updated_at: isoMillis(order.updatedAt),
  }
}

/**
 * 4.6: the binding quote in the service's published form (its OpenAPI answer and quote guide):
 * `quote_id`, `status: process`, `rail`, `route`, `expires_at`, the prices under `amounts`
 * (the rate in fiat per token; what the user pays and receives, the token side with its
 * network; the service fee in fiat and USD, other fee kinds 0), `instructions` (everything to
 * do comes with the accept) and `audit`. `created_at` is sent too, so a client counts the
 * time-to-live on its own clock.
 */
export function quoteView(quote: Quote) {
  const onRamp = quote.orderType === 'OnRamp'
  const rail = serviceRail(quote)
  const direction = onRamp ? 'payin' : 'payout'
  const fiat = { amount: quote.amountFiat, currency: quote.currency }
  const crypto = { amount: quote.amountCrypto, currency: quote.token, network: quote.network }
  return {
    quote_id: quote.id,
    rail,
    status: 'process',
    order_type: quote.orderType,
    route: {
      family: 'ramp_provider',
      rail,
      direction,
      mode: 'auto',
      reason: `Auto-routed for ${[quote.country, quote.currency, quote.orderType].filter(Boolean).join(' ')}.`,
    },
    expires_at: isoMillis(quote.expiresAt),
    created_at: isoMillis(quote.createdAt),
    amounts: {
      rate: quote.rate,
      rate_currency: quote.currency,
      user_pays: onRamp ? fiat : crypto,
      user_receives: onRamp ? crypto : fiat,
      fees: {
        network_fee_usd: 0,
        network_fee_local: 0,
        service_fee_usd: quote.feeUsd,
        service_fee_local: quote.feeFiat,
        partner_fee_usd: 0,
        partner_fee_local: 0,
      },
    },
    instructions: { available_after_accept: true, note: instructionsNote(quote) },
    audit: {
      rail,
      direction,
      token_symbol: quote.tokenLabel,
      crypto_currency: quote.token,
      crypto_network: quote.network,
    },
  }
}

/**
 * The service's rail of a quote, as its quote and accept answers name it: `local_fiat` on the
 * African corridors, `international_bank` for the EUR/USD pay-in.
 */
export function serviceRail(quote: Pick<Quote, 'country'>): string {
  return quote.country ? 'local_fiat' : 'international_bank'
}

function instructionsNote(quote: Quote): string {
  if (quote.orderType === 'OffRamp') {
    return 'Accept this quote to create the order; the answer says which allowance to approve from refund_address (crypto_deposit names the deposit address).'
  }
  return quote.rail === 'mobile_money'
    ? 'Accept this quote to create the order; the sandbox then simulates the mobile money prompt.'
    : 'Accept this quote to create the order and get the account to pay into.'
}

/** An ISO timestamp with offset, or null. */
function offsetOrNull(ms: number | null): string | null {
  return ms === null ? null : isoOffset(ms)
}

/**
 * A customer as `customer.*` webhooks carry it (interface description 2.11): the ids, type,
 * status, environment, review times and the deposit-account product.
 */
export function customerWebhookView(customer: Customer) {
  return {
    customer_id: customer.id,
    partner_customer_ref: customer.partnerCustomerRef,
    type: customer.type,
    status: customer.status,
    environment: 'sandbox',
    submitted_at: offsetOrNull(customer.submittedAt),
    reviewed_at: offsetOrNull(customer.reviewedAt),
    products: { deposit_account: { status: customer.depositAccountStatus } },
  }
}

/** An uploaded document's metadata (`PartnerCustomerDocumentMeta`): never its bytes. */
export function documentView(document: CustomerDocument) {
  return {
    id: document.id,
    category: document.category,
    content_type: document.contentType,
    created_at: isoOffset(document.createdAt),
  }
}

/**
 * One vault case as the service answers it (`PartnerCustomerVaultRow`): `missing` while
 * incomplete, `review_note` when rejected.
 */
export function customerView(customer: Customer, options: { summary?: boolean } = {}) {
  return {
    id: customer.id,
    partner_customer_ref: customer.partnerCustomerRef,
    type: customer.type,
    status: customer.status,
    profile: customer.profile,
    // List rows without a reference lookup carry no document metadata, as published.
    documents: options.summary ? [] : customer.documents.map(documentView),
    products: { deposit_account: { status: customer.depositAccountStatus } },
    ...(customer.status === 'incomplete' ? { missing: missingOf(customer) } : {}),
    ...(customer.status === 'rejected' && customer.reviewNote
      ? { review_note: customer.reviewNote }
      : {}),
    created_at: isoOffset(customer.createdAt),
    updated_at: isoOffset(customer.updatedAt),
    submitted_at: offsetOrNull(customer.submittedAt),
  }
}

/** Micro-units (6 decimals) as a decimal string with the currency's places. */
export function microsToDecimal(micros: bigint, places: number): string {
  const negative = micros < 0n
  const abs = negative ? -micros : micros
  const whole = abs / 1_000_000n
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0').slice(0, places)
  return `${negative ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`
}

/** Decimal places shown for a balance: stablecoins 6, fiat 2. */
export function balancePlaces(account: Account): number {
  return account.assetType === 'stablecoin' ? 6 : 2
}

function balanceView(account: Account) {
  return {
    available: microsToDecimal(account.balanceMicros, balancePlaces(account)),
    currency: account.currency,
  }
}

/** 2.8 and the OpenAPI's examples: a customer account; coordinates once `active`. */
export function accountView(account: Account) {
  return {
    id: account.id,
    customer_id: account.customerId,
    asset_type: account.assetType,
    currency: account.currency,
    network: account.network,
    status: account.status,
    display_name: account.displayName,
    ...(account.walletAddress ? { wallet_address: account.walletAddress } : {}),
    ...(account.accountNumber ? { account_number: account.accountNumber } : {}),
    ...(account.bankName ? { bank_name: account.bankName } : {}),
    ...(account.swiftBic ? { swift_bic: account.swiftBic } : {}),
    balance: account.status === 'active' ? balanceView(account) : null,
    created_at: isoOffset(account.createdAt),
  }
}

/**
 * The account as account webhooks nest it: every coordinate field present (null until ready)
 * and `balance` null, as the webhooks guide publishes it; read balances with a GET.
 */
export function webhookAccountView(account: Account) {
  return {
    id: account.id,
    customer_id: account.customerId,
    asset_type: account.assetType,
    currency: account.currency,
    network: account.network,
    status: account.status,
    display_name: account.displayName,
    account_number: account.accountNumber,
    bank_code: account.bankCode,
    bank_name: account.bankName,
    wallet_address: account.walletAddress,
    balance: null,
    created_at: isoOffset(account.createdAt),
  }
}

/**
 * The body of an `account.*` event: `event_type`, the customer (`customer_id`, and
 * `customer_uid`, the partner's reference, as the service still sends it), `account_id` and the
 * nested `account`; credits and sends add `credit` or `send` (a send carries no `account`).
 */
export function accountEventBody(
  event: string,
  customer: Customer,
  account: Account,
  extra: { credit?: Record<string, unknown>; send?: Record<string, unknown> } = {},
) {
  return {
    event_type: event,
    customer_id: customer.id,
    customer_uid: customer.partnerCustomerRef,
    account_id: account.id,
    ...(extra.send ? { send: extra.send } : { account: webhookAccountView(account) }),
    ...(extra.credit ? { credit: extra.credit } : {}),
  }
}

/** The deposit instructions of an active account: bank details, or the wallet and network. */
export function depositInstructionsView(account: Account, holder: string) {
  const common = {
    account_id: account.id,
    customer_id: account.customerId,
    asset_type: account.assetType,
    currency: account.currency,
    network: account.network,
    status: 'ready',
  }
  if (account.assetType === 'stablecoin') {
    return {
      ...common,
      wallet_address: account.walletAddress,
      instructions: `Send only ${account.currency} on ${account.network} to this address; another token or network is lost.`,
    }
  }
  return {
    ...common,
    account_holder_name: holder,
    account_number: account.accountNumber,
    bank_code: account.bankCode,
    bank_name: account.bankName,
    swift_bic: account.swiftBic,
    instructions: `Have the customer pay ${account.currency} by bank transfer to this account, in the holder name shown.`,
  }
}

/** 2.9: a signing key; `next_nonce` only on active keys. */
export function signingKeyView(key: SigningKey) {
  return {
    key_id: key.id,
    address: key.address,
    status: key.status,
    nonce_high_water: key.nonceHighWater,
    ...(key.status === 'active' ? { next_nonce: key.nonceHighWater + 1 } : {}),
    activated_at: offsetOrNull(key.activatedAt),
    revoked_at: offsetOrNull(key.revokedAt),
    created_at: isoOffset(key.createdAt),
  }
}
