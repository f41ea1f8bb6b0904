import type { Context } from 'hono'
import { ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import {
  parseCorridorFilter,
  requireCountryOrCurrency,
  selectCorridors,
} from '../../service/corridors.js'

/** GET /partner/corridors (4.2): the markets and international currencies a filter selects. */
export function corridors(c: Context<SandboxEnv>) {
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
}
