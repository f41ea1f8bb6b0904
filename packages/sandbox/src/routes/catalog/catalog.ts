import type { Context } from 'hono'
import { ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import {
  type Direction,
  INTERNATIONAL_PAYOUT_RAILS,
  type InternationalSeed,
  type MarketSeed,
} from '../../seed/corridors.js'
import {
  countryNodeView,
  parseCorridorFilter,
  requireCountryOrCurrency,
  selectCorridors,
} from '../../service/corridors.js'

const CATALOG_DISCLAIMER =
  'The catalog is indicative: providers, limits and availability can change. Binding eligibility and price come only from the quote operation.'
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

/** GET /partner/catalog (4.3), in the published `form`: the corridor tree or `african_markets[]`. */
export function catalog(form: 'tree' | 'markets') {
  return (c: Context<SandboxEnv>) => {
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
  }
}
