/**
 * What a checkout offers on its choose screen, as pure functions of the kit's listings (the
 * catalog, GET /payment-methods, GET /banks, GET /tokens): the corridors of a direction, the
 * payment methods of a corridor, the providers of a method with their limits, the tokens, and
 * which of each starts chosen. The widget's choose screen renders these; a partner's own UI (or
 * one not on React) calls the same functions with the same listings. Types only from the
 * schemas: nothing here loads zod.
 */
import type { Banks, BanksQuery, PaymentMethods, PaymentMethodsQuery } from '../schemas/banks.js'
import type { Catalog, CatalogCountry } from '../schemas/catalog.js'
import type { MetaToken } from '../schemas/tokens.js'
import type {
  CheckoutCorridor,
  CheckoutDirection,
  CheckoutPaymentMethod,
  CheckoutProvider,
  CheckoutToken,
} from './types.js'

/**
 * The catalog's enabled countries for a direction. Off-ramp reads the catalog's `offramp` tree
 * when it has one (its provider lists can differ, spec 4.3), else the `onramp` one.
 *
 * @example
 * catalogCountries(catalog, 'OnRamp').map((country) => country.country_code) // ['KE', 'NG', ...]
 */
export function catalogCountries(
  catalog: Catalog | undefined,
  direction: CheckoutDirection | undefined,
): CatalogCountry[] {
  const tree = direction === 'OffRamp' ? (catalog?.offramp ?? catalog?.onramp) : catalog?.onramp
  return Object.values(tree?.countries ?? {}).filter((country) => country.enabled)
}

/**
 * The corridors a direction offers: the catalog's African countries, then the international bank
 * currencies (EUR, USD) open in that direction.
 *
 * @example
 * corridorOptions(catalog, 'OnRamp')
 * // [{ kind: 'african', country: 'KE', currency: 'KES', countryName: 'Kenya' }, ...,
 * //  { kind: 'international', country: null, currency: 'EUR' }]
 */
export function corridorOptions(
  catalog: Catalog | undefined,
  direction: CheckoutDirection | undefined,
): CheckoutCorridor[] {
  return [
    ...catalogCountries(catalog, direction).map((country) => ({
      kind: 'african' as const,
      country: country.country_code,
      currency: country.currency,
      countryName: country.country_name,
    })),
    ...(catalog?.international_bank?.currencies ?? [])
      .filter((entry) => (direction === 'OffRamp' ? entry.offramp : entry.onramp))
      .map((entry) => ({
        kind: 'international' as const,
        country: null,
        currency: entry.currency,
      })),
  ]
}

/**
 * A corridor's key in a list of corridors: its country (`intl` for an international one) and its
 * currency.
 *
 * @example
 * corridorKey({ country: 'KE', currency: 'KES' }) // 'KE-KES'
 * corridorKey({ country: null, currency: 'EUR' }) // 'intl-EUR'
 */
export function corridorKey(corridor: Pick<CheckoutCorridor, 'country' | 'currency'>): string {
  return `${corridor.country ?? 'intl'}-${corridor.currency}`
}

/**
 * A token's key in a list of tokens and in a stored choice: `chainId-address`, lower case, so the
 * same token on two chains is two options.
 *
 * @example
 * tokenKey({ chainId: 8453, address: '0x8335...2913' }) // '8453-0x8335...2913'
 */
export function tokenKey(token: Pick<CheckoutToken, 'chainId' | 'address'>): string {
  return `${token.chainId}-${token.address.toLowerCase()}`
}

/**
 * The `country` of GET /banks. The listing needs a two-letter country on every rail (spec 4.4:
 * `country` length 2, also for the international types `BankSepa` and `BankSwift`), while an
 * EUR/USD pay-in corridor is chosen by currency alone and has none. For those: the partner's
 * `bankCountry` (the payer's bank), else the issuer of the currency, whose ISO 4217 code starts
 * with its ISO 3166 code (USD -> US; EUR -> EU, the code ISO 3166 reserves for the European
 * Union). The international options are best-effort and keyed by rail and currency.
 *
 * @example
 * banksCountry({ kind: 'international', country: null, currency: 'USD' }) // 'US'
 * banksCountry({ kind: 'international', country: null, currency: 'EUR' }, 'de') // 'DE'
 */
export function banksCountry(corridor: CheckoutCorridor, bankCountry?: string): string {
  if (corridor.country) return corridor.country
  const given = bankCountry?.trim().toUpperCase()
  if (given && /^[A-Z]{2}$/.test(given)) return given
  return corridor.currency.slice(0, 2).toUpperCase()
}

/**
 * The checkout's token from a token of GET /tokens: its decimals and whether it needs its
 * allowance reset to zero first are the listing's, never assumed.
 *
 * @example
 * const tokens = (await client.request('tokens')).tokens.map(toCheckoutToken)
 */
export function toCheckoutToken(token: MetaToken): CheckoutToken {
  return {
    symbol: token.symbol,
    label: token.label,
    address: token.address,
    decimals: token.decimals,
    chainId: token.chain_id,
    ...(token.chain ? { chain: token.chain } : {}),
    requiresZeroAllowanceReset: token.requires_zero_allowance_reset ?? false,
  }
}

/** A corridor's fiat limits: the least and most one order may be, in `currency`. */
export type CorridorLimits = Pick<CheckoutProvider, 'minAmount' | 'maxAmount' | 'currency'>

/**
 * The pay-in limits of an international bank corridor, from the catalog's currency entry: its
 * bank options carry none, so without these an EUR or USD amount would be unbounded until the
 * quote refused it. Undefined for an African corridor (its providers carry their own) or a
 * currency entry without both limits.
 *
 * @example
 * internationalLimits(catalog, { kind: 'international', country: null, currency: 'EUR' })
 * // { minAmount: 10, maxAmount: 50000, currency: 'EUR' }
 */
export function internationalLimits(
  catalog: Catalog | undefined,
  corridor: CheckoutCorridor | undefined,
): CorridorLimits | undefined {
  if (corridor?.kind !== 'international') return undefined
  const entry = catalog?.international_bank?.currencies?.find(
    (each) => each.currency.toUpperCase() === corridor.currency.toUpperCase(),
  )
  if (typeof entry?.min_amount !== 'number' || typeof entry.max_amount !== 'number') {
    return undefined
  }
  return { minAmount: entry.min_amount, maxAmount: entry.max_amount, currency: entry.currency }
}

/**
 * The limits the amount step checks an amount against: the chosen provider's, or, for an
 * international bank option (which has none of its own), its currency's from the catalog.
 *
 * @example
 * amountLimits(catalog, state.corridor, state.provider) // { minAmount: 100, maxAmount: 250000, currency: 'KES' }
 */
export function amountLimits(
  catalog: Catalog | undefined,
  corridor: CheckoutCorridor | undefined,
  provider: CheckoutProvider | undefined,
): CorridorLimits | undefined {
  if (provider?.minAmount !== undefined) return provider
  return internationalLimits(catalog, corridor) ?? provider
}

/**
 * The GET /payment-methods query a corridor needs, or undefined when the catalog alone lists its
 * methods (an African corridor). An international corridor's methods are the listing's.
 *
 * @example
 * paymentMethodsQuery('OnRamp', { kind: 'international', country: null, currency: 'EUR' })
 * // { currency: 'EUR', order_type: 'OnRamp' }
 */
export function paymentMethodsQuery(
  direction: CheckoutDirection | undefined,
  corridor: CheckoutCorridor | undefined,
): PaymentMethodsQuery | undefined {
  if (corridor?.kind !== 'international' || !direction) return undefined
  return { currency: corridor.currency, order_type: direction }
}

/**
 * The payment methods a corridor offers: an African corridor's enabled buckets of the catalog
 * (mobile money, then bank), or an international corridor's active methods from GET
 * /payment-methods (`listed`, the answer to `paymentMethodsQuery`; none until it arrives).
 *
 * @example
 * paymentMethodOptions(catalog, 'OnRamp', kenya)
 * // [{ type: 'mobile_money', label: 'Mobile money', quoteType: 'mobile_money', networkSource: 'catalog' }]
 */
export function paymentMethodOptions(
  catalog: Catalog | undefined,
  direction: CheckoutDirection | undefined,
  corridor: CheckoutCorridor | undefined,
  listed?: PaymentMethods | undefined,
): CheckoutPaymentMethod[] {
  if (corridor?.kind === 'international') {
    return (listed?.[direction === 'OffRamp' ? 'offramp' : 'onramp'] ?? [])
      .filter((method) => method.status === 'active')
      .map((method) => ({
        type: method.type,
        label: method.type,
        // The quote of an international pay-in names its rail type (`BankSepa`), the same id
        // the banks listing takes (spec 4.4); its networks come from the banks listing.
        quoteType: method.type,
        networkSource: 'banks' as const,
      }))
  }
  const country = countryOf(catalog, direction, corridor)
  return (['mobile_money', 'bank'] as const).flatMap((type) => {
    const bucket = country?.payment_methods[type]
    if (!bucket?.enabled) return []
    return [
      {
        type,
        label: bucket.label,
        quoteType: bucket.quote_type,
        networkSource: type === 'mobile_money' ? ('catalog' as const) : ('banks' as const),
      },
    ]
  })
}

/** The catalog's country of an African corridor. */
function countryOf(
  catalog: Catalog | undefined,
  direction: CheckoutDirection | undefined,
  corridor: CheckoutCorridor | undefined,
): CatalogCountry | undefined {
  return catalogCountries(catalog, direction).find(
    (entry) => entry.country_code === corridor?.country,
  )
}

/**
 * The GET /banks query a payment method needs, or undefined when the catalog lists its
 * providers (mobile money). `bankCountry` is the partner's payer bank country for an
 * international pay-in (see `banksCountry`).
 *
 * @example
 * banksQuery('OnRamp', nigeria, { type: 'bank', networkSource: 'banks', ... })
 * // { country: 'NG', currency: 'NGN', order_type: 'OnRamp', payment_method_type: 'bank' }
 */
export function banksQuery(
  direction: CheckoutDirection | undefined,
  corridor: CheckoutCorridor | undefined,
  method: CheckoutPaymentMethod | undefined,
  bankCountry?: string,
): BanksQuery | undefined {
  if (method?.networkSource !== 'banks' || !corridor || !direction) return undefined
  return {
    country: banksCountry(corridor, bankCountry),
    currency: corridor.currency,
    order_type: direction,
    payment_method_type: method.type,
  }
}

/**
 * The providers of a payment method with their limits: the catalog's enabled providers (mobile
 * money), or the banks of GET /banks (`banks`, the answer to `banksQuery`; none until it
 * arrives). Bank networks carry no limits: a bank takes the catalog provider's of the same id
 * when there is one, else an international corridor's currency limits.
 *
 * @example
 * providerOptions(catalog, 'OnRamp', kenya, mobileMoney)
 * // [{ id: 'mpesa', name: 'M-Pesa', code: 'MPESA', minAmount: 100, maxAmount: 250000, currency: 'KES' }]
 */
export function providerOptions(
  catalog: Catalog | undefined,
  direction: CheckoutDirection | undefined,
  corridor: CheckoutCorridor | undefined,
  method: CheckoutPaymentMethod | undefined,
  banks?: Banks | undefined,
): CheckoutProvider[] {
  const bucket = method
    ? countryOf(catalog, direction, corridor)?.payment_methods[
        method.type as 'mobile_money' | 'bank'
      ]
    : undefined
  const catalogProviders = (bucket?.providers ?? []).filter((provider) => provider.enabled)
  if (method?.networkSource !== 'banks') {
    return catalogProviders.map((provider) => ({
      id: provider.id,
      name: provider.name,
      code: provider.code,
      minAmount: provider.min_amount,
      maxAmount: provider.max_amount,
      currency: provider.currency,
    }))
  }
  const currencyLimits = internationalLimits(catalog, corridor)
  return (banks?.banks ?? []).map((bank) => {
    const limits = catalogProviders.find((provider) => provider.id === bank.id)
    return {
      id: bank.id,
      name: bank.name,
      ...(limits
        ? {
            code: limits.code,
            minAmount: limits.min_amount,
            maxAmount: limits.max_amount,
            currency: limits.currency,
          }
        : (currencyLimits ?? {})),
    }
  })
}

/**
 * The first of `candidates` that is the key of one of `options`, in the order given: the rule
 * by which each choice starts (what this checkout chose, then the partner's wish, then the
 * shopper's last order, then a default). Undefined candidates are skipped.
 *
 * @example
 * pickOption(corridors, corridorKey, draft, fromPartner, corridors.length === 1 ? corridorKey(corridors[0]) : undefined)
 */
export function pickOption<T>(
  options: readonly T[],
  key: (option: T) => string,
  ...candidates: (string | undefined)[]
): T | undefined {
  for (const candidate of candidates) {
    if (candidate === undefined) continue
    const found = options.find((option) => key(option) === candidate)
    if (found) return found
  }
  return undefined
}

/**
 * The corridor keys a partner's `country` or `currency` asks for, most wanted first: every
 * corridor of the country (whatever its currency), else the international corridor of the
 * currency.
 *
 * @example
 * wantedCorridors(corridors, { country: 'ke' }) // ['KE-KES']
 * wantedCorridors(corridors, { currency: 'eur' }) // ['intl-EUR']
 */
export function wantedCorridors(
  corridors: readonly CheckoutCorridor[],
  wanted: { country?: string | undefined; currency?: string | undefined },
): (string | undefined)[] {
  if (wanted.country) {
    const prefix = `${wanted.country.toUpperCase()}-`
    return corridors.map(corridorKey).filter((key) => key.startsWith(prefix))
  }
  return [wanted.currency ? `intl-${wanted.currency.toUpperCase()}` : undefined]
}

/**
 * The key of the token a partner names by its symbol or its label, or undefined when no token
 * of the list has it.
 *
 * @example
 * wantedTokenKey(tokens, 'USDC') // '8453-0x8335...2913'
 */
export function wantedTokenKey(
  tokens: readonly CheckoutToken[],
  wanted: string | undefined,
): string | undefined {
  const token = wanted
    ? tokens.find((each) => each.symbol === wanted || each.label === wanted)
    : undefined
  return token ? tokenKey(token) : undefined
}
