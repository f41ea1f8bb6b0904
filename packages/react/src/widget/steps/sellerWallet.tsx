'use client'
import type { ReactNode } from 'react'
import { useConnection } from 'wagmi'
import { useWidget } from '../context.js'
import { SellerSwitched } from './seller.js'

/**
 * A sale sells from the wallet in its details (proven, approved, quoted for). When the wallet
 * app switches to another account, the widget must not go on as if nothing happened, nor swap
 * the seller behind the user's back: it says so and holds `children` (approve, confirm) until
 * the user switches back, or goes back to the details to sell from the new account. Rendered
 * only under wagmi (`widget/walletParts.tsx`).
 */
export function SellerCheck(props: { children: ReactNode }): ReactNode {
  const { checkout } = useWidget()
  const { address } = useConnection()
  const seller = checkout.state.details?.walletAddress
  if (!address || !seller || address.toLowerCase() === seller.toLowerCase()) {
    return props.children
  }
  return <SellerSwitched connected={address} seller={seller} />
}
