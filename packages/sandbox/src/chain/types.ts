import type { PublicClient } from 'viem'

/**
 * A token deployed on the sandbox chain. `requiresZeroAllowanceReset` marks USDT-style tokens
 * whose `approve` reverts when both the current and the new allowance are non-zero, so a wallet
 * must send `approve(spender, 0)` before approving a new amount.
 *
 * @example
 * const usdt = chain.tokens.find((token) => token.symbol === 'USDT')
 * if (usdt?.requiresZeroAllowanceReset && current > 0n) await approve(0n)
 */
export interface ChainToken {
  symbol: 'USDC' | 'USDT' | 'WXM'
  label: string
  address: `0x${string}`
  decimals: number
  requiresZeroAllowanceReset: boolean
}

/**
 * A funded test account of the sandbox chain (anvil accounts 1..9): holds ETH for gas and
 * 10,000 of each sandbox token. The private key is a well-known test key; never use it elsewhere.
 *
 * @example
 * const wallet = createWalletClient({ account: privateKeyToAccount(chain.testAccounts[0]!.privateKey), transport: http(chain.rpcUrl) })
 */
export interface SandboxTestAccount {
  address: `0x${string}`
  privateKey: `0x${string}`
}

/**
 * The sandbox's local chain with the service's contracts deployed: three test tokens and the
 * service's spender (`RampSpender`), owned by the operator account. `pull` and `payout` are the
 * service's own transactions (off-ramp pull into the treasury, on-ramp payout from the float);
 * they wait for the receipt and throw a `SandboxChainError` naming the revert reason.
 *
 * @example
 * const chain = await startChain()
 * const usdc = chain.tokens.find((token) => token.symbol === 'USDC')!
 * await chain.payout(usdc.address, user, parseUnits('25', usdc.decimals), toOrderRef('ord_1'))
 * await chain.stop()
 */
export interface SandboxChain {
  rpcUrl: string
  chainId: number
  /** The anvil process id when this chain started anvil; undefined when connected via `rpcUrl`. */
  pid: number | undefined
  /** The service's operator account (owner of the spender), account 0 of the mnemonic. */
  operator: `0x${string}`
  treasury: `0x${string}`
  /** The RampSpender address: users approve this. */
  spender: `0x${string}`
  tokens: ChainToken[]
  testAccounts: SandboxTestAccount[]
  publicClient: PublicClient
  balanceOf(token: `0x${string}`, owner: `0x${string}`): Promise<bigint>
  /** The allowance `owner` gave the spender, in base units. */
  allowance(token: `0x${string}`, owner: `0x${string}`): Promise<bigint>
  pull(
    token: `0x${string}`,
    from: `0x${string}`,
    amount: bigint,
    orderRef: `0x${string}`,
  ): Promise<`0x${string}`>
  payout(
    token: `0x${string}`,
    to: `0x${string}`,
    amount: bigint,
    orderRef: `0x${string}`,
  ): Promise<`0x${string}`>
  mint(token: `0x${string}`, to: `0x${string}`, amount: bigint): Promise<`0x${string}`>
  /** Stops anvil if this chain started it; safe to call more than once. */
  stop(): Promise<void>
}

/**
 * Options of `startChain`. Without `rpcUrl` it starts its own anvil (automine, a free port on
 * 127.0.0.1); with `rpcUrl` it deploys the same contracts on that chain with the operator key
 * derived from `mnemonic`, and `stop()` leaves that chain running.
 *
 * @example
 * const chain = await startChain({ port: 8545, chainId: 31337 })
 */
export interface StartChainOptions {
  /** Use an existing chain instead of starting anvil. */
  rpcUrl?: string
  /** 0 or omitted: anvil binds a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Default 31337. With `rpcUrl`, checked against the chain's own id when given. */
  chainId?: number
  /** Seconds between blocks; omit for automine (each transaction mined at once). */
  blockTime?: number
  /** Default: anvil's "test test … junk". Account 0 is the operator, 1..9 the test accounts. */
  mnemonic?: string
}
