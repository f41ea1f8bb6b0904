import { RampKitProvider, type RampTheme, rampKitKeys } from '@rampkit/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useMemo, useState } from 'react'
import type { Address } from 'viem'
import { useConnection, WagmiProvider } from 'wagmi'
import { LanguagePicker, useLanguage } from './language.js'
import { CheckoutPage } from './pages/CheckoutPage.js'
import { Link, useRoute } from './router.js'
import {
  createWalletConfig,
  DEMO_CHAIN_QUERY,
  type DemoChain,
  saveAccount,
  savedAccount,
} from './wallet/chain.js'
import { ShopperSession } from './wallet/session.js'
import { TestValues } from './wallet/TestValues.js'
import { WalletPanel } from './wallet/WalletPanel.js'

export function App() {
  const chain = useQuery(DEMO_CHAIN_QUERY)
  if (chain.isPending) return <p className="loading">Loading the shop…</p>
  if (chain.isError) return <p role="alert">The shop's back end is not answering.</p>
  if (!chain.data) return <NoWallet />
  return <LocalWallet chain={chain.data} />
}

export const ENDPOINT = '/api/ramp'
// The first screen is the checkout: the other pages (and the account forms' libraries) load when
// the shopper opens them, so the first screen waits for fewer bytes.
const OrdersPage = lazy(() =>
  import('./pages/OrdersPage.js').then((m) => ({ default: m.OrdersPage })),
)
const AccountPage = lazy(() =>
  import('./pages/AccountPage.js').then((m) => ({ default: m.AccountPage })),
)
// The widget is light or dark as the shopper's system is; the shop's brand colours, one for
// each, come from styles.css through the widget's CSS variables.
const THEME: RampTheme = { mode: 'auto' }
/** The shop's support page: where the checkout and the account page send a declined shopper. */
const SUPPORT_URL = '/support.html'
/** Another ramp environment: no test accounts, so the shopper is the browser's session. */
function NoWallet() {
  return <Shop chain={null} />
}

/** The wallet of the local chain; choosing another test account reconnects as that account. */
function LocalWallet({ chain }: { chain: DemoChain }) {
  const queryClient = useQueryClient()
  // Each test account is a wallet of its own, and a wallet is one shopper in any browser: the
  // shop signs in with it (wallet/session.tsx) before the kit's first request.
  const [account, setAccount] = useState(() => savedAccount(chain))
  const config = useMemo(
    () => (account ? createWalletConfig(chain, account) : null),
    [chain, account],
  )
  if (!config || !account) return <Shop chain={null} />
  const select = (next: Address) => {
    saveAccount(next)
    // Every kit answer is dropped: most are the shopper's own (orders, customer, signing keys),
    // and the public reads cost one refetch.
    queryClient.removeQueries({ queryKey: rampKitKeys.all(ENDPOINT) })
    setAccount(next)
  }
  return (
    <WagmiProvider config={config} key={account}>
      <ConnectedShop chain={chain} onSelectAccount={select} shopper={account} />
    </WagmiProvider>
  )
}

function ConnectedShop(props: {
  chain: DemoChain
  onSelectAccount: (account: Address) => void
  shopper: Address
}) {
  const { address } = useConnection()
  return (
    <ShopperSession account={props.shopper} chainId={props.chain.chainId} endpoint={ENDPOINT}>
      <Shop {...props} walletAddress={address} />
    </ShopperSession>
  )
}

/** The shop's pages. Without a local chain (another ramp environment) there is no wallet panel. */
function Shop({
  chain,
  onSelectAccount,
  walletAddress,
  shopper,
}: {
  chain: DemoChain | null
  onSelectAccount?: (account: Address) => void
  walletAddress?: Address | undefined
  /** The test account the kit answers for; each keeps its own checkout. */
  shopper?: Address
}) {
  const route = useRoute()
  // The checkout speaks the shopper's language: the browser's, or the one picked in the header.
  const [language, pickLanguage] = useLanguage()
  return (
    <RampKitProvider endpoint={ENDPOINT} locale={language} theme={THEME} supportUrl={SUPPORT_URL}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shop-header">
        <p className="brand">Ramp Shop</p>
        <nav aria-label="Shop">
          <Link to="buy">Buy crypto</Link>
          <Link to="sell">Sell crypto</Link>
          <Link to="orders">Orders</Link>
          <Link to="account">Account</Link>
        </nav>
        <LanguagePicker language={language} onPick={pickLanguage} />
      </header>
      <div className="shop-body" data-page={route === 'orders' ? 'orders' : 'checkout'}>
        <main id="main">
          <Suspense fallback={<p className="loading">Loading…</p>}>
            {route === 'orders' ? (
              <OrdersPage shopper={shopper} />
            ) : route === 'account' ? (
              <AccountPage shopper={shopper} />
            ) : (
              <CheckoutPage
                key={route}
                direction={route === 'sell' ? 'OffRamp' : 'OnRamp'}
                walletAddress={walletAddress}
                shopper={shopper}
              />
            )}
          </Suspense>
        </main>
        {chain && onSelectAccount ? (
          <aside aria-label="Demo wallet">
            <WalletPanel chain={chain} onSelect={onSelectAccount} />
            <TestValues />
          </aside>
        ) : null}
      </div>
    </RampKitProvider>
  )
}
