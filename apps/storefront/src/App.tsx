import { RampKitProvider } from '@rampkit/react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { Address } from 'viem'
import { useConnection, WagmiProvider } from 'wagmi'
import { CheckoutPage } from './pages/CheckoutPage.js'
import { OrdersPage } from './pages/OrdersPage.js'
import { Link, useRoute } from './router.js'
import {
  createWalletConfig,
  type DemoChain,
  fetchDemoChain,
  saveAccount,
  savedAccount,
} from './wallet/chain.js'
import { WalletPanel } from './wallet/WalletPanel.js'

export function App() {
  const chain = useQuery({
    queryKey: ['demo', 'chain'],
    queryFn: fetchDemoChain,
    staleTime: Infinity,
  })
  if (chain.isPending) return <p className="loading">Loading the shop…</p>
  if (chain.isError) return <p role="alert">The shop's back end is not answering.</p>
  if (!chain.data) return <Shop chain={null} />
  return <LocalWallet chain={chain.data} />
}

/** The wallet of the local chain; choosing another test account reconnects as that account. */
function LocalWallet({ chain }: { chain: DemoChain }) {
  const [account, setAccount] = useState(() => savedAccount(chain))
  const config = useMemo(
    () => (account ? createWalletConfig(chain, account) : null),
    [chain, account],
  )
  if (!config) return <Shop chain={null} />
  const select = (next: Address) => {
    saveAccount(next)
    setAccount(next)
  }
  return (
    <WagmiProvider config={config} key={account}>
      <ConnectedShop chain={chain} onSelectAccount={select} />
    </WagmiProvider>
  )
}

function ConnectedShop(props: { chain: DemoChain; onSelectAccount: (account: Address) => void }) {
  const { address } = useConnection()
  return <Shop {...props} walletAddress={address} />
}

/** The shop's pages. Without a local chain (another ramp environment) there is no wallet panel. */
function Shop({
  chain,
  onSelectAccount,
  walletAddress,
}: {
  chain: DemoChain | null
  onSelectAccount?: (account: Address) => void
  walletAddress?: Address | undefined
}) {
  const route = useRoute()
  return (
    <RampKitProvider endpoint="/api/ramp" locale="en">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shop-header">
        <p className="brand">Ramp Shop</p>
        <nav aria-label="Shop">
          <Link to="buy">Buy crypto</Link>
          <Link to="sell">Sell crypto</Link>
          <Link to="orders">Orders</Link>
        </nav>
      </header>
      <div className="shop-body">
        <main id="main">
          {route === 'orders' ? (
            <OrdersPage />
          ) : (
            <CheckoutPage
              key={route}
              direction={route === 'sell' ? 'OffRamp' : 'OnRamp'}
              walletAddress={walletAddress}
            />
          )}
        </main>
        {chain && onSelectAccount ? (
          <aside aria-label="Demo wallet">
            <WalletPanel chain={chain} onSelect={onSelectAccount} />
          </aside>
        ) : null}
      </div>
    </RampKitProvider>
  )
}
