import { ApiError } from '../http/envelope.js'
import { PRODUCTION_ONLY_LABELS } from '../seed/tokens.js'
import { type ChainToken, findToken, requireChain, type SandboxChainPort } from './chain.js'

/**
 * Resolves a token named by symbol (`USDC`) or by its sandbox label (`BASE_USDC(Testnet)`):
 * a production-only label is `token_env_mismatch` naming the environment, anything else unknown
 * is `unknown_token` (both 400, spec section 7).
 */
export function resolveTokenName(
  chain: SandboxChainPort | undefined,
  name: string,
  field = 'token',
): ChainToken {
  const wanted = name.trim()
  const production = PRODUCTION_ONLY_LABELS[wanted.toUpperCase()]
  if (production) {
    throw new ApiError(
      400,
      `Token ${wanted.slice(0, 32)} is configured for the production environment, not sandbox; use a token from GET /meta/tokens`,
      { field, token: wanted.slice(0, 64), environment: 'sandbox' },
      { code: 'token_env_mismatch' },
    )
  }
  const token = findToken(requireChain(chain), wanted)
  if (!token) {
    throw new ApiError(
      400,
      `Unknown token ${JSON.stringify(wanted.slice(0, 32))}; use USDC, USDT or WXM`,
      { field, token: wanted.slice(0, 64) },
      { code: 'unknown_token' },
    )
  }
  return token
}
