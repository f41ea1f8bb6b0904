import { isoMicros, isoMillis, isoOffset } from '../clock/index.js'
import type { Account, Customer, Order, OrderStatus, Quote, SigningKey } from '../state/store.js'

/**
 * The wire shapes of the sandbox's resources, one function per shape. Routes and webhooks use
 * these only, so a list item, a webhook body and a backup GET cannot disagree on a field.
 */

const IN_PROGRESS: readonly OrderStatus[] = ['submitted', 'processing', 'pending_settlement']

/** Upper-case list status of GET /orders/me (spec 2.5): PENDING until a terminal state. */
export function listStatus(status: OrderStatus): string {
  return IN_PROGRESS.includes(status) ? 'PENDING' : status.toUpperCase()
}

/** The list filter value (`pending`, `settled`, ...) an order answers to. */
export function filterStatus(status: OrderStatus): string {
  return IN_PROGRESS.includes(status) ? 'pending' : status
}

/** 2.6: an order as a webhook carries it (lower-case status, microsecond timestamps). */
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
    ...(order.failureReason ? { failure_reason: order.failureReason } : {}),
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

/** 4.6 (assumed shape): the binding quote. */
export function quoteView(quote: Quote) {
  return {
    quote_id: quote.id,
    order_type: quote.orderType,
    country: quote.country,
    currency: quote.currency,
    token: quote.token,
    token_label: quote.tokenLabel,
    token_address: quote.tokenAddress,
    chain_id: quote.chainId,
    decimals: quote.decimals,
    rate: quote.rate,
    amount_fiat: quote.amountFiat,
    amount_crypto: quote.amountCrypto,
    fee_fiat: quote.feeFiat,
    wallet_address: quote.walletAddress,
    payment_method: {
      type: quote.rail,
      network_id: quote.networkId,
      ...(quote.providerCode ? { provider_code: quote.providerCode } : {}),
    },
    expires_at: isoMillis(quote.expiresAt),
    created_at: isoMillis(quote.createdAt),
  }
}

/** 2.11: a customer as webhooks carry it. */
export function customerWebhookView(customer: Customer) {
  return {
    customer_id: customer.id,
    partner_customer_ref: customer.partnerCustomerRef,
    type: customer.type,
    status: customer.status,
    environment: 'sandbox',
    submitted_at: isoMillis(customer.submittedAt),
    reviewed_at: customer.reviewedAt === null ? null : isoMillis(customer.reviewedAt),
    products: { deposit_account: { status: customer.depositAccountStatus } },
  }
}

/** Whether the customer may open deposit accounts now. */
export function canOpenDepositAccount(customer: Customer): boolean {
  return customer.status === 'approved' && customer.depositAccountStatus === 'ready'
}

/** 4.9 (assumed shape): the customer of POST and GET, the webhook body plus the person. */
export function customerView(customer: Customer) {
  return {
    ...customerWebhookView(customer),
    can_open_deposit_account: canOpenDepositAccount(customer),
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    dob: customer.dob,
    country: customer.country,
    updated_at: isoMillis(customer.updatedAt),
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

/** 2.8: a customer account. */
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
    balance: {
      available: microsToDecimal(account.balanceMicros, balancePlaces(account)),
      currency: account.currency,
    },
    created_at: isoOffset(account.createdAt),
  }
}

/** Account webhook payload (assumed shape, core's `webhookAccount`). */
export function accountWebhookView(account: Account, extra: Record<string, string> = {}) {
  return {
    account_id: account.id,
    customer_id: account.customerId,
    asset_type: account.assetType,
    currency: account.currency,
    network: account.network,
    status: account.status,
    ...(account.walletAddress ? { wallet_address: account.walletAddress } : {}),
    ...(account.accountNumber ? { account_number: account.accountNumber } : {}),
    balance: {
      available: microsToDecimal(account.balanceMicros, balancePlaces(account)),
      currency: account.currency,
    },
    ...extra,
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
    activated_at: isoMillis(key.activatedAt),
    revoked_at: key.revokedAt === null ? null : isoMillis(key.revokedAt),
    created_at: isoMillis(key.createdAt),
  }
}
