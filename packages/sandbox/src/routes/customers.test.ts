import { webhookPayloads } from '@rampkit/core'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createTestApp, OTHER_KEY } from '../../test/app.js'
import {
  openAccount,
  PDF_BASE64,
  PERSON,
  submittedCustomer,
  uploadDocuments,
} from '../../test/customers.js'

const BASE = '/api/v1/partner/customers'
const WALLET_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

function events(ctx: ReturnType<typeof createTestApp>['ctx'], prefix = '') {
  return ctx.dispatcher
    .log()
    .filter((delivery) => delivery.event.startsWith(prefix))
    .map((delivery) => ({ event: delivery.event, body: JSON.parse(delivery.body) }))
}

/** A customer approved with its deposit account ready (review 2 s, provisioning 2 s). */
async function readyCustomer(test: ReturnType<typeof createTestApp>, ref = 'ready-1') {
  const id = await submittedCustomer(test.call, ref)
  await test.ctx.clock.advance(4_000)
  return id
}

describe('requirements', () => {
  it('answers the individual package by default, the country switching conditional fields on', async () => {
    const { call } = createTestApp()
    const individual = await call(`${BASE}/requirements`)
    expect(individual.status).toBe(200)
    expect(individual.body.data).toMatchObject({
      type: 'individual',
      required_documents: [{ key: 'identity' }, { key: 'address' }],
      conditional_fields: [
        { field: 'additional_id_type', when: 'country_of_residence == NG', required: true },
        { field: 'additional_id_number', when: 'country_of_residence == NG', required: true },
      ],
    })
    expect(individual.body.data.required_fields).toContain('id_number')
    expect(individual.body.data.required_fields).not.toContain('additional_id_number')
    const nigeria = await call(`${BASE}/requirements?type=individual&country=ng`)
    expect(nigeria.body.data.required_fields).toContain('additional_id_number')
    const business = await call(`${BASE}/requirements?type=business&country=US`)
    expect(business.body.data.required_fields).toContain('tax_id')
    expect(business.body.data.required_documents).toHaveLength(5)
  })

  it('answers 400 naming type and the allowed values, 422 for a bad country', async () => {
    const { call } = createTestApp()
    const type = await call(`${BASE}/requirements?type=trust`)
    expect([type.status, type.body.data]).toEqual([
      400,
      { field: 'type', allowed: ['business', 'individual'] },
    ])
    const country = await call(`${BASE}/requirements?country=Kenya`)
    expect([country.status, country.body.data]).toEqual([422, { field: 'country' }])
  })
})

describe('create, patch, documents', () => {
  it('creates an incomplete case listing what submit needs, idempotent on the reference', async () => {
    const { call } = createTestApp()
    const body = {
      partner_customer_ref: 'ref-1',
      type: 'individual',
      profile: { first_name: 'Amina', last_name: 'Odhiambo', country_of_residence: 'ng' },
    }
    const created = await call(BASE, { method: 'POST', body })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      id: expect.stringMatching(/^pcus_/),
      partner_customer_ref: 'ref-1',
      type: 'individual',
      status: 'incomplete',
      profile: { first_name: 'Amina', country_of_residence: 'NG' },
      documents: [],
      products: { deposit_account: { status: 'none' } },
      submitted_at: null,
    })
    expect(created.body.data.missing).toEqual([
      'profile.email',
      'profile.date_of_birth',
      'profile.gender',
      'profile.phone',
      'profile.address',
      'profile.id_number',
      'profile.id_type',
      'profile.additional_id_type',
      'profile.additional_id_number',
      'document.identity',
      'document.address',
    ])
    expect(created.body.data.created_at).toMatch(/\+00:00$/)
    const again = await call(BASE, {
      method: 'POST',
      body: { ...body, profile: { first_name: 'Changed' } },
    })
    expect(again.status).toBe(201)
    expect(again.body.data.id).toBe(created.body.data.id)
    expect(again.body.data.profile.first_name).toBe('Amina')
    // Another key's reference space is its own.
    const other = await call(BASE, { method: 'POST', body, key: OTHER_KEY })
    expect(other.body.data.id).not.toBe(created.body.data.id)
  })

  it.each([
    ['no type', { partner_customer_ref: 'r' }, 'type'],
    [
      'a bad email',
      { partner_customer_ref: 'r', type: 'individual', profile: { email: 'no' } },
      'profile.email',
    ],
    [
      'a person field on a business',
      { partner_customer_ref: 'r', type: 'business', profile: { first_name: 'A' } },
      'profile.first_name',
    ],
    ['an unknown key', { partner_customer_ref: 'r', type: 'individual', signal: 'x' }, 'signal'],
    [
      'a profile field the requirements do not list',
      { partner_customer_ref: 'r', type: 'individual', profile: { nickname: 'A' } },
      'profile.nickname',
    ],
    [
      'a Nigerian resident’s ID type other than bvn',
      {
        partner_customer_ref: 'r',
        type: 'individual',
        profile: { country_of_residence: 'NG', additional_id_type: 'nin' },
      },
      'profile.additional_id_type',
    ],
    [
      'a Nigerian resident’s BVN that is not 11 digits',
      {
        partner_customer_ref: 'r',
        type: 'individual',
        profile: { country_of_residence: 'NG', additional_id_number: '2218765432' },
      },
      'profile.additional_id_number',
    ],
    [
      'a country of residence that is no ISO country',
      { partner_customer_ref: 'r', type: 'individual', profile: { country_of_residence: 'UN' } },
      'profile.country_of_residence',
    ],
    [
      'an address country that is no ISO country',
      {
        partner_customer_ref: 'r',
        type: 'individual',
        profile: { address: { line1: '1 Rue', city: 'Paris', country: 'EU' } },
      },
      'profile.address.country',
    ],
    [
      'a reference over 128 characters',
      { partner_customer_ref: 'r'.repeat(129), type: 'individual' },
      'partner_customer_ref',
    ],
  ])('refuses %s with 422 and data.field, creating nothing', async (_, body, field) => {
    const { call, ctx } = createTestApp()
    const refused = await call(BASE, { method: 'POST', body })
    expect(refused.status).toBe(422)
    expect(refused.body.data.field).toBe(field)
    expect(ctx.store.customers.size).toBe(0)
  })

  it('PATCH merges profile fields; documents shrink missing; only metadata is kept', async () => {
    const { call, ctx } = createTestApp()
    const { body } = await call(BASE, {
      method: 'POST',
      body: { partner_customer_ref: 'p-1', type: 'individual', profile: { first_name: 'A' } },
    })
    const id = body.data.id
    const { first_name: _, ...rest } = PERSON
    const patched = await call(`${BASE}/${id}`, { method: 'PATCH', body: { profile: rest } })
    expect(patched.status).toBe(200)
    expect(patched.body.data.profile).toMatchObject({ first_name: 'A', last_name: 'Odhiambo' })
    expect(patched.body.data.missing).toEqual(['document.identity', 'document.address'])
    const foreign = await call(`${BASE}/${id}`, {
      method: 'PATCH',
      body: { profile: { legal_name: 'Acme' } },
    })
    expect([foreign.status, foreign.body.data]).toEqual([422, { field: 'profile.legal_name' }])

    const upload = await call(`${BASE}/${id}/documents`, {
      method: 'POST',
      body: {
        category: 'identity',
        content_type: 'application/pdf',
        file_name: 'id.pdf',
        content_base64: PDF_BASE64,
      },
    })
    expect(upload.status).toBe(201)
    expect(upload.body.data.document).toEqual({
      id: expect.stringMatching(/^pdoc_/),
      category: 'identity',
      content_type: 'application/pdf',
      created_at: expect.stringMatching(/\+00:00$/),
    })
    expect(upload.body.data.customer.missing).toEqual(['document.address'])
    expect(JSON.stringify(upload.body)).not.toContain(PDF_BASE64)
    expect(JSON.stringify(ctx.store.customers.get(id))).not.toContain(PDF_BASE64)
  })

  it('takes a document larger than the 1 MiB body limit, up to the vault size', async () => {
    const { call } = createTestApp()
    const { body } = await call(BASE, {
      method: 'POST',
      body: { partner_customer_ref: 'big', type: 'individual' },
    })
    const content = Buffer.alloc(3 * 1024 * 1024, 7).toString('base64')
    const upload = await call(`${BASE}/${body.data.id}/documents`, {
      method: 'POST',
      body: { category: 'address', content_type: 'image/png', content_base64: content },
    })
    expect(upload.status).toBe(201)
  })

  it.each([
    ['a category the requirements do not list', { category: 'selfie' }, 'category'],
    ['a content type the vault refuses', { content_type: 'image/gif' }, 'content_type'],
    ['content that is not base64', { content_base64: 'not base64!' }, 'content_base64'],
    ['no content', { content_base64: undefined }, 'content_base64'],
  ])(
    'refuses a document with %s: 422 naming the field, never echoing content',
    async (_, change, field) => {
      const { call } = createTestApp()
      const { body } = await call(BASE, {
        method: 'POST',
        body: { partner_customer_ref: 'doc', type: 'individual' },
      })
      const refused = await call(`${BASE}/${body.data.id}/documents`, {
        method: 'POST',
        body: {
          category: 'identity',
          content_type: 'application/pdf',
          content_base64: PDF_BASE64,
          ...change,
        },
      })
      expect(refused.status).toBe(422)
      expect(refused.body.data.field).toBe(field)
      expect(JSON.stringify(refused.body)).not.toContain(PDF_BASE64)
    },
  )
})

describe('submit and review on the sandbox clock', () => {
  it('refuses an incomplete package with 422, code package_incomplete and missing[]', async () => {
    const { call } = createTestApp()
    const { body } = await call(BASE, {
      method: 'POST',
      body: { partner_customer_ref: 's-1', type: 'individual', profile: PERSON },
    })
    const refused = await call(`${BASE}/${body.data.id}/submit`, { method: 'POST', body: {} })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({
      message: 'Customer package is incomplete',
      data: {
        code: 'package_incomplete',
        field: 'document.identity',
        missing: ['document.identity', 'document.address'],
      },
    })
  })

  it('moves submitted -> pending_review -> approved -> deposit account ready, with webhooks', async () => {
    const test = createTestApp()
    const { call, ctx } = test
    const id = await submittedCustomer(call, 'life-1')
    const submitted = await call(`${BASE}/${id}`)
    expect(submitted.body.data).toMatchObject({
      status: 'pending_review',
      submitted_at: expect.stringMatching(/\+00:00$/),
    })
    expect(submitted.body.data.missing).toBeUndefined()
    // A second submit answers the case as it is.
    const again = await call(`${BASE}/${id}/submit`, { method: 'POST' })
    expect([again.status, again.body.data.status]).toEqual([200, 'pending_review'])
    await ctx.clock.advance(2_000)
    expect((await call(`${BASE}/${id}`)).body.data).toMatchObject({
      status: 'approved',
      products: { deposit_account: { status: 'provisioning' } },
    })
    await ctx.clock.advance(2_000)
    expect((await call(`${BASE}/${id}`)).body.data.products.deposit_account.status).toBe('ready')
    const sent = events(ctx, 'customer.')
    expect(sent.map((entry) => entry.event)).toEqual([
      'customer.submitted',
      'customer.approved',
      'customer.deposit_account.updated',
      'customer.updated',
    ])
    for (const { body } of sent) {
      expect(webhookPayloads.customer.parse(body)).toMatchObject({
        customer_id: id,
        partner_customer_ref: 'life-1',
        environment: 'sandbox',
      })
    }
    expect(sent[2]?.body).toMatchObject({
      status: 'approved',
      can_open_deposit_account: true,
      products: { deposit_account: { status: 'ready' } },
    })
    // Nothing opens on its own: accounts are the partner's to open.
    expect(ctx.store.accountsOf(id)).toEqual([])
  })

  it('rejects a profile name containing Rejected, with a review note', async () => {
    const { call, ctx } = createTestApp()
    const person = await submittedCustomer(call, 'rej-1', {
      profile: { last_name: 'Rejected Doe' },
    })
    await ctx.clock.advance(2_000)
    const rejected = await call(`${BASE}/${person}`)
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      review_note: expect.stringContaining('sandbox test value'),
      products: { deposit_account: { status: 'none' } },
    })
    expect(events(ctx, 'customer.').map((entry) => entry.event)).toEqual([
      'customer.submitted',
      'customer.rejected',
    ])
    const resubmit = await call(`${BASE}/${person}/submit`, { method: 'POST' })
    expect(resubmit.status).toBe(409)
  })

  it('fails the first provisioning of a deposit-failure reference; retry readies it', async () => {
    const { call, ctx } = createTestApp()
    const id = await submittedCustomer(call, 'acme-deposit-failure-1')
    await ctx.clock.advance(4_000)
    const failed = await call(`${BASE}/${id}`)
    expect(failed.body.data).toMatchObject({
      status: 'approved',
      products: { deposit_account: { status: 'failed' } },
    })
    const gate = await call(`${BASE}/${id}/accounts`)
    expect([gate.status, gate.body.data.deposit_account_status]).toEqual([409, 'failed'])
    const retried = await call(`${BASE}/${id}/deposit-account/retry`, { method: 'POST' })
    expect(retried.status).toBe(200)
    expect(retried.body.data.products.deposit_account.status).toBe('provisioning')
    await ctx.clock.advance(2_000)
    expect((await call(`${BASE}/${id}`)).body.data.products.deposit_account.status).toBe('ready')
    const twice = await call(`${BASE}/${id}/deposit-account/retry`, { method: 'POST' })
    expect([twice.status, twice.body.data.deposit_account_status]).toEqual([409, 'ready'])
  })

  it('a correction after a failed provisioning returns the case to incomplete', async () => {
    const { call, ctx } = createTestApp()
    const id = await submittedCustomer(call, 'fix-deposit-failure')
    await ctx.clock.advance(4_000)
    const patched = await call(`${BASE}/${id}`, {
      method: 'PATCH',
      body: { profile: { phone: '+254700000001' } },
    })
    expect(patched.body.data).toMatchObject({
      status: 'incomplete',
      products: { deposit_account: { status: 'none' } },
      submitted_at: null,
      missing: [],
    })
    expect(events(ctx, 'customer.').at(-1)?.event).toBe('customer.updated')
  })
})

describe('revoke', () => {
  it('suspends, sends customer.revoked once, never echoes the reason, and blocks edits', async () => {
    const test = createTestApp()
    const { call, ctx } = test
    const id = await readyCustomer(test)
    const reason = 'closed after fraud review #4411'
    const revoked = await call(`${BASE}/${id}/revoke`, { method: 'POST', body: { reason } })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toEqual({
      id,
      status: 'suspended',
      partner_customer_ref: 'ready-1',
      updated_at: expect.stringMatching(/\+00:00$/),
    })
    const again = await call(`${BASE}/${id}/revoke`, { method: 'POST' })
    expect([again.status, again.body.data.status]).toEqual([200, 'suspended'])
    expect(events(ctx, 'customer.revoked')).toHaveLength(1)
    expect(events(ctx, 'customer.revoked')[0]?.body.status).toBe('suspended')
    const all = JSON.stringify([
      revoked.body,
      again.body,
      ctx.dispatcher.log(),
      [...ctx.store.customers.values()],
    ])
    expect(all).not.toContain(reason)
    const patch = await call(`${BASE}/${id}`, {
      method: 'PATCH',
      body: { profile: { phone: '+1' } },
    })
    expect([patch.status, patch.body.data.status]).toEqual([409, 'suspended'])
    const accounts = await call(`${BASE}/${id}/accounts`)
    expect(accounts.status).toBe(409)
  })

  it('refuses a reason over 512 characters naming it', async () => {
    const { call } = createTestApp()
    const { body } = await call(BASE, {
      method: 'POST',
      body: { partner_customer_ref: 'r-1', type: 'individual' },
    })
    const long = await call(`${BASE}/${body.data.id}/revoke`, {
      method: 'POST',
      body: { reason: 'x'.repeat(513) },
    })
    expect([long.status, long.body.data]).toEqual([422, { field: 'reason' }])
  })
})

describe('list and get', () => {
  it('resolves a reference to one full row, lists summary rows by status, checks limit', async () => {
    const { call, ctx } = createTestApp()
    const first = await submittedCustomer(call, 'list-1')
    await ctx.clock.advance(1)
    const { body } = await call(BASE, {
      method: 'POST',
      body: { partner_customer_ref: 'list-2', type: 'individual' },
    })
    const byRef = await call(`${BASE}?partner_customer_ref=list-1&limit=1000`)
    expect(byRef.body.data.customers).toHaveLength(1)
    expect(byRef.body.data.customers[0]).toMatchObject({ id: first, status: 'pending_review' })
    expect(byRef.body.data.customers[0].documents).toHaveLength(2)
    const unknown = await call(`${BASE}?partner_customer_ref=nobody`)
    expect(unknown.body.data.customers).toEqual([])
    const all = await call(BASE)
    expect(all.body.data.customers.map((row: { id: string }) => row.id)).toEqual([
      body.data.id,
      first,
    ])
    expect(all.body.data.customers[1].documents).toEqual([])
    const incomplete = await call(`${BASE}?status=incomplete&limit=1`)
    expect(incomplete.body.data.customers.map((row: { id: string }) => row.id)).toEqual([
      body.data.id,
    ])
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'status=done']) {
      const refused = await call(`${BASE}?${query}`)
      expect(refused.status, query).toBe(422)
    }
  })

  it('answers customer not found with data.field customer_id, also across keys', async () => {
    const { call } = createTestApp()
    const id = await submittedCustomer(call, 'mine')
    const other = await call(`${BASE}/${id}`, { key: OTHER_KEY })
    expect([other.status, other.body.data]).toEqual([404, { field: 'customer_id' }])
    expect((await call(`${BASE}/not-a-customer`)).status).toBe(422)
  })
})

describe('accounts', () => {
  it('answers 409 with deposit_account_status until the banking gate opens', async () => {
    const { call } = createTestApp()
    const id = await submittedCustomer(call, 'gate')
    for (const [method, path] of [
      ['POST', 'accounts'],
      ['GET', 'accounts'],
      ['GET', 'accounts/1'],
      ['GET', 'accounts/1/deposit-instructions'],
      ['GET', 'accounts/1/payout-banks'],
    ] as const) {
      const answer = await call(`${BASE}/${id}/${path}`, {
        method,
        ...(method === 'POST' ? { body: { asset_type: 'fiat', currency: 'EUR' } } : {}),
      })
      expect(answer.status, path).toBe(409)
      expect(answer.body).toMatchObject({
        message: 'Deposit account is not ready',
        data: { deposit_account_status: 'none' },
      })
    }
  })

  it('opens a rail pending, idempotently; readies it with coordinates and account.ready', async () => {
    const test = createTestApp()
    const { call, ctx } = test
    const id = await readyCustomer(test)
    const opened = await call(`${BASE}/${id}/accounts`, {
      method: 'POST',
      body: { asset_type: 'fiat', currency: 'eur' },
    })
    expect(opened.status).toBe(201)
    expect(opened.body.data).toMatchObject({
      customer_id: id,
      asset_type: 'fiat',
      currency: 'EUR',
      network: null,
      status: 'pending',
      display_name: 'EUR',
      balance: null,
    })
    const account = opened.body.data.id
    const repeat = await call(`${BASE}/${id}/accounts`, {
      method: 'POST',
      body: { asset_type: 'fiat', currency: 'EUR' },
    })
    expect([repeat.status, repeat.body.message, repeat.body.data.id]).toEqual([
      200,
      'Account already exists',
      account,
    ])
    const early = await call(`${BASE}/${id}/accounts/${account}/deposit-instructions`)
    expect(early.status).toBe(422)
    expect(early.body.data).toMatchObject({ account_id: account, status: 'pending' })
    await ctx.clock.advance(1_000)
    const ready = await call(`${BASE}/${id}/accounts/${account}`)
    expect(ready.body.data).toMatchObject({
      status: 'active',
      account_number: expect.stringMatching(/^DE\d{20}$/),
      balance: { available: '0.00', currency: 'EUR' },
    })
    const instructions = await call(`${BASE}/${id}/accounts/${account}/deposit-instructions`)
    expect(instructions.body.data).toMatchObject({
      account_id: account,
      customer_id: id,
      status: 'ready',
      account_holder_name: 'Amina Odhiambo',
      account_number: ready.body.data.account_number,
      bank_code: expect.any(String),
      instructions: expect.any(String),
    })
    const accountEvents = events(ctx, 'account.')
    expect(accountEvents.map((entry) => entry.event)).toEqual(['account.opened', 'account.ready'])
    for (const { body } of accountEvents) {
      expect(webhookPayloads.account.parse(body)).toMatchObject({
        customer_id: id,
        customer_uid: 'ready-1',
        account_id: account,
        account: { id: account, balance: null },
      })
    }
    expect(accountEvents[0]?.body.account).toMatchObject({
      status: 'pending',
      account_number: null,
    })
    expect(accountEvents[1]?.body.account.status).toBe('active')
  })

  it('opens a USDC wallet on Base; refuses a stablecoin without network or an unknown currency', async () => {
    const test = createTestApp()
    const { call, ctx } = test
    const id = await readyCustomer(test)
    const wallet = await openAccount(call, id, {
      asset_type: 'stablecoin',
      currency: 'USDC',
      network: 'Base',
    })
    await ctx.clock.advance(1_000)
    const instructions = await call(`${BASE}/${id}/accounts/${wallet.id}/deposit-instructions`)
    expect(instructions.body.data).toMatchObject({
      asset_type: 'stablecoin',
      network: 'Base',
      wallet_address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    })
    const noNetwork = await call(`${BASE}/${id}/accounts`, {
      method: 'POST',
      body: { asset_type: 'stablecoin', currency: 'USDC' },
    })
    expect([noNetwork.status, noNetwork.body.data]).toEqual([422, { field: 'network' }])
    const yen = await call(`${BASE}/${id}/accounts`, {
      method: 'POST',
      body: { asset_type: 'fiat', currency: 'JPY' },
    })
    expect([yen.status, yen.body.data.field]).toEqual([422, 'currency'])
  })

  it('lists, gets, finds payout banks; 404 with data null and 422 for bad ids', async () => {
    const test = createTestApp()
    const { call, ctx } = test
    const id = await readyCustomer(test)
    const ngn = await openAccount(call, id, { asset_type: 'fiat', currency: 'NGN' })
    await ctx.clock.advance(1_000)
    const list = await call(`${BASE}/${id}/accounts`)
    expect(list.body.data.accounts).toHaveLength(1)
    const banks = await call(`${BASE}/${id}/accounts/${ngn.id}/payout-banks`)
    expect(banks.body.data).toMatchObject({ account_id: ngn.id, currency: 'NGN', country: 'NG' })
    expect(banks.body.data.banks[0]).toEqual({
      bank_code: '044',
      bank_name: 'Access Bank',
      swift_bic: 'ABNGNGLA',
    })
    const missing = await call(`${BASE}/${id}/accounts/999`)
    expect(missing.body).toMatchObject({ message: 'Account not found', data: null })
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const { status, body } = await call(`${BASE}/${id}/accounts/${bad}`)
      expect([status, body.data]).toEqual([422, { field: 'account_id' }])
    }
  })

  it('credits and sends through the admin routes with the published account payloads', async () => {
    const test = createTestApp()
    const { call, ctx } = test
    const id = await readyCustomer(test)
    const wallet = await openAccount(call, id, {
      asset_type: 'stablecoin',
      currency: 'USDC',
      network: 'Base',
    })
    const eur = await openAccount(call, id, { asset_type: 'fiat', currency: 'EUR' })
    const pending = await call(`/__sandbox/accounts/${wallet.id}/credit`, {
      method: 'POST',
      body: { amount: '1' },
    })
    expect(pending.status).toBe(409)
    await ctx.clock.advance(1_000)
    const credit = await call(`/__sandbox/accounts/${wallet.id}/credit`, {
      method: 'POST',
      body: { amount: '25.5', reference: 'dep-1' },
    })
    expect(credit.body.data.balance.available).toBe('25.500000')
    await call(`/__sandbox/accounts/${eur.id}/credit`, {
      method: 'POST',
      body: { amount: '1043.17' },
    })
    const fine = await call(`/__sandbox/accounts/${eur.id}/credit`, {
      method: 'POST',
      body: { amount: '0.001' },
    })
    expect([fine.status, fine.body.data]).toEqual([422, { field: 'amount' }])
    await call(`/__sandbox/accounts/${wallet.id}/sends`, { method: 'POST', body: { amount: 5 } })
    await call(`/__sandbox/accounts/${wallet.id}/sends`, {
      method: 'POST',
      body: { amount: 1, outcome: 'failed' },
    })
    const after = await call(`${BASE}/${id}/accounts/${wallet.id}`)
    expect(after.body.data.balance.available).toBe('20.500000')

    const byEvent = (name: string) => events(ctx, name).map((entry) => entry.body)
    const [usdcCredit, eurCredit] = byEvent('account.credited')
    expect(webhookPayloads.account.parse(usdcCredit)).toMatchObject({
      event_type: 'account.credited',
      account_id: wallet.id,
      credit: {
        amount: '25.500000',
        amount_minor: 25_500_000,
        currency: 'USDC',
        reference: 'dep-1',
      },
      account: { id: wallet.id, balance: null },
    })
    expect(eurCredit.credit).toMatchObject({
      amount: '1043.17',
      amount_minor: 104_317,
      fee_minor: 0,
    })
    const [completed] = byEvent('account.send.completed')
    expect(webhookPayloads.account.parse(completed)).toMatchObject({
      account_id: wallet.id,
      send: { status: 'completed', amount: '5.000000', currency: 'USDC', network: 'Base' },
    })
    expect(completed.account).toBeUndefined()
    expect(byEvent('account.send.failed')[0]?.send).toMatchObject({ status: 'failed' })
  })
})

describe('signing keys', () => {
  it('enrolls a wallet: challenge, signature over the typed data, active key with next_nonce', async () => {
    const test = createTestApp()
    const { call, ctx } = test
    const id = await readyCustomer(test)
    const wallet = privateKeyToAccount(WALLET_KEY)
    const challenge = await call(`${BASE}/${id}/signing-keys/challenge`, {
      method: 'POST',
      body: { address: wallet.address },
    })
    expect(challenge.status).toBe(201)
    const { key_id, typed_data, expires_at } = challenge.body.data
    expect(key_id).toMatch(/^skey_/)
    expect(typed_data).toMatchObject({
      primaryType: 'RegisterSigningKey',
      domain: { version: '1', chainId: 31337 },
      message: { keyId: key_id, signer: wallet.address, customerId: id },
    })
    expect(Date.parse(expires_at) - ctx.clock.now()).toBe(600_000)
    // A challenge is no key until completed.
    expect((await call(`${BASE}/${id}/signing-keys`)).body.data.keys).toEqual([])
    // The wallet signs the typed data exactly as answered.
    const signature = await wallet.signTypedData(typed_data)
    const completed = await call(`${BASE}/${id}/signing-keys/complete`, {
      method: 'POST',
      body: { key_id, signature },
    })
    expect(completed.status).toBe(200)
    expect(completed.body.data).toMatchObject({
      key_id,
      address: wallet.address,
      status: 'active',
      nonce_high_water: 0,
      next_nonce: 1,
      activated_at: expect.stringMatching(/\+00:00$/),
    })
    const listed = await call(`${BASE}/${id}/signing-keys`)
    expect(listed.body.data.keys).toEqual([completed.body.data])
  })

  it('refuses another wallet signature, an expired challenge, a bad address, an unapproved customer', async () => {
    const test = createTestApp()
    const { call, ctx } = test
    const id = await readyCustomer(test)
    const wallet = privateKeyToAccount(WALLET_KEY)
    const start = async () =>
      (
        await call(`${BASE}/${id}/signing-keys/challenge`, {
          method: 'POST',
          body: { address: wallet.address },
        })
      ).body.data
    const first = await start()
    const stranger = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    const forged = await call(`${BASE}/${id}/signing-keys/complete`, {
      method: 'POST',
      body: { key_id: first.key_id, signature: await stranger.signTypedData(first.typed_data) },
    })
    expect([forged.status, forged.body.data]).toEqual([422, { field: 'signature' }])
    await ctx.clock.advance(600_001)
    const late = await call(`${BASE}/${id}/signing-keys/complete`, {
      method: 'POST',
      body: { key_id: first.key_id, signature: await wallet.signTypedData(first.typed_data) },
    })
    expect([late.status, late.body.data]).toEqual([422, { field: 'key_id' }])
    const stellar = await call(`${BASE}/${id}/signing-keys/challenge`, {
      method: 'POST',
      body: { address: 'GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H' },
    })
    expect([stellar.status, stellar.body.data]).toEqual([422, { field: 'address' }])
    const pendingReview = await submittedCustomer(call, 'not-yet')
    const early = await call(`${BASE}/${pendingReview}/signing-keys/challenge`, {
      method: 'POST',
      body: { address: wallet.address },
    })
    expect([early.status, early.body.data.status]).toEqual([409, 'pending_review'])
  })

  it('a new wallet replaces the active key; revoke is idempotent; unknown keys are 404', async () => {
    const test = createTestApp()
    const { call } = test
    const id = await readyCustomer(test)
    const enroll = async (privateKey: `0x${string}`) => {
      const wallet = privateKeyToAccount(privateKey)
      const { body } = await call(`${BASE}/${id}/signing-keys/challenge`, {
        method: 'POST',
        body: { address: wallet.address },
      })
      const signature = await wallet.signTypedData(body.data.typed_data)
      return (
        await call(`${BASE}/${id}/signing-keys/complete`, {
          method: 'POST',
          body: { key_id: body.data.key_id, signature },
        })
      ).body.data
    }
    const lost = await enroll(WALLET_KEY)
    const replacement = await enroll(`0x${'22'.repeat(32)}`)
    const { body } = await call(`${BASE}/${id}/signing-keys`)
    expect(
      body.data.keys.map((key: { key_id: string; status: string }) => [key.key_id, key.status]),
    ).toEqual([
      [lost.key_id, 'revoked'],
      [replacement.key_id, 'active'],
    ])
    const revoke = () =>
      call(`${BASE}/${id}/signing-keys/${replacement.key_id}/revoke`, { method: 'POST' })
    const first = await revoke()
    expect(first.body.data).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) })
    expect(first.body.data.next_nonce).toBeUndefined()
    expect((await revoke()).body.data).toEqual(first.body.data)
    const unknown = await call(`${BASE}/${id}/signing-keys/skey_nope/revoke`, { method: 'POST' })
    expect([unknown.status, unknown.body.data]).toEqual([404, { field: 'key_id' }])
    const noCustomer = await call(`${BASE}/pcus_doesnotexist/signing-keys`)
    expect([noCustomer.status, noCustomer.body.data]).toEqual([404, { field: 'customer_id' }])
  })
})

describe('a complete package', () => {
  it('leaves nothing missing once the profile and both documents are in', async () => {
    const { call } = createTestApp()
    const { body } = await call(BASE, {
      method: 'POST',
      body: { partner_customer_ref: 'h-1', type: 'individual', profile: PERSON },
    })
    await uploadDocuments(call, body.data.id)
    expect((await call(`${BASE}/${body.data.id}`)).body.data.missing).toEqual([])
  })
})
