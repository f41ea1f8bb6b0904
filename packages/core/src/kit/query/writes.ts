import type { MutationOptions } from '@tanstack/query-core'
import type {
  AcceptQuoteRequest,
  CreateOrderRequest,
  Quote,
  QuoteRequest,
} from '../../schemas/index.js'
import type { KitClient } from '../client.js'
import type { KitOrder } from '../schemas.js'

/** Variables of `acceptQuoteMutationOptions`. */
export type AcceptQuoteVariables = {
  quoteId: string
  /** Sent as `Idempotency-Key`: the same key for a re-send of the same confirm. */
  idempotencyKey: string
  body?: AcceptQuoteRequest
}

/** Variables of `createOrderMutationOptions`. */
export type CreateOrderVariables = {
  body: CreateOrderRequest
  /** Sent as `Idempotency-Key` and never re-generated for the same confirm. */
  idempotencyKey: string
}

/**
 * Mutation options of POST /quotes, the binding quote (spec 4.6). Never retried: a 422 names
 * the field to fix, a 410 asks for a new quote.
 *
 * @example
 * useMutation(quoteMutationOptions(client)).mutateAsync(request)
 */
export function quoteMutationOptions(
  client: KitClient,
): MutationOptions<Quote, Error, QuoteRequest> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'quote'],
    mutationFn: (body) => client.request<Quote>('quotes', { method: 'POST', body }),
    retry: false,
  }
}

/**
 * Mutation options of POST /quotes/:quoteId/accept. Accepting is idempotent upstream (a 409
 * returns the existing order), so a re-send with the same idempotency key is safe.
 *
 * @example
 * useMutation(acceptQuoteMutationOptions(client)).mutateAsync({ quoteId, idempotencyKey })
 */
export function acceptQuoteMutationOptions(
  client: KitClient,
): MutationOptions<KitOrder, Error, AcceptQuoteVariables> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'accept'],
    mutationFn: ({ quoteId, idempotencyKey, body }) =>
      client.request<KitOrder>('acceptQuote', {
        method: 'POST',
        params: { quoteId },
        body: body ?? {},
        headers: { 'idempotency-key': idempotencyKey },
      }),
    retry: false,
  }
}

/**
 * Mutation options of POST /orders, a direct order (off-ramp pulls the approved tokens). Never
 * retried: a double order moves money twice.
 *
 * @example
 * useMutation(createOrderMutationOptions(client)).mutateAsync({ body, idempotencyKey })
 */
export function createOrderMutationOptions(
  client: KitClient,
): MutationOptions<KitOrder, Error, CreateOrderVariables> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'create-order'],
    mutationFn: ({ body, idempotencyKey }) =>
      client.request<KitOrder>('orders', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    retry: false,
  }
}
