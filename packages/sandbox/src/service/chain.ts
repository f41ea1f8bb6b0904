import { type Address, type Hex, keccak256, stringToHex } from 'viem'
import { ApiError } from '../http/envelope.js'
import type { TokenSymbol } from '../seed/tokens.js'

/** A token of the local chain, as the chain module describes it. */
export type ChainToken = {
  symbol: TokenSymbol
  label: string
  address: Address
  decimals: number
  requiresZeroAllowanceReset: boolean
}

/**
 * What the service needs of the local chain (`startChain` in `./chain/`): its tokens and
 * spender, reads of balance and allowance, and the service's own transactions. The service takes
 * it injected, so route tests that never touch the chain run without one.
 */
export type SandboxChainPort = {
  readonly rpcUrl: string
  readonly chainId: number
  readonly spender: Address
  readonly treasury: Address
  readonly tokens: readonly ChainToken[]
  readonly testAccounts: readonly { address: Address; privateKey: Hex }[]
  balanceOf(token: Address, owner: Address): Promise<bigint>
  /** Allowance `owner` gave the service's spender. */
  allowance(token: Address, owner: Address): Promise<bigint>
  /** Pulls `amount` from `from` into the treasury through the spender; returns the tx hash. */
  pull(token: Address, from: Address, amount: bigint, orderRef: Hex): Promise<Hex>
  /** Pays `amount` from the treasury to `to`; returns the tx hash. */
  payout(token: Address, to: Address, amount: bigint, orderRef: Hex): Promise<Hex>
  mint(token: Address, to: Address, amount: bigint): Promise<unknown>
  stop(): Promise<void>
}

/** The 32-byte reference of an order on chain: keccak256 of its id. */
export function orderRef(orderId: string): Hex {
  return keccak256(stringToHex(orderId))
}

/** The chain, or a 502 when this sandbox runs without one (route tests). */
export function requireChain(chain: SandboxChainPort | undefined): SandboxChainPort {
  if (!chain) {
    throw new ApiError(502, 'The sandbox chain is not available', { upstream_http_status: 503 })
  }
  return chain
}

/**
 * Runs a chain call; a failure of the chain (node down, reverted transaction) becomes a 502 in
 * the envelope instead of a 500, since it is the service's upstream that failed.
 */
export async function onChain<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(502, `The sandbox chain could not ${what}`, {
      upstream_http_status: 502,
      reason: shortReason(error),
    })
  }
}

/** First line of an error message, without secrets (the chain never sees keys of the service). */
export function shortReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.split('\n')[0]?.slice(0, 200) ?? 'unknown error'
}

/** A token of the chain by symbol or label (case-insensitive). */
export function findToken(chain: SandboxChainPort, name: string): ChainToken | undefined {
  const wanted = name.trim().toUpperCase()
  return chain.tokens.find(
    (token) => token.symbol === wanted || token.label.toUpperCase() === wanted,
  )
}

/** A token of the chain by address (case-insensitive). */
export function findTokenByAddress(
  chain: SandboxChainPort,
  address: string,
): ChainToken | undefined {
  const wanted = address.toLowerCase()
  return chain.tokens.find((token) => token.address.toLowerCase() === wanted)
}
