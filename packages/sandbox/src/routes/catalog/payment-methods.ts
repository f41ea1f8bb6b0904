import type { Context } from 'hono'
import { ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import { type Direction, providerId, railProviders } from '../../seed/corridors.js'
import {
  directionOf,
  parseCorridorFilter,
  requireCountryOrCurrency,
  selectCorridors,
} from '../../service/corridors.js'

/** GET /partner/payment-methods (4.5, assumed shape): per direction, each rail's status and networks. */
export function paymentMethods(c: Context<SandboxEnv>) {
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
}
