import { Hono } from 'hono'
import { CUSTOMER_STATUSES, createCustomerRequest, updateCustomerRequest } from '../../core.js'
import { readJsonBody } from '../../http/body.js'
import { ApiError, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import type { SandboxContext } from '../../service/context.js'
import { assertEditable, forcesDepositFailure } from '../../service/customers.js'
import { requirementsView } from '../../service/kyc.js'
import { customerView } from '../../service/views.js'
import { type Customer, publicId } from '../../state/store.js'
import { checkNigerianId, customerOf, parse, refuseForeignFields } from './shared.js'

/** Requirements, create (idempotent on `partner_customer_ref`), list, get and patch. */
export function caseRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()

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

  app.get('/:customer_id', (c) => ok(c, 'Customer', customerView(customerOf(ctx, c))))

  app.patch('/:customer_id', async (c) => {
    const user = c.get('user')
    const customer = customerOf(ctx, c)
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

  return app
}
