import { ConflictError, NotFoundError, ValidationError } from '@rampkit/core'
import { SANDBOX_TEST_VALUES } from '@rampkit/core/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PDF_BASE64, PERSON } from '../../test/customers.js'
import { failure, KEY_B, startTestSandbox, type TestSandbox } from '../../test/sandbox.js'

/**
 * Conformance of the customer vault, accounts and signing keys at the service's published
 * paths (`/partner/customers/…`), through core's client against a real sandbox: every answer
 * must parse with core's schemas, every refusal map to core's errors with the service's `data`.
 */
let t: TestSandbox

beforeAll(async () => {
  t = await startTestSandbox()
})
afterAll(async () => {
  await t?.stop()
})

describe('vault: requirements, create, patch, documents, submit, review', () => {
  it('answers the individual and business packages', async () => {
    const client = t.client()
    const individual = await client.getCustomerRequirements()
    expect(individual.type).toBe('individual')
    expect(individual.required_documents.map((document) => document.key)).toEqual([
      'identity',
      'address',
    ])
    const business = await client.getCustomerRequirements({ type: 'business', country: 'US' })
    expect(business.required_fields).toContain('tax_id')
    expect(business.conditional_fields[0]).toMatchObject({ field: 'tax_id', required: true })
  })

  it('takes a customer from create to approved and its deposit account to ready', async () => {
    const client = t.client()
    const { id_number: _, id_type: __, ...partial } = PERSON
    const created = await client.createCustomer({
      partner_customer_ref: 'vault-1',
      type: 'individual',
      profile: partial,
    })
    expect(created).toMatchObject({ status: 'incomplete', documents: [], submitted_at: null })
    expect(created.missing).toEqual([
      'profile.id_number',
      'profile.id_type',
      'document.identity',
      'document.address',
    ])
    // Idempotent on the reference.
    const again = await client.createCustomer({
      partner_customer_ref: 'vault-1',
      type: 'individual',
    })
    expect(again.id).toBe(created.id)

    const incomplete = await failure(client.submitCustomer({ customer_id: created.id }))
    expect(incomplete).toBeInstanceOf(ValidationError)
    expect(incomplete).toMatchObject({ code: 'package_incomplete', field: 'profile.id_number' })
    expect(incomplete.data?.missing).toEqual(created.missing)

    const patched = await client.updateCustomer({
      customer_id: created.id,
      profile: { id_number: PERSON.id_number, id_type: PERSON.id_type },
    })
    expect(patched.missing).toEqual(['document.identity', 'document.address'])
    const identity = await client.uploadCustomerDocument({
      customer_id: created.id,
      category: 'identity',
      content_type: 'application/pdf',
      file_name: 'passport.pdf',
      content: new Uint8Array(Buffer.from(PDF_BASE64, 'base64')),
    })
    expect(identity.document).toMatchObject({
      category: 'identity',
      id: expect.stringMatching(/^pdoc_/),
    })
    expect(identity.customer.missing).toEqual(['document.address'])
    await client.uploadCustomerDocument({
      customer_id: created.id,
      category: 'address',
      content_type: 'image/png',
      content_base64: PDF_BASE64,
    })

    const submitted = await client.submitCustomer({ customer_id: created.id })
    expect(submitted.status).toBe('pending_review')
    const { customers } = await client.listCustomers({ partner_customer_ref: 'vault-1' })
    expect(customers.map((row) => [row.id, row.status])).toEqual([[created.id, 'pending_review']])

    await t.sandbox.admin.advance(2_000)
    const approved = await client.getCustomer({ customer_id: created.id })
    expect(approved).toMatchObject({
      status: 'approved',
      products: { deposit_account: { status: 'provisioning' } },
    })
    expect(approved.documents).toHaveLength(2)
    await t.sandbox.admin.advance(2_000)
    const ready = await client.getCustomer({ customer_id: created.id })
    expect(ready.products.deposit_account?.status).toBe('ready')
    const listed = await client.listCustomers({ status: 'approved', limit: 5 })
    expect(listed.customers.map((row) => row.id)).toContain(created.id)
  })

  it('rejects a name containing Rejected; retries a deposit-failure provisioning', async () => {
    const client = t.client()
    const rejected = await t.onboardCustomer(client, 'vault-reject', {
      profile: { first_name: `${SANDBOX_TEST_VALUES.customerReview.reject} Jane` },
      ready: false,
    })
    const decided = await client.getCustomer({ customer_id: rejected })
    expect(decided.status).toBe('rejected')
    expect(decided.review_note).toEqual(expect.any(String))

    const failing = await t.onboardCustomer(client, 'vault-deposit-failure')
    const failed = await client.getCustomer({ customer_id: failing })
    expect(failed.products.deposit_account?.status).toBe('failed')
    const retried = await client.retryDepositAccount({ customer_id: failing })
    expect(retried.products.deposit_account?.status).toBe('provisioning')
    await t.sandbox.admin.advance(2_000)
    expect(
      (await client.getCustomer({ customer_id: failing })).products.deposit_account?.status,
    ).toBe('ready')
    const notFailed = await failure(client.retryDepositAccount({ customer_id: failing }))
    expect(notFailed).toBeInstanceOf(ConflictError)
    expect(notFailed.data).toMatchObject({ deposit_account_status: 'ready' })
  })

  it('revokes: suspended, idempotent, then no patch and no banking', async () => {
    const client = t.client()
    const id = await t.onboardCustomer(client, 'vault-revoke')
    const revoked = await client.revokeCustomer({ customer_id: id, reason: 'account_closed' })
    expect(revoked).toMatchObject({ id, status: 'suspended', partner_customer_ref: 'vault-revoke' })
    expect(await client.revokeCustomer({ customer_id: id })).toMatchObject({ status: 'suspended' })
    const patch = await failure(
      client.updateCustomer({ customer_id: id, profile: { phone: '+1' } }),
    )
    expect(patch).toBeInstanceOf(ConflictError)
    const accounts = await failure(client.listAccounts({ customer_id: id }))
    expect(accounts).toBeInstanceOf(ConflictError)
  })

  it('answers another key’s customer as not found', async () => {
    const id = await t.onboardCustomer(t.client(), 'vault-mine', { ready: false })
    const other = await failure(t.client(KEY_B).getCustomer({ customer_id: id }))
    expect(other).toBeInstanceOf(NotFoundError)
    expect(other.field).toBe('customer_id')
  })
})

describe('accounts and deposit instructions', () => {
  it('gates banking, opens rails, and gives instructions once coordinates exist', async () => {
    const client = t.client()
    const pending = await t.onboardCustomer(client, 'bank-pending', { ready: false })
    const gate = await failure(client.listAccounts({ customer_id: pending }))
    expect(gate).toBeInstanceOf(ConflictError)
    expect(gate.message).toBe('Deposit account is not ready')
    expect(gate.data).toMatchObject({ deposit_account_status: 'provisioning' })

    const id = await t.onboardCustomer(client, 'bank-1')
    const eur = await client.openAccount({ customer_id: id, asset_type: 'fiat', currency: 'EUR' })
    expect(eur).toMatchObject({ status: 'pending', balance: null, currency: 'EUR' })
    expect(
      await client.openAccount({ customer_id: id, asset_type: 'fiat', currency: 'EUR' }),
    ).toEqual(eur)
    const early = await failure(
      client.getDepositInstructions({ customer_id: id, account_id: eur.id }),
    )
    expect(early).toBeInstanceOf(ValidationError)
    expect(early.data).toMatchObject({ account_id: eur.id, status: 'pending' })
    const usdc = await client.openAccount({
      customer_id: id,
      asset_type: 'stablecoin',
      currency: 'USDC',
      network: 'Base',
    })
    const ngn = await client.openAccount({ customer_id: id, asset_type: 'fiat', currency: 'NGN' })
    await t.sandbox.admin.advance(1_000)

    const { accounts } = await client.listAccounts({ customer_id: id })
    expect(accounts.map((account) => [account.currency, account.status])).toEqual([
      ['EUR', 'active'],
      ['USDC', 'active'],
      ['NGN', 'active'],
    ])
    const eurReady = await client.getAccount({ customer_id: id, account_id: eur.id })
    expect(eurReady.balance).toEqual({ available: '0.00', currency: 'EUR' })
    const instructions = await client.getDepositInstructions({
      customer_id: id,
      account_id: eur.id,
    })
    expect(instructions).toMatchObject({
      status: 'ready',
      account_holder_name: `${PERSON.first_name} ${PERSON.last_name}`,
      account_number: eurReady.account_number,
    })
    const wallet = await client.getDepositInstructions({ customer_id: id, account_id: usdc.id })
    expect(wallet).toMatchObject({ network: 'Base', wallet_address: expect.stringMatching(/^0x/) })
    const banks = await client.listPayoutBanks({ customer_id: id, account_id: ngn.id })
    expect(banks).toMatchObject({ country: 'NG', currency: 'NGN' })
    expect(banks.banks.length).toBeGreaterThan(0)

    // Credits keep money exact end to end: a decimal string in, the same digits out.
    t.sandbox.admin.creditAccount(t.sandbox.apiKeys[0]!, eur.id, { amount: '1043.17' })
    expect((await client.getAccount({ customer_id: id, account_id: eur.id })).balance).toEqual({
      available: '1043.17',
      currency: 'EUR',
    })
    const missing = await failure(client.getAccount({ customer_id: id, account_id: 9_999 }))
    expect(missing).toBeInstanceOf(NotFoundError)
    expect(missing.data).toBeNull()
  })
})

describe('signing keys', () => {
  it('enrolls, lists, replaces and revokes a customer’s wallet keys', async () => {
    const client = t.client()
    const id = await t.onboardCustomer(client, 'keys-1')
    const { key: first } = await t.enrollSigningKey(client, id)
    expect(first).toMatchObject({ status: 'active', nonce_high_water: 0, next_nonce: 1 })
    const { key: second } = await t.enrollSigningKey(client, id)
    const { keys } = await client.listSigningKeys({ customer_id: id })
    expect(keys.map((key) => [key.key_id, key.status])).toEqual([
      [first.key_id, 'revoked'],
      [second.key_id, 'active'],
    ])
    const revoked = await client.revokeSigningKey({ customer_id: id, key_id: second.key_id })
    expect(revoked).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) })
    expect(await client.revokeSigningKey({ customer_id: id, key_id: second.key_id })).toEqual(
      revoked,
    )
    const unknown = await failure(client.revokeSigningKey({ customer_id: id, key_id: 'skey_gone' }))
    expect(unknown.field).toBe('key_id')
    const noCustomer = await failure(client.listSigningKeys({ customer_id: 'pcus_gone' }))
    expect(noCustomer.field).toBe('customer_id')
  })

  it('refuses a signature from another wallet', async () => {
    const client = t.client()
    const id = await t.onboardCustomer(client, 'keys-2')
    const { wallet } = await t.enrollSigningKey(client, id)
    const challenge = await client.createSigningKeyChallenge({
      customer_id: id,
      address: '0x000000000000000000000000000000000000dEaD',
    })
    const signature = await wallet.signTypedData(
      challenge.typed_data as unknown as Parameters<typeof wallet.signTypedData>[0],
    )
    const refused = await failure(
      client.completeSigningKeyEnrollment({ customer_id: id, key_id: challenge.key_id, signature }),
    )
    expect(refused).toBeInstanceOf(ValidationError)
    expect(refused.field).toBe('signature')
  })
})
