'use client'
import { RampCheckout, RampKitProvider } from '@rampkit/react'

/**
 * The widget talks only to this app's own route (`/api/ramp`), which holds the API key. Buying
 * needs no wallet connection: the buyer types the address that receives the tokens. Selling
 * needs a wagmi config (see apps/storefront) to approve the token transfer.
 */
export function Checkout() {
  return (
    <RampKitProvider endpoint="/api/ramp">
      <RampCheckout direction="OnRamp" country="KE" />
    </RampKitProvider>
  )
}
