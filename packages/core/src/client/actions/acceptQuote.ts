import { z } from 'zod'
import { ConflictError } from '../../errors/index.js'
import {
  type AcceptedOrder,
  type AcceptQuoteRequest,
  acceptedOrder,
  acceptQuoteRequest,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/**
 * What `acceptQuote` takes: the `quote_id` of `createQuote`, and a `signed_accept` when signed
 * accepts are on.
 */
export type AcceptQuoteParameters = AcceptQuoteRequest & {
  /** The quote to accept (`quote_id` of `createQuote`). */
  quote_id: string
}

/**
 * The accepted order. `alreadyAccepted` is true when the quote had been accepted before (the
 * service answered 409 with the existing `order_id`): the same order, not a new one, so a
 * double accept (a retry, a double click) is a success. Its `status` is then only known when
 * the 409 carried it; poll `getPartnerOrder` for the rest.
 */
export type AcceptQuoteReturnType =
  | {
      alreadyAccepted: false
      /** The new order's id (`data.order.order_id`). */
      order_id: string
      quote_id: string
      /** The order's status (`data.order.status`, else `data.status`). */
      status: string
      /** The order as the service answered it. */
      order: AcceptedOrder['order']
      /**
       * What the user must do on the fiat rail (on-ramp) or where to send tokens (off-ramp),
       * when the service gave it (`accepted.payment_instructions` or `payment_instructions`; an off-ramp's `crypto_deposit`
       * comes with `type: 'crypto_deposit'`).
       */
      payment_instructions?: Record<string, unknown> | undefined
    }
  | {
      alreadyAccepted: true
      order_id: string
      quote_id: string
      status?: string | undefined
      /** The service's 409 message. */
      message: string
    }
/**
 * What `acceptQuote` can throw: a `RampApiError` for an error answer of
 * `POST /partner/orders/{quote_id}/accept` (`QuoteExpiredError` on 410, `ConflictError` on a 409
 * without `order_id`), or another `RequestErrorType` (network, timeout, bad parameters).
 */
export type AcceptQuoteErrorType = RequestErrorType

const acceptParameters = z.looseObject({
  quote_id: z.string().min(1, { error: 'quote_id is required' }).max(200),
})

/**
 * Accepts a binding quote: the order moves to `processing` and gets an `order_id`.
 *
 * `POST /partner/orders/{quote_id}/accept` with `{}` (or `{ signed_accept: { signature } }`),
 * as the service publishes it; the order is at `data.order`. Accepting is idempotent: the
 * guide answers a second accept with the existing order (200), the OpenAPI document with a 409;
 * both are read. A 409 with `order_id` resolves with `alreadyAccepted: true` instead of
 * throwing, so this is retried like a GET. A 409 without `order_id` throws `ConflictError`;
 * 410 throws `QuoteExpiredError`.
 *
 * @example
 * const order = await acceptQuote(client, { quote_id: quote.quote_id })
 * trackOrder(order.order_id) // the same id whether or not it was already accepted
 */
export async function acceptQuote(
  client: Client,
  parameters: AcceptQuoteParameters,
  options: RequestOptions = {},
): Promise<AcceptQuoteReturnType> {
  const { quote_id, ...given } = parameters
  const { quote_id: quoteId } = parseParameters(acceptParameters, { quote_id })
  const body = parseParameters(acceptQuoteRequest, given)
  try {
    const { data } = await client.request({
      operation: 'acceptQuote',
      method: 'POST',
      scope: 'partner',
      path: `${path('orders', quoteId)}/accept`,
      body: { json: body },
      auth: 'apiKey',
      retry: 'idempotent',
      schema: acceptedOrder,
      signal: options.signal,
    })
    // An off-ramp's deposit address comes as `crypto_deposit` (the guide); the type tells it apart.
    const instructions =
      data.accepted?.payment_instructions ??
      data.payment_instructions ??
      (data.crypto_deposit ? { type: 'crypto_deposit', ...data.crypto_deposit } : undefined)
    return {
      alreadyAccepted: false,
      order_id: data.order.order_id,
      quote_id: data.quote_id ?? data.order.quote_id ?? quoteId,
      status: data.order.status,
      order: data.order,
      ...(instructions ? { payment_instructions: instructions } : {}),
    }
  } catch (error) {
    if (error instanceof ConflictError && error.orderId !== undefined) {
      const status = error.data?.status
      return {
        alreadyAccepted: true,
        order_id: error.orderId,
        quote_id: quoteId,
        ...(typeof status === 'string' ? { status } : {}),
        message: error.message,
      }
    }
    throw error
  }
}
