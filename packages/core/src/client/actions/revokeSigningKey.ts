import { z } from 'zod'
import { customerId, type SigningKey, signingKey, signingKeyId } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `revokeSigningKey` takes: the customer and the `key_id`. */
export type RevokeSigningKeyParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
  /** The key to revoke, `skey_` prefix. */
  key_id: string
}
/** What `revokeSigningKey` resolves to: the signing key, `revoked`, with its `revoked_at`. */
export type RevokeSigningKeyReturnType = SigningKey
/**
 * What `revokeSigningKey` can throw: a `RampApiError` for an error answer of
 * `POST /partner/customers/{customer_id}/signing-keys/{key_id}/revoke`, or another
 * `RequestErrorType` (network, timeout, bad parameters).
 */
export type RevokeSigningKeyErrorType = RequestErrorType

const parametersSchema = z.strictObject({ customer_id: customerId, key_id: signingKeyId })

/**
 * Revokes a signing key (`POST /partner/customers/{customer_id}/signing-keys/{key_id}/revoke`,
 * no body) and returns it with `status: 'revoked'` and `revoked_at`. Revoking a revoked key
 * succeeds and changes nothing, so it is retried like a GET.
 *
 * @example
 * const key = await revokeSigningKey(client, { customer_id: 'pcus_123', key_id: 'skey_abc' })
 */
export async function revokeSigningKey(
  client: Client,
  parameters: RevokeSigningKeyParameters,
  options: RequestOptions = {},
): Promise<RevokeSigningKeyReturnType> {
  const { customer_id, key_id } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'revokeSigningKey',
    method: 'POST',
    scope: 'partner',
    path: `${path('customers', customer_id, 'signing-keys', key_id)}/revoke`,
    auth: 'apiKey',
    retry: 'idempotent',
    schema: signingKey,
    signal: options.signal,
  })
  return data
}
