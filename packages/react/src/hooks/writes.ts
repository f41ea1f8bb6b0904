'use client'
import type { Quote, QuoteRequest } from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'
import {
  type AcceptQuoteVariables,
  acceptQuoteMutationOptions,
  type CreateOrderVariables,
  createOrderMutationOptions,
  quoteMutationOptions,
} from '@rampkit/core/kit/query'
import { type UseMutationResult, useMutation } from '@tanstack/react-query'
import { useRampKit } from '../provider.js'

/**
 * Asks for a binding quote (POST /quotes). A 422 rejects with a `RampApiError` whose `field`
 * names the input to fix (`customer.name`...); a 410 later on accept means "quote again".
 *
 * @example
 * const quote = useQuote()
 * const data = await quote.mutateAsync(request)
 */
export function useQuote(): UseMutationResult<Quote, Error, QuoteRequest> {
  const { client } = useRampKit()
  return useMutation(quoteMutationOptions(client))
}

/**
 * Accepts a binding quote (POST /quotes/:quoteId/accept); resolves to the order. Send it once
 * per quote: `useCheckout().confirm` guards that for you.
 *
 * @example
 * const accept = useAcceptQuote()
 * const order = await accept.mutateAsync({ quoteId, idempotencyKey })
 */
export function useAcceptQuote(): UseMutationResult<KitOrder, Error, AcceptQuoteVariables> {
  const { client } = useRampKit()
  return useMutation(acceptQuoteMutationOptions(client))
}

/**
 * Creates a direct order (POST /orders); off-ramp needs the allowance first (`useAllowance`).
 * Never retried automatically.
 *
 * @example
 * const create = useCreateOrder()
 * const order = await create.mutateAsync({ body, idempotencyKey })
 */
export function useCreateOrder(): UseMutationResult<KitOrder, Error, CreateOrderVariables> {
  const { client } = useRampKit()
  return useMutation(createOrderMutationOptions(client))
}
