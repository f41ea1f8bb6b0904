import { catalog } from '@rampkit/core'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/app.js'
import { providerId } from '../seed/corridors.js'

const { call } = createTestApp()

describe('GET /partner/corridors (spec 4.2)', () => {
  it('lists an African corridor by country', async () => {
    const { status, body } = await call('/api/v1/partner/corridors?country=ke')
    expect(status).toBe(200)
    expect(body.data).toEqual({
      african_markets: [{ country: 'KE', currency: 'KES', onramp: true, offramp: true }],
      international_bank: { currencies: [] },
    })
  })

  it('lists international bank pay-in by currency only', async () => {
    const { body } = await call('/api/v1/partner/corridors?currency=EUR')
    expect(body.data).toEqual({
      african_markets: [],
      international_bank: { currencies: [{ currency: 'EUR', onramp: true, offramp: false }] },
    })
  })

  it('answers 400 with data null when neither country nor currency is given', async () => {
    for (const query of ['', '?order_type=OnRamp']) {
      const { status, body } = await call(`/api/v1/partner/corridors${query}`)
      expect(status).toBe(400)
      expect(body.data).toBeNull()
    }
  })

  it('answers 400 with data.field for malformed corridor parameters', async () => {
    expect((await call('/api/v1/partner/corridors?country=KEN')).body.data).toEqual({
      field: 'country',
    })
    expect((await call('/api/v1/partner/corridors?currency=K')).body.data).toEqual({
      field: 'currency',
    })
    const bad = await call('/api/v1/partner/corridors?country=KE&order_type=Sideways')
    expect(bad.status).toBe(400)
    expect(bad.body.data).toEqual({ field: 'order_type' })
  })

  it('answers 422 with data.country and data.currency for an unsupported corridor', async () => {
    const eg = await call('/api/v1/partner/corridors?country=EG')
    expect(eg.status).toBe(422)
    expect(eg.body.data).toEqual({ country: 'EG', currency: null })
    const mismatch = await call('/api/v1/partner/corridors?country=KE&currency=NGN')
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.data).toEqual({ country: 'KE', currency: 'NGN' })
    expect((await call('/api/v1/partner/corridors?currency=JPY')).status).toBe(422)
    // Rwanda is on-ramp only.
    expect((await call('/api/v1/partner/corridors?country=RW&order_type=OffRamp')).status).toBe(422)
    expect((await call('/api/v1/partner/corridors?currency=EUR&order_type=OffRamp')).status).toBe(
      422,
    )
  })

  it('answers 503 for the corridor that is listed but not configured', async () => {
    for (const query of ['country=CM', 'currency=XAF']) {
      const { status, body } = await call(`/api/v1/partner/corridors?${query}`)
      expect(status).toBe(503)
      expect(body.data).toEqual({ country: 'CM', currency: 'XAF' })
    }
  })
})

describe('GET /partner/catalog (spec 4.3)', () => {
  it('returns the full tree with no filter at all', async () => {
    const { status, body } = await call('/api/v1/partner/catalog')
    expect(status).toBe(200)
    expect(body.data.disclaimer).toMatch(/indicative/)
    const on = body.data.onramp.countries
    for (const country of ['KE', 'NG', 'GH', 'UG', 'TZ', 'ZA', 'RW'])
      expect(on[country].enabled).toBe(true)
    expect(on.CM).toMatchObject({ enabled: false, currency: 'XAF' })
    expect(body.data.offramp.countries.RW).toBeUndefined()
    expect(
      body.data.international_bank.currencies.map((c: { currency: string }) => c.currency),
    ).toEqual(['EUR', 'USD'])
    expect(body.data.rails.international_payout.length).toBeGreaterThan(0)
  })

  it('shows a country node with both rails and stable provider ids and limits', async () => {
    const { body } = await call('/api/v1/partner/catalog?country=KE&order_type=OnRamp')
    expect(body.data.offramp).toBeUndefined()
    const ke = body.data.onramp.countries.KE
    expect(ke).toMatchObject({
      country_code: 'KE',
      country_name: 'Kenya',
      currency: 'KES',
      enabled: true,
    })
    const mobile = ke.payment_methods.mobile_money
    expect(mobile).toMatchObject({
      enabled: true,
      label: 'Mobile Money',
      quote_type: 'mobile_money',
    })
    expect(mobile.providers[0]).toEqual({
      code: 'MPESA',
      name: 'M-Pesa',
      enabled: true,
      id: providerId('KE', 'mobile_money', 'MPESA'),
      min_amount: 10,
      max_amount: 250_000,
      currency: 'KES',
    })
    expect(mobile.providers[0].id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(ke.payment_methods.bank.quote_type).toBe('bank')
  })

  it('lists different on-ramp and off-ramp providers for the same country', async () => {
    const { body } = await call('/api/v1/partner/catalog?country=KE')
    const codes = (direction: 'onramp' | 'offramp') =>
      body.data[direction].countries.KE.payment_methods.mobile_money.providers.map(
        (p: { code: string }) => p.code,
      )
    expect(codes('onramp')).toEqual(['MPESA', 'AIRTEL_KE'])
    expect(codes('offramp')).toEqual(['MPESA'])
  })

  it('shares the corridor errors: 400, 422 and 503', async () => {
    const onlyType = await call('/api/v1/partner/catalog?order_type=OffRamp')
    expect(onlyType.status).toBe(400)
    expect(onlyType.body.data).toBeNull()
    expect((await call('/api/v1/partner/catalog?country=EG')).status).toBe(422)
    expect((await call('/api/v1/partner/catalog?country=CM')).status).toBe(503)
  })
})

describe('GET /partner/banks (spec 4.4)', () => {
  const banks = (query: string) => call(`/api/v1/partner/banks?${query}`)

  it('lists active bank networks whose ids match the catalog bank providers', async () => {
    const { status, body } = await banks(
      'country=KE&currency=KES&order_type=OnRamp&payment_method_type=bank',
    )
    expect(status).toBe(200)
    expect(body.data.context).toEqual({
      country: 'KE',
      currency: 'KES',
      order_type: 'OnRamp',
      payment_method_type: 'bank',
    })
    expect(body.data.supported).toBe(true)
    expect(typeof body.data.message).toBe('string')
    expect(typeof body.data.disclaimer).toBe('string')
    const names = body.data.banks.map((bank: { name: string }) => bank.name)
    expect(names).toContain('Equity Bank Kenya')
    // NCBA is inactive: in the catalog as disabled, not in the banks listing.
    expect(names).not.toContain('NCBA Bank Kenya')
    expect(body.data.banks[0].id).toBe(providerId('KE', 'bank', 'EQUITY'))
  })

  it('answers supported false when no network serves the direction', async () => {
    const { status, body } = await banks(
      'country=UG&currency=UGX&order_type=OffRamp&payment_method_type=bank',
    )
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ supported: false, banks: [] })
  })

  it('answers 422 for mobile_money and points at the catalog', async () => {
    const { status, body } = await banks(
      'country=KE&currency=KES&order_type=OnRamp&payment_method_type=mobile_money',
    )
    expect(status).toBe(422)
    expect(body.message).toMatch(/providers\[\]\.id/)
    expect(body.data).toEqual({ field: 'payment_method_type' })
  })

  it('lists best-effort options for international bank types', async () => {
    const { body } = await banks(
      'country=DE&currency=EUR&order_type=OnRamp&payment_method_type=BankSepa',
    )
    expect(body.data.banks.map((bank: { name: string }) => bank.name)).toContain(
      'SEPA Credit Transfer',
    )
  })

  it('answers 400 for missing or malformed corridor parameters and 422 or 503 for the corridor', async () => {
    const missing = await banks('country=KE&currency=KES&order_type=OnRamp')
    expect(missing.status).toBe(400)
    expect(missing.body.data).toEqual({ field: 'payment_method_type' })
    const long = await banks('country=KEN&currency=KES&order_type=OnRamp&payment_method_type=bank')
    expect(long.status).toBe(400)
    expect(long.body.data).toEqual({ field: 'country' })
    const short = await banks('country=KE&currency=KS&order_type=OnRamp&payment_method_type=bank')
    expect(short.body.data).toEqual({ field: 'currency' })
    const eg = await banks('country=EG&currency=EGP&order_type=OnRamp&payment_method_type=bank')
    expect(eg.status).toBe(422)
    expect(eg.body.data).toEqual({ country: 'EG', currency: 'EGP' })
    expect(
      (await banks('country=CM&currency=XAF&order_type=OnRamp&payment_method_type=bank')).status,
    ).toBe(503)
  })
})

describe('GET /partner/payment-methods (the published shape)', () => {
  it('lists the rails of a corridor per direction, with their networks and status', async () => {
    const { status, body } = await call(
      '/api/v1/partner/payment-methods?country=ZA&order_type=OnRamp',
    )
    expect(status).toBe(200)
    expect(body.data.context).toEqual({ country: 'ZA', currency: null })
    expect(body.data.offramp).toBeUndefined()
    expect(body.data.onramp).toEqual([
      { type: 'mobile_money', status: 'inactive', networks: [] },
      { type: 'bank', status: 'active', networks: [] },
    ])
    const ke = await call('/api/v1/partner/payment-methods?country=KE')
    const mobile = ke.body.data.onramp[0]
    expect(mobile).toMatchObject({ type: 'mobile_money', status: 'active' })
    expect(mobile.networks[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      min_amount: expect.any(Number),
      max_amount: expect.any(Number),
      currency: 'KES',
    })
    expect(ke.body.data.offramp.map((method: { type: string }) => method.type)).toEqual([
      'mobile_money',
      'bank',
    ])
    const eur = await call('/api/v1/partner/payment-methods?currency=EUR')
    expect(eur.body.data.onramp.map((method: { type: string }) => method.type)).toEqual([
      'BankSepa',
      'BankSwift',
    ])
    expect((await call('/api/v1/partner/payment-methods')).status).toBe(400)
  })
})

describe('GET /partner/order-requirements (the published shape)', () => {
  it('names the fields a quote needs, by part, for the corridor, rail and customer type', async () => {
    const momo = await call(
      '/api/v1/partner/order-requirements?country=KE&currency=KES&order_type=OnRamp&payment_method_type=mobile_money',
    )
    expect(momo.status).toBe(200)
    expect(momo.body.data).toEqual({
      context: {
        country: 'KE',
        currency: 'KES',
        order_type: 'OnRamp',
        payment_method_type: 'mobile_money',
      },
      customer: ['name', 'phone', 'dob', 'id_number', 'id_type'],
      payment_method: ['type', 'phone_number', 'network_id'],
      order: ['wallet_address', 'local_amount', 'asset'],
    })
    const bank = await call(
      '/api/v1/partner/order-requirements?country=NG&currency=NGN&order_type=OffRamp&payment_method_type=bank&customer_type=institution',
    )
    expect(bank.body.data).toMatchObject({
      customer: ['business_name', 'business_id', 'email'],
      payment_method: ['type', 'account_number', 'account_name', 'network_id'],
      order: ['refund_address', 'crypto_amount', 'asset'],
    })
    const nigerian = await call(
      '/api/v1/partner/order-requirements?country=NG&currency=NGN&order_type=OnRamp&payment_method_type=bank',
    )
    expect(nigerian.body.data.customer).toContain('additional_id_number')
    // `retail`, the published default, names the same package as leaving it out.
    const retail = await call(
      '/api/v1/partner/order-requirements?country=NG&currency=NGN&order_type=OnRamp&payment_method_type=bank&customer_type=retail',
    )
    expect(retail.body.data).toEqual(nigerian.body.data)
  })

  it('refuses a request without a direction, with an unknown customer type, or an unknown corridor', async () => {
    const noType = await call('/api/v1/partner/order-requirements?country=KE&currency=KES')
    expect([noType.status, noType.body.data]).toEqual([422, { field: 'order_type' }])
    const badType = await call(
      '/api/v1/partner/order-requirements?country=KE&currency=KES&order_type=OnRamp&customer_type=robot',
    )
    expect([badType.status, badType.body.data]).toEqual([422, { field: 'customer_type' }])
    expect((await call('/api/v1/partner/order-requirements?order_type=OnRamp')).status).toBe(400)
    const unknown = await call(
      '/api/v1/partner/order-requirements?country=FR&currency=EUR&order_type=OnRamp',
    )
    expect(unknown.status).toBe(422)
  })
})

describe('GET /partner/catalog in its other published form (catalogForm: markets)', () => {
  const markets = createTestApp({ catalogForm: 'markets' })

  it('answers african_markets[] without the tree, and core reads both into one model', async () => {
    for (const query of ['', '?country=NG', '?country=KE&order_type=OffRamp']) {
      const path = `/api/v1/partner/catalog${query}`
      const asMarkets = (await markets.call(path)).body.data
      expect(Object.keys(asMarkets), query).not.toContain('onramp')
      expect(asMarkets.african_markets.length, query).toBeGreaterThan(0)
      // The tree's facts the markets form does not carry: its disclaimer, country names and
      // provider codes. Everything else reads the same.
      const { disclaimer, ...tree } = catalog.parse((await call(path)).body.data)
      expect(disclaimer).toMatch(/indicative/)
      for (const direction of [tree.onramp, tree.offramp]) {
        for (const country of Object.values(direction?.countries ?? {})) {
          delete country.country_name
          const { mobile_money, bank } = country.payment_methods
          for (const bucket of [mobile_money, bank]) {
            for (const provider of bucket?.providers ?? []) delete provider.code
          }
        }
      }
      expect(catalog.parse(asMarkets), query).toEqual(tree)
    }
  })
})
