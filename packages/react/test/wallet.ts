import {
  type Address,
  type Chain,
  custom,
  decodeFunctionData,
  type EIP1193RequestFn,
  encodeAbiParameters,
  erc20Abi,
  type Hash,
  numberToHex,
} from 'viem'
import { base } from 'viem/chains'
import { type Config, createConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { injected } from 'wagmi/connectors'
import { loadWallet } from '../src/widget/walletLoad.js'

/**
 * A wallet for unit tests of the approval screens, without a chain: one EIP-1193 function is
 * both the wallet (signatures, transactions) and the node (allowance reads, receipts), so a
 * test sees every transaction the widget asks the user to sign. The real wallet path (wagmi's
 * mock connector against the sandbox's anvil) is in the integration tests.
 */
export type StubWallet = {
  config: Config
  /** Each `approve(spender, amount)` the wallet was asked to send, in order. */
  approvals: bigint[]
  /** The allowance the node answers with; each mined approve sets it. */
  allowance: bigint
  /** Connects another account, as a user switching accounts in their wallet does. */
  switchAccount: (account: Address) => void
}

/** A connected stub wallet on `chain` (Base by default: its chain has a block explorer). */
export async function stubWallet(
  account: Address,
  options: { allowance?: bigint; chain?: Chain } = {},
): Promise<StubWallet> {
  // Without multicall3: each read is a plain eth_call of the token.
  const chain: Chain = { ...(options.chain ?? base), contracts: {} }
  const listeners = new Map<string, Set<(value: unknown) => void>>()
  let accounts = [account]
  const wallet = {
    approvals: [] as bigint[],
    allowance: options.allowance ?? 0n,
  }
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chain.id)
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return accounts
      case 'wallet_requestPermissions':
      case 'wallet_switchEthereumChain':
        return null
      case 'eth_blockNumber':
        return '0x10'
      case 'eth_call':
        return encodeAbiParameters([{ type: 'uint256' }], [wallet.allowance])
      case 'eth_sendTransaction': {
        const [tx] = params as [{ data: `0x${string}` }]
        const { args } = decodeFunctionData({ abi: erc20Abi, data: tx.data })
        const amount = (args as readonly [Address, bigint])[1]
        wallet.approvals.push(amount)
        wallet.allowance = amount
        return numberToHex(wallet.approvals.length, { size: 32 })
      }
      case 'eth_getTransactionReceipt': {
        const [hash] = params as [Hash]
        return {
          transactionHash: hash,
          transactionIndex: '0x0',
          blockHash: numberToHex(1, { size: 32 }),
          blockNumber: '0x10',
          from: accounts[0],
          to: null,
          contractAddress: null,
          cumulativeGasUsed: '0x1',
          gasUsed: '0x1',
          effectiveGasPrice: '0x1',
          logs: [],
          logsBloom: `0x${'0'.repeat(512)}`,
          status: '0x1',
          type: '0x2',
        }
      }
      default:
        throw new Error(`the stub wallet does not answer ${method}`)
    }
  }) as EIP1193RequestFn
  const provider = {
    request,
    on: (event: string, listener: (value: unknown) => void) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    },
    removeListener: (event: string, listener: (value: unknown) => void) => {
      listeners.get(event)?.delete(listener)
    },
  }
  const config = createConfig({
    chains: [chain],
    connectors: [injected({ target: () => ({ id: 'stub', name: 'Stub wallet', provider }) })],
    transports: { [chain.id]: custom({ request }) },
  })
  await connect(config, { connector: config.connectors[0]! })
  // A page with a connected wallet has its wallet parts loaded (a sale chosen, a details step
  // shown) before it signs or approves: the widget loads them lazily, and a test that starts on
  // a later step would otherwise wait for their first transform.
  await loadWallet()
  return Object.assign(wallet, {
    config,
    switchAccount(next: Address) {
      accounts = [next]
      for (const listener of listeners.get('accountsChanged') ?? []) listener([next])
    },
  })
}
