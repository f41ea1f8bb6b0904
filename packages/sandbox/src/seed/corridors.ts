import { stableUuid } from './ids.js'

/** Direction of an order in the catalog's words. */
export type Direction = 'onramp' | 'offramp'

/** An African retail rail. */
export type Rail = 'mobile_money' | 'bank'

/** Limits of one provider in one direction, in the corridor's fiat. */
export type Limits = { min: number; max: number }

/**
 * A provider of a rail: a mobile money operator, or a bank network. Present in a direction only
 * when it has limits for it, which is how on-ramp and off-ramp lists differ. `active: false`
 * shows it in the catalog as `enabled: false` and leaves it out of the banks listing.
 */
export type ProviderSeed = {
  code: string
  name: string
  active: boolean
  limits: Partial<Record<Direction, Limits>>
}

/** An African market (corridor) of the seed. */
export type MarketSeed = {
  country: string
  countryName: string
  currency: string
  /** False for the corridor that is listed but not configured here: its reads answer 503. */
  configured: boolean
  onramp: boolean
  offramp: boolean
  mobileMoney: ProviderSeed[]
  banks: ProviderSeed[]
}

const both = (min: number, max: number) => ({ onramp: { min, max }, offramp: { min, max } })
const on = (min: number, max: number) => ({ onramp: { min, max } })
const off = (min: number, max: number) => ({ offramp: { min, max } })

/**
 * The sandbox's African corridors. KE, NG, GH, UG, TZ, ZA, RW are live; CM (XAF) is listed but
 * not configured (503); any other country (say EG) is unsupported (422).
 */
export const MARKETS: readonly MarketSeed[] = [
  {
    country: 'KE',
    countryName: 'Kenya',
    currency: 'KES',
    configured: true,
    onramp: true,
    offramp: true,
    mobileMoney: [
      {
        code: 'MPESA',
        name: 'M-Pesa',
        active: true,
        limits: { onramp: { min: 10, max: 250_000 }, offramp: { min: 50, max: 150_000 } },
      },
      { code: 'AIRTEL_KE', name: 'Airtel Money Kenya', active: true, limits: on(10, 150_000) },
    ],
    banks: [
      { code: 'EQUITY', name: 'Equity Bank Kenya', active: true, limits: both(500, 1_000_000) },
      { code: 'KCB', name: 'KCB Bank Kenya', active: true, limits: both(500, 1_000_000) },
      { code: 'COOP', name: 'Co-operative Bank of Kenya', active: true, limits: on(500, 500_000) },
      { code: 'NCBA', name: 'NCBA Bank Kenya', active: false, limits: both(500, 500_000) },
    ],
  },
  {
    country: 'NG',
    countryName: 'Nigeria',
    currency: 'NGN',
    configured: true,
    onramp: true,
    offramp: true,
    mobileMoney: [
      { code: 'OPAY', name: 'OPay', active: true, limits: both(1_000, 2_000_000) },
      { code: 'PALMPAY', name: 'PalmPay', active: true, limits: on(1_000, 1_000_000) },
    ],
    banks: [
      { code: 'ACCESS', name: 'Access Bank', active: true, limits: both(1_000, 10_000_000) },
      {
        code: 'GTBANK',
        name: 'Guaranty Trust Bank',
        active: true,
        limits: both(1_000, 10_000_000),
      },
      { code: 'ZENITH', name: 'Zenith Bank', active: true, limits: both(1_000, 10_000_000) },
      {
        code: 'FIRSTBANK',
        name: 'First Bank of Nigeria',
        active: true,
        limits: off(1_000, 5_000_000),
      },
    ],
  },
  {
    country: 'GH',
    countryName: 'Ghana',
    currency: 'GHS',
    configured: true,
    onramp: true,
    offramp: true,
    mobileMoney: [
      { code: 'MTN_GH', name: 'MTN Mobile Money Ghana', active: true, limits: both(5, 20_000) },
      { code: 'TELECEL_GH', name: 'Telecel Cash', active: true, limits: both(5, 10_000) },
      { code: 'AT_GH', name: 'AT Money', active: true, limits: on(5, 5_000) },
    ],
    banks: [
      { code: 'GCB', name: 'GCB Bank', active: true, limits: both(50, 200_000) },
      { code: 'ECOBANK_GH', name: 'Ecobank Ghana', active: true, limits: both(50, 200_000) },
    ],
  },
  {
    country: 'UG',
    countryName: 'Uganda',
    currency: 'UGX',
    configured: true,
    onramp: true,
    offramp: true,
    mobileMoney: [
      {
        code: 'MTN_UG',
        name: 'MTN Mobile Money Uganda',
        active: true,
        limits: both(1_000, 5_000_000),
      },
      {
        code: 'AIRTEL_UG',
        name: 'Airtel Money Uganda',
        active: true,
        limits: on(1_000, 4_000_000),
      },
    ],
    // No off-ramp bank network: GET /partner/banks answers `supported: false` for it.
    banks: [
      {
        code: 'STANBIC_UG',
        name: 'Stanbic Bank Uganda',
        active: true,
        limits: on(10_000, 50_000_000),
      },
      { code: 'CENTENARY', name: 'Centenary Bank', active: true, limits: on(10_000, 50_000_000) },
    ],
  },
  {
    country: 'TZ',
    countryName: 'Tanzania',
    currency: 'TZS',
    configured: true,
    onramp: true,
    offramp: true,
    mobileMoney: [
      { code: 'MPESA_TZ', name: 'M-Pesa Tanzania', active: true, limits: both(1_000, 5_000_000) },
      { code: 'MIXX_TZ', name: 'Mixx by Yas', active: true, limits: on(1_000, 3_000_000) },
      {
        code: 'AIRTEL_TZ',
        name: 'Airtel Money Tanzania',
        active: true,
        limits: off(1_000, 3_000_000),
      },
    ],
    banks: [
      { code: 'CRDB', name: 'CRDB Bank', active: true, limits: both(10_000, 50_000_000) },
      { code: 'NMB', name: 'NMB Bank', active: true, limits: both(10_000, 50_000_000) },
    ],
  },
  {
    country: 'ZA',
    countryName: 'South Africa',
    currency: 'ZAR',
    configured: true,
    onramp: true,
    offramp: true,
    mobileMoney: [],
    banks: [
      { code: 'FNB', name: 'First National Bank', active: true, limits: both(50, 500_000) },
      { code: 'STANDARD_ZA', name: 'Standard Bank', active: true, limits: both(50, 500_000) },
      { code: 'CAPITEC', name: 'Capitec Bank', active: true, limits: off(50, 250_000) },
      { code: 'ABSA', name: 'Absa Bank', active: false, limits: both(50, 500_000) },
    ],
  },
  {
    country: 'RW',
    countryName: 'Rwanda',
    currency: 'RWF',
    configured: true,
    onramp: true,
    offramp: false,
    mobileMoney: [
      { code: 'MTN_RW', name: 'MTN MoMo Rwanda', active: true, limits: on(500, 2_000_000) },
      { code: 'AIRTEL_RW', name: 'Airtel Money Rwanda', active: true, limits: on(500, 1_000_000) },
    ],
    banks: [{ code: 'BK', name: 'Bank of Kigali', active: true, limits: on(5_000, 10_000_000) }],
  },
  {
    country: 'CM',
    countryName: 'Cameroon',
    currency: 'XAF',
    configured: false,
    onramp: true,
    offramp: true,
    mobileMoney: [],
    banks: [],
  },
]

/** Stable UUID of a provider or bank network: its `id` in the catalog and banks listing. */
export function providerId(country: string, rail: Rail, code: string): string {
  return stableUuid(`provider:${country}:${rail}:${code}`)
}

/** International bank pay-in: selected by currency only, on-ramp only. */
export type InternationalSeed = {
  currency: string
  onramp: boolean
  offramp: boolean
  paymentMethodTypes: string[]
  limits: Limits
}

export const INTERNATIONAL_BANK: readonly InternationalSeed[] = [
  {
    currency: 'EUR',
    onramp: true,
    offramp: false,
    paymentMethodTypes: ['BankSepa', 'BankSwift'],
    limits: { min: 20, max: 100_000 },
  },
  {
    currency: 'USD',
    onramp: true,
    offramp: false,
    paymentMethodTypes: ['BankSwift'],
    limits: { min: 50, max: 250_000 },
  },
]

/** Best-effort options GET /partner/banks lists for international bank rail types. */
export const INTERNATIONAL_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  BankSepa: ['SEPA Credit Transfer', 'SEPA Instant Credit Transfer'],
  BankSwift: ['SWIFT wire transfer'],
}

/** Stable UUID of an international bank option. */
export function internationalOptionId(type: string, name: string): string {
  return stableUuid(`international:${type}:${name}`)
}

/**
 * International payout markets shown under the catalog's `rails` (the spec names it and shows no
 * structure; this is the sandbox's assumed shape).
 */
export const INTERNATIONAL_PAYOUT_RAILS = [
  {
    country: 'CA',
    country_name: 'Canada',
    currency: 'CAD',
    payment_method_types: ['BankEft'],
    enabled: true,
  },
  {
    country: 'GB',
    country_name: 'United Kingdom',
    currency: 'GBP',
    payment_method_types: ['BankFps'],
    enabled: true,
  },
] as const

/**
 * Mid rates, fiat per USD. Quotes and the indicative ticker (spec 4.1) price a dollar at the mid
 * plus the markup buying and minus it selling.
 */
export const USD_MID_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  KES: 129.25,
  NGN: 1545.5,
  GHS: 15.35,
  UGX: 3680,
  TZS: 2610,
  ZAR: 18.05,
  RWF: 1395,
  XAF: 602.5,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.37,
}

/** Payout bank directories by account currency (spec 4.12: NGN, GHS, CAD; none elsewhere). */
export const PAYOUT_BANKS: Readonly<
  Record<string, readonly { bank_code: string; bank_name: string; swift_bic?: string }[]>
> = {
  NGN: [
    { bank_code: '044', bank_name: 'Access Bank', swift_bic: 'ABNGNGLA' },
    { bank_code: '058', bank_name: 'Guaranty Trust Bank', swift_bic: 'GTBINGLA' },
    { bank_code: '057', bank_name: 'Zenith Bank', swift_bic: 'ZEIBNGLA' },
    { bank_code: '011', bank_name: 'First Bank of Nigeria', swift_bic: 'FBNINGLA' },
    { bank_code: '033', bank_name: 'United Bank for Africa', swift_bic: 'UNAFNGLA' },
    { bank_code: '50515', bank_name: 'Moniepoint MFB' },
  ],
  GHS: [
    { bank_code: '040100', bank_name: 'GCB Bank', swift_bic: 'GHCBGHAC' },
    { bank_code: '130100', bank_name: 'Ecobank Ghana', swift_bic: 'ECOCGHAC' },
    { bank_code: '190100', bank_name: 'Stanbic Bank Ghana', swift_bic: 'SBICGHAC' },
  ],
  CAD: [
    { bank_code: '001', bank_name: 'Bank of Montreal', swift_bic: 'BOFMCAM2' },
    { bank_code: '002', bank_name: 'Scotiabank', swift_bic: 'NOSCCATT' },
    { bank_code: '003', bank_name: 'Royal Bank of Canada', swift_bic: 'ROYCCAT2' },
    { bank_code: '004', bank_name: 'TD Canada Trust', swift_bic: 'TDOMCATTTOR' },
    { bank_code: '010', bank_name: 'CIBC', swift_bic: 'CIBCCATT' },
  ],
}

/** Country of an account currency, for the payout banks directory (null for stablecoins). */
export const CURRENCY_COUNTRY: Readonly<Record<string, string>> = {
  KES: 'KE',
  NGN: 'NG',
  GHS: 'GH',
  UGX: 'UG',
  TZS: 'TZ',
  ZAR: 'ZA',
  RWF: 'RW',
  XAF: 'CM',
  CAD: 'CA',
  USD: 'US',
  GBP: 'GB',
}

/** The market of a country code, if the sandbox lists it. */
export function findMarket(country: string): MarketSeed | undefined {
  return MARKETS.find((market) => market.country === country)
}

/** The markets using a currency. */
export function marketsByCurrency(currency: string): MarketSeed[] {
  return MARKETS.filter((market) => market.currency === currency)
}

/** The international bank entry of a currency, if any. */
export function findInternational(currency: string): InternationalSeed | undefined {
  return INTERNATIONAL_BANK.find((entry) => entry.currency === currency)
}

/** Providers of a market's rail in a direction (active or not). */
export function railProviders(market: MarketSeed, rail: Rail, direction: Direction) {
  const list = rail === 'mobile_money' ? market.mobileMoney : market.banks
  return list.filter((provider) => provider.limits[direction] !== undefined)
}
