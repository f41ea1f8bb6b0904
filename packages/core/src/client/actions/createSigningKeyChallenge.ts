import {
  customerId,
  type SigningKeyChallenge,
  signingKeyChallenge,
  signingKeyChallengeRequest,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/** What `createSigningKeyChallenge` takes: the customer, and the wallet `address` to enroll. */
export type CreateSigningKeyChallengeParameters = {
  /** Public customer id (`pcus_`) of an approved customer. */
  customer_id: string
  /** The customer's EVM wallet, `0x` and 40 hex digits. */
  address: string
}
/**
 * What `createSigningKeyChallenge` resolves to: the pending `key_id`, its `expires_at`, and the
 * `typed_data` the wallet signs.
 */
export type CreateSigningKeyChallengeReturnType = SigningKeyChallenge
/**
 * What `createSigningKeyChallenge` can throw: a `RampApiError` for an error answer of
 * `POST /partner/customers/{customer_id}/signing-keys/challenge`, or another `RequestErrorType`
 * (network, timeout, bad parameters).
 */
export type CreateSigningKeyChallengeErrorType = RequestErrorType

const parametersSchema = signingKeyChallengeRequest.extend({ customer_id: customerId })

/**
 * Starts enrolling a customer's wallet as a signing key for signed accepts
 * (`POST /partner/customers/{customer_id}/signing-keys/challenge`): returns the pending
 * `key_id`, `expires_at` (about ten minutes) and the `typed_data` the wallet signs with
 * `eth_signTypedData_v4`, passed exactly as received. Finish with
 * `completeSigningKeyEnrollment`. A challenge for a new address replaces a lost wallet. Each call
 * makes a new challenge, so a failed attempt is retried only when it never left.
 *
 * @example
 * const challenge = await createSigningKeyChallenge(client, {
 *   customer_id: 'pcus_a1b2c3',
 *   address: wallet.address,
 * })
 * const signature = await wallet.signTypedData(challenge.typed_data)
 */
export async function createSigningKeyChallenge(
  client: Client,
  parameters: CreateSigningKeyChallengeParameters,
  options: RequestOptions = {},
): Promise<CreateSigningKeyChallengeReturnType> {
  const { customer_id, ...body } = parseParameters(parametersSchema, parameters)
  const { data } = await client.request({
    operation: 'createSigningKeyChallenge',
    method: 'POST',
    scope: 'partner',
    path: path('customers', customer_id, 'signing-keys', 'challenge'),
    body: { json: body },
    auth: 'apiKey',
    retry: 'beforeSend',
    schema: signingKeyChallenge,
    signal: options.signal,
  })
  return data
}
