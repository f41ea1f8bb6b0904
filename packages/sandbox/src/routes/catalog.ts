import { Hono } from 'hono'
import { ApiError, ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'
import {
  type Direction,
  findInternational,
  INTERNATIONAL_OPTIONS,
  INTERNATIONAL_PAYOUT_RAILS,
  type InternationalSeed,
  internationalOptionId,
  type MarketSeed,
  providerId,
  railProviders,
} from '../seed/corridors.js'
import {
  countryNodeView,
  directionOf,
  parseCorridorFilter,
  requireCountryOrCurrency,
  selectCorridors,
} from '../service/corridors.js'

const CATALOG_DISCLAIMER =
  'The catalog is indicative: providers, limits and availability can change. Binding eligibility and price come only from the quote operation.'
const BANKS_DISCLAIMER =
  'Bank networks are indicative; the quote operation confirms eligibility. Use banks[].id as payment_method.network_id.'

function internationalView(entry: InternationalSeed) {
  return {
    currency: entry.currency,
    onramp: entry.onramp,
    offramp: entry.offramp,
    payment_method_types: entry.paymentMethodTypes,
    min_amount: entry.limits.min,
    max_amount: entry.limits.max,
  }
}

function countries(markets: readonly MarketSeed[], direction: Direction) {
  return Object.fromEntries(
    markets
      .filter((market) => market[direction] || !market.configured)
      .map((market) => [market.country, countryNodeView(market, direction)]),
  )
}

/**
 * The catalog's `african_markets[]` form: one entry per market with `country`, `currency` and,
 * per direction asked for, `enabled` and the rails' `enabled` and `providers` (without the
 * tree's country names, provider codes, rail labels and quote types).
 */
function asMarkets(markets: readonly MarketSeed[], directions: readonly Direction[]) {
  return markets.map((market) => {
    const entry: Record<string, unknown> = { country: market.country, currency: market.currency }
    for (const direction of directions) {
      if (!market[direction] && market.configured) continue
      const node = countryNodeView(market, direction)
      const rails: Record<string, unknown> = {}
      for (const [rail, bucket] of Object.entries(node.payment_methods)) {
        rails[rail] = {
          enabled: bucket.enabled,
          providers: bucket.providers.map(({ code: _code, ...provider }) => provider),
        }
      }
      entry[direction] = { enabled: node.enabled, payment_methods: rails }
    }
    return entry
  })
}

/**
 * Corridor discovery: GET /partner/corridors (4.2), /catalog (4.3, in the published `form`),
 * /banks (4.4) and /payment-methods (4.5, assumed shape).
 */
export function catalogRoutes(form: 'tree' | 'markets' = 'tree') {
  const app = new Hono<SandboxEnv>()

  app.get('/corridors', (c) => {
    const filter = parseCorridorFilter(c.req.query())
    requireCountryOrCurrency(filter)
    const selection = selectCorridors(filter)
    return ok(c, 'Corridors are indicative; the quote operation confirms eligibility', {
      african_markets: selection.markets.map((market) => ({
        country: market.country,
        currency: market.currency,
        onramp: market.onramp,
        offramp: market.offramp,
      })),
      international_bank: {
        currencies: selection.international.map((entry) => ({
          currency: entry.currency,
          onramp: entry.onramp,
          offramp: entry.offramp,
        })),
      },
    })
  })

  app.get('/catalog', (c) => {
    const query = c.req.query()
    const filter = parseCorridorFilter(query)
    const anyFilter = Boolean(filter.country || filter.currency || filter.orderType)
    if (anyFilter) requireCountryOrCurrency(filter)
    const selection = selectCorridors(filter)
    const wantOn = filter.orderType !== 'OffRamp'
    const wantOff = filter.orderType !== 'OnRamp'
    // A filtered read of one corridor shows only that corridor; the full tree shows all.
    const data: Record<string, unknown> = {}
    if (form === 'markets') {
      const directions = [...(wantOn ? ['onramp'] : []), ...(wantOff ? ['offramp'] : [])]
      data.african_markets = asMarkets(selection.markets, directions as Direction[])
    } else {
      data.disclaimer = CATALOG_DISCLAIMER
      if (wantOn) data.onramp = { countries: countries(selection.markets, 'onramp') }
      if (wantOff) data.offramp = { countries: countries(selection.markets, 'offramp') }
    }
    if (wantOff && !filter.country && !filter.currency) {
      data.rails = { international_payout: INTERNATIONAL_PAYOUT_RAILS }
    }
    if (wantOn && (selection.international.length > 0 || !anyFilter)) {
      data.international_bank = { currencies: selection.international.map(internationalView) }
    }
    return ok(c, 'Catalog retrieved', data)
  })

  app.get('/banks', (c) => {
    const query = c.req.query()
    for (const field of ['country', 'currency', 'order_type', 'payment_method_type'] as const) {
      if (!query[field]?.trim()) {
        throw new ApiError(400, `${field} is required to list bank networks`, { field })
      }
    }
    const filter = parseCorridorFilter(query)
    const orderType = filter.orderType!
    const type = query.payment_method_type!.trim()
    if (type.length > 64) {
      throw new ApiError(400, 'payment_method_type is too long', { field: 'payment_method_type' })
    }
    const context = {
      country: filter.country!,
      currency: filter.currency!,
      order_type: orderType,
      payment_method_type: type,
    }
    if (type === 'mobile_money') {
      throw new ApiError(
        422,
        'mobile_money has no bank network listing; use the catalog providers[].id as payment_method.network_id',
        { field: 'payment_method_type' },
      )
    }
    const options = INTERNATIONAL_OPTIONS[type]
    if (options) {
      const entry = findInternational(context.currency)
      if (!entry?.paymentMethodTypes.includes(type) || !entry[directionOf(orderType)]) {
        throw new ApiError(
          422,
          `Corridor not supported in the sandbox environment: ${type} ${context.currency} ${orderType}`,
          { country: context.country, currency: context.currency, field: 'payment_method_type' },
        )
      }
      const banks = options.map((name) => ({ id: internationalOptionId(type, name), name }))
      return ok(c, `${banks.length} ${type} options`, {
        disclaimer: BANKS_DISCLAIMER,
        context,
        supported: true,
        message: 'International bank options are best-effort',
        banks,
      })
    }
    if (type !== 'bank') {
      throw new ApiError(
        422,
        'payment_method_type must be bank, mobile_money, BankSepa or BankSwift',
        { field: 'payment_method_type' },
      )
    }
    const [market] = selectCorridors(filter).markets
    if (!market) {
      throw new ApiError(422, 'Corridor not supported in the sandbox environment', {
        country: context.country,
        currency: context.currency,
      })
    }
    const banks = railProviders(market, 'bank', directionOf(orderType))
      .filter((provider) => provider.active)
      .map((provider) => ({
        id: providerId(market.country, 'bank', provider.code),
        name: provider.name,
      }))
    const supported = banks.length > 0
    const message = supported
      ? `${banks.length} active bank networks`
      : `No bank network serves ${orderType} in ${market.country}`
    return ok(c, message, { disclaimer: BANKS_DISCLAIMER, context, supported, message, banks })
  })

  app.get('/payment-methods', (c) => {
    const filter = parseCorridorFilter(c.req.query())
    requireCountryOrCurrency(filter)
    const selection = selectCorridors(filter)
    const directions: Direction[] = filter.orderType
      ? [directionOf(filter.orderType)]
      : ['onramp', 'offramp']
    // The published shape: per direction, `{ type, status, networks[] }`.
    const byDirection: Record<Direction, Record<string, unknown>[]> = { onramp: [], offramp: [] }
    for (const direction of directions) {
      for (const market of selection.markets) {
        if (!market[direction]) continue
        for (const rail of ['mobile_money', 'bank'] as const) {
          const providers = railProviders(market, rail, direction).filter((p) => p.active)
          byDirection[direction].push({
            type: rail,
            status: providers.length > 0 ? 'active' : 'inactive',
            // As published, mobile money lists its networks; bank networks come from /banks.
            networks:
              rail === 'mobile_money'
                ? providers.map((provider) => ({
                    id: providerId(market.country, rail, provider.code),
                    name: provider.name,
                    min_amount: provider.limits[direction]?.min ?? null,
                    max_amount: provider.limits[direction]?.max ?? null,
                    currency: market.currency,
                  }))
                : [],
          })
        }
      }
      for (const entry of selection.international) {
        if (!entry[direction]) continue
        for (const type of entry.paymentMethodTypes) {
          byDirection[direction].push({ type, status: 'active', networks: [] })
        }
      }
    }
    const count = byDirection.onramp.length + byDirection.offramp.length
    return ok(c, `${count} payment methods`, {
      context: { country: filter.country ?? null, currency: filter.currency ?? null },
      ...(directions.includes('onramp') ? { onramp: byDirection.onramp } : {}),
      ...(directions.includes('offramp') ? { offramp: byDirection.offramp } : {}),
    })
  })

  app.get('/order-requirements', (c) => {
    const query = c.req.query()
    const filter = parseCorridorFilter(query)
    requireCountryOrCurrency(filter)
    if (!filter.orderType) {
      throw new ApiError(422, 'order_type is required: OnRamp or OffRamp', { field: 'order_type' })
    }
    // `retail` (the published default) or `institution`; `user` is read as retail too.
    const customerType = query.customer_type ?? 'retail'
    if (customerType !== 'retail' && customerType !== 'user' && customerType !== 'institution') {
      throw new ApiError(422, 'customer_type must be retail or institution', {
        field: 'customer_type',
      })
    }
    const selection = selectCorridors(filter)
    const international = selection.markets.length === 0
    const rail = query.payment_method_type ?? (international ? 'bank' : 'mobile_money')
    const customer =
      customerType === 'institution'
        ? ['business_name', 'business_id', 'email']
        : international
          ? ['name', 'email']
          : [
              'name',
              'phone',
              'dob',
              'id_number',
              'id_type',
              ...(filter.country === 'NG' ? ['additional_id_number'] : []),
            ]
    const paymentMethod =
      rail === 'mobile_money'
        ? ['type', 'phone_number', 'network_id']
        : international
          ? ['type', 'network_id']
          : ['type', 'account_number', 'account_name', 'network_id']
    const order =
      filter.orderType === 'OnRamp'
        ? ['wallet_address', 'local_amount', 'asset']
        : ['refund_address', 'crypto_amount', 'asset']
    return ok(c, 'Partner order requirements (indicative)', {
      context: {
        country: filter.country ?? null,
        currency: filter.currency ?? selection.markets[0]?.currency ?? null,
        order_type: filter.orderType,
        payment_method_type: rail,
      },
      customer,
      payment_method: paymentMethod,
      order,
    })
  })

  return app
}
