import {
  type CustomerAccount,
  customerAccount,
  customerId,
  type OpenAccountRequest,
  openAccountRequest,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/**
 * What `openAccount` takes: the customer, and the rail to open, a fiat currency or a stablecoin
 * network.
 */
export type OpenAccountParameters = OpenAccountRequest & {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
}
/**
 * What `openAccount` resolves to: the account (the existing one when that rail is already open).
 */
export type OpenAccountReturnType = CustomerAccount
/**
 * What `openAccount` can throw: a `RampApiError` for an error answer of
 * `POST /partner/customers/{customer_id}/accounts` (409 before the deposit-account product is
 * `ready`), or another `RequestErrorType` (network, timeout, bad parameters).
 */
export type OpenAccountErrorType = RequestErrorType

const parametersSchema = openAccountRequest.safeExtend({ customer_id: customerId })

/**
 * Opens one account rail for a customer (`POST /partner/customers/{customer_id}/accounts`):
 * fiat in a currency, or a stablecoin on a network (`Base`, `Polygon`). The same rail again
 * answers the existing account, so a failed attempt is retried like a read. Needs an approved
 * customer whose deposit-account product is `ready` (otherwise 409 with
 * `data.deposit_account_status`). Coordinates follow with `account.ready`.
 *
 * @example
 * const eur = await openAccount(client, {
 *   customer_id: 'pcus_a1b2c3',
 *   asset_type: 'fiat',
 *   currency: 'EUR',
 * })
 */
export async function openAccount(
  client: Client,
  parameters: OpenAccountParameters,
  options: RequestOptions = {},
): Promise<OpenAccountReturnType> {
  const { customer_id, ...body } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'openAccount',
    method: 'POST',
    scope: 'partner',
    path: path('customers', customer_id, 'accounts'),
    body: { json: body },
    auth: 'apiKey',
    retry: 'idempotent',
    schema: customerAccount,
    signal: options.signal,
  })
  return data
}
