import { z } from 'zod'
import { type Customer, customer, customerId } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `submitCustomer` takes: the `customer_id`. */
export type SubmitCustomerParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
}
/** What `submitCustomer` resolves to: the case, now `pending_review`. */
export type SubmitCustomerReturnType = Customer
/**
 * What `submitCustomer` can throw: a `RampApiError` for an error answer of
 * `POST /partner/customers/{customer_id}/submit` (a 422 `ValidationError` whose `data.missing`
 * lists what to add), or another `RequestErrorType` (network, timeout, bad parameters).
 */
export type SubmitCustomerErrorType = RequestErrorType

const parametersSchema = z.strictObject({ customer_id: customerId })

/**
 * Submits a complete package for review (`POST /partner/customers/{customer_id}/submit`): the
 * case moves to `pending_review` (`customer.submitted`), then `approved` or `rejected` arrives by
 * webhook. An incomplete package is a 422 `ValidationError` whose `data.missing` lists what to
 * add (`profile.id_number`, `document.identity`). A case already submitted answers as it is, so
 * a failed attempt is retried like a read.
 *
 * @example
 * try {
 *   await submitCustomer(client, { customer_id: 'pcus_a1b2c3' })
 * } catch (error) {
 *   if (error instanceof ValidationError) console.log(error.data?.missing)
 * }
 */
export async function submitCustomer(
  client: Client,
  parameters: SubmitCustomerParameters,
  options: RequestOptions = {},
): Promise<SubmitCustomerReturnType> {
  const { customer_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'submitCustomer',
    method: 'POST',
    scope: 'partner',
    path: path('customers', customer_id, 'submit'),
    // The guide sends an empty JSON object; the OpenAPI document defines no body.
    body: { json: {} },
    auth: 'apiKey',
    retry: 'idempotent',
    schema: customer,
    signal: options.signal,
  })
  return data
}
