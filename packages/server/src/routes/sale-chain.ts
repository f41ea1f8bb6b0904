import { loadTokens } from '../upstream/reads.js'
import type { KitContext } from './context.js'
import { liveWalletProof } from './wallet-proof.js'

/** The token a sale spends, as its request names it: an address and, for a quote, a network. */
export type SaleToken = { token?: string | null; network?: string | null }

/**
 * The chain a sale spends on, which its wallet proof must have been made on: the chain id the
 * service's token list (GET /meta/tokens, cached like the catalog) gives the sale's token, by
 * address, else by network name; else the one chain the list names. Null when the service
 * does not say (then no proof counts, and the sale is refused as not proven).
 */
export async function saleChainId(
  kit: Pick<KitContext, 'client' | 'cache' | 'logger'>,
  sale: SaleToken,
): Promise<number | null> {
  let list: Awaited<ReturnType<typeof loadTokens>>
  try {
    list = await loadTokens(kit)
  } catch (error) {
    kit.logger.warn('wallet proof: could not read the service tokens', {
      error: error instanceof Error ? error.name : typeof error,
    })
    return null
  }
  const address = sale.token?.toLowerCase()
  const byAddress = list.tokens.find((token) => token.address.toLowerCase() === address)
  if (byAddress) return byAddress.chain_id
  const network = sale.network?.toLowerCase()
  const byNetwork = list.tokens.filter((token) => token.chain?.toLowerCase() === network)
  const chains = new Set((byNetwork.length > 0 ? byNetwork : list.tokens).map((t) => t.chain_id))
  if (chains.size === 1) return [...chains][0] ?? null
  const top = (list as { chain_id?: unknown }).chain_id
  return typeof top === 'number' && byNetwork.length === 0 ? top : null
}

/**
 * Whether `owner` holds a live proof of `address` made on the chain the sale spends on. The
 * service's token list is read only when there is a proof to compare.
 */
export async function provenForSale(
  kit: Pick<KitContext, 'client' | 'cache' | 'logger' | 'store' | 'now'>,
  owner: string,
  address: string,
  sale: SaleToken,
): Promise<boolean> {
  const proof = await liveWalletProof(kit, owner, address)
  if (proof === null) return false
  return proof.chain_id === (await saleChainId(kit, sale))
}
