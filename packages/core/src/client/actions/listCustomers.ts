import {
  type CustomerList,
  customerList,
  type KnownCustomerStatus,
  listCustomersQuery,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

/** What `listCustomers` takes: filters by `status` or `partner_customer_ref`, and a `limit`. */
export type ListCustomersParameters = {
  /** Only cases in this status (`incomplete`, `pending_review`...). */
  status?: KnownCustomerStatus | undefined
  /** Resolve your own reference to zero or one full case; `limit` is then ignored. */
  partner_customer_ref?: string | undefined
  /** Rows, 1 to 100 (service default 50), newest first. */
  limit?: number | undefined
}
/** What `listCustomers` resolves to: the key's customers, newest first. */
export type ListCustomersReturnType = CustomerList
/**
 * What `listCustomers` can throw: a `RampApiError` for an error answer of
 * `GET /partner/customers`, or another `RequestErrorType` (network, timeout, bad parameters).
 */
export type ListCustomersErrorType = RequestErrorType

/**
 * The key's customers (`GET /partner/customers`), newest first: summary rows filtered by
 * `status`, or with `partner_customer_ref` the one full case of that reference (an empty list
 * when unknown). Only the parameters given are sent.
 *
 * @example
 * const { customers } = await listCustomers(client, { partner_customer_ref: user.id })
 * const existing = customers[0]
 */
export async function listCustomers(
  client: Client,
  parameters: ListCustomersParameters = {},
  options: RequestOptions = {},
): Promise<ListCustomersReturnType> {
  const parsed = parseParameters(listCustomersQuery, parameters)
  const { data } = await client.request({
    operation: 'listCustomers',
    method: 'GET',
    scope: 'partner',
    path: '/customers',
    query: givenQuery(parsed, parameters),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: customerList,
    signal: options.signal,
  })
  return data
}
