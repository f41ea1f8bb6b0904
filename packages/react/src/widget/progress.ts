'use client'
import type { CheckoutScreen } from '@rampkit/core/checkout'
import { isCustomerVerified } from '@rampkit/core/kit'
import { customerQueryOptions } from '@rampkit/core/kit/query'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useKitConfig } from '../hooks/reads.js'
import type { UseCheckoutReturnType } from '../hooks/useCheckout.js'
import { useRampKit } from '../kitContext.js'
import type { MessageKey } from '../messages/index.js'
import type { RampCheckoutProps } from './context.js'
import { customerQueryOf, type IdentityGate } from './identity/gate.js'

/**
 * The stages a person goes through, each with its own title: the review screen holds three of
 * them (the details, the identity step once, then the review of the quote with its approval and
 * confirm), so "Step n of N" counts stages, not screens.
 */
export type CheckoutStage = 'choose' | 'amount' | 'details' | 'identity' | 'review'

const TITLES: Record<CheckoutStage | 'status', MessageKey> = {
  choose: 'screen.choose',
  amount: 'screen.amount',
  details: 'step.details',
  identity: 'step.identity',
  review: 'screen.review',
  status: 'screen.status',
}

/** Where the checkout is: its stage, its title, and its place among the stages it has. */
export type CheckoutProgress = {
  stage: CheckoutStage | 'status'
  title: MessageKey
  /** 1-based; undefined on the status, which follows the counted stages. */
  current: number | undefined
  total: number
}

/**
 * The checkout's progress. The identity stage is counted when this checkout has one: the kit
 * quotes by verified customer (`customer_mode: 'vault'`) and the user's customer is not verified,
 * or the step was shown; a verified user's checkout has four stages, not five.
 */
export function useCheckoutProgress(
  checkout: UseCheckoutReturnType,
  props: RampCheckoutProps,
  screen: CheckoutScreen,
  gate: IdentityGate,
): CheckoutProgress {
  const { state } = checkout
  const { client } = useRampKit()
  const vault = useKitConfig().data?.customer_mode === 'vault'
  // The same query as the identity gate's: one request, read from the cache.
  const customer = useQuery({
    ...customerQueryOptions(client, customerQueryOf(state, props)),
    enabled: vault,
  })
  const stage: CheckoutStage | 'status' =
    screen === 'review'
      ? gate === 'identity'
        ? 'identity'
        : state.step === 'details'
          ? 'details'
          : 'review'
      : screen
  const sawIdentity = useRef(false)
  if (stage === 'identity') sawIdentity.current = true
  const identity =
    sawIdentity.current ||
    (vault && customer.data !== undefined && !isCustomerVerified(customer.data.status))
  const stages: CheckoutStage[] = identity
    ? ['choose', 'amount', 'details', 'identity', 'review']
    : ['choose', 'amount', 'details', 'review']
  const index = stage === 'status' ? -1 : stages.indexOf(stage)
  return {
    stage,
    title: TITLES[stage],
    current: index >= 0 ? index + 1 : undefined,
    total: stages.length,
  }
}
