'use client'
import { type ComponentProps, type ReactNode, useContext } from 'react'
import { type Config, WagmiContext, WagmiProvider } from 'wagmi'
import { ConnectedWallet as ConnectedWithWagmi } from './steps/detailsWallet.js'

// wagmi's context and the one wallet part a purchase uses (the connected account filling the
// details' wallet), loaded through `./load.ts` when the details step shows or a sale is chosen:
// small beside the sale's parts (`./parts.tsx`), which a purchase never loads.

export { WagmiContext }

/** The host's WagmiProvider when there is one, else one made from `config`. */
export function WagmiWhenMissing(props: { config: Config; children: ReactNode }): ReactNode {
  const host = useContext(WagmiContext)
  if (host) return props.children
  return <WagmiProvider config={props.config}>{props.children}</WagmiProvider>
}

/** Whether a WagmiProvider is above: the wallet parts need one for every wagmi hook. */
export function useWagmi(): boolean {
  return useContext(WagmiContext) !== undefined
}

/** The details' wallet filled from the connected account, under wagmi only. */
export function ConnectedWallet(props: ComponentProps<typeof ConnectedWithWagmi>): ReactNode {
  return useWagmi() ? <ConnectedWithWagmi {...props} /> : null
}
