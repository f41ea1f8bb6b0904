'use client'
import { useEffect, useRef } from 'react'
import type { UseFormSetValue } from 'react-hook-form'
import { useConnection } from 'wagmi'
import type { DetailsForm } from './detailsRules.js'

/**
 * Fills the wallet from the connected wagmi account (rendered only under a WagmiProvider, by `widget/walletParts.tsx`). The
 * off-ramp wallet is the connected one, always; an on-ramp wallet the user typed or the partner
 * passed is theirs to keep, so the account only fills an empty field, or one that still holds the
 * account connected before a switch.
 */
export function ConnectedWallet(props: {
  offRamp: boolean
  getValue: () => string
  setValue: UseFormSetValue<DetailsForm>
  onAddress: (address: string | undefined) => void
}): null {
  const { address } = useConnection()
  const { offRamp, getValue, setValue, onAddress } = props
  const before = useRef<string | undefined>(undefined)
  useEffect(() => {
    onAddress(address)
    const was = before.current
    before.current = address
    if (!address) return
    // A field that still holds the account connected before was not typed by the user: it
    // follows the account they switch to.
    const value = getValue().trim().toLowerCase()
    if (offRamp || value === '' || (was !== undefined && value === was.toLowerCase())) {
      setValue('walletAddress', address, { shouldValidate: false })
    }
  }, [address, offRamp, getValue, setValue, onAddress])
  return null
}
