import { type Quote, type QuoteRequest, quote, quoteRequest } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

export type CreateQuoteParameters = QuoteRequest
export type CreateQuoteReturnType = Quote
export type CreateQuoteErrorType = RequestErrorType

/**
 * A binding quote (`POST /partner/orders/quote`). A 422 names the input to fix in `field`
 * (`payment_method.network_id`, `payment_method.phone_number`, `customer.name`, `customer.dob`,
 * `customer.additional_id_number`). Not retried once it may have reached the service.
 *
 * @example
 * const quote = await createQuote(client, {
 *   order_type: 'OnRamp', country: 'KE', currency: 'KES', token: 'USDC', amount_fiat: 1500,
 *   wallet_address, payment_method: { type: 'mobile_money', network_id, phone_number: '+254712345678' },
 *   customer: { name: 'Amina Njeri', dob: '01/31/1990' },
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
