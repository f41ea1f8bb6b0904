'use client'
import type { ReactNode } from 'react'
import { useConnection } from 'wagmi'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { shortHash } from '../format.js'
import { Alert } from '../parts.js'

/**
 * A sale sells from the wallet in its details (proven, approved, quoted for). When the wallet
 * app switches to another account, the widget must not go on as if nothing happened, nor swap
 * the seller behind the user's back: it says so and holds `children` (approve, confirm) until
 * the user switches back, or goes back to the details to sell from the new account. Render it
 * only under wagmi.
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

/** The warning of `SellerCheck`: which account is connected, which one sells, what to do. */
export function SellerSwitched(props: { connected: string; seller: string }): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const { connected: address, seller } = props
  return (
    <Alert>
      <p>
        <strong>{t('seller.switched', { address: shortHash(address) })}</strong>
      </p>
      <p>{t('seller.switchBack', { address: seller })}</p>
      <button
        type="button"
        className="rk-button rk-button-secondary"
        onClick={() => checkout.send({ type: 'GO_TO', step: 'details' })}
      >
        {t('seller.change')}
      </button>
    </Alert>
  )
}
