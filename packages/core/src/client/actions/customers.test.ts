import {
  approvedCustomer,
  businessProfileBody,
  businessRequirementsUs,
  CUSTOMER_ID,
  customerList,
  customerNotFound,
  documentUpload,
  incompleteCustomer,
  individualProfileBody,
  individualRequirements,
  invalidCustomerType,
  nigerianProfileBody,
  PARTNER_REF,
  PDF_BASE64,
  PDF_BYTES,
  packageIncomplete,
  pendingReviewCustomer,
  provisioningCustomer,
  retryNotFailed,
  revokeConflict,
  revokedCustomer,
} from '@rampkit/test/published'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_KEY } from '../../../test/fixtures.js'
import { startTestServer, success, type TestServer } from '../../../test/httpServer.js'
import {
  ConflictError,
  NotFoundError,
  RampInputError,
  UnexpectedResponseError,
  ValidationError,
} from '../../errors/index.js'
import { createRampClient, type RampClient } from '../createRampClient.js'
import { createCustomer } from './createCustomer.js'

/**
 * The customer vault's contract: a local HTTP server answers exactly the published shapes
 * (`@rampkit/test`'s `published/customers.ts`), and each test checks what core sent (method, path,
 * query, body) and what it parsed.
 */
let server: TestServer
let client: RampClient

beforeAll(async () => {
  server = await startTestServer()
  client = createRampClient({ apiKey: SANDBOX_KEY, baseUrl: server.url, retry: false })
})
afterEach(() => server.reset())
afterAll(() => server.close())

const P = '/api/v1/partner'
const CUSTOMER = `${P}/customers/${CUSTOMER_ID}`

function only() {
  expect(server.requests).toHaveLength(1)
  const request = server.requests[0]
  if (!request) throw new Error('no request')
  return request
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a rejection')
}

describe('getCustomerRequirements', () => {
  it('GETs the individual package, sending no query when none is given', async () => {
    server.route('GET', `${P}/customers/requirements`, {
      json: success(individualRequirements, 'Customer requirements'),
    })
    const data = await client.getCustomerRequirements()
    const request = only()
    expect([request.method, request.path, request.query.toString()]).toEqual([
      'GET',
      `${P}/customers/requirements`,
      '',
    ])
    expect(data).toEqual(individualRequirements)
    expect(data.required_documents.map((document) => document.key)).toEqual(['identity', 'address'])
    expect(data.conditional_fields[1]).toMatchObject({
      field: 'additional_id_number',
      required: true,
    })
  })

  it('sends type and an upper-cased country, and parses the business package', async () => {
    server.route('GET', `${P}/customers/requirements`, { json: success(businessRequirementsUs) })
    const data = await client.getCustomerRequirements({ type: 'business', country: 'us' })
    expect(only().query.toString()).toBe('type=business&country=US')
    expect(data.required_fields).toContain('tax_id')
    expect(data.required_documents).toHaveLength(5)
  })

  it('refuses an unknown type before sending, and surfaces the service 400 with data.field', async () => {
    const local = await rejection(client.getCustomerRequirements({ type: 'trust' as 'business' }))
    expect(local).toBeInstanceOf(RampInputError)
    expect((local as RampInputError).issues[0]?.field).toBe('type')
    expect(server.requests).toHaveLength(0)

    server.route('GET', `${P}/customers/requirements`, { status: 400, json: invalidCustomerType })
    const remote = await rejection(client.getCustomerRequirements({ type: 'business' }))
    expect(remote).toMatchObject({ status: 400, field: 'type', message: 'Invalid customer type' })
  })
})

describe('createCustomer', () => {
  it('POSTs partner_customer_ref, type and the nested profile, and parses the incomplete case', async () => {
    server.route('POST', `${P}/customers`, {
      status: 201,
      json: success(incompleteCustomer, 'Customer created'),
    })
    const data = await createCustomer(client, {
      partner_customer_ref: PARTNER_REF,
      type: 'individual',
      profile: individualProfileBody,
    })
    const request = only()
    expect([request.method, request.path]).toEqual(['POST', `${P}/customers`])
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.json).toEqual({
      partner_customer_ref: PARTNER_REF,
      type: 'individual',
      profile: individualProfileBody,
    })
    expect(data).toEqual(incompleteCustomer)
    expect(data.id).toMatch(/^pcus_/)
    expect(data.status).toBe('incomplete')
    expect(data.missing).toEqual([
      'profile.id_number',
      'profile.id_type',
      'document.identity',
      'document.address',
    ])
    expect(data.submitted_at).toBeNull()
  })

  it('sends a Nigerian resident with the BVN and its type', async () => {
    server.route('POST', `${P}/customers`, { status: 201, json: success(incompleteCustomer) })
    await client.createCustomer({
      partner_customer_ref: 'ng-1',
      type: 'individual',
      profile: nigerianProfileBody,
    })
    expect(only().json).toEqual({
      partner_customer_ref: 'ng-1',
      type: 'individual',
      profile: nigerianProfileBody,
    })
  })

  it('sends a profile field core does not list, at any level, unchanged', async () => {
    server.route('POST', `${P}/customers`, { status: 201, json: success(incompleteCustomer) })
    const body = {
      partner_customer_ref: 'r',
      type: 'individual' as const,
      channel: 'app',
      profile: {
        ...individualProfileBody,
        occupation: 'teacher',
        address: { line1: 'x', unit: 4 },
      },
    }
    await client.createCustomer(body)
    expect(only().json).toEqual(body)
  })

  it('sends a business profile with officers, line_1 addresses and exact money figures', async () => {
    server.route('POST', `${P}/customers`, {
      status: 201,
      json: success({ ...incompleteCustomer, type: 'business', profile: businessProfileBody }),
    })
    const data = await client.createCustomer({
      partner_customer_ref: 'biz-7',
      type: 'business',
      profile: businessProfileBody,
    })
    expect(only().body).toBe(
      JSON.stringify({
        partner_customer_ref: 'biz-7',
        type: 'business',
        profile: businessProfileBody,
      }),
    )
    expect(data.type).toBe('business')
    expect(data.profile.legal_name).toBe('Kilima Trading LLC')
  })

  it('answers the existing case on a repeated reference (idempotent)', async () => {
    server.route('POST', `${P}/customers`, { status: 201, json: success(approvedCustomer) })
    const again = await client.createCustomer({
      partner_customer_ref: PARTNER_REF,
      type: 'individual',
    })
    expect(only().json).toEqual({ partner_customer_ref: PARTNER_REF, type: 'individual' })
    expect(again.status).toBe('approved')
  })

  it.each([
    ['no type', { partner_customer_ref: 'r' }, 'type'],
    [
      'a business officer without a role',
      {
        partner_customer_ref: 'r',
        type: 'business',
        profile: { officers: [{ first_name: 'A', last_name: 'B' }] },
      },
      'profile.officers.0.role',
    ],
    [
      'a bad email',
      { partner_customer_ref: 'r', type: 'individual', profile: { email: 'x' } },
      'profile.email',
    ],
    [
      'a quote-style date of birth',
      { partner_customer_ref: 'r', type: 'individual', profile: { date_of_birth: '03/08/1992' } },
      'profile.date_of_birth',
    ],
    [
      'an address that is not an object',
      { partner_customer_ref: 'r', type: 'individual', profile: { address: 'Nairobi' } },
      'profile.address',
    ],
    [
      'a signal inside the address',
      {
        partner_customer_ref: 'r',
        type: 'individual',
        profile: { address: { line1: 'x', signal: 'x' } },
      },
      'profile.address.signal',
    ],
    [
      'a short BVN',
      {
        partner_customer_ref: 'r',
        type: 'individual',
        profile: { additional_id_type: 'bvn', additional_id_number: '123' },
      },
      'profile.additional_id_number',
    ],
    [
      'a signal among the fields',
      { partner_customer_ref: 'r', type: 'individual', signal: 'x' },
      'signal',
    ],
    [
      'an empty reference',
      { partner_customer_ref: '', type: 'individual' },
      'partner_customer_ref',
    ],
  ])('refuses %s before sending, naming the field', async (_, parameters, field) => {
    const error = await rejection(client.createCustomer(parameters as never))
    expect(error).toBeInstanceOf(RampInputError)
    expect((error as RampInputError).issues[0]?.field).toBe(field)
    expect(server.requests).toHaveLength(0)
  })

  it('never puts an identity number in an input error', async () => {
    const error = await rejection(
      client.createCustomer({
        partner_customer_ref: 'r',
        type: 'individual',
        profile: {
          id_number: 'K9087654',
          additional_id_type: 'bvn',
          additional_id_number: 'K9087654',
        },
      }),
    )
    expect(error).toBeInstanceOf(RampInputError)
    expect(
      JSON.stringify({ message: error.message, issues: (error as RampInputError).issues }),
    ).not.toContain('K9087654')
  })
})

describe('listCustomers and getCustomer', () => {
  it('looks a reference up: GET /partner/customers?partner_customer_ref=', async () => {
    server.route('GET', `${P}/customers`, { json: success(customerList, 'Customers') })
    const data = await client.listCustomers({ partner_customer_ref: PARTNER_REF })
    const request = only()
    expect([request.method, request.query.toString()]).toEqual([
      'GET',
      `partner_customer_ref=${PARTNER_REF}`,
    ])
    expect(data.customers).toEqual([approvedCustomer])
  })

  it('lists by status and limit; summary rows without profile or documents parse', async () => {
    const summary = {
      id: 'pcus_111',
      partner_customer_ref: 'a',
      type: 'individual',
      status: 'pending_review',
    }
    server.route('GET', `${P}/customers`, { json: success({ customers: [summary] }) })
    const data = await client.listCustomers({ status: 'pending_review', limit: 100 })
    expect(only().query.toString()).toBe('status=pending_review&limit=100')
    expect(data.customers[0]).toEqual(summary)
    await expect(client.listCustomers({ limit: 101 })).rejects.toBeInstanceOf(RampInputError)
  })

  it('GETs one case with its documents metadata and the deposit-account product', async () => {
    server.route('GET', CUSTOMER, { json: success(approvedCustomer, 'Customer') })
    const data = await client.getCustomer({ customer_id: CUSTOMER_ID })
    expect([only().method, only().path]).toEqual(['GET', CUSTOMER])
    expect(data).toEqual(approvedCustomer)
    expect(data.documents.map((document) => document.id)).toEqual([
      'pdoc_1c2d3e4f5a6b',
      'pdoc_6b5a4f3e2d1c',
    ])
    expect(data.products.deposit_account?.status).toBe('ready')
  })

  it('keeps a status the documents do not list yet, and a rejected case its review note', async () => {
    server.route('GET', CUSTOMER, {
      json: success({
        ...approvedCustomer,
        status: 'under_enhanced_review',
        products: { deposit_account: { status: 'paused' } },
        review_note: 'Document unreadable',
      }),
    })
    const data = await client.getCustomer({ customer_id: CUSTOMER_ID })
    expect(data.status).toBe('under_enhanced_review')
    expect(data.products.deposit_account?.status).toBe('paused')
    expect(data.review_note).toBe('Document unreadable')
  })

  it('maps 404 Customer not found, and a case without id to an unexpected answer', async () => {
    server.route('GET', CUSTOMER, { status: 404, json: customerNotFound })
    const missing = await rejection(client.getCustomer({ customer_id: CUSTOMER_ID }))
    expect(missing).toBeInstanceOf(NotFoundError)
    expect(missing.message).toBe('Customer not found')
    const { id: _, ...withoutId } = approvedCustomer
    server.route('GET', CUSTOMER, { json: success(withoutId) })
    expect(await rejection(client.getCustomer({ customer_id: CUSTOMER_ID }))).toBeInstanceOf(
      UnexpectedResponseError,
    )
  })
})

describe('updateCustomer', () => {
  it('PATCHes { profile } to the case and parses what is still missing', async () => {
    server.route('PATCH', CUSTOMER, {
      json: success(
        { ...incompleteCustomer, missing: ['document.identity', 'document.address'] },
        'Customer updated',
      ),
    })
    const data = await client.updateCustomer({
      customer_id: CUSTOMER_ID,
      profile: { id_type: 'national_id', id_number: 'K9087654' },
    })
    const request = only()
    expect([request.method, request.path]).toEqual(['PATCH', CUSTOMER])
    expect(request.json).toEqual({ profile: { id_type: 'national_id', id_number: 'K9087654' } })
    expect(data.missing).toEqual(['document.identity', 'document.address'])
  })

  it('sends a profile key core does not list as it is, and a 409 after revoke is a ConflictError', async () => {
    server.route('PATCH', CUSTOMER, { json: success(incompleteCustomer, 'Customer updated') })
    await client.updateCustomer({
      customer_id: CUSTOMER_ID,
      profile: { first_name: 'W', nickname: 'Wanji', address: { line1: 'x', unit: 4 } },
    })
    expect(only().json).toEqual({
      profile: { first_name: 'W', nickname: 'Wanji', address: { line1: 'x', unit: 4 } },
    })
    server.reset()
    server.route('PATCH', CUSTOMER, {
      status: 409,
      json: { status: 'error', message: 'Customer is suspended', data: { status: 'suspended' } },
    })
    const conflict = await rejection(
      client.updateCustomer({ customer_id: CUSTOMER_ID, profile: { first_name: 'W' } }),
    )
    expect(conflict).toBeInstanceOf(ConflictError)
  })
})

describe('uploadCustomerDocument', () => {
  it('POSTs JSON with the bytes base64-encoded, and parses the document and the case', async () => {
    server.route('POST', `${CUSTOMER}/documents`, {
      status: 201,
      json: success(documentUpload, 'Document uploaded'),
    })
    const data = await client.uploadCustomerDocument({
      customer_id: CUSTOMER_ID,
      category: 'identity',
      content_type: 'application/pdf',
      file_name: 'id.pdf',
      content: PDF_BYTES,
    })
    const request = only()
    expect([request.method, request.path]).toEqual(['POST', `${CUSTOMER}/documents`])
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.json).toEqual({
      category: 'identity',
      content_type: 'application/pdf',
      file_name: 'id.pdf',
      content_base64: PDF_BASE64,
    })
    expect(data.document).toEqual(documentUpload.document)
    expect(data.customer.missing).toEqual([
      'profile.id_number',
      'profile.id_type',
      'document.address',
    ])
  })

  it('sends given base64 as it is', async () => {
    server.route('POST', `${CUSTOMER}/documents`, { status: 201, json: success(documentUpload) })
    await client.uploadCustomerDocument({
      customer_id: CUSTOMER_ID,
      category: 'address',
      content_type: 'image/png',
      content_base64: 'iVBORw0KGgo=',
    })
    expect(only().json).toEqual({
      category: 'address',
      content_type: 'image/png',
      content_base64: 'iVBORw0KGgo=',
    })
  })

  it.each([
    ['both forms', { content: PDF_BYTES, content_base64: PDF_BASE64 }, 'content_base64'],
    ['no content', {}, 'content_base64'],
    [
      'a type the vault refuses',
      { content_base64: PDF_BASE64, content_type: 'image/gif' },
      'content_type',
    ],
    ['base64 that is not', { content_base64: 'not base64!' }, 'content_base64'],
    ['empty bytes', { content: new Uint8Array(0) }, 'content'],
    ['more than 8 MiB', { content: new Uint8Array(8 * 1024 * 1024 + 1) }, 'content'],
    ['no category', { content_base64: PDF_BASE64, category: undefined }, 'category'],
  ])(
    'refuses %s before sending, naming the field and never the content',
    async (_, change, field) => {
      const error = await rejection(
        client.uploadCustomerDocument({
          customer_id: CUSTOMER_ID,
          category: 'identity',
          content_type: 'application/pdf',
          ...change,
        } as never),
      )
      expect(error).toBeInstanceOf(RampInputError)
      expect((error as RampInputError).issues[0]?.field).toBe(field)
      expect(error.message).not.toContain(PDF_BASE64.slice(0, 16))
      expect(server.requests).toHaveLength(0)
    },
  )
})

describe('submitCustomer', () => {
  it('POSTs {} and parses pending_review', async () => {
    server.route('POST', `${CUSTOMER}/submit`, {
      json: success(pendingReviewCustomer, 'Customer submitted'),
    })
    const data = await client.submitCustomer({ customer_id: CUSTOMER_ID })
    const request = only()
    expect([request.method, request.path, request.json]).toEqual(['POST', `${CUSTOMER}/submit`, {}])
    expect(data.status).toBe('pending_review')
    expect(data.submitted_at).toBe('2026-09-03T09:16:00+00:00')
    expect(data.missing).toBeUndefined()
  })

  it('maps an incomplete package to a ValidationError carrying code and missing[]', async () => {
    server.route('POST', `${CUSTOMER}/submit`, { status: 422, json: packageIncomplete })
    const error = await rejection(client.submitCustomer({ customer_id: CUSTOMER_ID }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({
      status: 422,
      code: 'package_incomplete',
      message: 'Customer package is incomplete',
      data: { missing: ['profile.id_number', 'document.identity'] },
    })
  })
})

describe('revokeCustomer', () => {
  it('POSTs the optional reason and parses the short answer', async () => {
    server.route('POST', `${CUSTOMER}/revoke`, {
      json: success(revokedCustomer, 'Customer revoked'),
    })
    const data = await client.revokeCustomer({ customer_id: CUSTOMER_ID, reason: 'account_closed' })
    const request = only()
    expect([request.method, request.path, request.json]).toEqual([
      'POST',
      `${CUSTOMER}/revoke`,
      { reason: 'account_closed' },
    ])
    expect(data).toEqual(revokedCustomer)
  })

  it('sends {} without a reason, refuses a reason over 512 characters, maps 409', async () => {
    server.route('POST', `${CUSTOMER}/revoke`, { json: success(revokedCustomer) })
    await client.revokeCustomer({ customer_id: CUSTOMER_ID })
    expect(only().json).toEqual({})
    server.reset()
    const long = await rejection(
      client.revokeCustomer({ customer_id: CUSTOMER_ID, reason: 'x'.repeat(513) }),
    )
    expect((long as RampInputError).issues[0]?.field).toBe('reason')
    server.route('POST', `${CUSTOMER}/revoke`, { status: 409, json: revokeConflict })
    const conflict = await rejection(client.revokeCustomer({ customer_id: CUSTOMER_ID }))
    expect(conflict).toBeInstanceOf(ConflictError)
    expect((conflict as ConflictError).data).toEqual({ status: 'approved' })
  })
})

describe('retryDepositAccount', () => {
  it('POSTs with no body and parses the case, its product provisioning', async () => {
    server.route('POST', `${CUSTOMER}/deposit-account/retry`, {
      json: success(provisioningCustomer, 'Deposit account provisioning retried'),
    })
    const data = await client.retryDepositAccount({ customer_id: CUSTOMER_ID })
    const request = only()
    expect([request.method, request.path, request.body]).toEqual([
      'POST',
      `${CUSTOMER}/deposit-account/retry`,
      '',
    ])
    expect(data.products.deposit_account?.status).toBe('provisioning')
  })

  it('maps 409 when provisioning did not fail, with data.deposit_account_status', async () => {
    server.route('POST', `${CUSTOMER}/deposit-account/retry`, { status: 409, json: retryNotFailed })
    const error = await rejection(client.retryDepositAccount({ customer_id: CUSTOMER_ID }))
    expect(error).toBeInstanceOf(ConflictError)
    expect((error as ConflictError).data).toEqual({ deposit_account_status: 'ready' })
  })
})

describe('customer ids', () => {
  it.each([
    ['getCustomer', () => client.getCustomer({ customer_id: 'cus_1' })],
    ['submitCustomer', () => client.submitCustomer({ customer_id: '../x' })],
    ['revokeCustomer', () => client.revokeCustomer({ customer_id: '' })],
    ['retryDepositAccount', () => client.retryDepositAccount({ customer_id: 'pcus_a/b' })],
  ])('%s refuses an id that is not pcus_… before sending', async (_, call) => {
    const error = await rejection(call())
    expect((error as RampInputError).issues[0]?.field).toBe('customer_id')
    expect(server.requests).toHaveLength(0)
  })
})
