import { type Address, defineChain } from 'viem'
import { type Config, createConfig, http } from 'wagmi'
import { mock } from 'wagmi/connectors'

/** GET /api/demo/chain: the local chain and its sandbox-only test accounts. */
export interface DemoChain {
  rpcUrl: string
  chainId: number
  spender: Address | null
  tokens: { symbol: string; label: string; address: Address; decimals: number }[]
  testAccounts: { address: Address; privateKey: `0x${string}` }[]
}

export async function fetchDemoChain(): Promise<DemoChain | null> {
  const response = await fetch('/api/demo/chain')
  if (!response.ok) throw new Error(`GET /api/demo/chain: ${response.status}`)
  const body = (await response.json()) as { chain: DemoChain | null }
  return body.chain
}

/** The query of the local chain: read once per page, started with the kit's reads (main.tsx). */
export const DEMO_CHAIN_QUERY = {
  queryKey: ['demo', 'chain'],
  queryFn: fetchDemoChain,
  staleTime: Number.POSITIVE_INFINITY,
}

/**
 * A wagmi config for the local chain whose wallet is wagmi's mock connector over the chain's
 * test accounts: anvil signs for them, so approvals are real transactions with no extension.
 * The chosen account goes first, which makes it the connected one.
 */
export function createWalletConfig(chain: DemoChain, account: Address): Config {
  const local = defineChain({
    id: chain.chainId,
    name: 'Local chain (anvil)',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  })
  const others = chain.testAccounts.map((a) => a.address).filter((a) => a !== account)
  return createConfig({
    chains: [local],
    connectors: [
      mock({
        accounts: [account, ...others],
        features: { defaultConnected: true, reconnect: true },
      }),
    ],
    transports: { [local.id]: http(chain.rpcUrl) },
    multiInjectedProviderDiscovery: false,
  })
}

const ACCOUNT_KEY = 'storefront.account'

export function savedAccount(chain: DemoChain): Address | undefined {
  const saved = window.localStorage.getItem(ACCOUNT_KEY)
  const known = chain.testAccounts.find((a) => a.address.toLowerCase() === saved?.toLowerCase())
  return known?.address ?? chain.testAccounts[0]?.address
}

export function saveAccount(account: Address) {
  window.localStorage.setItem(ACCOUNT_KEY, account)
}
