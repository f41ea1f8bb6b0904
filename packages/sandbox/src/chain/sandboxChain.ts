import { type Address, encodeFunctionData, type PublicClient } from 'viem'
import type { AnvilProcess } from './anvil.js'
import { sandboxErrorAbi, testTokenAbi } from './artifacts.js'
import type { OperatorSender } from './sender.js'
import type { ChainToken, SandboxChain, SandboxTestAccount } from './types.js'
import { chainCalls } from './writes.js'

const tokenWithErrorsAbi = [...testTokenAbi, ...sandboxErrorAbi] as const

/**
 * The started chain as the sandbox uses it: its accounts and tokens, reads (`balanceOf`,
 * `allowance`), the spender's `pull` and `payout`, `mint`, and `stop` (the anvil it launched).
 */
export function createSandboxChain(parts: {
  rpcUrl: string
  chainId: number
  anvil: AnvilProcess | undefined
  publicClient: PublicClient
  sender: OperatorSender
  operator: Address
  treasury: Address
  spender: Address
  tokens: ChainToken[]
  testAccounts: SandboxTestAccount[]
}): SandboxChain {
  const { publicClient, sender, spender, tokens } = parts
  const { read, write, spenderCall } = chainCalls(publicClient, sender, parts.operator, spender)
  const symbolOf = (token: Address) =>
    tokens.find((t) => t.address.toLowerCase() === token.toLowerCase())?.symbol ?? token

  let stopped: Promise<void> | undefined

  return {
    rpcUrl: parts.rpcUrl,
    chainId: parts.chainId,
    pid: parts.anvil?.pid,
    operator: parts.operator,
    treasury: parts.treasury,
    spender,
    tokens,
    testAccounts: parts.testAccounts,
    publicClient,
    balanceOf: (token, owner) =>
      read('balanceOf', () =>
        publicClient.readContract({
          abi: testTokenAbi,
          address: token,
          functionName: 'balanceOf',
          args: [owner],
        }),
      ),
    allowance: (token, owner) =>
      read('allowance', () =>
        publicClient.readContract({
          abi: testTokenAbi,
          address: token,
          functionName: 'allowance',
          args: [owner, spender],
        }),
      ),
    pull: (token, from, amount, orderRef) =>
      spenderCall('pull', `pull of ${amount} base units of ${symbolOf(token)} from ${from}`, [
        token,
        from,
        amount,
        orderRef,
      ]),
    payout: (token, to, amount, orderRef) =>
      spenderCall('payout', `payout of ${amount} base units of ${symbolOf(token)} to ${to}`, [
        token,
        to,
        amount,
        orderRef,
      ]),
    mint: (token, to, amount) => {
      const call = {
        abi: tokenWithErrorsAbi,
        address: token,
        functionName: 'mint',
        args: [to, amount],
        account: parts.operator,
      } as const
      return write('mint', `mint of ${amount} base units of ${symbolOf(token)} to ${to}`, {
        address: token,
        data: encodeFunctionData({ abi: testTokenAbi, functionName: 'mint', args: [to, amount] }),
        estimate: () => publicClient.estimateContractGas(call),
        replay: (blockNumber) => publicClient.simulateContract({ ...call, blockNumber }),
      })
    },
    stop: () => {
      stopped ??= parts.anvil ? parts.anvil.stop() : Promise.resolve()
      return stopped
    },
  }
}
