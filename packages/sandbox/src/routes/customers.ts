import { Hono } from 'hono'
import { createCustomerRequest } from '../core.js'
import { readJsonBody } from '../http/body.js'
import { ApiError, firstIssue, ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'
import { CURRENCY_COUNTRY, PAYOUT_BANKS } from '../seed/corridors.js'
import type { SandboxContext } from '../service/context.js'
import { startCustomerReview } from '../service/customers.js'
import { accountView, customerView, signingKeyView } from '../service/views.js'
import { type Account, type Customer, publicId, type SandboxUser } from '../state/store.js'

const CUSTOMER_ID = /^pcus_[A-Za-z0-9_-]{1,64}$/
const KEY_ID = /^skey_[A-Za-z0-9_-]{1,64}$/

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

/** 409 until the deposit-account product is ready (status not shown by the spec; assumed). */
function requireReady(customer: Customer) {
  if (customer.status !== 'approved' || customer.depositAccountStatus !== 'ready') {
    throw new ApiError(409, 'The deposit account is not ready for this customer', {
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

/**
 * Customers, their accounts and signing keys: spec 4.9 to 4.14. Creation and GET shapes are the
 * sandbox's assumption (core's `createCustomerRequest` and `customer`).
 */
export function customerRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()

  app.post('/', async (c) => {
    const user = c.get('user')
    const body = await readJsonBody(c)
    const parsed = createCustomerRequest.safeParse(body)
    if (!parsed.success) {
      const issue = firstIssue(parsed.error.issues, body)
      throw new ApiError(422, issue.message, { field: issue.field })
    }
    const request = parsed.data
    const duplicate = [...ctx.store.customers.values()].find(
      (other) =>
        other.userId === user.id && other.partnerCustomerRef === request.partner_customer_ref,
    )
    if (duplicate) {
      throw new ApiError(409, 'A customer with this partner_customer_ref already exists', {
        field: 'partner_customer_ref',
        customer_id: duplicate.id,
      })
    }
    const now = ctx.clock.now()
    const customer: Customer = {
      id: publicId('pcus_'),
      userId: user.id,
      partnerCustomerRef: request.partner_customer_ref,
      type: request.type,
      firstName: request.first_name,
      lastName: request.last_name,
      email: request.email ?? null,
      dob: request.dob ?? null,
      country: request.country?.toUpperCase() ?? null,
      status: 'submitted',
      depositAccountStatus: 'pending',
      submittedAt: now,
      reviewedAt: null,
      updatedAt: now,
    }
    ctx.store.customers.set(customer.id, customer)
    startCustomerReview(ctx, user, customer)
    return ok(c, 'Customer submitted for review', customerView(customer), 201)
  })

  app.get('/:customer_id', (c) => {
    const customer = findCustomer(ctx, c.get('user'), c.req.param('customer_id'))
    return ok(c, 'Customer retrieved', customerView(customer))
  })

  app.get('/:customer_id/accounts', (c) => {
    const customer = findCustomer(ctx, c.get('user'), c.req.param('customer_id'))
    requireReady(customer)
    const accounts = ctx.store.accountsOf(customer.id).map(accountView)
    return ok(c, `${accounts.length} accounts`, { accounts })
  })

  app.get('/:customer_id/accounts/:account_id', (c) => {
    const customer = findCustomer(ctx, c.get('user'), c.req.param('customer_id'))
    requireReady(customer)
    const account = findAccount(ctx, customer, c.req.param('account_id'))
    return ok(c, 'Account retrieved', accountView(account))
  })

  app.get('/:customer_id/accounts/:account_id/payout-banks', (c) => {
    const customer = findCustomer(ctx, c.get('user'), c.req.param('customer_id'))
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

  app.get('/:customer_id/signing-keys', (c) => {
    const customer = findCustomer(ctx, c.get('user'), c.req.param('customer_id'))
    const keys = ctx.store.keysOf(customer.id).map(signingKeyView)
    return ok(c, `${keys.length} signing keys`, { keys })
  })

  app.post('/:customer_id/signing-keys/:key_id/revoke', (c) => {
    const customer = findCustomer(ctx, c.get('user'), c.req.param('customer_id'))
    const keyId = c.req.param('key_id')
    const key = KEY_ID.test(keyId) ? ctx.store.signingKeys.get(keyId) : undefined
    if (!key || key.customerId !== customer.id) {
      throw new ApiError(404, 'Signing key not found', { field: 'key_id' })
    }
    // Revoking twice succeeds and changes nothing (spec section 3).
    if (key.status === 'active') {
      key.status = 'revoked'
      key.revokedAt = ctx.clock.now()
    }
    return ok(c, 'Signing key revoked', signingKeyView(key))
  })

  return app
}
