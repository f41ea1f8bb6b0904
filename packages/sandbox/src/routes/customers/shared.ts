import type { Context } from 'hono'
import {
  MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH,
  type SchemaIssue,
  validateBvn,
  validateBvnType,
} from '../../core.js'
import { ApiError, firstIssue } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import { REQUIREMENTS } from '../../seed/requirements.js'
import type { SandboxContext } from '../../service/context.js'
import { canOpenAccounts } from '../../service/customers.js'
import type { Account, Customer, SandboxUser } from '../../state/store.js'

const CUSTOMER_ID = /^pcus_[A-Za-z0-9_-]{1,64}$/
export const KEY_ID = /^skey_[A-Za-z0-9_-]{1,64}$/
/** A document body: the vault's 12 000 000 base64 characters and the JSON around them. */
export const MAX_DOCUMENT_BODY_BYTES = MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH + 64 * 1024

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
export function requireReady(customer: Customer) {
  if (!canOpenAccounts(customer)) {
    throw new ApiError(409, 'Deposit account is not ready', {
      deposit_account_status: customer.depositAccountStatus,
      customer_status: customer.status,
    })
  }
}

export function findAccount(ctx: SandboxContext, customer: Customer, raw: string): Account {
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
export function parse<T>(schema: { safeParse(input: unknown): SafeParse<T> }, body: unknown): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const issue = firstIssue(parsed.error.issues, body)
    throw new ApiError(422, issue.message, { field: issue.field })
  }
  return parsed.data
}

/** Bytes a standard base64 text decodes to (its form already checked by core's schema). */
export function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return (base64.length / 4) * 3 - padding
}

/**
 * The vault takes the profile fields its requirements list for the customer's type (required,
 * optional or conditional): another one, a person's field on a business or an unlisted one, is
 * a 422 naming it, at create as on PATCH.
 */
export function refuseForeignFields(type: Customer['type'], profile: Record<string, unknown>) {
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
export function checkNigerianId(profile: Record<string, unknown>) {
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

/** The customer a `/:customer_id` path names, the user's own or a 404. */
export function customerOf(ctx: SandboxContext, c: Context<SandboxEnv>): Customer {
  return findCustomer(ctx, c.get('user'), c.req.param('customer_id') ?? '')
}
