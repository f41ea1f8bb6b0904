import {
  completeSigningKeyRequest,
  customerId,
  type SigningKey,
  signingKey,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/**
 * What `completeSigningKeyEnrollment` takes: the customer, the challenge's `key_id`, and the
 * wallet's signature over its `typed_data`.
 */
export type CompleteSigningKeyEnrollmentParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
  /** The `key_id` of the challenge (`skey_…`). */
  key_id: string
  /** The wallet's signature over the challenge's `typed_data` (65 bytes, `0x` hex). */
  signature: string
}
/**
 * What `completeSigningKeyEnrollment` resolves to: the signing key, now `active` with its
 * `next_nonce`.
 */
export type CompleteSigningKeyEnrollmentReturnType = SigningKey
/**
 * What `completeSigningKeyEnrollment` can throw: a `RampApiError` for an error answer of
 * `POST /partner/customers/{customer_id}/signing-keys/complete`, or another `RequestErrorType`
 * (network, timeout, bad parameters).
 */
export type CompleteSigningKeyEnrollmentErrorType = RequestErrorType

const parametersSchema = completeSigningKeyRequest.extend({ customer_id: customerId })

/**
 * Completes a wallet enrollment (`POST /partner/customers/{customer_id}/signing-keys/complete`)
 * with the signature over the challenge's `typed_data`: the key becomes `active`, with
 * `next_nonce` for signed accepts. This is the register signature, never an accept signature. An
 * expired challenge (about ten minutes) needs a new one. Not retried once it may have reached
 * the service: a challenge is used once.
 *
 * @example
 * const key = await completeSigningKeyEnrollment(client, {
 *   customer_id: 'pcus_a1b2c3',
 *   key_id: challenge.key_id,
 *   signature,
 * })
 */
export async function completeSigningKeyEnrollment(
  client: Client,
  parameters: CompleteSigningKeyEnrollmentParameters,
  options: RequestOptions = {},
): Promise<CompleteSigningKeyEnrollmentReturnType> {
  const { customer_id, ...body } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'completeSigningKeyEnrollment',
    method: 'POST',
    scope: 'partner',
    path: path('customers', customer_id, 'signing-keys', 'complete'),
    body: { json: body },
    auth: 'apiKey',
    retry: 'beforeSend',
    schema: signingKey,
    signal: options.signal,
  })
  return data
}
