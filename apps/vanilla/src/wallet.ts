/**
 * The sale's wallet, with viem alone, loaded when a sale is approved (a buy never downloads it):
 * one of the sandbox's funded anvil accounts as a local account, proving itself to the kit
 * (Sign-In with Ethereum) and approving the service's spender on the sandbox's chain. A real
 * shop asks the shopper's own wallet for the same two things.
 */
import type { CheckoutToken } from '@rampkit/core/checkout'
import type { KitClient } from '@rampkit/core/kit'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hash,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { LocalChain } from './chain.js'

/** A wallet on the local chain: its address, its proof to the kit, and its approval. */
export function localWallet(local: LocalChain) {
  const chain = defineChain({
    id: local.chainId,
    name: 'Sandbox',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [local.rpcUrl] } },
  })
  const account = privateKeyToAccount(local.account.privateKey)
  const transport = http(local.rpcUrl)
  const wallet = createWalletClient({ account, chain, transport })
  const reader = createPublicClient({ chain, transport })

  /** Sends approve(spender, amount) and waits until it is mined. */
  async function approveExactly(token: Address, spender: Address, amount: bigint): Promise<Hash> {
    const hash = await wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, amount],
    })
    const receipt = await reader.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`The approval ${hash} reverted.`)
    return hash
  }

  return {
    address: account.address,

    /** Proves this session controls the wallet, once: the kit sells from proven wallets only. */
    async prove(client: KitClient): Promise<void> {
      const known = await client.request('walletProof', {
        params: { address: account.address },
        query: { chain_id: chain.id },
      })
      if (known.proven) return
      const challenge = await client.request('walletChallenge', {
        body: { address: account.address, chain_id: chain.id },
      })
      const signature = await wallet.signMessage({ message: challenge.message })
      await client.request('walletProofs', { body: { message: challenge.message, signature } })
    },

    /**
     * Lets `spender` take exactly `amount` of `token` (base units), unless the allowance already
     * covers it; a token that refuses to change a non-zero allowance is reset to 0 first.
     */
    async approve(token: CheckoutToken, spender: Address, amount: bigint): Promise<void> {
      const address = token.address as Address
      const allowance = await reader.readContract({
        address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address, spender],
      })
      if (allowance >= amount) return
      if (token.requiresZeroAllowanceReset && allowance > 0n) {
        await approveExactly(address, spender, 0n)
      }
      await approveExactly(address, spender, amount)
    },
  }
}

/** The wallet of `localWallet`. */
export type LocalWallet = ReturnType<typeof localWallet>
