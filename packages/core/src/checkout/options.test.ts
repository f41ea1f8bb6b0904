import { describe, expect, it } from 'vitest'
import { banksData, catalogData, metaTokensData, paymentMethodsData } from '../../test/fixtures.js'
import { banks, paymentMethods } from '../schemas/banks.js'
import { catalog as catalogSchema } from '../schemas/catalog.js'
import { metaToken } from '../schemas/tokens.js'
import {
  amountLimits,
  banksCountry,
  banksQuery,
  catalogCountries,
  corridorKey,
  corridorOptions,
  internationalLimits,
  paymentMethodOptions,
  paymentMethodsQuery,
  pickOption,
  providerOptions,
  toCheckoutToken,
  tokenKey,
  wantedCorridors,
  wantedTokenKey,
} from './options.js'
import type { CheckoutCorridor, CheckoutPaymentMethod } from './types.js'

const MPESA_ID = '5b3e0c1e-8f6c-4b1e-9a55-2c6f1d1f0a11'
const ACCESS_ID = banksData.banks[0]!.id

// The spec's catalog with a Nigerian bank corridor (its catalog provider carries limits for the
// Access Bank network), an off-ramp tree for Kenya alone, and EUR / USD bank currencies.
const catalog = catalogSchema.parse({
  ...catalogData,
  onramp: {
    countries: {
      ...catalogData.onramp.countries,
      NG: {
        country_code: 'NG',
        country_name: 'Nigeria',
        currency: 'NGN',
        enabled: true,
        payment_methods: {
          mobile_money: {
            enabled: false,
            label: 'Mobile money',
            quote_type: 'mobile_money',
            providers: [],
          },
          bank: {
            enabled: true,
            label: 'Bank',
            quote_type: 'bank',
            providers: [
              {
                id: ACCESS_ID,
                name: 'Access',
                code: 'ACC',
                enabled: true,
                min_amount: 2000,
                max_amount: 5000000,
                currency: 'NGN',
              },
            ],
          },
        },
      },
      GH: {
        ...catalogData.onramp.countries.KE,
        country_code: 'GH',
        currency: 'GHS',
        enabled: false,
      },
    },
  },
  offramp: { countries: { KE: catalogData.onramp.countries.KE } },
  international_bank: {
    currencies: [
      { currency: 'EUR', onramp: true, offramp: false, min_amount: 10, max_amount: 50000 },
      { currency: 'USD', onramp: true, offramp: true },
    ],
  },
})
const kenya: CheckoutCorridor = {
  kind: 'african',
  country: 'KE',
  currency: 'KES',
  countryName: 'Kenya',
}
const nigeria: CheckoutCorridor = {
  kind: 'african',
  country: 'NG',
  currency: 'NGN',
  countryName: 'Nigeria',
}
const euro: CheckoutCorridor = { kind: 'international', country: null, currency: 'EUR' }
const bank: CheckoutPaymentMethod = {
  type: 'bank',
  label: 'Bank',
  quoteType: 'bank',
  networkSource: 'banks',
}

describe('corridorOptions', () => {
  it("offers the direction's enabled countries, then its open international currencies", () => {
    expect(corridorOptions(catalog, 'OnRamp').map(corridorKey)).toEqual([
      'KE-KES',
      'NG-NGN',
      'intl-EUR',
      'intl-USD',
    ])
    // Selling reads the off-ramp tree, and only the currencies open to selling.
    expect(corridorOptions(catalog, 'OffRamp').map(corridorKey)).toEqual(['KE-KES', 'intl-USD'])
    expect(corridorOptions(undefined, 'OnRamp')).toEqual([])
  })

  it('falls back to the on-ramp tree for a catalog without an off-ramp one', () => {
    const onlyOnRamp = { ...catalog, offramp: undefined }
    expect(catalogCountries(onlyOnRamp, 'OffRamp').map((each) => each.country_code)).toEqual([
      'KE',
      'NG',
    ])
  })
})

describe('paymentMethodOptions', () => {
  it("offers an African corridor's enabled catalog buckets, mobile money before bank", () => {
    expect(paymentMethodOptions(catalog, 'OnRamp', kenya)).toEqual([
      {
        type: 'mobile_money',
        label: 'Mobile money',
        quoteType: 'mobile_money',
        networkSource: 'catalog',
      },
    ])
    expect(paymentMethodOptions(catalog, 'OnRamp', nigeria).map((each) => each.type)).toEqual([
      'bank',
    ])
    expect(paymentMethodsQuery('OnRamp', kenya)).toBeUndefined()
  })

  it("offers an international corridor's active methods from GET /payment-methods", () => {
    expect(paymentMethodsQuery('OnRamp', euro)).toEqual({ currency: 'EUR', order_type: 'OnRamp' })
    const listed = paymentMethods.parse({
      ...paymentMethodsData,
      onramp: [
        { type: 'BankSepa', status: 'active', networks: [] },
        { type: 'BankSwift', status: 'inactive', networks: [] },
      ],
    })
    expect(paymentMethodOptions(catalog, 'OnRamp', euro, listed)).toEqual([
      { type: 'BankSepa', label: 'BankSepa', quoteType: 'BankSepa', networkSource: 'banks' },
    ])
    // Until the listing arrives there is nothing to offer, and a sale reads its own list.
    expect(paymentMethodOptions(catalog, 'OnRamp', euro)).toEqual([])
    expect(paymentMethodOptions(catalog, 'OffRamp', euro, listed)).toEqual([])
  })
})

describe('providerOptions', () => {
  it("gives mobile money the catalog's enabled providers with their limits", () => {
    const [mobileMoney] = paymentMethodOptions(catalog, 'OnRamp', kenya)
    expect(banksQuery('OnRamp', kenya, mobileMoney)).toBeUndefined()
    expect(providerOptions(catalog, 'OnRamp', kenya, mobileMoney)).toEqual([
      {
        id: MPESA_ID,
        name: 'M-Pesa',
        code: 'MPESA',
        minAmount: 100,
        maxAmount: 150000,
        currency: 'KES',
      },
    ])
  })

  it("gives a bank rail the listing's banks, each with its catalog provider's limits", () => {
    expect(banksQuery('OnRamp', nigeria, bank)).toEqual({
      country: 'NG',
      currency: 'NGN',
      order_type: 'OnRamp',
      payment_method_type: 'bank',
    })
    const listed = banks.parse({
      ...banksData,
      banks: [...banksData.banks, { id: 'zenith', name: 'Zenith Bank' }],
    })
    expect(providerOptions(catalog, 'OnRamp', nigeria, bank, listed)).toEqual([
      {
        id: ACCESS_ID,
        name: 'Access Bank',
        code: 'ACC',
        minAmount: 2000,
        maxAmount: 5000000,
        currency: 'NGN',
      },
      // A bank the catalog does not list: no limits of its own.
      { id: 'zenith', name: 'Zenith Bank' },
    ])
    expect(providerOptions(catalog, 'OnRamp', nigeria, bank)).toEqual([])
  })

  it("gives an international corridor's banks the currency's limits", () => {
    const sepa = { ...bank, type: 'BankSepa', quoteType: 'BankSepa' }
    expect(banksQuery('OnRamp', euro, sepa, 'de')).toMatchObject({ country: 'DE', currency: 'EUR' })
    const listed = banks.parse({ ...banksData, banks: [{ id: 'sepa-1', name: 'SEPA' }] })
    expect(providerOptions(catalog, 'OnRamp', euro, sepa, listed)).toEqual([
      { id: 'sepa-1', name: 'SEPA', minAmount: 10, maxAmount: 50000, currency: 'EUR' },
    ])
  })
})

describe('limits', () => {
  it("takes an international corridor's limits from its catalog currency, when it has both", () => {
    expect(internationalLimits(catalog, euro)).toEqual({
      minAmount: 10,
      maxAmount: 50000,
      currency: 'EUR',
    })
    expect(internationalLimits(catalog, { ...euro, currency: 'usd' })).toBeUndefined()
    expect(internationalLimits(catalog, kenya)).toBeUndefined()
  })

  it("checks an amount against the provider's limits, else its currency's", () => {
    const mpesa = {
      id: MPESA_ID,
      name: 'M-Pesa',
      minAmount: 100,
      maxAmount: 150000,
      currency: 'KES',
    }
    expect(amountLimits(catalog, kenya, mpesa)).toBe(mpesa)
    const sepa = { id: 'sepa-1', name: 'SEPA' }
    expect(amountLimits(catalog, euro, sepa)).toEqual({
      minAmount: 10,
      maxAmount: 50000,
      currency: 'EUR',
    })
    expect(amountLimits(catalog, { ...euro, currency: 'USD' }, sepa)).toBe(sepa)
  })
})

describe('banksCountry', () => {
  it('gives the bank listing a two-letter country for every corridor (spec 4.4)', () => {
    expect(banksCountry(nigeria)).toBe('NG')
    expect(banksCountry({ kind: 'international', country: null, currency: 'USD' })).toBe('US')
    expect(banksCountry(euro)).toBe('EU')
  })

  it("prefers the partner's bank country for international pay-in, when it is one", () => {
    expect(banksCountry(euro, 'de')).toBe('DE')
    expect(banksCountry(euro, 'DEU')).toBe('EU')
    expect(banksCountry(kenya, 'DE')).toBe('KE')
  })
})

describe('the starting choice', () => {
  const corridors = corridorOptions(catalog, 'OnRamp')

  it('takes the first candidate that names an option, skipping the rest', () => {
    expect(pickOption(corridors, corridorKey, undefined, 'XX-XXX', 'NG-NGN', 'KE-KES')).toBe(
      corridors[1],
    )
    expect(pickOption(corridors, corridorKey, 'XX-XXX')).toBeUndefined()
  })

  it("reads the partner's country or currency as corridor keys", () => {
    expect(wantedCorridors(corridors, { country: 'ng' })).toEqual(['NG-NGN'])
    expect(wantedCorridors(corridors, { currency: 'eur' })).toEqual(['intl-EUR'])
    expect(wantedCorridors(corridors, {})).toEqual([undefined])
  })

  it('names a token by symbol or label, on its chain, in lower case', () => {
    const tokens = metaTokensData.tokens.map((token) => toCheckoutToken(metaToken.parse(token)))
    const key = `84532-${metaTokensData.tokens[0]!.address.toLowerCase()}`
    expect(tokenKey(tokens[0]!)).toBe(key)
    expect(wantedTokenKey(tokens, 'USDC')).toBe(key)
    expect(wantedTokenKey(tokens, 'BASE_USDC(Testnet)')).toBe(key)
    expect(wantedTokenKey(tokens, 'USDT')).toBeUndefined()
    expect(tokens[0]).toMatchObject({
      decimals: 6,
      chainId: 84532,
      requiresZeroAllowanceReset: false,
    })
  })
})
