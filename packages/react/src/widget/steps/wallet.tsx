'use client'
import { type ComponentProps, type ReactNode, Suspense } from 'react'
import { Loading } from '../parts.js'
import { lazyWagmi, lazyWallet, type WagmiParts, type WalletParts } from '../walletLoad.js'
import { ApproveNoWallet, SignedNoWallet } from './noWallet.js'

// The widget's steps that need the wallet, each behind the lazy boundary of `../walletLoad.ts`:
// their wagmi halves load when first rendered (or earlier, when a sale is chosen), and with no
// wagmi installed each renders what it rendered with no WagmiProvider.

const LazySellerCheck = lazyWallet<ComponentProps<WalletParts['SellerCheck']>>(
  (wallet) => wallet.SellerCheck,
  (props) => props.children,
)
const LazySignedConfirm = lazyWallet<ComponentProps<WalletParts['SignedConfirm']>>(
  (wallet) => wallet.SignedConfirm,
  SignedNoWallet,
)
const LazyApproveStep = lazyWallet((wallet) => wallet.ApproveStep, ApproveNoWallet)
const LazyConnectedWallet = lazyWagmi<ComponentProps<WagmiParts['ConnectedWallet']>>(
  (wagmi) => wagmi.ConnectedWallet,
  () => null,
)

/**
 * A sale sells from the wallet in its details: under wagmi, another connected account holds
 * `children` (approve, confirm) with a warning (`sellerWallet.tsx`).
 */
export function SellerCheck(props: { children: ReactNode }): ReactNode {
  return (
    <Suspense fallback={<Loading />}>
      <LazySellerCheck>{props.children}</LazySellerCheck>
    </Suspense>
  )
}

/** The confirm of a kit with signed accepts: the connected wallet signs (`signedWallet.tsx`). */
export function SignedConfirm(props: { disabled: boolean; label: string }): ReactNode {
  return (
    <Suspense fallback={<Loading />}>
      <LazySignedConfirm {...props} />
    </Suspense>
  )
}

/** A sale's wallet proof and approval (`approve.tsx`). */
export function ApproveStep(): ReactNode {
  return (
    <Suspense fallback={<Loading />}>
      <LazyApproveStep />
    </Suspense>
  )
}

/** The details' wallet, filled from the connected account under wagmi (`detailsWallet.tsx`). */
export function ConnectedWallet(props: ComponentProps<WagmiParts['ConnectedWallet']>): ReactNode {
  return (
    <Suspense fallback={null}>
      <LazyConnectedWallet {...props} />
    </Suspense>
  )
}
