import { z } from 'zod'
import { customerId, type SigningKeys, signingKeys } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `listSigningKeys` takes: the `customer_id`. */
export type ListSigningKeysParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
}
/**
 * What `listSigningKeys` resolves to: the customer's signing keys; active ones carry `next_nonce`.
 */
export type ListSigningKeysReturnType = SigningKeys
/**
 * What `listSigningKeys` can throw: a `RampApiError` for an error answer of
 * `GET /partner/customers/{customer_id}/signing-keys`, or another `RequestErrorType` (network,
 * timeout, bad parameters).
 */
export type ListSigningKeysErrorType = RequestErrorType

const parametersSchema = z.strictObject({ customer_id: customerId })

/**
 * A customer's EIP-712 signing keys (`GET /partner/customers/{customer_id}/signing-keys`);
 * active keys carry `next_nonce` for replay protection of signed accepts.
 *
 * @example
 * const { keys } = await listSigningKeys(client, { customer_id: 'pcus_123' })
 * const active = keys.find((key) => key.status === 'active')
 */
export async function listSigningKeys(
  client: Client,
  parameters: ListSigningKeysParameters,
  options: RequestOptions = {},
): Promise<ListSigningKeysReturnType> {
  const { customer_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'listSigningKeys',
    method: 'GET',
    scope: 'partner',
    path: path('customers', customer_id, 'signing-keys'),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: signingKeys,
    signal: options.signal,
  })
  return data
}
