import { type Quote, type QuoteRequest, quote, quoteRequest } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

/**
 * What `createQuote` takes: the quote request (direction, currency, one amount, asset, payment
 * method and customer).
 */
export type CreateQuoteParameters = QuoteRequest
/** What `createQuote` resolves to: the binding quote, with its `quote_id` and expiry. */
export type CreateQuoteReturnType = Quote
/**
 * What `createQuote` can throw: a `RampApiError` for an error answer of
 * `POST /partner/orders/quote` (a 422 `ValidationError` names the field to fix), or another
 * `RequestErrorType` (network, timeout, bad parameters).
 */
export type CreateQuoteErrorType = RequestErrorType

/**
 * A binding quote (`POST /partner/orders/quote`). A 422 names the input to fix in `field`
 * (`payment_method.network_id`, `payment_method.phone_number`, `customer.name`, `customer.dob`,
 * `customer.additional_id_number`). Not retried once it may have reached the service.
 *
 * The body is checked for what core knows (types, formats, one amount, one customer, the
 * address of the direction) and sent with every other field as given: the service's own fields
 * that core does not list reach it unchanged. Only `signal`, an option, is refused in it.
 *
 * @example
 * // The published Nigerian bank buy: the BVN beside its type.
 * const quote = await createQuote(client, {
 *   order_type: 'OnRamp', country: 'NG', currency: 'NGN', local_amount: 50_000,
 *   asset: { token: USDC_ON_BASE, currency: 'USDC', network: 'BASE' },
 *   customer: { name: 'Chinedu Okafor', dob: '11/02/1988', additional_id_type: 'bvn', additional_id_number: '22187654321' },
 *   payment_method: { type: 'bank', network_id, account_number, account_name: 'Chinedu Okafor' },
 *   wallet_address,
 * })
 */
export async function createQuote(
  client: Client,
  parameters: CreateQuoteParameters,
  options: RequestOptions = {},
): Promise<CreateQuoteReturnType> {
  const body = parseParameters(quoteRequest, parameters)
  const { data } = await client.request({
    operation: 'createQuote',
    method: 'POST',
    scope: 'partner',
    path: '/orders/quote',
    body: { json: body },
    auth: 'apiKey',
    retry: 'beforeSend',
    schema: quote,
    signal: options.signal,
  })
  return data
}
