import { Hono } from 'hono'
import { ApiError, ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'
import type { SandboxContext } from '../service/context.js'
import { tokenAmountFor, tokenRate } from '../service/pricing.js'
import { resolveTokenName } from '../service/tokens.js'

/** `OnRamp`, `OffRamp`, `0` or `1` (names in any case); undefined for anything else. */
export function parsePreviewOrderType(value: string): 'OnRamp' | 'OffRamp' | undefined {
  const lower = value.trim().toLowerCase()
  if (lower === 'onramp' || lower === '0') return 'OnRamp'
  if (lower === 'offramp' || lower === '1') return 'OffRamp'
  return undefined
}

/**
 * GET /quote (spec 4.15), no key: the token preview in KES. `rate` is KES per token after the
 * markup; `token_amount` is what the user receives (on-ramp) or must send (off-ramp).
 */
export function previewRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()
  app.get('/quote', (c) => {
    const query = c.req.query()
    const orderType = parsePreviewOrderType(query.order_type ?? 'OnRamp')
    if (!orderType) {
      throw new ApiError(
        400,
        'order_type must be OnRamp, OffRamp, 0 or 1',
        { field: 'order_type' },
        { code: 'bad_order_type' },
      )
    }
    const tokenName = query.token?.trim()
    if (!tokenName) {
      throw new ApiError(422, 'token is required: USDC, USDT or WXM', { field: 'token' })
    }
    const token = resolveTokenName(ctx.chain, tokenName)
    const raw = query.amount_fiat?.trim()
    if (!raw) throw new ApiError(422, 'amount_fiat is required', { field: 'amount_fiat' })
    const amount = /^\d+(?:\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN
    if (!Number.isFinite(amount) || amount <= 0 || amount > 1e12) {
      throw new ApiError(422, 'amount_fiat must be a number greater than 0 (KES)', {
        field: 'amount_fiat',
      })
    }
    const rate = tokenRate('KES', token.symbol, orderType)!
    return ok(c, 'Token preview (KES); the rate is locked when the order is created', {
      rate,
      token_amount: tokenAmountFor(amount, rate, orderType),
      fiat_paid: amount,
      symbol: token.symbol,
      decimals: token.decimals,
    })
  })
  return app
}
