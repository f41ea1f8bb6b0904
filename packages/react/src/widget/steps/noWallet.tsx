'use client'
import type { ReactNode } from 'react'
import { useRampKit } from '../../kitContext.js'
import { Alert } from '../parts.js'

// What a step that needs the wallet says where there is none: no WagmiProvider above the widget,
// or no wagmi installed (an optional peer). No wagmi import here: the widget's first chunk
// carries these.

/** The signed accept's confirm with no wallet to sign. */
export function SignedNoWallet(): ReactNode {
  const { t } = useRampKit()
  return (
    <Alert>
      <p>{t('signed.noWallet')}</p>
    </Alert>
  )
}

/** A sale's approval with no wallet to approve from. */
export function ApproveNoWallet(): ReactNode {
  const { t } = useRampKit()
  return <Alert>{t('approve.noWallet')}</Alert>
}
