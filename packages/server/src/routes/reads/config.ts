import type { KitConfig } from '@rampkit/core/kit'
import { ok } from '../../http/envelope.js'
import { loadTokens } from '../../upstream/reads.js'
import { defineRoute } from '../define.js'

/**
 * GET /config: what the widget needs before its first screen, public: the environment, the
 * chain and spender of the service's tokens (null until the service answers: the widget can
 * still browse, approvals wait), and the kit's accept and customer modes.
 */
export const config = defineRoute({
  route: 'config',
  guards: [],
  needs: ['client', 'cache', 'logger', 'environment', 'signedAccepts', 'customers'],
  handler: async (c, kit) => {
    let chainId: number | null = null
    let spender: string | null = null
    try {
      const tokens = await loadTokens(kit)
      const top = (tokens as { chain_id?: unknown }).chain_id
      chainId = typeof top === 'number' ? top : (tokens.tokens[0]?.chain_id ?? null)
      spender = tokens.spender ?? null
    } catch (error) {
      // The widget can still browse without them; approvals wait until the service answers.
      kit.logger.warn('config: could not read the service tokens', {
        error: error instanceof Error ? error.name : typeof error,
      })
    }
    const config: KitConfig = {
      environment: kit.environment,
      chain_id: chainId,
      spender,
      sse: true,
      signed_accepts: kit.signedAccepts,
      customer_mode: kit.customers.mode,
    }
    c.header('Cache-Control', 'no-store')
    return ok(c, config)
  },
})
