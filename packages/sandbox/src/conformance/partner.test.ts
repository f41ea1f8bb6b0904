import {
  BadRequestError,
  CorridorNotConfiguredError,
  NotFoundError,
  QuoteExpiredError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthorizedError,
  UpstreamUnavailableError,
  ValidationError,
} from '@rampkit/core'
import { createRampClient } from '@rampkit/core/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  failure,
  freshAddress,
  KEY_A,
  KEY_B,
  MPESA,
  startTestSandbox,
  type TestSandbox,
} from '../../test/sandbox.js'
import { providerId } from '../seed/corridors.js'

/**
 * Conformance of the partner routes (spec 4.1 to 4.8; the customer vault is in
 * `customers.test.ts`) with sections 5, 7 and 8, over HTTP
 * against a real sandbox and chain: core's client where it can say it, raw fetch where the
 * client refuses the input before sending.
 */
let t: TestSandbox

/** The contracts the service's published quote examples send: Base USDC and Polygon USDT. */
const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bdA02913'
const POLYGON_USDT = '0xc2132d05d31c914a87c6611c10748aeb04b58e8f'

beforeAll(async () => {
  t = await startTestSandbox()
})
afterAll(async () => {
  await t?.stop()
})

describe('4.1 indicative rates', () => {
  it('returns requested, rates and fetched_at', async () => {
    const rates = await t.client().getIndicativeRates({ fiat: 'KES,NGN' })
    expect(rates.requested).toEqual(['KES', 'NGN'])
    expect(rates.rates).toHaveLength(2)
    expect(rates.fetched_at).toMatch(/Z$/)
  })

  it('answers 400 data.field fiat for a bad code and 422 when omitted', async () => {
    const bad = await t.raw('/api/v1/partner/rates/indicative?fiat=KESX')
    expect([bad.status, bad.body.data]).toEqual([400, { field: 'fiat' }])
    const missing = await t.raw('/api/v1/partner/rates/indicative')
    expect([missing.status, missing.body.data]).toEqual([422, { field: 'fiat' }])
  })
})

describe('4.2 corridors and 4.3 catalog', () => {
  it('lists corridors by country and by currency', async () => {
    const client = t.client()
    const kenya = await client.getCorridors({ country: 'KE' })
    expect(kenya.african_markets).toEqual([
      { country: 'KE', currency: 'KES', onramp: true, offramp: true },
    ])
    const usd = await client.getCorridors({ currency: 'USD' })
    expect(usd.international_bank.currencies).toEqual([
      { currency: 'USD', onramp: true, offramp: false },
    ])
  })

  it('answers 400 with data null, 422 with country and currency, 503 not configured', async () => {
    const none = await t.raw('/api/v1/partner/corridors')
    expect([none.status, none.body.data]).toEqual([400, null])
    const unsupported = await failure(t.client().getCorridors({ country: 'EG' }))
    expect(unsupported).toBeInstanceOf(ValidationError)
    expect(unsupported.data).toEqual({ country: 'EG', currency: null })
    const cm = await failure(t.client().getCatalog({ country: 'CM' }))
    expect(cm).toBeInstanceOf(CorridorNotConfiguredError)
    expect(cm.status).toBe(503)
    expect(cm.data).toEqual({ country: 'CM', currency: 'XAF' })
  })

  it('returns the full catalog tree with no filter and provider ids usable on quotes', async () => {
    const catalog = await t.client().getCatalog()
    expect(Object.keys(catalog.onramp?.countries ?? {})).toEqual(
      expect.arrayContaining(['KE', 'NG', 'GH', 'UG', 'TZ', 'ZA', 'RW', 'CM']),
    )
    const mpesa = catalog.onramp?.countries.KE?.payment_methods.mobile_money?.providers[0]
    expect(mpesa?.id).toBe(MPESA)
  })
})

describe('4.4 banks and 4.5 payment methods', () => {
  it('lists bank networks and refuses mobile_money with 422', async () => {
    const banks = await t.client().getBanks({
      country: 'NG',
      currency: 'NGN',
      order_type: 'OffRamp',
      payment_method_type: 'bank',
    })
    expect(banks.supported).toBe(true)
    expect(banks.banks.map((bank) => bank.name)).toContain('First Bank of Nigeria')
    const mobile = await failure(
      t.client().getBanks({
        country: 'KE',
        currency: 'KES',
        order_type: 'OnRamp',
        payment_method_type: 'mobile_money',
      }),
    )
    expect(mobile).toBeInstanceOf(ValidationError)
    expect(mobile.field).toBe('payment_method_type')
  })

  it('answers 400 for a country of length 3 and a currency of length 2 (section 8)', async () => {
    const country = await t.raw(
      '/api/v1/partner/banks?country=KEN&currency=KES&order_type=OnRamp&payment_method_type=bank',
    )
    expect([country.status, country.body.data]).toEqual([400, { field: 'country' }])
    const currency = await t.raw(
      '/api/v1/partner/banks?country=KE&currency=KS&order_type=OnRamp&payment_method_type=bank',
    )
    expect([currency.status, currency.body.data]).toEqual([400, { field: 'currency' }])
  })

  it('lists payment methods of a corridor', async () => {
    const methods = await t.client().getPaymentMethods({ country: 'KE', order_type: 'OnRamp' })
    expect(methods.onramp.map((method) => method.type)).toEqual(['mobile_money', 'bank'])
    // Each mobile-money network id is one the catalog lists, usable as a quote's network_id.
    const catalog = await t.client().getCatalog({ country: 'KE', order_type: 'OnRamp' })
    const catalogIds = catalog.onramp?.countries.KE?.payment_methods.mobile_money?.providers.map(
      (provider) => provider.id,
    )
    expect(methods.onramp[0]?.networks.map((network) => network.id)).toEqual(
      expect.arrayContaining(catalogIds?.slice(0, 1) ?? ['missing']),
    )
  })
})

describe('4.6 binding quotes: the 422 table in order', () => {
  /** A quote request answered 422 with `data.field` and a message a person can act on. */
  const expectField = async (
    body: Record<string, unknown>,
    field: string,
    message: string | RegExp,
  ) => {
    const response = await t.raw('/api/v1/partner/orders/quote', { method: 'POST', body })
    expect(response.status).toBe(422)
    expect(response.body.status).toBe('error')
    expect(response.body.data.field).toBe(field)
    expect(response.body.message).toMatch(message)
    return response
  }
  const notActive = (direction: string) =>
    `payment_method.network_id is not an active bank provider of KE for ${direction}; take it from the catalog providers or the banks listing`

  it('answers 200 with the published quote: amounts, fees, instructions, an expiry 120 s out', async () => {
    const raw = await t.raw('/api/v1/partner/orders/quote', {
      method: 'POST',
      body: t.kenyaQuote(),
    })
    expect([raw.status, raw.body.message]).toEqual([200, 'Partner order quote created'])
    const quote = await t.client().createQuote(t.kenyaQuote())
    expect(quote).toMatchObject({
      status: 'process',
      order_type: 'OnRamp',
      rail: 'local_fiat',
      amounts: {
        rate: 131.1888,
        rate_currency: 'KES',
        user_pays: { amount: 1500, currency: 'KES' },
        user_receives: { currency: 'USDC', network: 'BASE' },
        // The 1.5 % markup's share of 1500 KES, and that in USD at 129.25 KES.
        fees: { service_fee_local: 22.17, service_fee_usd: 0.17, network_fee_local: 0 },
      },
      instructions: { available_after_accept: true },
    })
    expect(quote.quote_id).toMatch(/^yc_receive_[0-9a-f-]{36}$/)
    expect(quote.amounts.user_receives.amount).toBe(Math.floor((1500 / 131.1888) * 1e6) / 1e6)
    expect(Date.parse(quote.expires_at) - Date.parse(quote.created_at ?? '')).toBe(120_000)
  })

  it('requires network_id on both African rails and checks it belongs to the corridor and direction', async () => {
    await expectField(
      t.kenyaQuote({ payment_method: { type: 'bank' } }),
      'payment_method.network_id',
      'Choose a bank or provider',
    )
    await expectField(
      t.kenyaQuote({ payment_method: { type: 'mobile_money', phone_number: '+2541111111111' } }),
      'payment_method.network_id',
      'Choose a bank or provider',
    )
    await expectField(
      t.kenyaQuote({
        payment_method: { type: 'bank', network_id: providerId('NG', 'bank', 'ACCESS') },
      }),
      'payment_method.network_id',
      notActive('OnRamp'),
    )
    // Co-operative Bank serves on-ramp only; NCBA is inactive.
    await expectField(
      t.kenyaOffRampQuote({
        payment_method: { type: 'bank', network_id: providerId('KE', 'bank', 'COOP') },
      }),
      'payment_method.network_id',
      notActive('OffRamp'),
    )
    await expectField(
      t.kenyaQuote({
        payment_method: { type: 'bank', network_id: providerId('KE', 'bank', 'NCBA') },
      }),
      'payment_method.network_id',
      notActive('OnRamp'),
    )
    const bank = await t.client().createQuote(
      t.kenyaQuote({
        payment_method: { type: 'bank', network_id: providerId('KE', 'bank', 'EQUITY') },
      }),
    )
    expect(bank.quote_id).toBeTruthy()
  })

  it('checks the phone is E.164 of the corridor on mobile money', async () => {
    await expectField(
      t.kenyaQuote({ payment_method: { type: 'mobile_money', network_id: MPESA } }),
      'payment_method.phone_number',
      'Enter a phone number',
    )
    await expectField(
      t.kenyaQuote({
        payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '+2348031234567' },
      }),
      'payment_method.phone_number',
      'Enter a phone number from Kenya',
    )
  })

  it('checks a two-word name, an mm/dd/yyyy date of birth and the Nigerian BVN', async () => {
    await expectField(
      t.kenyaQuote({ customer: { name: 'Amina', dob: '01/31/1990' } }),
      'customer.name',
      'Enter your first and last name',
    )
    await expectField(
      t.kenyaQuote({ customer: { name: 'Amina Njeri', dob: '1990-01-31' } }),
      'customer.dob',
      'Use the format mm/dd/yyyy',
    )
    const nigeria = {
      country: 'NG',
      currency: 'NGN',
      local_amount: 50_000,
      payment_method: { type: 'bank', network_id: providerId('NG', 'bank', 'ACCESS') },
    }
    await expectField(t.kenyaQuote(nigeria), 'customer.additional_id_number', 'Enter your BVN')
    const ng = await t.client().createQuote(
      t.kenyaQuote({
        ...nigeria,
        customer: { name: 'Chidi Okeke', dob: '02/28/1988', additional_id_number: '22123456789' },
      }),
    )
    expect(ng.amounts.user_pays).toEqual({ amount: 50_000, currency: 'NGN' })
  })

  it("checks a Nigerian account number as a NUBAN: 10 digits, the check digit of the bank's CBN code", async () => {
    const customer = { name: 'Chidi Okeke', dob: '02/28/1988', additional_id_number: '22123456789' }
    const access = (account_number: string) =>
      t.kenyaQuote({
        country: 'NG',
        currency: 'NGN',
        local_amount: 50_000,
        customer,
        payment_method: {
          type: 'bank',
          network_id: providerId('NG', 'bank', 'ACCESS'),
          account_number,
        },
      })
    await expectField(
      access('12ab'),
      'payment_method.account_number',
      'A Nigerian account number is 10 digits',
    )
    // 0123456784 is a NUBAN of Access Bank (044); one digit off is no account there.
    await expectField(
      access('0123456785'),
      'payment_method.account_number',
      'This account number does not exist at this bank',
    )
    const quote = await t.client().createQuote(access('0123 456 784'))
    expect(quote.amounts.user_pays).toEqual({ amount: 50_000, currency: 'NGN' })
  })

  it('answers 422 local_amount below the provider minimum, above its maximum, or not whole', async () => {
    const low = await expectField(
      t.kenyaQuote({ local_amount: 5 }),
      'local_amount',
      'Minimum is 10 KES',
    )
    expect(low.body.data).toMatchObject({ min_amount: 10, max_amount: 250_000, currency: 'KES' })
    await expectField(
      t.kenyaQuote({ local_amount: 250_001 }),
      'local_amount',
      'Maximum is 250,000 KES',
    )
    await expectField(t.kenyaQuote({ local_amount: 800.5 }), 'local_amount', /whole number/)
    const client = await failure(t.client().createQuote(t.kenyaQuote({ local_amount: 5 })))
    expect(client).toBeInstanceOf(ValidationError)
    expect(client.field).toBe('local_amount')
  })

  it('prices crypto_amount at the rate and checks its fiat against the provider limits', async () => {
    // M-Pesa pays out 50 to 150,000 KES; the off-ramp rate is 127.3113 KES per USDC.
    const low = await expectField(
      t.kenyaOffRampQuote({ crypto_amount: 0.1 }),
      'crypto_amount',
      "crypto_amount 0.1 USDC is 12.73 KES at 127.3113 KES per USDC; the provider's minimum is 50 KES (0.392739 USDC)",
    )
    expect(low.body.data).toMatchObject({
      min_amount: 0.392739,
      max_amount: 1178.214345,
      currency: 'USDC',
      fiat_min_amount: 50,
      fiat_max_amount: 150_000,
      fiat_currency: 'KES',
    })
    await expectField(
      t.kenyaOffRampQuote({ crypto_amount: 2000 }),
      'crypto_amount',
      /maximum is 150000 KES \(1178\.214345 USDC\)/,
    )
    const sale = await t.client().createQuote(t.kenyaOffRampQuote({ crypto_amount: 35.5 }))
    expect(sale.quote_id).toMatch(/^yc_send_/)
    expect(sale.amounts).toMatchObject({
      rate: 127.3113,
      user_pays: { amount: 35.5, currency: 'USDC', network: 'BASE' },
      user_receives: { amount: 4519.55, currency: 'KES' },
    })
  })

  it('takes one amount, one customer, and the address of the direction', async () => {
    const { local_amount: _amount, ...noAmount } = t.kenyaQuote()
    await expectField(noAmount, 'local_amount', 'local_amount is required')
    await expectField(t.kenyaQuote({ crypto_amount: 5 }), 'local_amount', /exactly one/)
    await expectField(t.kenyaQuote({ customer_id: 'pcus_x' }), 'customer_id', /exactly one/)
    await expectField(
      t.kenyaOffRampQuote({ wallet_address: freshAddress() }),
      'wallet_address',
      /refund_address/,
    )
    const { refund_address: _refund, ...noRefund } = t.kenyaOffRampQuote()
    await expectField(noRefund, 'refund_address', 'refund_address is required')
    await expectField(t.kenyaQuote({ token: 8453 }), 'token', /token/)
  })

  it('answers 422 and 503 for corridors', async () => {
    const eg = await t.raw('/api/v1/partner/orders/quote', {
      method: 'POST',
      body: t.kenyaQuote({ country: 'EG', currency: 'EGP' }),
    })
    expect([eg.status, eg.body.data]).toEqual([422, { country: 'EG', currency: 'EGP' }])
    const cm = await t.raw('/api/v1/partner/orders/quote', {
      method: 'POST',
      body: t.kenyaQuote({ country: 'CM', currency: 'XAF' }),
    })
    expect(cm.status).toBe(503)
  })

  it('resolves asset by address (local or published), else by symbol; refuses what it cannot', async () => {
    const quoteFor = (asset: Record<string, unknown>) =>
      t.raw('/api/v1/partner/orders/quote', { method: 'POST', body: t.kenyaQuote({ asset }) })
    for (const [asset, symbol, network] of [
      [
        { token: t.token('WXM').address.toLowerCase(), currency: 'WXM', network: 'ARBITRUM' },
        'WXM',
        'ARBITRUM',
      ],
      [
        { token: BASE_USDC.toUpperCase().replace('0X', '0x'), currency: 'usdc', network: 'base' },
        'USDC',
        'BASE',
      ],
      [{ token: POLYGON_USDT, currency: 'USDT', network: 'POLYGON' }, 'USDT', 'ANVIL'],
      [{ currency: 'USDT', network: String(t.chain.chainId) }, 'USDT', 'ANVIL'],
      [{ currency: 'BASE_USDC(Testnet)', network: '8453' }, 'USDC', 'BASE'],
    ] as const) {
      const { status, body } = await quoteFor(asset)
      expect([status, body.data.amounts?.user_receives]).toEqual([
        200,
        { amount: expect.any(Number), currency: symbol, network },
      ])
    }
    const unknownAddress = await quoteFor({
      token: '0x1111111111111111111111111111111111111111',
      currency: 'USDC',
      network: 'BASE',
    })
    expect([
      unknownAddress.status,
      unknownAddress.body.code,
      unknownAddress.body.data.field,
    ]).toEqual([400, 'unknown_token', 'asset.token'])
    const unknownSymbol = await quoteFor({ currency: 'DOGE', network: 'BASE' })
    expect([unknownSymbol.status, unknownSymbol.body.code, unknownSymbol.body.data.field]).toEqual([
      400,
      'unknown_token',
      'asset.currency',
    ])
    const production = await quoteFor({ currency: 'SCROLL_USDC', network: 'SCROLL' })
    expect([production.status, production.body.code]).toEqual([400, 'token_env_mismatch'])
    await expectField(
      t.kenyaQuote({ asset: { token: BASE_USDC, currency: 'USDT', network: 'BASE' } }),
      'asset.currency',
      /does not match asset.token, which is USDC here/,
    )
    await expectField(
      t.kenyaQuote({ asset: { currency: 'USDC', network: 'SOLANA' } }),
      'asset.network',
      /not a network the sandbox knows/,
    )
  })

  it('quotes international bank pay-in in EUR by currency only', async () => {
    const quote = await t.client().createQuote(
      t.kenyaQuote({
        country: undefined,
        currency: 'EUR',
        local_amount: 100,
        payment_method: { type: 'BankSepa' },
      }),
    )
    expect(quote).toMatchObject({
      rail: 'international_bank',
      amounts: { user_pays: { amount: 100, currency: 'EUR' } },
    })
  })
})

describe('4.6 the published quote examples', () => {
  /** The service's published inline OnRamp example, with this sandbox's M-Pesa id. */
  const publishedOnRamp = () => ({
    order_type: 'OnRamp' as const,
    currency: 'KES',
    country: 'KE',
    local_amount: 800,
    asset: { token: BASE_USDC, currency: 'USDC', network: 'BASE' },
    customer: {
      uid: 'sandbox-ke-onramp-success-001',
      type: 'user' as const,
      name: 'Successful Jane Customer',
      country: 'KE',
      phone: '+2541111111111',
      address: 'Nairobi',
      dob: '02/01/1997',
      email: 'jane@example.com',
      id_number: 'A1234567',
      id_type: 'passport',
    },
    payment_method: { type: 'mobile_money', phone_number: '+2541111111111', network_id: MPESA },
    wallet_address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe' as const,
  })

  it('quotes the inline OnRamp example (Base USDC address) and settles it to the wallet', async () => {
    const client = t.client()
    const body = publishedOnRamp()
    const usdc = t.token('USDC').address
    const before = await t.chain.balanceOf(usdc, body.wallet_address)
    const quote = await client.createQuote(body)
    expect(quote.amounts).toMatchObject({
      user_pays: { amount: 800, currency: 'KES' },
      user_receives: { currency: 'USDC', network: 'BASE' },
    })
    const accepted = await client.acceptQuote({ quote_id: quote.quote_id })
    expect(accepted).toMatchObject({
      payment_instructions: { type: 'mobile_money', phone_number: '+2541111111111' },
    })
    await t.sandbox.admin.advance(5_000)
    const order = await client.getPartnerOrder({ order_id: accepted.order_id })
    expect(order).toMatchObject({
      status: 'settled',
      amount_fiat: 800,
      amount_crypto: quote.amounts.user_receives.amount,
      currency: 'KES',
      token: 'BASE_USDC(Testnet)',
      wallet_address: body.wallet_address,
    })
    expect(await t.chain.balanceOf(usdc, body.wallet_address)).toBe(
      before + t.units('USDC', quote.amounts.user_receives.amount.toFixed(6)),
    )
  })

  it('sells Polygon USDT from refund_address: crypto_deposit, allowance collected at settlement', async () => {
    const client = t.client()
    const seller = t.wallet(7)
    await seller.approve('USDT', t.units('USDT', '20'))
    const usdt = t.token('USDT').address
    const before = await t.chain.balanceOf(usdt, seller.address)
    const quote = await client.createQuote({
      order_type: 'OffRamp',
      currency: 'KES',
      country: 'KE',
      crypto_amount: 20,
      customer: { name: 'Successful Juma Mwangi', dob: '07/14/1985' },
      asset: { token: POLYGON_USDT, currency: 'USDT', network: 'POLYGON' },
      payment_method: { type: 'mobile_money', phone_number: '+2541111111111', network_id: MPESA },
      refund_address: seller.address,
    })
    expect(quote.amounts).toMatchObject({
      user_pays: { amount: 20, currency: 'USDT', network: 'ANVIL' },
      user_receives: { amount: 2546.23, currency: 'KES' },
    })
    const raw = await t.raw(`/api/v1/partner/orders/${quote.quote_id}/accept`, { method: 'POST' })
    expect(raw.body.data.rail).toBe('local_fiat')
    expect(raw.body.data.crypto_deposit).toEqual({
      address: t.chain.treasury,
      network: 'ANVIL',
      currency: 'USDT',
      amount: 20,
    })
    expect(raw.body.data.accepted.payment_instructions).toMatchObject({
      type: 'erc20_allowance',
      token_address: usdt,
      spender: t.chain.spender,
      amount_base_units: '20000000',
    })
    expect(raw.body.data.order).toMatchObject({
      order_type: 'OffRamp',
      amount_fiat: 2546.23,
      amount_crypto: 20,
      token: 'USDT',
      wallet_address: seller.address,
    })
    await t.sandbox.admin.advance(5_000)
    const order = await client.getPartnerOrder({ order_id: raw.body.data.order.order_id })
    expect(order.status).toBe('settled')
    expect(await t.chain.balanceOf(usdt, seller.address)).toBe(before - t.units('USDT', '20'))
  })

  it('quotes an approved vault customer by customer_id, with no inline customer', async () => {
    const client = t.client()
    const customerId = await t.onboardCustomer(client, 'quote-by-id')
    const { customer: _inline, ...body } = t.kenyaQuote({ customer_id: customerId })
    const quote = await client.createQuote(body)
    const { order_id } = await client.acceptQuote({ quote_id: quote.quote_id })
    await t.sandbox.admin.advance(5_000)
    expect((await client.getPartnerOrder({ order_id })).status).toBe('settled')
  })

  it('answers 422 customer_status for a customer not approved, 404 for an unknown or foreign one', async () => {
    const client = t.client()
    const created = await client.createCustomer({
      partner_customer_ref: 'quote-incomplete',
      type: 'individual',
      profile: { first_name: 'Baraka', last_name: 'Kiprono' },
    })
    const { customer: _inline, ...body } = t.kenyaQuote({ customer_id: created.id })
    const incomplete = await t.raw('/api/v1/partner/orders/quote', { method: 'POST', body })
    expect(incomplete.status).toBe(422)
    expect(incomplete.body.message).toMatch(/^customer_status: incomplete/)
    expect(incomplete.body.data).toEqual({ field: 'customer_id', customer_status: 'incomplete' })
    const error = await failure(client.createQuote(body))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.field).toBe('customer_id')

    const unknown = await t.raw('/api/v1/partner/orders/quote', {
      method: 'POST',
      body: { ...body, customer_id: 'pcus_nobody' },
    })
    expect([unknown.status, unknown.body.data]).toEqual([404, { field: 'customer_id' }])
    const foreign = await t.raw('/api/v1/partner/orders/quote', {
      method: 'POST',
      key: KEY_B,
      body,
    })
    expect([foreign.status, foreign.body.data]).toEqual([404, { field: 'customer_id' }])
  })
})

describe('4.7 accept and 4.8 partner order', () => {
  it('moves the order to processing, answers 409 with the same order_id, settles on the clock', async () => {
    const client = t.client()
    const wallet = freshAddress()
    const quote = await client.createQuote(t.kenyaQuote({ wallet_address: wallet }))
    const accepted = await client.acceptQuote({ quote_id: quote.quote_id })
    expect(accepted).toMatchObject({
      alreadyAccepted: false,
      status: 'processing',
      quote_id: quote.quote_id,
    })
    const again = await t.raw(`/api/v1/partner/orders/${quote.quote_id}/accept`, {
      method: 'POST',
    })
    expect(again.status).toBe(409)
    expect(again.body.data.order_id).toBe(accepted.order_id)
    // The path rampkit used before the service published its own still answers, as an alias.
    const alias = await t.raw(`/api/v1/partner/orders/quote/${quote.quote_id}/accept`, {
      method: 'POST',
    })
    expect(alias.status).toBe(409)
    // The published shapes: the order under `order`, in the accept and in the order read, with
    // the quote's figures.
    const read = await t.raw(`/api/v1/partner/orders/${accepted.order_id}`)
    expect(read.body.data.order).toMatchObject({
      order_id: accepted.order_id,
      quote_id: quote.quote_id,
      status: 'processing',
      order_type: 'OnRamp',
      amount_fiat: 1500,
      amount_crypto: quote.amounts.user_receives.amount,
      exchange_rate: quote.amounts.rate,
      currency: 'KES',
      token: 'BASE_USDC(Testnet)',
      wallet_address: wallet,
    })
    const twice = await client.acceptQuote({ quote_id: quote.quote_id })
    expect(twice).toMatchObject({ alreadyAccepted: true, order_id: accepted.order_id })

    const processing = await client.getPartnerOrder({ order_id: accepted.order_id })
    expect(processing.status).toBe('processing')
    await t.sandbox.admin.advance(3_000)
    const settled = await client.getPartnerOrder({ order_id: accepted.order_id })
    expect(settled.status).toBe('settled')
    expect(settled.updated_at).toMatch(/\.\d{6}Z$/)
    // The tokens really reached the wallet: a payout transaction on the chain.
    const hash = settled.settlement_transaction_hash as `0x${string}`
    expect(await t.receiptStatus(hash)).toBe('success')
    expect(await t.chain.balanceOf(t.token('USDC').address, wallet)).toBe(
      t.units('USDC', quote.amounts.user_receives.amount.toFixed(6)),
    )
  })

  it('answers 410 for an expired quote and 404 for an unknown one or another key', async () => {
    const client = t.client()
    const quote = await client.createQuote(t.kenyaQuote())
    await t.sandbox.admin.advance(120_001)
    const expired = await failure(client.acceptQuote({ quote_id: quote.quote_id }))
    expect(expired).toBeInstanceOf(QuoteExpiredError)
    expect(expired.status).toBe(410)
    const fresh = await client.createQuote(t.kenyaQuote())
    const other = await failure(t.client(KEY_B).acceptQuote({ quote_id: fresh.quote_id }))
    expect(other).toBeInstanceOf(NotFoundError)
    const order = await failure(client.getPartnerOrder({ order_id: 'nope' }))
    expect(order.status).toBe(404)
  })

  it('takes a signed accept as signed_accept, consuming the signing key’s nonce', async () => {
    const client = t.client(KEY_B)
    const unsigned = await client.createQuote(t.kenyaQuote())
    const refused = await failure(
      client.acceptQuote({ quote_id: unsigned.quote_id, signed_accept: { signature: '0xabcd' } }),
    )
    expect(refused.status).toBe(422)
    expect(refused.field).toBe('signed_accept.signature')

    const customer = await t.onboardCustomer(client, 'signer-1')
    await t.enrollSigningKey(client, customer)
    const first = await client.createQuote(t.kenyaQuote())
    const accepted = await client.acceptQuote({
      quote_id: first.quote_id,
      signed_accept: { signature: '0xabcd' },
    })
    expect(accepted.alreadyAccepted).toBe(false)
    const after = await client.listSigningKeys({ customer_id: customer })
    expect(after.keys[0]).toMatchObject({ nonce_high_water: 1, next_nonce: 2 })
  })
})

describe('section 5 authentication and section 7 forced errors through the client', () => {
  it('refuses a missing, unknown or production key', async () => {
    const missing = await t.raw('/api/v1/partner/catalog', { key: null })
    expect(missing.body).toEqual({ status: 'error', message: 'Missing API key', data: null })
    const unknown = await failure(t.client('is_test_unknown_key').getCatalog())
    expect(unknown).toBeInstanceOf(UnauthorizedError)
    const live = await t.raw('/api/v1/partner/catalog', { key: 'is_live_0123456789' })
    expect(live.status).toBe(401)
    expect(live.body.message).toMatch(/production.*sandbox/)
  })

  it('maps forced 429 and 502 to the client errors with retryAfter', async () => {
    const client = t.client()
    t.sandbox.admin.forceFault({ status: 429, retryAfterSeconds: 3, path: '/quote' })
    const limited = await failure(client.getTokenPreview({ amount_fiat: 100, token: 'USDC' }))
    expect(limited).toBeInstanceOf(RateLimitedError)
    expect(limited.retryAfter).toBe(3)
    t.sandbox.admin.forceFault({ status: 502 })
    const upstream = await failure(client.getCatalog())
    expect(upstream).toBeInstanceOf(UpstreamUnavailableError)
    expect(upstream.data).toEqual({ upstream_http_status: 503 })
    const bad = await failure(
      client.getCorridors({ country: 'KE', order_type: 'OnRamp', currency: 'NGN' }),
    )
    expect(bad).toBeInstanceOf(ValidationError)
    expect(bad).not.toBeInstanceOf(BadRequestError)
  })
})

describe('section 7 503: transient (forced) versus corridor not configured', () => {
  /** core's client with its default retries, on a fake clock: waits are recorded, not slept. */
  function retryingClient() {
    let time = Date.UTC(2030, 0, 1)
    const waits: number[] = []
    const attempts: string[] = []
    const client = createRampClient({
      apiKey: KEY_A,
      baseUrl: t.sandbox.url,
      now: () => time,
      sleep: async (ms) => {
        waits.push(ms)
        time += ms
      },
      random: () => 0.5,
      onRequest: (info) => {
        attempts.push(`${info.attempt} ${info.method} ${new URL(info.url).pathname}`)
      },
    })
    return { client, waits, attempts }
  }

  it('answers a forced 503 with the envelope and Retry-After, and no corridor', async () => {
    t.sandbox.admin.forceFault({ status: 503, retryAfterSeconds: 2 })
    const forced = await t.raw('/api/v1/partner/catalog?country=KE')
    expect(forced.status).toBe(503)
    expect(forced.headers.get('retry-after')).toBe('2')
    expect(forced.body.status).toBe('error')
    expect(forced.body.message).toMatch(/temporarily unavailable/)
    expect(forced.body.data?.country).toBeUndefined()
    expect(forced.body.data?.currency).toBeUndefined()
  })

  it('a forced 503 is a transient ServiceUnavailableError, not a corridor error', async () => {
    t.sandbox.admin.forceFault({ status: 503, retryAfterSeconds: 2 })
    const error = await failure(t.client().getCatalog({ country: 'KE' }))
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error).not.toBeInstanceOf(CorridorNotConfiguredError)
    expect(error).toMatchObject({ status: 503, retryAfter: 2 })
  })

  it('the client retries a forced 503 after Retry-After and gets the catalog', async () => {
    const { client, waits, attempts } = retryingClient()
    t.sandbox.admin.forceFault({
      status: 503,
      retryAfterSeconds: 2,
      path: '/api/v1/partner/catalog',
    })
    const catalog = await client.getCatalog({ country: 'KE' })
    expect(Object.keys(catalog.onramp?.countries ?? {})).toEqual(['KE'])
    expect(waits).toEqual([2_000])
    expect(attempts).toEqual(['1 GET /api/v1/partner/catalog', '2 GET /api/v1/partner/catalog'])
  })

  it('the client gives up on a 503 that outlasts its attempts, with the last error', async () => {
    const { client, waits, attempts } = retryingClient()
    t.sandbox.admin.forceFault({
      status: 503,
      retryAfterSeconds: 1,
      count: 3,
      path: '/api/v1/partner/corridors',
    })
    const error = await failure(client.getCorridors({ country: 'KE' }))
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(waits).toEqual([1_000, 1_000])
    expect(attempts).toHaveLength(3)
    // The three forced answers are used up: the next call is served.
    expect((await t.client().getCorridors({ country: 'KE' })).african_markets).toHaveLength(1)
  })

  it('the 503 corridor not configured (CM) is not retried', async () => {
    const { client, waits, attempts } = retryingClient()
    const cm = await failure(client.getCatalog({ country: 'CM' }))
    expect(cm).toBeInstanceOf(CorridorNotConfiguredError)
    expect(cm).toMatchObject({ status: 503, country: 'CM', currency: 'XAF' })
    expect(cm.retryAfter).toBeUndefined()
    expect(waits).toEqual([])
    expect(attempts).toEqual(['1 GET /api/v1/partner/catalog'])
  })
})
