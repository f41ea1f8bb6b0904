import { quoteAssetOf } from './requests.js'
import type { CheckoutToken } from './types.js'

// Networks whose name is not its word in title case.
const NETWORK_NAMES: Readonly<Record<string, string>> = {
  BSC: 'BNB Smart Chain',
  ZKSYNC: 'zkSync',
  OP: 'OP Mainnet',
}

/**
 * A network as people write it: the service's `BASE` or `POLYGON_POS` becomes `Base` or
 * `Polygon Pos`, with a few names that are not title case (`BSC` is `BNB Smart Chain`).
 *
 * @example
 * networkDisplayName('ARBITRUM') // 'Arbitrum'
 */
export function networkDisplayName(network: string): string {
  const key = network.trim().toUpperCase()
  const known = NETWORK_NAMES[key]
  if (known) return known
  return key
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
    .join(' ')
}

/**
 * A token named for people: its symbol and its network, `USDC on Base`, instead of the token
 * list's label (`BASE_USDC(Testnet)`, `ARBITRUM_WXM`). The network is the one the quote names
 * (`quoteAssetOf`: the label's prefix, else the chain id's known name, else the chain's name).
 * The English "on" is the default; pass the locale's joiner from its messages.
 *
 * @example
 * tokenDisplayName({ symbol: 'WXM', label: 'ARBITRUM_WXM', address: '0x…', chainId: 42161 })
 * // 'WXM on Arbitrum'
 */
export function tokenDisplayName(
  token: Pick<CheckoutToken, 'symbol' | 'label' | 'address' | 'chainId' | 'chain'>,
  format: (parts: { symbol: string; network: string }) => string = (parts) =>
    `${parts.symbol} on ${parts.network}`,
): string {
  const network = networkDisplayName(quoteAssetOf(token).network)
  return format({ symbol: token.symbol, network })
}
