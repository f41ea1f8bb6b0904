import { SERVICE_NETWORKS } from './requests.js'
import type { CheckoutQuote, CheckoutToken } from './types.js'

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

// The public test networks of the service's two sandbox tokens (its corridors guide: Base USDC,
// Polygon USDT), by chain id: the wallet must be on these, not on the mainnet the label names.
const TEST_CHAIN_NAMES: Readonly<Record<number, string>> = {
  84532: 'Base Sepolia',
  80002: 'Polygon Amoy',
}

const CHAIN_NAMES: Readonly<Record<number, string>> = {
  ...Object.fromEntries(
    Object.entries(SERVICE_NETWORKS).map(([network, id]) => [id, networkDisplayName(network)]),
  ),
  ...TEST_CHAIN_NAMES,
}

/**
 * The name of the chain a token lives on, for people: the chain id's known name (`8453` is
 * `Base`, `84532` `Base Sepolia`: the service's networks and its sandbox tokens' test networks), else the token list's own name for its chain (`anvil` is
 * `Anvil`), else the network its label names (`BASE_USDC` is `Base`), else the chain id. The
 * chain id decides before the label: a sandbox's `BASE_USDC(Testnet)` on a local chain is on
 * that chain, which is where the wallet must be, whatever network the label stands for.
 *
 * @example
 * chainDisplayName({ chainId: 31337, chain: 'anvil', label: 'BASE_USDC(Testnet)' }) // 'Anvil'
 */
export function chainDisplayName(
  token: Pick<CheckoutToken, 'chainId' | 'chain'> & { label?: string | undefined },
): string {
  const known = CHAIN_NAMES[token.chainId]
  if (known) return known
  if (token.chain?.trim()) return networkDisplayName(token.chain)
  const prefix = token.label ? /^([A-Za-z]+)_/.exec(token.label)?.[1] : undefined
  return prefix ? networkDisplayName(prefix) : String(token.chainId)
}

/**
 * A token named for people: its symbol and the chain it lives on (`chainDisplayName`),
 * `USDC on Base`, instead of the token list's label (`BASE_USDC(Testnet)`, `ARBITRUM_WXM`).
 * Every token of one chain carries that chain's name, so one list never names two networks for
 * tokens that live side by side. The English "on" is the default; pass the locale's joiner from
 * its messages.
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
  return format({ symbol: token.symbol, network: chainDisplayName(token) })
}

/**
 * The network a quote's tokens move on, named as the token list names the chosen token: the
 * chain `token` lives on when the quote is of that token (its symbol), else the network the
 * quote names in the service's words (`BASE` is `Base`), else undefined. So a quote's "You
 * receive" says the same network as the token it was asked for, even where the service's word
 * (a sandbox's `BASE` for a token on a local chain) is not the chain's.
 *
 * @example
 * quoteNetworkName({ token: 'USDC', network: 'BASE' }, { symbol: 'USDC', chainId: 31337, chain: 'anvil', … }) // 'Anvil'
 */
export function quoteNetworkName(
  quote: Pick<CheckoutQuote, 'token' | 'network'>,
  token?: Pick<CheckoutToken, 'symbol' | 'label' | 'address' | 'chainId' | 'chain'>,
): string | undefined {
  if (token && token.symbol.toUpperCase() === quote.token.toUpperCase()) {
    return chainDisplayName(token)
  }
  return quote.network ? networkDisplayName(quote.network) : undefined
}
