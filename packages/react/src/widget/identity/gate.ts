'use client'
import type { CheckoutState } from '@rampkit/core/checkout'
import { customerQueryOf as coreCustomerQueryOf } from '@rampkit/core/checkout'
import type { KitCustomerQuery } from '@rampkit/core/kit'
import { customerQueryOptions } from '@rampkit/core/kit/query'
import { useQuery } from '@tanstack/react-query'
import { useKitConfig } from '../../hooks/reads.js'
import { useRampKit } from '../../kitContext.js'
import type { RampCheckoutProps } from '../context.js'

export { type IdentityGate, needsVerifiedCustomer } from '@rampkit/core/checkout'

/**
 * Which package a shopper without a customer yet is shown: the partner's `customerType`, and
 * the corridor's country. The gate itself is the checkout controller's (`view.gate`).
 */
export function customerQueryOf(
  state: Pick<CheckoutState, 'corridor'>,
  props: Pick<RampCheckoutProps, 'customerType'>,
): KitCustomerQuery {
  return coreCustomerQueryOf(state, props.customerType)
}

/**
 * Reads the shopper's customer from the amount step on (and all along on a kit that quotes by
 * customer), into the query cache the details step prefills from: a returning shopper's name and
 * birth date are there when the form opens. A read only; the gate is the controller's.
 */
export function useCustomerPrefill(state: CheckoutState, props: RampCheckoutProps): void {
  const { client } = useRampKit()
  const vault = useKitConfig().data?.customer_mode === 'vault'
  useQuery({
    ...customerQueryOptions(client, customerQueryOf(state, props)),
    enabled: vault || ['amount', 'details'].includes(state.step),
  })
}
