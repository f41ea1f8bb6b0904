import { randomInt } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { PAYOUT_BANKS } from '../seed/corridors.js'
import {
  type Account,
  type Customer,
  publicId,
  type SandboxUser,
  type SigningKey,
} from '../state/store.js'
import { notify, type SandboxContext } from './context.js'
import { accountWebhookView, customerWebhookView } from './views.js'

/**
 * Whether review rejects the customer: a `partner_customer_ref` or last name containing
 * "reject" (any case). Everyone else is approved.
 */
export function isRejected(customer: Pick<Customer, 'partnerCustomerRef' | 'lastName'>): boolean {
  return /reject/i.test(customer.partnerCustomerRef) || /reject/i.test(customer.lastName)
}

/**
 * Starts review of a new customer: `customer.submitted` now, `customer.approved` or
 * `customer.rejected` after `reviewAfterMs`; an approved customer gets a signing key, and after
 * `depositReadyAfterMs` the deposit-account product becomes `ready`, its accounts open
 * (`customer.deposit_account.updated`, `customer.updated`, `account.opened`, `account.ready`).
 */
export function startCustomerReview(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  notify(ctx, user, 'customer.submitted', customerWebhookView(customer))
  ctx.clock.schedule(
    ctx.timings.reviewAfterMs,
    () => reviewCustomer(ctx, user, customer),
    `review customer ${customer.id}`,
  )
}

/** Decides a submitted customer now. */
export function reviewCustomer(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  if (customer.status !== 'submitted') return
  const now = ctx.clock.now()
  customer.reviewedAt = now
  customer.updatedAt = now
  if (isRejected(customer)) {
    customer.status = 'rejected'
    notify(ctx, user, 'customer.rejected', customerWebhookView(customer))
    return
  }
  customer.status = 'approved'
  seedSigningKey(ctx, customer)
  notify(ctx, user, 'customer.approved', customerWebhookView(customer))
  ctx.clock.schedule(
    ctx.timings.depositReadyAfterMs,
    () => openDepositAccounts(ctx, user, customer),
    `deposit account ${customer.id}`,
  )
}

function seedSigningKey(ctx: SandboxContext, customer: Customer): SigningKey {
  const now = ctx.clock.now()
  const key: SigningKey = {
    id: publicId('skey_'),
    customerId: customer.id,
    address: privateKeyToAccount(generatePrivateKey()).address,
    status: 'active',
    nonceHighWater: 0,
    activatedAt: now,
    revokedAt: null,
    createdAt: now,
  }
  ctx.store.signingKeys.set(key.id, key)
  return key
}

/** Fiat account currency of a customer's country: payout directories exist for NGN, GHS, CAD. */
function fiatCurrency(country: string | null): string {
  const byCountry: Record<string, string> = {
    NG: 'NGN',
    GH: 'GHS',
    CA: 'CAD',
    KE: 'KES',
    UG: 'UGX',
    TZ: 'TZS',
    ZA: 'ZAR',
    RW: 'RWF',
  }
  return (country && byCountry[country]) || 'USD'
}

/** Moves the deposit-account product to `ready` and opens a stablecoin and a fiat account. */
export function openDepositAccounts(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  if (customer.status !== 'approved' || customer.depositAccountStatus === 'ready') return
  const now = ctx.clock.now()
  customer.depositAccountStatus = 'ready'
  customer.updatedAt = now
  notify(ctx, user, 'customer.deposit_account.updated', {
    ...customerWebhookView(customer),
    can_open_deposit_account: true,
  })
  notify(ctx, user, 'customer.updated', customerWebhookView(customer))
  const currency = fiatCurrency(customer.country)
  const bank = PAYOUT_BANKS[currency]?.[0]
  const accounts: Account[] = [
    {
      id: ctx.store.allocateAccountId(),
      customerId: customer.id,
      assetType: 'stablecoin',
      currency: 'USDC',
      network: 'anvil',
      status: 'active',
      displayName: `${customer.firstName} ${customer.lastName} USDC`,
      walletAddress: privateKeyToAccount(generatePrivateKey()).address,
      accountNumber: null,
      bankName: null,
      swiftBic: null,
      balanceMicros: 0n,
      createdAt: now,
    },
    {
      id: ctx.store.allocateAccountId(),
      customerId: customer.id,
      assetType: 'fiat',
      currency,
      network: null,
      status: 'active',
      displayName: `${customer.firstName} ${customer.lastName} ${currency}`,
      walletAddress: null,
      accountNumber: String(randomInt(1_000_000_000, 9_999_999_999)),
      bankName: bank?.bank_name ?? 'Sandbox Bank',
      swiftBic: bank?.swift_bic ?? 'SNDBXXXX',
      balanceMicros: 0n,
      createdAt: now,
    },
  ]
  for (const account of accounts) {
    ctx.store.accounts.set(account.id, account)
    notify(ctx, user, 'account.opened', accountWebhookView(account))
  }
  for (const account of accounts) notify(ctx, user, 'account.ready', accountWebhookView(account))
}
