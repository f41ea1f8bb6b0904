import { describe, expect, it } from 'vitest'
import { createTestApp, OTHER_KEY } from '../testing/app.js'

const person = (ref: string, extra: Record<string, unknown> = {}) => ({
  partner_customer_ref: ref,
  first_name: 'Amina',
  last_name: 'Odhiambo',
  email: 'amina@example.com',
  dob: '04/12/1990',
  country: 'NG',
  ...extra,
})

async function setup() {
  const test = createTestApp()
  const created = await test.call('/api/v1/partner/customers', {
    method: 'POST',
    body: person('ref-1'),
  })
  return { ...test, created, id: created.body.data.customer_id as string }
}

describe('customers (spec 4.9 to 4.14)', () => {
  it('creates a submitted customer, then approves it on the clock and readies its deposit account', async () => {
    const { call, ctx, created, id } = await setup()
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      customer_id: expect.stringMatching(/^pcus_/),
      partner_customer_ref: 'ref-1',
      type: 'individual',
      status: 'submitted',
      environment: 'sandbox',
      reviewed_at: null,
      products: { deposit_account: { status: 'pending' } },
      can_open_deposit_account: false,
    })
    await ctx.clock.advance(2_000)
    const approved = await call(`/api/v1/partner/customers/${id}`)
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      reviewed_at: expect.any(String),
    })
    expect(approved.body.data.products.deposit_account.status).toBe('pending')
    await ctx.clock.advance(2_000)
    const ready = await call(`/api/v1/partner/customers/${id}`)
    expect(ready.body.data).toMatchObject({
      products: { deposit_account: { status: 'ready' } },
      can_open_deposit_account: true,
    })
    const events = ctx.dispatcher.log().map((delivery) => delivery.event)
    expect(events).toEqual([
      'customer.submitted',
      'customer.approved',
      'customer.deposit_account.updated',
      'customer.updated',
      'account.opened',
      'account.opened',
      'account.ready',
      'account.ready',
    ])
    const depositEvent = ctx.dispatcher
      .log()
      .find((d) => d.event === 'customer.deposit_account.updated')
    expect(JSON.parse(depositEvent!.body)).toMatchObject({ can_open_deposit_account: true })
  })

  it('rejects a customer whose reference or last name contains "reject"', async () => {
    const { call, ctx } = createTestApp()
    const a = await call('/api/v1/partner/customers', {
      method: 'POST',
      body: person('please-REJECT-me'),
    })
    const b = await call('/api/v1/partner/customers', {
      method: 'POST',
      body: person('ref-2', { last_name: 'Rejectson' }),
    })
    await ctx.clock.advance(10_000)
    for (const created of [a, b]) {
      const { body } = await call(`/api/v1/partner/customers/${created.body.data.customer_id}`)
      expect(body.data.status).toBe('rejected')
    }
    expect(ctx.dispatcher.log().filter((d) => d.event === 'customer.rejected')).toHaveLength(2)
  })

  it('validates the body with data.field and refuses a duplicate reference with 409', async () => {
    const { call } = await setup()
    const missing = await call('/api/v1/partner/customers', {
      method: 'POST',
      body: { first_name: 'A' },
    })
    expect(missing.status).toBe(422)
    expect(missing.body.data.field).toBe('partner_customer_ref')
    const badEmail = await call('/api/v1/partner/customers', {
      method: 'POST',
      body: person('ref-x', { email: 'nope' }),
    })
    expect(badEmail.body.data.field).toBe('email')
    const duplicate = await call('/api/v1/partner/customers', {
      method: 'POST',
      body: person('ref-1'),
    })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.data.customer_id).toMatch(/^pcus_/)
  })

  it('refuses a key the request does not list, naming it, and creates nothing', async () => {
    const { call } = await setup()
    const unknown = await call('/api/v1/partner/customers', {
      method: 'POST',
      body: person('ref-y', { first_name: 42, signal: 'x' }),
    })
    expect(unknown.status).toBe(422)
    // The unknown key is named before the wrong first_name.
    expect(unknown.body).toMatchObject({
      message: 'signal is not accepted: this request has no such field',
      data: { field: 'signal' },
    })
    const created = await call('/api/v1/partner/customers', {
      method: 'POST',
      body: person('ref-y'),
    })
    expect(created.status).toBe(201)
  })

  it('answers the not-ready error until the deposit account is ready, then lists accounts', async () => {
    const { call, ctx, id } = await setup()
    for (const path of ['accounts', 'accounts/1', 'accounts/1/payout-banks']) {
      const { status, body } = await call(`/api/v1/partner/customers/${id}/${path}`)
      expect(status).toBe(409)
      expect(body.message).toMatch(/not ready/)
      expect(body.data.deposit_account_status).toBe('pending')
    }
    await ctx.clock.advance(5_000)
    const { status, body } = await call(`/api/v1/partner/customers/${id}/accounts`)
    expect(status).toBe(200)
    const [stablecoin, fiat] = body.data.accounts
    expect(stablecoin).toMatchObject({
      customer_id: id,
      asset_type: 'stablecoin',
      currency: 'USDC',
      status: 'active',
      wallet_address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      balance: { available: '0.000000', currency: 'USDC' },
    })
    expect(stablecoin.network).toEqual(expect.any(String))
    expect(fiat).toMatchObject({ asset_type: 'fiat', currency: 'NGN', network: null })
    expect(fiat.account_number).toMatch(/^\d+$/)
    expect(fiat.created_at).toMatch(/\+00:00$/)
    const one = await call(`/api/v1/partner/customers/${id}/accounts/${fiat.id}`)
    expect(one.body.data).toEqual(fiat)
    const banks = await call(`/api/v1/partner/customers/${id}/accounts/${fiat.id}/payout-banks`)
    expect(banks.body.data).toMatchObject({
      account_id: fiat.id,
      currency: 'NGN',
      country: 'NG',
      customer_id: id,
    })
    expect(banks.body.data.banks[0]).toEqual({
      bank_code: '044',
      bank_name: 'Access Bank',
      swift_bic: 'ABNGNGLA',
    })
    const none = await call(
      `/api/v1/partner/customers/${id}/accounts/${stablecoin.id}/payout-banks`,
    )
    expect(none.body.data.banks).toEqual([])
  })

  it('answers account not found with data null and a bad account id with 422', async () => {
    const { call, ctx, id } = await setup()
    await ctx.clock.advance(5_000)
    const missing = await call(`/api/v1/partner/customers/${id}/accounts/999`)
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ message: 'Account not found', data: null })
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const { status, body } = await call(`/api/v1/partner/customers/${id}/accounts/${bad}`)
      expect(status).toBe(422)
      expect(body.data).toEqual({ field: 'account_id' })
    }
  })

  it('answers customer not found with data.field customer_id, also across keys', async () => {
    const { call, id } = await setup()
    const other = await call(`/api/v1/partner/customers/${id}`, { key: OTHER_KEY })
    expect(other.status).toBe(404)
    expect(other.body.data).toEqual({ field: 'customer_id' })
    const keys = await call('/api/v1/partner/customers/pcus_doesnotexist/signing-keys')
    expect(keys.status).toBe(404)
    expect(keys.body.data).toEqual({ field: 'customer_id' })
    expect((await call('/api/v1/partner/customers/not-a-customer')).status).toBe(422)
  })

  it('seeds a signing key on approval and revokes it idempotently', async () => {
    const { call, ctx, id } = await setup()
    expect((await call(`/api/v1/partner/customers/${id}/signing-keys`)).body.data.keys).toEqual([])
    await ctx.clock.advance(2_000)
    const { body } = await call(`/api/v1/partner/customers/${id}/signing-keys`)
    const [key] = body.data.keys
    expect(key).toMatchObject({
      key_id: expect.stringMatching(/^skey_/),
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      status: 'active',
      nonce_high_water: 0,
      next_nonce: 1,
      revoked_at: null,
    })
    const revoke = () =>
      call(`/api/v1/partner/customers/${id}/signing-keys/${key.key_id}/revoke`, { method: 'POST' })
    const first = await revoke()
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) })
    expect(first.body.data.next_nonce).toBeUndefined()
    await ctx.clock.advance(1_000)
    const second = await revoke()
    expect(second.status).toBe(200)
    expect(second.body.data).toEqual(first.body.data)
    const unknown = await call(`/api/v1/partner/customers/${id}/signing-keys/skey_nope/revoke`, {
      method: 'POST',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.data).toEqual({ field: 'key_id' })
  })

  it('credits an account and completes or fails a send through the admin routes', async () => {
    const { call, ctx, id } = await setup()
    await ctx.clock.advance(5_000)
    const { body } = await call(`/api/v1/partner/customers/${id}/accounts`)
    const stablecoin = body.data.accounts[0]
    const credit = await call(`/__sandbox/accounts/${stablecoin.id}/credit`, {
      method: 'POST',
      body: { amount: '25.5', reference: 'dep-1' },
    })
    expect(credit.body.data.balance.available).toBe('25.500000')
    const sent = await call(`/__sandbox/accounts/${stablecoin.id}/sends`, {
      method: 'POST',
      body: { amount: 5 },
    })
    expect(sent.body.data).toMatchObject({ status: 'completed', amount: '5.000000' })
    const failed = await call(`/__sandbox/accounts/${stablecoin.id}/sends`, {
      method: 'POST',
      body: { amount: 1, outcome: 'failed' },
    })
    expect(failed.body.data.status).toBe('failed')
    const after = await call(`/api/v1/partner/customers/${id}/accounts/${stablecoin.id}`)
    expect(after.body.data.balance.available).toBe('20.500000')
    const events = ctx.dispatcher.log().map((d) => d.event)
    expect(events).toEqual(
      expect.arrayContaining(['account.credited', 'account.send.completed', 'account.send.failed']),
    )
    const credited = ctx.dispatcher.log().find((d) => d.event === 'account.credited')
    expect(JSON.parse(credited!.body)).toMatchObject({
      account_id: stablecoin.id,
      amount: '25.500000',
      reference: 'dep-1',
    })
  })
})
