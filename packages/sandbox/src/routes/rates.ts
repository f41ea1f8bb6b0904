import { Hono } from 'hono'
import { isoMillis } from '../clock/index.js'
import { ApiError, ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'
import { USD_MID_RATES } from '../seed/corridors.js'
import { MARKUP } from '../seed/tokens.js'
import type { SandboxContext } from '../service/context.js'
import { round } from '../service/pricing.js'

/** Most codes one rates call may ask for. */
const MAX_CODES = 50

/**
 * GET /partner/rates/indicative (spec 4.1): non-binding fiat-versus-USD tickers at the prices the
 * sandbox quotes a dollar at: `buy` the mid plus the markup, `sell` the mid minus it (the quote's
 * `rate`, whose fee is the markup's share). A ticker at other prices than the quotes would make
 * every estimate built on it disagree with the quote that follows. Codes the sandbox has no
 * ticker for are echoed in `requested` and left out of `rates`.
 */
export function ratesRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()
  app.get('/rates/indicative', (c) => {
    const fiat = c.req.query('fiat')
    if (fiat === undefined || fiat.trim() === '') {
      throw new ApiError(422, 'fiat is required: comma-separated ISO 4217 codes', { field: 'fiat' })
    }
    const codes = fiat.split(',').map((code) => code.trim())
    const bad = codes.find((code) => !/^[A-Za-z]{3}$/.test(code))
    if (bad !== undefined || codes.length > MAX_CODES) {
      throw new ApiError(
        400,
        codes.length > MAX_CODES
          ? `fiat takes at most ${MAX_CODES} codes`
          : `"${bad?.slice(0, 16)}" is not a three-letter ISO 4217 code`,
        { field: 'fiat' },
      )
    }
    const requested = [...new Set(codes.map((code) => code.toUpperCase()))]
    const rates = requested.flatMap((currency) => {
      const mid = USD_MID_RATES[currency]
      if (mid === undefined) return []
      return [{ currency, buy: round(mid * (1 + MARKUP), 4), sell: round(mid * (1 - MARKUP), 4) }]
    })
    return ok(c, 'Indicative rates are non-binding; get a binding price from a quote', {
      requested,
      rates,
      fetched_at: isoMillis(ctx.clock.now()),
    })
  })
  return app
}
