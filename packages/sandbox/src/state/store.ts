import { randomBytes, randomUUID } from 'node:crypto'
import type { Address, Hex } from 'viem'
import type { KnownOrderStatus } from '../core.js'
import type { TokenSymbol } from '../seed/tokens.js'

/**
 * The states a sandbox order passes through: core's known order statuses (spec section 3, and
 * `pending_settlement`, where the service's sandbox guide leaves an order no test value
 * decides: it waits there, with no event, until a control settles, fails or refunds it), but
 * `pending`, which the service shows only in lists (`PENDING`, see `listStatus`).
 */
export type OrderStatus = Exclude<KnownOrderStatus, 'pending'>

/**
 * How an order ends when its settlement job runs; `pending` moves it to `pending_settlement`
 * and leaves it there.
 */
export type OrderOutcome = 'settle' | 'fail' | 'refund' | 'pending'

/** An outcome the admin controls force on a user's next order. */
export type ForcedOutcome = Exclude<OrderOutcome, 'pending'>

/** A partner user: one sandbox API key, its webhook endpoint and secret. */
export type SandboxUser = {
  id: string
  apiKey: string
  webhookUrl: string | null
  webhookSecret: string
  /** Outcomes forced on this user's next orders, consumed in order (admin control). */
  forcedOutcomes: ForcedOutcome[]
  /**
   * Customer-signed accepts on for this key (the Console's "Signed accepts"): quotes need a
   * vault `customer_id` and carry `signing`; accepts need `signed_accept.signature`.
   */
  signedAccepts: boolean
}

/**
 * A binding quote (spec 4.6, in the service's published form). Times are sandbox ms; amounts
 * in human units (fiat in the currency's places, tokens at 6 decimals).
 */
export type Quote = {
  id: string
  userId: string
  orderType: 'OnRamp' | 'OffRamp'
  country: string | null
  currency: string
  rail: string
  networkId: string | null
  providerCode: string | null
  phoneNumber: string | null
  /** The payout bank account (`payment_method.account_number`), when one was sent. */
  accountNumber: string | null
  token: TokenSymbol
  tokenLabel: string
  tokenAddress: Address
  decimals: number
  chainId: number
  /** The token's network in the service's words (`BASE`, `ANVIL`), as the answer names it. */
  network: string
  rate: number
  amountFiat: number
  amountCrypto: number
  /** The service fee in the fiat currency and in USD. */
  feeFiat: number
  feeUsd: number
  /**
   * On-ramp: `wallet_address`, where the tokens go. Off-ramp: `refund_address`, the seller's
   * wallet, whose allowance settlement collects and where a refund pays the tokens back.
   */
  walletAddress: Address
  /** The approved vault customer the quote names (`customer_id`), or null for an inline one. */
  customerId: string | null
  /** The customer's name or business name, as the test values read it; null when none. */
  customerName: string | null
  /** What the quote's documented sandbox test values decide, if any (see `service/outcomes`). */
  testOutcome: 'settle' | 'fail' | null
  /** What the customer's signing key signs to accept (signed accepts on), or null. */
  signing: QuoteSigning | null
  createdAt: number
  expiresAt: number
  orderId: string | null
  /**
   * The quote request as it arrived (its JSON), every field included, also those the sandbox
   * does not read: what the partner's integration really sent (`SandboxAdmin.quoteRequest`).
   */
  request: unknown
}

/**
 * The accept typed data a quote issued for its customer's active signing key (signed accepts):
 * the key, its address, the nonce it uses, and the `AcceptPartnerOrder` message as answered.
 */
export type QuoteSigning = {
  keyId: string
  signer: Address
  nonce: number
  message: {
    quoteId: string
    customerId: string
    keyId: string
    signer: Address
    orderType: string
    userPays: string
    userReceives: string
    nonce: number
    deadline: number
  }
}

/** An order of either flow: an accepted quote, or a direct create (POST /orders/create). */
export type Order = {
  id: string
  userId: string
  flow: 'quote' | 'direct'
  quoteId: string | null
  orderType: 'OnRamp' | 'OffRamp'
  status: OrderStatus
  outcome: OrderOutcome
  /** What set `outcome`: an admin control, a documented test value, or the default. */
  outcomeBy: 'control' | 'test_value' | 'default'
  country: string | null
  currency: string
  amountFiat: number
  amountCrypto: number
  baseUnits: bigint
  rate: number
  token: TokenSymbol
  tokenLabel: string
  tokenAddress: Address
  decimals: number
  walletAddress: Address
  phoneNumber: string | null
  /**
   * An off-ramp quote's payout identity outcome (`payoutOutcome`): what decides it once its
   * deposit (the seller's approved tokens) has arrived. Unset elsewhere.
   */
  payoutOutcome?: 'settle' | 'fail' | null
  invoiceId: string | null
  ref: Hex
  creationTxHash: Hex | null
  settlementTxHash: Hex | null
  refundTxHash: Hex | null
  failureReason: string | null
  /** Sandbox ms with a fraction, so webhook timestamps carry microseconds. */
  createdAt: number
  updatedAt: number
}

/**
 * Vault statuses as the service publishes them: `incomplete` while the package is collected,
 * `pending_review` after submit, then `approved` or `rejected`; `suspended` after a revoke.
 */
export type CustomerStatus = 'incomplete' | 'pending_review' | 'approved' | 'rejected' | 'suspended'

/** The deposit-account product: `none` until approval, `provisioning`, then `ready` or `failed`. */
export type DepositAccountStatus = 'none' | 'provisioning' | 'ready' | 'failed'

/** An uploaded document's metadata. The sandbox keeps no bytes of it, only their count. */
export type CustomerDocument = {
  id: string
  category: string
  contentType: string
  bytes: number
  createdAt: number
}

/** A customer vault case (`pcus_…`). `profile` holds what the partner sent, as sent. */
export type Customer = {
  id: string
  userId: string
  partnerCustomerRef: string
  type: 'individual' | 'business'
  profile: Record<string, unknown>
  documents: CustomerDocument[]
  status: CustomerStatus
  depositAccountStatus: DepositAccountStatus
  /** Provisioning attempts still forced to fail (the `deposit-failure` test reference). */
  depositFailuresLeft: number
  /** Partner-safe summary of a rejection. */
  reviewNote: string | null
  createdAt: number
  updatedAt: number
  submittedAt: number | null
  reviewedAt: number | null
}

/**
 * A customer account (spec 2.8): `pending` with no coordinates when opened, `active` with them
 * once ready. `balance` is kept in micro-units (6 decimals) as an integer.
 */
export type Account = {
  id: number
  customerId: string
  assetType: 'stablecoin' | 'fiat'
  currency: string
  network: string | null
  status: 'pending' | 'active'
  displayName: string
  walletAddress: Address | null
  accountNumber: string | null
  bankCode: string | null
  bankName: string | null
  swiftBic: string | null
  /** Balance in the currency's smallest unit used here (6 decimals), as an integer. */
  balanceMicros: bigint
  createdAt: number
}

/**
 * An EIP-712 signing key of a customer (spec 2.9): `pending` from its challenge until the
 * wallet's signature completes it, then `active`, and `revoked` by revoke or by a newer key.
 */
export type SigningKey = {
  id: string
  customerId: string
  address: Address
  status: 'pending' | 'active' | 'revoked'
  nonceHighWater: number
  /** Until when the challenge may be completed (sandbox ms). */
  challengeExpiresAt: number
  activatedAt: number | null
  revokedAt: number | null
  createdAt: number
}

/**
 * All state of one sandbox: users (API keys), quotes, orders, customers, accounts and signing
 * keys, in memory. The sandbox is a development tool; a restart starts clean.
 */
export class SandboxStore {
  readonly users = new Map<string, SandboxUser>()
  readonly quotes = new Map<string, Quote>()
  readonly orders = new Map<string, Order>()
  readonly ordersByTx = new Map<string, string>()
  readonly customers = new Map<string, Customer>()
  readonly accounts = new Map<number, Account>()
  readonly signingKeys = new Map<string, SigningKey>()
  private nextAccountId = 1

  /** Registers a user for an API key; the key must be a sandbox key. */
  addUser(apiKey: string, webhookUrl: string | null, webhookSecret: string): SandboxUser {
    const existing = this.userByKey(apiKey)
    if (existing) return existing
    const user: SandboxUser = {
      id: `usr_${this.users.size + 1}`,
      apiKey,
      webhookUrl,
      webhookSecret,
      forcedOutcomes: [],
      signedAccepts: false,
    }
    this.users.set(user.id, user)
    return user
  }

  userByKey(apiKey: string): SandboxUser | undefined {
    for (const user of this.users.values()) if (user.apiKey === apiKey) return user
    return undefined
  }

  addOrder(order: Order) {
    this.orders.set(order.id, order)
    if (order.creationTxHash) this.ordersByTx.set(order.creationTxHash.toLowerCase(), order.id)
  }

  orderByTx(hash: string): Order | undefined {
    const id = this.ordersByTx.get(hash.toLowerCase())
    return id ? this.orders.get(id) : undefined
  }

  allocateAccountId(): number {
    return this.nextAccountId++
  }

  /** The user's customer of a partner reference (unique per key). */
  customerByRef(userId: string, ref: string): Customer | undefined {
    for (const customer of this.customers.values()) {
      if (customer.userId === userId && customer.partnerCustomerRef === ref) return customer
    }
    return undefined
  }

  accountsOf(customerId: string): Account[] {
    return [...this.accounts.values()].filter((account) => account.customerId === customerId)
  }

  keysOf(customerId: string): SigningKey[] {
    return [...this.signingKeys.values()].filter((key) => key.customerId === customerId)
  }
}

/** A random public id with a prefix (`pcus_`, `pdoc_`, `skey_`). */
export function publicId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`
}

/** A random UUID (quote, order and delivery ids). */
export function uuid(): string {
  return randomUUID()
}

/** A fresh sandbox API key: `is_test_` and 32 hex characters. */
export function generateApiKey(): string {
  return `is_test_${randomBytes(16).toString('hex')}`
}

/** A fresh webhook secret. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`
}
