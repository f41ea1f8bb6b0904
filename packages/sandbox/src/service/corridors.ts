import { ApiError } from '../http/envelope.js'
import {
  type Direction,
  findInternational,
  findMarket,
  INTERNATIONAL_BANK,
  type InternationalSeed,
  MARKETS,
  type MarketSeed,
  marketsByCurrency,
  providerId,
  type Rail,
  railProviders,
} from '../seed/corridors.js'

/** A corridor query after its format checks: upper-case codes, a known order type. */
export type CorridorFilter = {
  country?: string
  currency?: string
  orderType?: 'OnRamp' | 'OffRamp'
}

/** `OnRamp` -> `onramp`. */
export function directionOf(orderType: 'OnRamp' | 'OffRamp'): Direction {
  return orderType === 'OnRamp' ? 'onramp' : 'offramp'
}

/**
 * Reads `country`, `currency` and `order_type` of a corridor query. A value of the wrong shape
 * is a bad corridor parameter: 400 with `data.field` (spec section 7).
 */
export function parseCorridorFilter(query: {
  country?: string | undefined
  currency?: string | undefined
  order_type?: string | undefined
}): CorridorFilter {
  const filter: CorridorFilter = {}
  const country = query.country?.trim()
  if (country !== undefined && country !== '') {
    if (!/^[A-Za-z]{2}$/.test(country)) {
      throw new ApiError(400, 'country must be a two-letter ISO country code', { field: 'country' })
    }
    filter.country = country.toUpperCase()
  }
  const currency = query.currency?.trim()
  if (currency !== undefined && currency !== '') {
    if (!/^[A-Za-z]{3}$/.test(currency)) {
      throw new ApiError(400, 'currency must be a three-letter ISO 4217 code', {
        field: 'currency',
      })
    }
    filter.currency = currency.toUpperCase()
  }
  const orderType = query.order_type?.trim()
  if (orderType !== undefined && orderType !== '') {
    const normalised = parseOrderTypeName(orderType)
    if (!normalised) {
      throw new ApiError(400, 'order_type must be OnRamp or OffRamp', { field: 'order_type' })
    }
    filter.orderType = normalised
  }
  return filter
}

/** `OnRamp`/`OffRamp` in any case, or undefined. */
export function parseOrderTypeName(value: string): 'OnRamp' | 'OffRamp' | undefined {
  const lower = value.toLowerCase()
  if (lower === 'onramp') return 'OnRamp'
  if (lower === 'offramp') return 'OffRamp'
  return undefined
}

/** 400 with `data` null: the corridor reads need a country or a currency (spec 4.2). */
export function requireCountryOrCurrency(filter: CorridorFilter) {
  if (!filter.country && !filter.currency) {
    throw new ApiError(
      400,
      'Give country (African corridor) or currency (international bank, EUR or USD)',
      null,
    )
  }
}

/** The corridors a filter selects. */
export type CorridorSelection = { markets: MarketSeed[]; international: InternationalSeed[] }

function unsupported(filter: CorridorFilter, detail: string): ApiError {
  return new ApiError(422, `Corridor not supported in the sandbox environment: ${detail}`, {
    country: filter.country ?? null,
    currency: filter.currency ?? null,
  })
}

function notConfigured(market: MarketSeed): ApiError {
  return new ApiError(
    503,
    `Corridor ${market.country}/${market.currency} is not configured on the sandbox environment; contact the operator`,
    { country: market.country, currency: market.currency },
  )
}

/**
 * Resolves a filter to corridors: 422 when the country or currency is not supported (or does not
 * serve the order type), 503 for the corridor that is listed but not configured. With neither
 * country nor currency it selects everything (the catalog's full tree).
 */
export function selectCorridors(filter: CorridorFilter): CorridorSelection {
  const direction = filter.orderType ? directionOf(filter.orderType) : undefined
  if (filter.country) {
    const market = findMarket(filter.country)
    if (!market) return fail(unsupported(filter, `no corridor for country ${filter.country}`))
    if (filter.currency && market.currency !== filter.currency) {
      return fail(
        unsupported(filter, `${filter.country} uses ${market.currency}, not ${filter.currency}`),
      )
    }
    if (!market.configured) return fail(notConfigured(market))
    if (direction && !market[direction]) {
      return fail(unsupported(filter, `${filter.country} has no ${filter.orderType} corridor`))
    }
    return { markets: [market], international: [] }
  }
  if (filter.currency) {
    const markets = marketsByCurrency(filter.currency)
    const international = findInternational(filter.currency)
    if (markets.length === 0 && !international) {
      return fail(unsupported(filter, `no corridor for currency ${filter.currency}`))
    }
    const unconfigured = markets.find((market) => !market.configured)
    if (unconfigured) return fail(notConfigured(unconfigured))
    const selection = {
      markets: markets.filter((market) => !direction || market[direction]),
      international:
        international && (!direction || international[direction]) ? [international] : [],
    }
    if (selection.markets.length === 0 && selection.international.length === 0) {
      return fail(unsupported(filter, `${filter.currency} has no ${filter.orderType} corridor`))
    }
    return selection
  }
  return {
    markets: MARKETS.filter((market) => !direction || market[direction]),
    international: INTERNATIONAL_BANK.filter((entry) => !direction || entry[direction]),
  }
}

function fail(error: ApiError): never {
  throw error
}

const RAIL_LABELS: Record<Rail, string> = { mobile_money: 'Mobile Money', bank: 'Bank Transfer' }

/** 2.3: a payment method bucket of a market in a direction. */
export function bucketView(market: MarketSeed, rail: Rail, direction: Direction) {
  const providers = railProviders(market, rail, direction).map((provider) => {
    const limits = provider.limits[direction]!
    return {
      code: provider.code,
      name: provider.name,
      enabled: provider.active && market.configured,
      id: providerId(market.country, rail, provider.code),
      min_amount: limits.min,
      max_amount: limits.max,
      currency: market.currency,
    }
  })
  return {
    enabled: market.configured && providers.some((provider) => provider.enabled),
    label: RAIL_LABELS[rail],
    quote_type: rail,
    providers,
  }
}

/** 2.3: a catalog country node. */
export function countryNodeView(market: MarketSeed, direction: Direction) {
  return {
    country_code: market.country,
    country_name: market.countryName,
    currency: market.currency,
    enabled: market.configured && market[direction],
    payment_methods: {
      mobile_money: bucketView(market, 'mobile_money', direction),
      bank: bucketView(market, 'bank', direction),
    },
  }
}

/** A provider of a market's rail in a direction, by network id (catalog or banks listing id). */
export function findProvider(
  market: MarketSeed,
  rail: Rail,
  direction: Direction,
  networkId: string,
) {
  const wanted = networkId.toLowerCase()
  return railProviders(market, rail, direction).find(
    (provider) => providerId(market.country, rail, provider.code) === wanted,
  )
}
