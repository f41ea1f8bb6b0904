import { type Context, Hono } from 'hono'
import type { Address, Hex } from 'viem'
import { isoOffset } from '../clock/index.js'
import {
  CUSTOMER_STATUSES,
  completeSigningKeyRequest,
  createCustomerRequest,
  MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH,
  openAccountRequest,
  revokeCustomerRequest,
  type SchemaIssue,
  signingKeyChallengeRequest,
  updateCustomerRequest,
  uploadCustomerDocumentRequest,
  validateBvn,
  validateBvnType,
} from '../core.js'
import { readJsonBody } from '../http/body.js'
import { ApiError, firstIssue, ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'
import { CURRENCY_COUNTRY, PAYOUT_BANKS } from '../seed/corridors.js'
import { REQUIREMENTS } from '../seed/requirements.js'
import type { SandboxContext } from '../service/context.js'
import {
  accountHolderName,
  assertEditable,
  canOpenAccounts,
  challengeSigningKey,
  challengeTypedData,
  completeSigningKey,
  forcesDepositFailure,
  openAccount,
  retryProvisioning,
  revokeCustomer,
  submitCustomer,
} from '../service/customers.js'
import { requirementsView } from '../service/kyc.js'
import {
  accountView,
  customerView,
  depositInstructionsView,
  documentView,
  signingKeyView,
} from '../service/views.js'
import {
  type Account,
  type Customer,
  type CustomerDocument,
  publicId,
  type SandboxUser,
} from '../state/store.js'

const CUSTOMER_ID = /^pcus_[A-Za-z0-9_-]{1,64}$/
const KEY_ID = /^skey_[A-Za-z0-9_-]{1,64}$/
/** A document body: the vault's 12 000 000 base64 characters and the JSON around them. */
const MAX_DOCUMENT_BODY_BYTES = MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH + 64 * 1024

function findCustomer(ctx: SandboxContext, user: SandboxUser, id: string): Customer {
  if (!CUSTOMER_ID.test(id)) {
    throw new ApiError(422, 'customer_id must be a public customer id (pcus_...)', {
      field: 'customer_id',
    })
  }
  const customer = ctx.store.customers.get(id)
  if (!customer || customer.userId !== user.id) {
    throw new ApiError(404, 'Customer not found', { field: 'customer_id' })
  }
  return customer
}

/** The banking gate: 409 until the customer is approved and its deposit account `ready`. */
function requireReady(customer: Customer) {
  if (!canOpenAccounts(customer)) {
    throw new ApiError(409, 'Deposit account is not ready', {
      deposit_account_status: customer.depositAccountStatus,
      customer_status: customer.status,
    })
  }
}

function findAccount(ctx: SandboxContext, customer: Customer, raw: string): Account {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new ApiError(422, 'account_id must be an integer of 1 or more', {
      field: 'account_id',
    })
  }
  const account = ctx.store.accounts.get(id)
  if (!account || account.customerId !== customer.id) {
    throw new ApiError(404, 'Account not found', null)
  }
  return account
}

type SafeParse<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly SchemaIssue[] } }

/** Parses a body with a core request schema; the first issue is a 422 naming its field. */
function parse<T>(schema: { safeParse(input: unknown): SafeParse<T> }, body: unknown): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const issue = firstIssue(parsed.error.issues, body)
    throw new ApiError(422, issue.message, { field: issue.field })
  }
  return parsed.data
}

/** Bytes a standard base64 text decodes to (its form already checked by core's schema). */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return (base64.length / 4) * 3 - padding
}

/**
 * The customer vault at the service's published paths (`/partner/customers/…`): requirements,
 * create (idempotent on `partner_customer_ref`), list, get, patch, documents, submit, revoke,
 * deposit-account retry; accounts (open, list, get, deposit instructions, payout banks); signing
 * keys (challenge, complete, list, revoke). Bodies are checked with core's request schemas.
 */
/**
 * The vault takes the profile fields its requirements list for the customer's type (required,
 * optional or conditional): another one, a person's field on a business or an unlisted one, is
 * a 422 naming it, at create as on PATCH.
 */
function refuseForeignFields(type: Customer['type'], profile: Record<string, unknown>) {
  const allowed = REQUIREMENTS[type]
  const foreign = Object.keys(profile).find(
    (field) =>
      !allowed.required_fields.includes(field) &&
      !allowed.optional_fields.includes(field) &&
      !allowed.conditional_fields.some((entry) => entry.field === field),
  )
  if (foreign) {
    throw new ApiError(422, `profile.${foreign} is not a field of a ${type} profile`, {
      field: `profile.${foreign}`,
    })
  }
}

/**
 * A Nigerian resident's additional ID, as the customers guide and the requirements' conditional
 * fields describe it: the type `bvn` and an 11-digit BVN (each checked when given; submit asks
 * for both).
 */
function checkNigerianId(profile: Record<string, unknown>) {
  if (profile.country_of_residence !== 'NG') return
  const type = validateBvnType(profile.additional_id_type)
  const number =
    profile.additional_id_number === undefined ? type : validateBvn(profile.additional_id_number)
  for (const result of [type, number]) {
    if (result.ok) continue
    const field = `profile.${result.field.replace(/^customer\./, '')}`
    throw new ApiError(422, `${field}: ${result.message}`, { field })
  }
}

export function customerRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()
  const customerOf = (c: Context<SandboxEnv>) =>
    findCustomer(ctx, c.get('user'), c.req.param('customer_id') ?? '')

  app.get('/requirements', (c) => {
    const type = c.req.query('type') ?? 'individual'
    if (type !== 'individual' && type !== 'business') {
      throw new ApiError(400, 'Invalid customer type', {
        field: 'type',
        allowed: ['business', 'individual'],
      })
    }
    const rawCountry = c.req.query('country')
    if (rawCountry !== undefined && !/^[A-Za-z]{2}$/.test(rawCountry)) {
      throw new ApiError(422, 'country must be a two-letter ISO code', { field: 'country' })
    }
    return ok(c, 'Customer requirements', requirementsView(type, rawCountry?.toUpperCase() ?? null))
  })

  app.post('/', async (c) => {
    const user = c.get('user')
    const body = await readJsonBody(c)
    const request = parse(createCustomerRequest, body)
    refuseForeignFields(request.type, request.profile ?? {})
    checkNigerianId(request.profile ?? {})
    const existing = ctx.store.customerByRef(user.id, request.partner_customer_ref)
    if (existing) return ok(c, 'Customer already exists', customerView(existing), 201)
    const now = ctx.clock.now()
    const customer: Customer = {
      id: publicId('pcus_'),
      userId: user.id,
      partnerCustomerRef: request.partner_customer_ref,
      type: request.type,
      profile: { ...(request.profile ?? {}) },
      documents: [],
      status: 'incomplete',
      depositAccountStatus: 'none',
      depositFailuresLeft: forcesDepositFailure(request.partner_customer_ref) ? 1 : 0,
      reviewNote: null,
      createdAt: now,
      updatedAt: now,
      submittedAt: null,
      reviewedAt: null,
    }
    ctx.store.customers.set(customer.id, customer)
    return ok(c, 'Customer created', customerView(customer), 201)
  })

  app.get('/', (c) => {
    const user = c.get('user')
    const status = c.req.query('status')
    if (status !== undefined && !(CUSTOMER_STATUSES as readonly string[]).includes(status)) {
      throw new ApiError(422, `status must be one of ${CUSTOMER_STATUSES.join(', ')}`, {
        field: 'status',
      })
    }
    const ref = c.req.query('partner_customer_ref')
    if (ref !== undefined) {
      // A reference resolves to at most one full case; limit is ignored.
      const found = ctx.store.customerByRef(user.id, ref)
      const customers = found && (!status || found.status === status) ? [customerView(found)] : []
      return ok(c, 'Customers', { customers })
    }
    const rawLimit = c.req.query('limit')
    const limit = rawLimit === undefined ? 50 : /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : 0
    if (limit < 1 || limit > 100) {
      throw new ApiError(422, 'limit must be an integer from 1 to 100', { field: 'limit' })
    }
    const customers = [...ctx.store.customers.values()]
      .filter((customer) => customer.userId === user.id && (!status || customer.status === status))
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit)
      .map((customer) => customerView(customer, { summary: true }))
    return ok(c, 'Customers', { customers })
  })

  app.get('/:customer_id', (c) => ok(c, 'Customer', customerView(customerOf(c))))

  app.patch('/:customer_id', async (c) => {
    const user = c.get('user')
    const customer = customerOf(c)
    const body = await readJsonBody(c)
    const request = parse(updateCustomerRequest, body)
    refuseForeignFields(customer.type, request.profile)
    assertEditable(ctx, user, customer)
    // A merge of the top-level fields: an address given replaces the stored one whole.
    const profile = { ...customer.profile, ...request.profile }
    checkNigerianId(profile)
    customer.profile = profile
    customer.updatedAt = ctx.clock.now()
    return ok(c, 'Customer updated', customerView(customer))
  })

  app.post('/:customer_id/documents', async (c) => {
    const user = c.get('user')
    const customer = customerOf(c)
    const body = await readJsonBody(c, { maxBytes: MAX_DOCUMENT_BODY_BYTES })
    const request = parse(uploadCustomerDocumentRequest, body)
    const categories = REQUIREMENTS[customer.type].required_documents.map(({ key }) => key)
    if (!categories.includes(request.category)) {
      throw new ApiError(
        422,
        `category must be a document key of the ${customer.type} requirements`,
        { field: 'category', allowed: categories },
      )
    }
    assertEditable(ctx, user, customer)
    // Only metadata is kept: the bytes of an identity document never stay in the sandbox.
    const document: CustomerDocument = {
      id: publicId('pdoc_'),
      category: request.category,
      contentType: request.content_type,
      bytes: decodedLength(request.content_base64),
      createdAt: ctx.clock.now(),
    }
    customer.documents.push(document)
    customer.updatedAt = document.createdAt
    return ok(
      c,
      'Document uploaded',
      { document: documentView(document), customer: customerView(customer) },
      201,
    )
  })

  app.post('/:customer_id/submit', async (c) => {
    const user = c.get('user')
    const customer = customerOf(c)
    await readJsonBody(c, { optional: true })
    submitCustomer(ctx, user, customer)
    return ok(c, 'Customer submitted', customerView(customer))
  })

  app.post('/:customer_id/revoke', async (c) => {
    const user = c.get('user')
    const customer = customerOf(c)
    // The reason is audit-only: checked, never stored nor echoed.
    parse(revokeCustomerRequest, await readJsonBody(c, { optional: true }))
    const moved = revokeCustomer(ctx, user, customer)
    return ok(c, moved ? 'Customer revoked' : `Customer already ${customer.status}`, {
      id: customer.id,
      status: customer.status,
      partner_customer_ref: customer.partnerCustomerRef,
      updated_at: customerView(customer).updated_at,
    })
  })

  app.post('/:customer_id/deposit-account/retry', (c) => {
    const customer = customerOf(c)
    retryProvisioning(ctx, c.get('user'), customer)
    return ok(c, 'Deposit account provisioning retried', customerView(customer))
  })

  app.post('/:customer_id/accounts', async (c) => {
    const user = c.get('user')
    const customer = customerOf(c)
    const body = await readJsonBody(c)
    requireReady(customer)
    const request = parse(openAccountRequest, body)
    const { account, created } = openAccount(ctx, user, customer, request)
    return created
      ? ok(c, 'Account opened', accountView(account), 201)
      : ok(c, 'Account already exists', accountView(account))
  })

  app.get('/:customer_id/accounts', (c) => {
    const customer = customerOf(c)
    requireReady(customer)
    const accounts = ctx.store.accountsOf(customer.id).map(accountView)
    return ok(c, 'Accounts', { accounts })
  })

  app.get('/:customer_id/accounts/:account_id', (c) => {
    const customer = customerOf(c)
    requireReady(customer)
    const account = findAccount(ctx, customer, c.req.param('account_id'))
    return ok(c, 'Account', accountView(account))
  })

  app.get('/:customer_id/accounts/:account_id/deposit-instructions', (c) => {
    const customer = customerOf(c)
    requireReady(customer)
    const account = findAccount(ctx, customer, c.req.param('account_id'))
    if (account.status !== 'active') {
      throw new ApiError(422, 'Deposit instructions are not ready yet', {
        account_id: account.id,
        status: account.status,
        hint: 'Poll GET account or wait for account.ready',
      })
    }
    return ok(
      c,
      'Deposit instructions',
      depositInstructionsView(account, accountHolderName(customer)),
    )
  })

  app.get('/:customer_id/accounts/:account_id/payout-banks', (c) => {
    const customer = customerOf(c)
    requireReady(customer)
    const account = findAccount(ctx, customer, c.req.param('account_id'))
    const banks = account.assetType === 'fiat' ? (PAYOUT_BANKS[account.currency] ?? []) : []
    return ok(c, `${banks.length} payout banks`, {
      account_id: account.id,
      currency: account.currency,
      country: account.assetType === 'fiat' ? (CURRENCY_COUNTRY[account.currency] ?? null) : null,
      customer_id: customer.id,
      banks,
    })
  })

  app.post('/:customer_id/signing-keys/challenge', async (c) => {
    const customer = customerOf(c)
    const request = parse(signingKeyChallengeRequest, await readJsonBody(c))
    const key = challengeSigningKey(ctx, customer, request.address as Address)
    return ok(
      c,
      'Signing key challenge created',
      {
        key_id: key.id,
        address: key.address,
        expires_at: isoOffset(key.challengeExpiresAt),
        typed_data: challengeTypedData(ctx, key),
      },
      201,
    )
  })

  app.post('/:customer_id/signing-keys/complete', async (c) => {
    const customer = customerOf(c)
    const request = parse(completeSigningKeyRequest, await readJsonBody(c))
    const key = ctx.store.signingKeys.get(request.key_id)
    if (!key || key.customerId !== customer.id) {
      throw new ApiError(404, 'Signing key not found', { field: 'key_id' })
    }
    const active = await completeSigningKey(ctx, customer, key, request.signature as Hex)
    return ok(c, 'Signing key activated', signingKeyView(active))
  })

  app.get('/:customer_id/signing-keys', (c) => {
    const customer = customerOf(c)
    // A challenge not completed is no key yet.
    const keys = ctx.store
      .keysOf(customer.id)
      .filter((key) => key.status !== 'pending')
      .map(signingKeyView)
    return ok(c, `${keys.length} signing keys`, { keys })
  })

  app.post('/:customer_id/signing-keys/:key_id/revoke', (c) => {
    const customer = customerOf(c)
    const keyId = c.req.param('key_id')
    const key = KEY_ID.test(keyId) ? ctx.store.signingKeys.get(keyId) : undefined
    if (!key || key.customerId !== customer.id || key.status === 'pending') {
      throw new ApiError(404, 'Signing key not found', { field: 'key_id' })
    }
    // Revoking twice succeeds and changes nothing (interface description, section 3).
    if (key.status === 'active') {
      key.status = 'revoked'
      key.revokedAt = ctx.clock.now()
    }
    return ok(c, 'Signing key revoked', signingKeyView(key))
  })

  return app
}
