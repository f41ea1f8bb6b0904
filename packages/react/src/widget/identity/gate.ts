'use client'
import type { CheckoutState } from '@rampkit/core/checkout'
import { isCustomerVerified, type KitCustomerQuery } from '@rampkit/core/kit'
import { customerQueryOptions } from '@rampkit/core/kit/query'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useKitConfig } from '../../hooks/reads.js'
import type { UseCheckoutReturnType } from '../../hooks/useCheckout.js'
import { useRampKit } from '../../kitContext.js'
import type { RampCheckoutProps } from '../context.js'

/** What the checkout shows at the identity gate: its own step, a wait, or the identity step. */
export type IdentityGate = 'pass' | 'loading' | 'identity'

/** Whether the kit refused a quote for want of a verified customer (`data.field` customer_id). */
export function needsVerifiedCustomer(state: Pick<CheckoutState, 'error' | 'fieldErrors'>) {
  return state.error?.field === 'customer_id' || 'customer_id' in state.fieldErrors
}

/**
 * Which package a user without a customer yet is shown: the partner's `customerType`, and the
 * corridor's country (a Nigerian resident also needs a BVN).
 */
export function customerQueryOf(
  state: Pick<CheckoutState, 'corridor'>,
  props: Pick<RampCheckoutProps, 'customerType'>,
): KitCustomerQuery {
  const country = state.corridor?.country ?? undefined
  return {
    ...(props.customerType ? { customer_type: props.customerType } : {}),
    ...(country ? { country } : {}),
  }
}

/**
 * The one gate of the identity step, before the quote: a kit that quotes by `customer_id`
 * (GET /config says `customer_mode: 'vault'`, or a quote came back refused on `customer_id`)
 * needs the user's customer verified first. A verified user passes straight through and never
 * sees the step; one who is not gets it once. The customer is read as soon as the kit says vault,
 * so the details step can prefill from it and the gate does not wait at the quote.
 */
export function useIdentityGate(
  checkout: UseCheckoutReturnType,
  props: RampCheckoutProps,
): IdentityGate {
  const { state, send } = checkout
  const { client } = useRampKit()
  const config = useKitConfig()
  const refused = needsVerifiedCustomer(state)
  const vault = config.data?.customer_mode === 'vault' || refused
  const customer = useQuery({
    ...customerQueryOptions(client, customerQueryOf(state, props)),
    // Read from the amount step on as well, so that a returning user's details are prefilled.
    enabled: vault || ['amount', 'details'].includes(state.step),
  })
  const atGate = state.step === 'quote' || (state.step === 'details' && refused)
  const verified = isCustomerVerified(customer.data?.status)
  // Verified since the kit refused the quote: ask again, with the same details.
  useEffect(() => {
    if (!verified || !refused) return
    if (state.step === 'quote') send({ type: 'REQUOTE' })
    else if (state.step === 'details' && state.details)
      send({ type: 'SUBMIT_DETAILS', details: state.details })
  }, [verified, refused, state.step, state.details, send])
  // An order in hand or on its way is past the gate: nothing may hold it back.
  if (!atGate || state.quote !== undefined || state.confirm !== undefined) return 'pass'
  if (!vault) return config.isPending ? 'loading' : 'pass'
  if (customer.isPending) return 'loading'
  // The customer could not be read: the quote says what is wrong.
  if (customer.isError) return 'pass'
  return verified ? 'pass' : 'identity'
}
