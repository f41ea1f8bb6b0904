import { randomInt } from 'node:crypto'
import { type Address, type Hex, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { sandboxTestReviewRejects } from '../core.js'
import { ApiError } from '../http/envelope.js'
import { PAYOUT_BANKS } from '../seed/corridors.js'
import {
  type Account,
  type Customer,
  publicId,
  type SandboxUser,
  type SigningKey,
} from '../state/store.js'
import { notify, type SandboxContext } from './context.js'
import { missingOf } from './kyc.js'
import { signingDomain, withDomainType } from './signing.js'
import { accountEventBody, customerWebhookView } from './views.js'

/**
 * The sandbox's customer vault: the package (`missing[]`), submit and review on the sandbox
 * clock, the deposit-account product, accounts and signing-key enrollment, with their
 * `customer.*` and `account.*` webhooks.
 *
 * Test values (the docs' "The sandbox in detail", Customer vault): a profile name containing
 * `Rejected` (any case, core's `SANDBOX_TEST_VALUES.customerReview`) is rejected at review. `Failure`, the guide's failing
 * order, passes review: the customer's orders fail instead, so one test value never does both; a
 * `partner_customer_ref` containing `deposit-failure` has its first deposit-account provisioning
 * fail, so that the retry route can be exercised.
 */

/** The names the review reads for the `Rejected` test value (and an order's name test values). */
const NAME_FIELDS = ['first_name', 'middle_name', 'last_name', 'legal_name'] as const

/** Whether review rejects the customer: a profile name containing `Rejected` (any case). */
export function isForcedRejection(customer: Pick<Customer, 'profile'>): boolean {
  return NAME_FIELDS.some((field) => sandboxTestReviewRejects(customer.profile[field]))
}

/**
 * The name a vault case goes by: an individual's first, middle and last names, a business's
 * legal name; null when the profile has none. The sandbox's order test values read it when a
 * quote names the customer by `customer_id`, as they read an inline `customer.name`.
 */
export function customerNameOf(customer: Pick<Customer, 'profile'>): string | null {
  const parts = NAME_FIELDS.map((field) => customer.profile[field]).filter(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  )
  return parts.length === 0 ? null : parts.join(' ')
}

/** Whether the first deposit-account provisioning of a new customer is forced to fail. */
export function forcesDepositFailure(partnerCustomerRef: string): boolean {
  return /deposit-failure/i.test(partnerCustomerRef)
}

function touch(ctx: SandboxContext, customer: Customer) {
  customer.updatedAt = ctx.clock.now()
}

/** Sends a customer event with the customer body of the interface description (2.11). */
function notifyCustomer(
  ctx: SandboxContext,
  user: SandboxUser,
  event:
    | 'customer.submitted'
    | 'customer.approved'
    | 'customer.rejected'
    | 'customer.updated'
    | 'customer.deposit_account.updated'
    | 'customer.revoked',
  customer: Customer,
) {
  const body =
    event === 'customer.deposit_account.updated'
      ? { ...customerWebhookView(customer), can_open_deposit_account: canOpenAccounts(customer) }
      : customerWebhookView(customer)
  notify(ctx, user, event, body)
}

/** The banking gate: approved, and the deposit-account product ready. */
export function canOpenAccounts(customer: Customer): boolean {
  return customer.status === 'approved' && customer.depositAccountStatus === 'ready'
}

/**
 * Whether the partner may change the package now: while `incomplete`, or to correct an approved
 * case whose deposit-account KYC failed (which returns it to `incomplete`).
 */
export function assertEditable(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  if (customer.status === 'incomplete') return
  if (customer.status === 'approved' && customer.depositAccountStatus === 'failed') {
    // A correction invalidates the approval: a new review follows a new submit.
    customer.status = 'incomplete'
    customer.depositAccountStatus = 'none'
    customer.submittedAt = null
    customer.reviewedAt = null
    touch(ctx, customer)
    notifyCustomer(ctx, user, 'customer.updated', customer)
    return
  }
  throw new ApiError(409, `Customer is ${customer.status}; only an incomplete package changes`, {
    status: customer.status,
  })
}

/**
 * Submits a package: `pending_review` and `customer.submitted` now, the review after
 * `reviewAfterMs`. A package already submitted (or decided) is answered as it is.
 */
export function submitCustomer(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  if (customer.status === 'suspended' || customer.status === 'rejected') {
    throw new ApiError(409, `Customer is ${customer.status} and cannot be submitted`, {
      status: customer.status,
    })
  }
  if (customer.status !== 'incomplete') return
  const missing = missingOf(customer)
  if (missing.length > 0) {
    throw new ApiError(422, 'Customer package is incomplete', {
      code: 'package_incomplete',
      field: missing[0],
      missing,
    })
  }
  const now = ctx.clock.now()
  customer.status = 'pending_review'
  customer.submittedAt = now
  customer.updatedAt = now
  notifyCustomer(ctx, user, 'customer.submitted', customer)
  const submittedAt = now
  ctx.clock.schedule(
    ctx.timings.reviewAfterMs,
    () => {
      // A revoke or a new submit since then makes this review stale.
      if (customer.status === 'pending_review' && customer.submittedAt === submittedAt) {
        reviewCustomer(ctx, user, customer)
      }
    },
    `review customer ${customer.id}`,
  )
}

/** Decides a case in review: rejected for the `Rejected` test value, approved otherwise. */
export function reviewCustomer(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  if (customer.status !== 'pending_review') return
  customer.reviewedAt = ctx.clock.now()
  touch(ctx, customer)
  if (isForcedRejection(customer)) {
    customer.status = 'rejected'
    customer.reviewNote = 'Review declined: the identity could not be verified (sandbox test value)'
    notifyCustomer(ctx, user, 'customer.rejected', customer)
    return
  }
  customer.status = 'approved'
  customer.depositAccountStatus = 'provisioning'
  notifyCustomer(ctx, user, 'customer.approved', customer)
  scheduleProvisioning(ctx, user, customer)
}

function scheduleProvisioning(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  ctx.clock.schedule(
    ctx.timings.depositReadyAfterMs,
    () => finishProvisioning(ctx, user, customer),
    `deposit account ${customer.id}`,
  )
}

/** Ends provisioning: `ready` (or `failed` while the test value forces it), with webhooks. */
export function finishProvisioning(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  if (customer.status !== 'approved' || customer.depositAccountStatus !== 'provisioning') return
  if (customer.depositFailuresLeft > 0) {
    customer.depositFailuresLeft -= 1
    customer.depositAccountStatus = 'failed'
  } else {
    customer.depositAccountStatus = 'ready'
  }
  touch(ctx, customer)
  notifyCustomer(ctx, user, 'customer.deposit_account.updated', customer)
  notifyCustomer(ctx, user, 'customer.updated', customer)
}

/** Re-queues a failed provisioning of an approved, unchanged case. */
export function retryProvisioning(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  if (customer.status !== 'approved' || customer.depositAccountStatus !== 'failed') {
    throw new ApiError(
      409,
      customer.status !== 'approved'
        ? 'Customer is not approved'
        : 'Deposit account provisioning is not in a failed state',
      { deposit_account_status: customer.depositAccountStatus, status: customer.status },
    )
  }
  customer.depositAccountStatus = 'provisioning'
  touch(ctx, customer)
  scheduleProvisioning(ctx, user, customer)
}

/**
 * Offboards a customer: `suspended` and `customer.revoked`, from any status but `rejected` and
 * `suspended` (answered as they are, with no webhook). Returns whether it moved.
 */
export function revokeCustomer(ctx: SandboxContext, user: SandboxUser, customer: Customer) {
  if (customer.status === 'suspended' || customer.status === 'rejected') return false
  customer.status = 'suspended'
  touch(ctx, customer)
  notifyCustomer(ctx, user, 'customer.revoked', customer)
  return true
}

// ------------------------------------------------------------------------------------------
// Accounts

/** Fiat currencies an account may be opened in. */
export const FIAT_ACCOUNT_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'NGN',
  'GHS',
  'KES',
  'UGX',
  'TZS',
  'ZAR',
  'RWF',
  'CAD',
] as const
/** Stablecoins an account may hold. */
export const STABLECOIN_ACCOUNT_CURRENCIES = ['USDC'] as const

const IBAN_COUNTRY: Record<string, string> = { EUR: 'DE', GBP: 'GB' }

/** An IBAN-shaped number with valid check digits (mod 97), for EUR and GBP accounts. */
function sandboxIban(country: string): string {
  let bban = ''
  for (let i = 0; i < 18; i++) bban += String(randomInt(0, 10))
  const digits = `${bban}${[...`${country}00`].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('')}`
  let remainder = 0
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`
}

/**
 * Opens one rail for a ready customer, `pending` and without coordinates (`account.opened`);
 * `accountReadyAfterMs` later it is `active` with them (`account.ready`). The same asset, currency
 * and network again answers the existing account.
 */
export function openAccount(
  ctx: SandboxContext,
  user: SandboxUser,
  customer: Customer,
  request: {
    asset_type: 'fiat' | 'stablecoin'
    currency: string
    network?: string | undefined
    display_name?: string | undefined
  },
): { account: Account; created: boolean } {
  const network = request.asset_type === 'stablecoin' ? (request.network ?? null) : null
  const existing = ctx.store
    .accountsOf(customer.id)
    .find(
      (account) =>
        account.assetType === request.asset_type &&
        account.currency === request.currency &&
        account.network === network,
    )
  if (existing) return { account: existing, created: false }
  const allowed: readonly string[] =
    request.asset_type === 'fiat' ? FIAT_ACCOUNT_CURRENCIES : STABLECOIN_ACCOUNT_CURRENCIES
  if (!allowed.includes(request.currency)) {
    throw new ApiError(
      422,
      `A ${request.asset_type} account is opened in ${allowed.join(', ')}, not ${request.currency}`,
      { field: 'currency', allowed },
    )
  }
  const account: Account = {
    id: ctx.store.allocateAccountId(),
    customerId: customer.id,
    assetType: request.asset_type,
    currency: request.currency,
    network,
    status: 'pending',
    displayName:
      request.display_name ?? (network ? `${request.currency} ${network}` : request.currency),
    walletAddress: null,
    accountNumber: null,
    bankCode: null,
    bankName: null,
    swiftBic: null,
    balanceMicros: 0n,
    createdAt: ctx.clock.now(),
  }
  ctx.store.accounts.set(account.id, account)
  notify(ctx, user, 'account.opened', accountEventBody('account.opened', customer, account))
  ctx.clock.schedule(
    ctx.timings.accountReadyAfterMs,
    () => readyAccount(ctx, user, customer, account),
    `account ${account.id} ready`,
  )
  return { account, created: true }
}

/** Gives a pending account its coordinates: `active`, `account.ready`. */
export function readyAccount(
  ctx: SandboxContext,
  user: SandboxUser,
  customer: Customer,
  account: Account,
) {
  if (account.status !== 'pending') return
  if (account.assetType === 'stablecoin') {
    account.walletAddress = privateKeyToAccount(generatePrivateKey()).address
  } else {
    const bank = PAYOUT_BANKS[account.currency]?.[0]
    const iban = IBAN_COUNTRY[account.currency]
    account.accountNumber = iban
      ? sandboxIban(iban)
      : String(randomInt(1_000_000_000, 9_999_999_999))
    account.bankCode = bank?.bank_code ?? 'SNDBX'
    account.bankName = bank?.bank_name ?? 'Sandbox Bank'
    account.swiftBic = bank?.swift_bic ?? 'SNDBXXXX'
  }
  account.status = 'active'
  notify(ctx, user, 'account.ready', accountEventBody('account.ready', customer, account))
}

/** The name a fiat account is held in: the person's name or the business's legal name. */
export function accountHolderName(customer: Customer): string {
  const { first_name, last_name, legal_name } = customer.profile
  if (customer.type === 'business' && typeof legal_name === 'string') return legal_name
  return [first_name, last_name].filter((part) => typeof part === 'string').join(' ')
}

// ------------------------------------------------------------------------------------------
// Signing keys

const REGISTER_TYPES = {
  RegisterSigningKey: [
    { name: 'customerId', type: 'string' },
    { name: 'keyId', type: 'string' },
    { name: 'signer', type: 'address' },
    { name: 'expiresAt', type: 'uint256' },
  ],
} as const

/** The typed data a key's wallet signs to complete its enrollment. */
export function registerTypedData(ctx: SandboxContext, key: SigningKey) {
  return {
    domain: signingDomain(ctx),
    primaryType: 'RegisterSigningKey' as const,
    message: {
      customerId: key.customerId,
      keyId: key.id,
      signer: key.address,
      expiresAt: Math.floor(key.challengeExpiresAt / 1000),
    },
  }
}

/** The typed data as the challenge answers it: with `EIP712Domain`, for `eth_signTypedData_v4`. */
export function challengeTypedData(ctx: SandboxContext, key: SigningKey) {
  return { types: withDomainType(REGISTER_TYPES), ...registerTypedData(ctx, key) }
}

/** Starts an enrollment: a `pending` key for the address, valid `signingChallengeTtlMs`. */
export function challengeSigningKey(ctx: SandboxContext, customer: Customer, address: Address) {
  if (customer.status !== 'approved') {
    throw new ApiError(409, 'Signing keys are enrolled for approved customers only', {
      status: customer.status,
    })
  }
  const now = ctx.clock.now()
  const key: SigningKey = {
    id: publicId('skey_'),
    customerId: customer.id,
    address,
    status: 'pending',
    nonceHighWater: 0,
    challengeExpiresAt: now + ctx.timings.signingChallengeTtlMs,
    activatedAt: null,
    revokedAt: null,
    createdAt: now,
  }
  ctx.store.signingKeys.set(key.id, key)
  return key
}

/**
 * Completes an enrollment with the wallet's signature over the challenge's typed data: the key
 * becomes `active`, and an older active key of the customer is revoked (a new wallet replaces a
 * lost one). Completing an active key again with a valid signature answers it unchanged.
 */
export async function completeSigningKey(
  ctx: SandboxContext,
  customer: Customer,
  key: SigningKey,
  signature: Hex,
): Promise<SigningKey> {
  if (key.status === 'revoked') {
    throw new ApiError(409, 'Signing key is revoked; start a new challenge', { field: 'key_id' })
  }
  if (key.status === 'pending' && ctx.clock.now() > key.challengeExpiresAt) {
    throw new ApiError(422, 'The challenge has expired; start a new challenge', {
      field: 'key_id',
    })
  }
  let valid = false
  try {
    const { domain, message } = registerTypedData(ctx, key)
    valid = await verifyTypedData({
      address: key.address,
      domain,
      types: REGISTER_TYPES,
      primaryType: 'RegisterSigningKey',
      message: { ...message, expiresAt: BigInt(message.expiresAt) },
      signature,
    })
  } catch {
    valid = false
  }
  if (!valid) {
    throw new ApiError(
      422,
      "signature is not the challenge address's signature over the challenge typed_data",
      { field: 'signature' },
    )
  }
  if (key.status === 'active') return key
  const now = ctx.clock.now()
  for (const other of ctx.store.keysOf(customer.id)) {
    if (other.status === 'active') {
      other.status = 'revoked'
      other.revokedAt = now
    }
  }
  key.status = 'active'
  key.activatedAt = now
  return key
}
