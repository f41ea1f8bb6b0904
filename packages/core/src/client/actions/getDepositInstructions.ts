import { z } from 'zod'
import {
  accountId,
  customerId,
  type DepositInstructions,
  depositInstructions,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `getDepositInstructions` takes: the customer and the `account_id`. */
export type GetDepositInstructionsParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
  /** Account id, an integer >= 1. */
  account_id: number | string
}
/**
 * What `getDepositInstructions` resolves to: how to fund the account, bank coordinates for fiat
 * or a wallet address for a stablecoin.
 */
export type GetDepositInstructionsReturnType = DepositInstructions
/**
 * What `getDepositInstructions` can throw: a `RampApiError` for an error answer of
 * `GET /partner/customers/{customer_id}/accounts/{account_id}/deposit-instructions` (422 while the
 * coordinates are provisioned, 409 before the banking gate opens), or another `RequestErrorType`
 * (network, timeout, bad parameters).
 */
export type GetDepositInstructionsErrorType = RequestErrorType

const parametersSchema = z.strictObject({ customer_id: customerId, account_id: accountId })

/**
 * How to fund an account
 * (`GET /partner/customers/{customer_id}/accounts/{account_id}/deposit-instructions`): for fiat,
 * the holder's name and bank coordinates to show the customer; for a stablecoin, the wallet
 * address on its network. While the coordinates are provisioned the service answers 422 (wait for
 * `account.ready`); before the banking gate opens, 409.
 *
 * @example
 * const { account_holder_name, account_number, swift_bic } = await getDepositInstructions(
 *   client,
 *   { customer_id: 'pcus_a1b2c3', account_id: 18 },
 * )
 */
export async function getDepositInstructions(
  client: Client,
  parameters: GetDepositInstructionsParameters,
  options: RequestOptions = {},
): Promise<GetDepositInstructionsReturnType> {
  const { customer_id, account_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'getDepositInstructions',
    method: 'GET',
    scope: 'partner',
    path: path('customers', customer_id, 'accounts', account_id, 'deposit-instructions'),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: depositInstructions,
    signal: options.signal,
  })
  return data
}
