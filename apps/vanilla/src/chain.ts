/**
 * The sandbox's chain as the back end tells it (`GET /api/chain`): read with fetch alone, so the
 * first screen needs no wallet library.
 */
import type { Address, Hex } from 'viem'

/** The sandbox's chain and the test account the page sells from (`GET /api/chain`). */
export type LocalChain = {
  rpcUrl: string
  chainId: number
  account: { address: Address; privateKey: Hex }
}

/** The local chain, or null when the back end talks to a service with no test wallet. */
export async function readChain(): Promise<LocalChain | null> {
  const response = await fetch('/api/chain')
  if (!response.ok) return null
  return ((await response.json()) as { chain: LocalChain | null }).chain
}
