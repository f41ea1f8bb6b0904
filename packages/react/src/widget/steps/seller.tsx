'use client'
import type { ReactNode } from 'react'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { shortHash } from '../format.js'
import { Alert } from '../parts.js'

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
