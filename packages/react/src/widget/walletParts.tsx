'use client'
import type { ComponentProps, ReactNode } from 'react'
import { ApproveStep as ApproveWithWagmi } from './steps/approve.js'
import { ApproveNoWallet, SignedNoWallet } from './steps/noWallet.js'
import { SellerCheck as SellerCheckWithWagmi } from './steps/sellerWallet.js'
import { SignedConfirm as SignedWithWagmi } from './steps/signedWallet.js'
import { useWagmi } from './walletWagmi.js'

// The sale's wallet machinery, loaded only through `./walletLoad.ts` (a dynamic import) when a sale is
// chosen or a step needs it: every module that imports wagmi or viem is reached from here,
// `./wagmi.tsx` and `@rampkit/react/wallet`, never from the widget's first chunk. Each part
// renders its wagmi half only under a WagmiProvider (the host's, or the one `RampKitProvider`
// made from `wagmiConfig`), and its wallet-less fallback otherwise, as the widget did before it
// loaded wagmi lazily.

/** A sale's seller check (`SellerCheck`); with no wagmi nothing can switch, so it passes. */
export function SellerCheck(props: { children: ReactNode }): ReactNode {
  return useWagmi() ? <SellerCheckWithWagmi>{props.children}</SellerCheckWithWagmi> : props.children
}

/** The signed accept's confirm (`SignedConfirm`); with no wagmi, there is no wallet to sign. */
export function SignedConfirm(props: ComponentProps<typeof SignedWithWagmi>): ReactNode {
  return useWagmi() ? <SignedWithWagmi {...props} /> : <SignedNoWallet />
}

/** A sale's wallet proof and approval (`ApproveStep`); with no wagmi, what to do instead. */
export function ApproveStep(): ReactNode {
  return useWagmi() ? <ApproveWithWagmi /> : <ApproveNoWallet />
}
