import { RampError } from '../errors/base.js'
import {
  bodyBytes,
  bytesToBase64,
  getSubtle,
  importHmacKey,
  signedPayload,
  type WebhookBody,
} from './encoding.js'

/** What `signWebhook` takes: the webhook secret, the exact body, and the time to sign. */
export type SignWebhookParameters = {
  /** The `webhook_secret` of the API key; surrounding whitespace is ignored, as in verification. */
  secret: string
  /** The exact bytes that will be sent. A string is signed as its UTF-8 bytes. */
  body: WebhookBody
  /** Unix seconds to sign; defaults to `now()`. */
  timestamp?: number
  /** Clock in milliseconds, for tests and simulated time; defaults to `Date.now`. */
  now?: () => number
}

/** A signature made by `signWebhook`: the full header value, and its timestamp and `v1` apart. */
export type SignWebhookReturnType = {
  /** The full `X-Webhook-Signature` value: `t=<timestamp>,v1=<signature>`. */
  header: string
  timestamp: number
  /** Base64 HMAC-SHA256 over `{timestamp}.{body}`. */
  signature: string
}

/**
 * What `signWebhook` can throw: a `RampError` for an empty secret, a timestamp that is not whole
 * unix seconds, a body that is not raw bytes, or no Web Crypto.
 */
export type SignWebhookErrorType = RampError

/**
 * Signs a webhook body the way the service does (spec section 6): base64 HMAC-SHA256 with the
 * webhook secret over `{t}.{raw_body}`. The sandbox uses it to send deliveries and tests use it
 * to build payloads that `verifyWebhook` accepts, like stripe-node's
 * `generateTestHeaderString`. Sign the bytes you send: re-serialising the body afterwards breaks
 * the signature.
 *
 * @example
 * const body = JSON.stringify({ order_id: 'ord_1', status: 'settled' })
 * const { header } = await signWebhook({ secret: 'whsec_test', body, timestamp: 1_700_000_000 })
 * // header === 't=1700000000,v1=...'
 */
export async function signWebhook(
  parameters: SignWebhookParameters,
): Promise<SignWebhookReturnType> {
  const secret = parameters.secret.trim()
  if (secret === '') {
    throw new RampError(
      'The webhook secret is empty (after trimming whitespace). Pass the webhook_secret of the API key.',
    )
  }
  const timestamp = parameters.timestamp ?? Math.floor((parameters.now ?? Date.now)() / 1000)
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RampError(
      `The webhook timestamp must be whole unix seconds, got ${String(timestamp)}.`,
    )
  }
  const bytes = bodyBytes(parameters.body)
  if (!bytes) {
    throw new RampError(
      'The webhook body must be a string, Uint8Array or ArrayBuffer: serialise it first and send exactly those bytes.',
    )
  }
  const key = await importHmacKey(secret, 'sign')
  const mac = await getSubtle().sign('HMAC', key, signedPayload(timestamp, bytes))
  const signature = bytesToBase64(new Uint8Array(mac))
  return { header: `t=${timestamp},v1=${signature}`, timestamp, signature }
}
