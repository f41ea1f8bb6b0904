import {
  catalogAsMarkets,
  catalogAsTree,
  keOffRampLegacyInline,
  keOnRampInline,
  ngOnRampBank,
} from '@rampkit/test/published'
import { describe, expect, it } from 'vitest'
import { quoteData as quoteFixture } from '../../test/fixtures.js'
import { type SchemaIssue, toInputIssues } from '../errors/index.js'
import { kitAcceptQuoteRequest, kitQuoteRequest, saveCustomerRequest } from '../kit/schemas.js'
import {
  acceptedOrder,
  acceptQuoteRequest,
  accountId,
  banksQuery,
  catalog,
  corridorQuery,
  createCustomerRequest,
  createOrderRequest,
  customerAccount,
  customerId,
  errorEnvelope,
  indicativeRates,
  orderListItem,
  orderRequirementsQuery,
  ordersMeQuery,
  quote,
  quoteRequest,
  ratesQuery,
  signingKey,
  signingKeyId,
  successEnvelope,
  tokenPreviewQuery,
  webhookOrder,
} from './index.js'

const provider = {
  code: 'MPESA',
  name: 'M-Pesa',
  enabled: true,
  id: '2f1c5c2e-4f7d-4a53-9b1e-0d6b8f1a9c11',
  min_amount: 10,
  max_amount: 150000,
  currency: 'KES',
}

describe('section 8 limits', () => {
  it('defaults limit to 50 and offset to 0', () => {
    expect(ordersMeQuery.parse({})).toEqual({ limit: 50, offset: 0 })
  })

  it('accepts limit 1 and 200 and offset given as query strings', () => {
    expect(ordersMeQuery.parse({ limit: '1', offset: '50' })).toMatchObject({
      limit: 1,
      offset: 50,
    })
    expect(ordersMeQuery.parse({ limit: 200 }).limit).toBe(200)
  })

  it.each([0, 201, 1.5, 'ten', -1])('refuses limit %s on the limit field', (limit) => {
    const result = ordersMeQuery.safeParse({ limit })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['limit'])
  })

  it('refuses a negative offset', () => {
    const result = ordersMeQuery.safeParse({ offset: -1 })
    expect(result.error?.issues[0]?.path).toEqual(['offset'])
  })

  it('takes both status and status_filter with the lower-case filter values', () => {
    expect(ordersMeQuery.parse({ status_filter: 'settled_unverified' }).status_filter).toBe(
      'settled_unverified',
    )
    expect(ordersMeQuery.safeParse({ status: 'SETTLED' }).success).toBe(false)
  })

  it('requires account ids to be integers of 1 or more', () => {
    expect(accountId.parse('7')).toBe(7)
    expect(accountId.safeParse(0).success).toBe(false)
    expect(accountId.safeParse('1.5').success).toBe(false)
    expect(accountId.safeParse('abc').success).toBe(false)
  })

  it('checks country length 2 and currency length 3 on the banks query', () => {
    const base = { order_type: 'OnRamp', payment_method_type: 'bank' }
    expect(banksQuery.parse({ ...base, country: 'ng', currency: 'ngn' })).toMatchObject({
      country: 'NG',
      currency: 'NGN',
    })
    expect(
      banksQuery.safeParse({ ...base, country: 'NGA', currency: 'NGN' }).error?.issues[0]?.path,
    ).toEqual(['country'])
    expect(
      banksQuery.safeParse({ ...base, country: 'NG', currency: 'NG' }).error?.issues[0]?.path,
    ).toEqual(['currency'])
  })

  it('requires the pcus_ and skey_ prefixes', () => {
    expect(customerId.safeParse('pcus_abc123').success).toBe(true)
    expect(customerId.safeParse('cus_abc123').success).toBe(false)
    expect(signingKeyId.safeParse('skey_01').success).toBe(true)
    expect(signingKeyId.safeParse('key_01').success).toBe(false)
  })
})

describe('queries', () => {
  it('validates the fiat list of indicative rates', () => {
    expect(ratesQuery.safeParse({ fiat: 'KES,NGN' }).success).toBe(true)
    expect(ratesQuery.safeParse({ fiat: 'KES,NAIRA' }).success).toBe(false)
    expect(ratesQuery.safeParse({}).success).toBe(false)
  })

  it('keeps corridor filters optional but typed', () => {
    expect(corridorQuery.parse({})).toEqual({})
    expect(corridorQuery.safeParse({ order_type: 'Buy' }).success).toBe(false)
  })

  it('defaults the token preview to OnRamp and coerces the amount', () => {
    expect(tokenPreviewQuery.parse({ amount_fiat: '1500', token: 'USDC' })).toEqual({
      amount_fiat: 1500,
      token: 'USDC',
      order_type: 'OnRamp',
    })
    expect(tokenPreviewQuery.safeParse({ amount_fiat: '0', token: 'USDC' }).success).toBe(false)
    expect(
      tokenPreviewQuery.safeParse({ amount_fiat: '5', token: 'USDC', order_type: '2' }).success,
    ).toBe(false)
  })
})

describe('bodies', () => {
  const order = {
    user_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    order_type: 1,
    fiat_payload: { amount_fiat: 1500, cashout_type: 'PHONE', phone_number: '+254712345678' },
  }

  it('accepts a spec-shaped create-order body', () => {
    expect(createOrderRequest.parse(order)).toMatchObject({ order_type: 1 })
  })

  it('refuses an order type other than 0 or 1', () => {
    const result = createOrderRequest.safeParse({ ...order, order_type: 'OffRamp' })
    expect(result.error?.issues[0]?.path).toEqual(['order_type'])
  })

  it('names the nested field that is wrong', () => {
    const result = createOrderRequest.safeParse({ ...order, fiat_payload: { amount_fiat: -5 } })
    expect(result.error?.issues[0]?.path).toEqual(['fiat_payload', 'amount_fiat'])
  })

  it('wants exactly one of local_amount and crypto_amount on a quote', () => {
    const quote = {
      order_type: 'OnRamp',
      country: 'KE',
      currency: 'KES',
      asset: { token: order.token, currency: 'USDC', network: 'BASE' },
      wallet_address: order.user_address,
      payment_method: {
        type: 'mobile_money',
        network_id: provider.id,
        phone_number: '+254712345678',
      },
      customer: { name: 'Amina Njeri', dob: '01/31/1990' },
    }
    expect(quoteRequest.safeParse({ ...quote, local_amount: 1000 }).success).toBe(true)
    expect(quoteRequest.safeParse(quote).success).toBe(false)
    expect(quoteRequest.safeParse({ ...quote, local_amount: 1, crypto_amount: 1 }).success).toBe(
      false,
    )
  })
})

describe('request bodies pass what core does not list; the kit’s strict forms refuse it', () => {
  const order = {
    user_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    order_type: 0,
    fiat_payload: { amount_fiat: 1500, metadata: { any: { thing: 1 } } },
  }
  const individual = { partner_customer_ref: 'u', type: 'individual' as const }

  it('passes a key the service request does not list, at any level, unchanged', () => {
    const quoteBody = {
      ...keOnRampInline,
      campaign: { id: 7 },
      asset: { ...keOnRampInline.asset, decimals_hint: 6 },
      customer: { ...keOnRampInline.customer, nationality: 'KE' },
      payment_method: { ...keOnRampInline.payment_method, till: '123' },
    }
    expect(quoteRequest.parse(quoteBody)).toEqual(quoteBody)
    const create = { ...individual, x: 1, profile: { first_name: 'A', x: 2, address: { x: 3 } } }
    expect(createCustomerRequest.parse(create)).toEqual(create)
    expect(acceptQuoteRequest.parse({ x: [1] })).toEqual({ x: [1] })
  })

  it('still refuses values it knows are wrong, and `signal` at any level', () => {
    const cases: [{ safeParse(input: unknown): { error?: unknown } }, unknown, string][] = [
      [quoteRequest, { ...keOnRampInline, rail: 5 }, 'rail'],
      [quoteRequest, { ...keOnRampInline, customer_type: 'robot' }, 'customer_type'],
      [quoteRequest, { ...keOnRampInline, asset: { currency: 'USDC' } }, 'asset.network'],
      [
        quoteRequest,
        { ...keOnRampInline, payment_method: { ...keOnRampInline.payment_method, signal: 1 } },
        'payment_method.signal',
      ],
      [acceptQuoteRequest, { signal: null }, 'signal'],
      [acceptQuoteRequest, { provider: 'paypal' }, 'provider'],
      [createCustomerRequest, { ...individual, profile: { email: 'x', y: 1 } }, 'profile.email'],
      [
        createCustomerRequest,
        { ...individual, profile: { additional_id_type: 'bvn', additional_id_number: '123' } },
        'profile.additional_id_number',
      ],
    ]
    for (const [schema, input, field] of cases) {
      const issues = (schema.safeParse(input).error as { issues: SchemaIssue[] } | undefined)
        ?.issues
      expect(toInputIssues(issues ?? [])[0]?.field, JSON.stringify(input)).toBe(field)
    }
  })

  it('the kit’s strict forms refuse any key they do not list, and the service-only fields', () => {
    const cases: [{ safeParse(input: unknown): { error?: unknown } }, unknown, string][] = [
      [kitQuoteRequest, { ...keOnRampInline, campaign: 1 }, 'campaign'],
      [kitQuoteRequest, { ...keOffRampLegacyInline, customer: { name: 'A B' } }, 'rail'],
      [
        kitQuoteRequest,
        { ...keOnRampInline, customer: { ...keOnRampInline.customer, idNumber: 'B1' } },
        'customer.idNumber',
      ],
      [
        kitQuoteRequest,
        { ...keOnRampInline, payment_method: { ...keOnRampInline.payment_method, account_id: 1 } },
        'payment_method.account_id',
      ],
      [kitQuoteRequest, { ...keOnRampInline, asset: { ...keOnRampInline.asset, x: 1 } }, 'asset.x'],
      [kitAcceptQuoteRequest, { rail: 'local_fiat' }, 'rail'],
      [kitAcceptQuoteRequest, { signed_accept: { signature: '0x1', x: 1 } }, 'signed_accept.x'],
      [
        saveCustomerRequest,
        { customer_type: 'individual', profile: { address: { line_1: 'x' } } },
        'profile.address.line_1',
      ],
      [
        saveCustomerRequest,
        { customer_type: 'business', profile: { first_name: 'A' } },
        'profile.first_name',
      ],
    ]
    for (const [schema, input, field] of cases) {
      const issues = (schema.safeParse(input).error as { issues: SchemaIssue[] } | undefined)
        ?.issues
      expect(toInputIssues(issues ?? []), JSON.stringify(input)).toEqual([
        { field, message: `${field} is not accepted: this request has no such field` },
      ])
    }
    // What the widget sends, the Nigerian BVN with its type included, goes through.
    expect(kitQuoteRequest.parse(keOnRampInline)).toEqual(keOnRampInline)
    expect(kitQuoteRequest.parse(ngOnRampBank)).toEqual(ngOnRampBank)
    // The direct order and its fiat payload stay strict; `metadata` is their free-form part.
    expect(createOrderRequest.safeParse({ ...order, extra: 1 }).success).toBe(false)
    expect(createOrderRequest.safeParse(order).success).toBe(true)
  })

  it('keeps what the service adds to a response', () => {
    const parsed = quote.parse({ ...quoteFixture, new_field: 1 })
    expect(parsed).toMatchObject({ new_field: 1 })
    const accepted = acceptedOrder.parse({
      status: 'processing',
      order: { order_id: 'o', status: 'processing', psp_transaction_id: 'p' },
      webhooks: { events: ['order.settled'] },
    })
    expect(accepted).toMatchObject({
      webhooks: { events: ['order.settled'] },
      order: { psp_transaction_id: 'p' },
    })
  })

  it('keeps a quote’s signing block as sent, its typed data untouched', () => {
    const typed_data = {
      primaryType: 'AcceptPartnerOrder',
      domain: { name: 'ElementPay Partner Orders', version: '1', chainId: 11155111 },
      types: { AcceptPartnerOrder: [{ name: 'nonce', type: 'uint256' }] },
      message: { nonce: 1 },
      extra: 'kept',
    }
    const signing = { next_nonce: 1, key_id: 'skey_1', signer_address: '0xabc', typed_data }
    expect(quote.parse({ ...quoteFixture, signing }).signing).toEqual(signing)
    // Without typed data there is nothing for the wallet to sign: not a signing block.
    const { typed_data: _, ...noTypedData } = signing
    expect(quote.safeParse({ ...quoteFixture, signing: noTypedData }).success).toBe(false)
  })
})

describe('order requirements', () => {
  it('takes customer_type retail (the published default) or institution, and refuses another', () => {
    const corridor = { country: 'NG', currency: 'NGN', order_type: 'OnRamp' }
    for (const type of ['retail', 'institution', 'user']) {
      expect(orderRequirementsQuery.safeParse({ ...corridor, customer_type: type }).success).toBe(
        true,
      )
    }
    const robot = orderRequirementsQuery.safeParse({ ...corridor, customer_type: 'robot' })
    expect(robot.error?.issues[0]?.message).toBe('customer_type must be retail or institution')
  })
})

describe('the catalog in its two published forms', () => {
  it('reads african_markets[] into the same model as the tree', () => {
    const fromMarkets = catalog.parse(catalogAsMarkets)
    const { disclaimer, ...fromTree } = catalog.parse(catalogAsTree)
    expect(disclaimer).toBe(catalogAsTree.disclaimer)
    expect(fromMarkets).toEqual(fromTree)
    expect(fromMarkets).not.toHaveProperty('african_markets')
    const mpesa = fromMarkets.onramp?.countries.KE?.payment_methods.mobile_money?.providers[0]
    expect(mpesa?.id).toBe(
      catalogAsMarkets.african_markets[0]?.onramp.payment_methods.mobile_money.providers[0]?.id,
    )
  })

  it('keeps the tree’s own node where both forms name a country, and names the other', () => {
    const both = catalog.parse({
      ...catalogAsTree,
      african_markets: [
        { country: 'KE', currency: 'KES', onramp: { enabled: false } },
        { country: 'UG', currency: 'UGX', country_name: 'Uganda', onramp: { enabled: true } },
      ],
    })
    expect(both.onramp?.countries.KE).toEqual(catalogAsTree.onramp.countries.KE)
    expect(both.onramp?.countries.UG).toEqual({
      country_code: 'UG',
      country_name: 'Uganda',
      currency: 'UGX',
      enabled: true,
      payment_methods: {},
    })
  })

  it('refuses a market without its country', () => {
    const result = catalog.safeParse({ african_markets: [{ currency: 'KES' }] })
    expect(result.error?.issues[0]?.path).toEqual(['african_markets', 0, 'country'])
  })
})

describe('resources', () => {
  it('lets unknown response fields pass through', () => {
    const parsed = webhookOrder.parse({ order_id: 'ord_1', status: 'settled', new_field: 42 })
    expect(parsed).toMatchObject({ new_field: 42 })
  })

  it('keeps list items upper-case and the "some orders" fields optional', () => {
    const item = orderListItem.parse({
      order_id: 'ord_1',
      status: 'SETTLED',
      amount_crypto: 10,
      amount_fiat: 1290,
      currency: 'KES',
      exchange_rate: 129,
      token: 'USDC',
      creation_transaction_hash: `0x${'a'.repeat(64)}`,
      order_type: 'OnRamp',
      wallet_address: order0.wallet_address,
      created_at: '2026-11-22T10:00:00.123Z',
    })
    expect(item.status).toBe('SETTLED')
    expect(item.file_id).toBeUndefined()
  })

  it('keeps any status word of a webhook body as data, and refuses a missing or blank one', () => {
    for (const status of ['pending_settlement', 'awaiting_review', 'SETTLED']) {
      expect(webhookOrder.parse({ order_id: 'ord_1', status }).status).toBe(status)
    }
    for (const status of [undefined, '', '  ', '__proto__', 'x'.repeat(65), 7]) {
      expect(webhookOrder.safeParse({ order_id: 'ord_1', status }).success).toBe(false)
    }
  })

  it('parses a catalog tree with providers', () => {
    const tree = catalog.parse({
      disclaimer: 'Indicative only',
      onramp: {
        countries: {
          KE: {
            country_code: 'KE',
            country_name: 'Kenya',
            currency: 'KES',
            enabled: true,
            payment_methods: {
              mobile_money: {
                enabled: true,
                label: 'Mobile money',
                quote_type: 'mobile_money',
                providers: [provider],
              },
              bank: { enabled: false, label: 'Bank', quote_type: 'bank', providers: [] },
            },
          },
        },
      },
    })
    expect(tree.onramp?.countries.KE?.payment_methods.mobile_money?.providers[0]?.min_amount).toBe(
      10,
    )
  })

  it('parses accounts, keys and rates of the spec', () => {
    expect(
      customerAccount.parse({
        id: 1,
        customer_id: 'pcus_1',
        asset_type: 'fiat',
        currency: 'NGN',
        network: null,
        status: 'active',
        display_name: 'NGN account',
        account_number: '0123456789',
        balance: { available: '1500.25', currency: 'NGN' },
        created_at: '2026-11-22T10:00:00+00:00',
      }).balance?.available,
    ).toBe('1500.25')
    expect(
      signingKey.parse({
        key_id: 'skey_1',
        address: order0.wallet_address,
        status: 'revoked',
        nonce_high_water: 3,
        activated_at: '2026-11-22T10:00:00Z',
        revoked_at: '2026-11-22T11:00:00Z',
        created_at: '2026-11-22T10:00:00Z',
      }).next_nonce,
    ).toBeUndefined()
    expect(
      indicativeRates.parse({
        requested: ['KES'],
        rates: [{ currency: 'KES', buy: 129.1, sell: 128.7 }],
        fetched_at: '2026-11-22T10:00:00Z',
      }).rates,
    ).toHaveLength(1)
  })
})

describe('envelope', () => {
  it('wraps data on success and hints on error', () => {
    const ok = successEnvelope(indicativeRates).safeParse({
      status: 'success',
      message: 'ok',
      data: {},
    })
    expect(ok.success).toBe(false)
    const error = errorEnvelope.parse({
      status: 'error',
      message: 'Allowance too low',
      code: 'insufficient_allowance',
      data: { required: '1500000', current: 0 },
    })
    expect(error.data?.required).toBe('1500000')
    expect(
      errorEnvelope.parse({ status: 'error', message: 'Missing API key', data: null }).data,
    ).toBeNull()
  })
})

const order0 = { wallet_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }
