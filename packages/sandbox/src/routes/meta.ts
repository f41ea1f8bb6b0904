import { Hono } from 'hono'
import { ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'
import { LOCAL_CHAIN_NAME } from '../seed/tokens.js'
import { requireChain } from '../service/chain.js'
import type { SandboxContext } from '../service/context.js'

/**
 * GET /meta/tokens (spec 4.19, assumed shape), no key: the sandbox's tokens on its local chain,
 * with the spender off-ramp users approve.
 */
export function metaRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()
  app.get('/tokens', (c) => {
    const chain = requireChain(ctx.chain)
    return ok(c, `${chain.tokens.length} tokens supported in sandbox`, {
      environment: 'sandbox',
      chain_id: chain.chainId,
      spender: chain.spender,
      tokens: chain.tokens.map((token) => ({
        symbol: token.symbol,
        label: token.label,
        address: token.address,
        decimals: token.decimals,
        chain_id: chain.chainId,
        chain: LOCAL_CHAIN_NAME,
        requires_zero_allowance_reset: token.requiresZeroAllowanceReset,
      })),
    })
  })
  return app
}
