import {
  accountEvents,
  accountList,
  approvedCustomer,
  cardFundingCredit,
  customerEvents,
  individualRequirements,
  nigerianProfileBody,
  provisioningCustomer,
  signingKeyChallenge,
} from '@rampkit/test/published'
import { describe, expect, it } from 'vitest'
import {
  createCustomerRequest,
  customer,
  customerAccounts,
  customerRequirements,
  customerStatus,
  openEnum,
  signingKeyChallenge as signingKeyChallengeSchema,
  updateCustomerRequest,
  webhookPayloads,
} from './index.js'

describe('open statuses', () => {
  it('keep a published value and a value the documents do not list, never failing', () => {
    expect(customerStatus.parse('pending_review')).toBe('pending_review')
    expect(customerStatus.parse('on_hold')).toBe('on_hold')
    expect(customerStatus.safeParse(3).success).toBe(false)
    const status = openEnum(['a', 'b'] as const)
    expect(status.parse('c')).toBe('c')
  })

  it('a case in a new status with a new product status parses whole', () => {
    const parsed = customer.parse({
      ...approvedCustomer,
      status: 'escalated',
      products: { deposit_account: { status: 'paused' }, card_issuing: { status: 'ready' } },
    })
    expect(parsed.status).toBe('escalated')
    expect(parsed.products).toEqual({
      deposit_account: { status: 'paused' },
      card_issuing: { status: 'ready' },
    })
  })
})

describe('published answers', () => {
  it('parse unchanged: requirements, a case, accounts, a challenge', () => {
    expect(customerRequirements.parse(individualRequirements)).toEqual(individualRequirements)
    expect(customer.parse(provisioningCustomer)).toEqual(provisioningCustomer)
    expect(customerAccounts.parse(accountList)).toEqual(accountList)
    expect(signingKeyChallengeSchema.parse(signingKeyChallenge)).toEqual(signingKeyChallenge)
  })
})

describe('webhook payloads', () => {
  it.each(Object.entries(customerEvents))('%s parses as the customer body', (_, body) => {
    const parsed = webhookPayloads.customer.parse(body)
    expect(parsed).toEqual(body)
    expect(parsed.customer_id).toMatch(/^pcus_/)
  })

  it.each(Object.entries(accountEvents))('%s parses with its nested objects kept', (_, body) => {
    expect(webhookPayloads.account.parse(body)).toEqual(body)
  })

  it('keeps the card-funding credit: source, net amount and fee as published', () => {
    const parsed = webhookPayloads.account.parse(cardFundingCredit)
    expect(parsed.source).toBe('card_charge')
    expect(parsed.credit).toMatchObject({ amount: '9.25', amount_minor: 925, fee_minor: 75 })
  })

  it('refuses a credit amount that is not a decimal string (money stays exact)', () => {
    const body = accountEvents['account.credited']
    const float = { ...body, credit: { ...body.credit, amount: 1043.17 } }
    expect(webhookPayloads.account.safeParse(float).success).toBe(false)
  })

  it('refuses a customer body without customer_id', () => {
    const { customer_id: _, ...body } = customerEvents['customer.approved']
    expect(webhookPayloads.customer.safeParse(body).success).toBe(false)
  })
})

describe('request bodies', () => {
  it('a create body follows its type: person fields for individuals, KYB for businesses', () => {
    expect(
      createCustomerRequest.safeParse({
        partner_customer_ref: 'r',
        type: 'business',
        profile: {
          legal_name: 'Acme',
          officers: [{ role: 'director', first_name: 'A', last_name: 'B' }],
        },
      }).success,
    ).toBe(true)
    // A business's officers are checked as officers; the vault is the judge of fields core does
    // not list for a type, so a person field on a business goes to it as it is.
    const officer = createCustomerRequest.safeParse({
      partner_customer_ref: 'r',
      type: 'business',
      profile: { officers: [{ first_name: 'A' }] },
    })
    expect(officer.error?.issues[0]?.path).toEqual(['profile', 'officers', 0, 'role'])
    expect(
      createCustomerRequest.parse({
        partner_customer_ref: 'r',
        type: 'business',
        profile: { first_name: 'A' },
      }).profile,
    ).toEqual({ first_name: 'A' })
  })

  it('a patch takes either profile’s fields and passes others, and checks a BVN', () => {
    expect(updateCustomerRequest.safeParse({ profile: { legal_name: 'Acme' } }).success).toBe(true)
    expect(updateCustomerRequest.safeParse({ profile: { first_name: 'A' } }).success).toBe(true)
    expect(updateCustomerRequest.parse({ profile: {}, type: 'individual' })).toEqual({
      profile: {},
      type: 'individual',
    })
    const bvn = updateCustomerRequest.safeParse({
      profile: { additional_id_type: 'BVN', additional_id_number: '2218765432' },
    })
    expect(bvn.error?.issues[0]).toMatchObject({
      message: 'A BVN has 11 digits',
      path: ['profile', 'additional_id_number'],
    })
  })

  it('the published Nigerian profile (the BVN with its type) goes through as it is', () => {
    const body = { partner_customer_ref: 'ng-1', type: 'individual', profile: nigerianProfileBody }
    expect(createCustomerRequest.parse(body)).toEqual(body)
  })
})
