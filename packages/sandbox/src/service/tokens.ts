import { quoteAssetOf } from '../core.js'
import { ApiError } from '../http/envelope.js'
import {
  EVM_NETWORKS,
  LOCAL_CHAIN_NAME,
  PRODUCTION_ONLY_LABELS,
  PUBLISHED_ASSET_ADDRESSES,
} from '../seed/tokens.js'
import {
  type ChainToken,
  findToken,
  findTokenByAddress,
  requireChain,
  type SandboxChainPort,
} from './chain.js'

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

/**
 * The network a local token is on, in the service's words, named as core's `quoteAssetOf` names
 * it for a client reading `GET /meta/tokens`: the label's prefix (`BASE_USDC(Testnet)` is
 * `BASE`, `ARBITRUM_WXM` `ARBITRUM`), else the chain's name (`ANVIL`). A quote answers with it,
 * so a client sees the network it would send.
 */
export function networkOf(chain: SandboxChainPort, token: ChainToken): string {
  return quoteAssetOf({ ...token, chainId: chain.chainId, chain: LOCAL_CHAIN_NAME }).network
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** A quote's `asset` as the published request carries it. */
export type QuoteAssetInput = { token?: string | undefined; currency: string; network: string }

/**
 * The local token a quote's `asset` names, and its network's name:
 *
 * - `asset.token` first: a local token's address, or one of the contracts the published
 *   examples send (Base USDC, Polygon USDT: the local token of that symbol), any case; a symbol
 *   or sandbox label is taken too. Another address is 400 `unknown_token` on `asset.token`.
 * - else `asset.currency`, a symbol or sandbox label (400 `unknown_token` or
 *   `token_env_mismatch` on `asset.currency`).
 * - `asset.currency` must name the token `asset.token` found (422 on `asset.currency`).
 * - `asset.network` may be any EVM network the service names (`BASE`, `POLYGON`, …), one of
 *   their chain ids, or the local chain's name or id, any case: the sandbox has one chain, where
 *   every token lives. Anything else is 422 on `asset.network`.
 *
 * @example
 * resolveQuoteAsset(chain, { token: '0x8335…2913', currency: 'USDC', network: 'BASE' })
 * // { token: <local USDC>, network: 'BASE' }
 */
export function resolveQuoteAsset(
  chain: SandboxChainPort | undefined,
  asset: QuoteAssetInput,
): { token: ChainToken; network: string } {
  const local = requireChain(chain)
  const token =
    asset.token === undefined
      ? resolveTokenName(local, asset.currency, 'asset.currency')
      : tokenOfAsset(local, asset.token.trim())
  const currency = asset.currency.trim().toUpperCase()
  if (
    asset.token !== undefined &&
    currency !== token.symbol &&
    currency !== token.label.toUpperCase()
  ) {
    throw new ApiError(
      422,
      `asset.currency ${JSON.stringify(asset.currency.slice(0, 32))} does not match asset.token, which is ${token.symbol} here`,
      { field: 'asset.currency' },
    )
  }
  const networks = knownNetworks(local)
  if (!networks.has(asset.network.trim().toUpperCase())) {
    throw new ApiError(
      422,
      `asset.network ${JSON.stringify(asset.network.slice(0, 32))} is not a network the sandbox knows; use one of ${Object.keys(EVM_NETWORKS).join(', ')} (all reach the one local chain)`,
      { field: 'asset.network' },
    )
  }
  return { token, network: networkOf(local, token) }
}

function tokenOfAsset(chain: SandboxChainPort, value: string): ChainToken {
  if (!ADDRESS.test(value)) return resolveTokenName(chain, value, 'asset.token')
  const published = PUBLISHED_ASSET_ADDRESSES[value.toLowerCase()]
  const token =
    findTokenByAddress(chain, value) ?? (published ? findToken(chain, published) : undefined)
  if (!token) {
    throw new ApiError(
      400,
      `Unknown token ${value}; use a token address from GET /meta/tokens, or the published Base USDC or Polygon USDT contract`,
      { field: 'asset.token', token: value },
      { code: 'unknown_token' },
    )
  }
  return token
}

/** The upper-case network names and ids `asset.network` may give on this chain. */
function knownNetworks(chain: SandboxChainPort): Set<string> {
  return new Set([
    ...Object.keys(EVM_NETWORKS),
    ...Object.values(EVM_NETWORKS).map(String),
    LOCAL_CHAIN_NAME.toUpperCase(),
    String(chain.chainId),
    ...chain.tokens.map((token) => networkOf(chain, token)),
  ])
}
