import { RampError } from '../errors/base.js'
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from './constants.js'
import {
  bodyBytes,
  bytesToBase64,
  decodeSignature,
  getSubtle,
  importHmacKey,
  signedPayload,
  type WebhookBody,
} from './encoding.js'
import { WebhookVerificationError } from './errors.js'

/**
 * Upper bound of `toleranceSeconds`. A wider window only widens the replay window of a captured
 * delivery; an hour already covers any sane clock drift.
 */
export const MAX_WEBHOOK_TOLERANCE_SECONDS = 3600

/**
 * What `verifyWebhook` takes: the raw body, the signature header, the secret(s), and the
 * tolerance.
 */
export type VerifyWebhookParameters = {
  /** The raw request bytes, exactly as received: `await request.arrayBuffer()`, never parsed JSON. */
  body: WebhookBody
  /** The `X-Webhook-Signature` value. */
  header: string | null | undefined
  /** The webhook secret, or several during a rotation (current first, then previous ones). */
  secrets: string | readonly string[]
  /** Allowed clock distance either side, in seconds: 1..3600, default 300. It cannot be turned off. */
  toleranceSeconds?: number
  /** Clock in milliseconds; defaults to `Date.now`. */
  now?: () => number
}

/**
 * What a delivery that passed `verifyWebhook` was signed with: timestamp, signature, and secret.
 */
export type VerifiedWebhook = {
  /** The signed `t`, unix seconds. */
  timestamp: number
  /**
   * The `v1` that matched, in canonical base64. Dedupe on it as well as on `X-Webhook-Id`: the id
   * is not signed, so a replay within the window can carry a fresh one.
   */
  signature: string
  /** Index in `secrets` of the secret that matched: once no delivery uses an old one, drop it. */
  secretIndex: number
}

/**
 * What `verifyWebhook` can throw: a `WebhookVerificationError` for a bad delivery (its `reason`
 * says which), or a `RampError` for a mistake in the call (a bad `toleranceSeconds` or clock).
 */
export type VerifyWebhookErrorType = WebhookVerificationError | RampError

// Canonical digits: the signed message is `{t}.{body}`, so `t=01700000000` is not `t=1700000000`.
const TIMESTAMP = /^(?:0|[1-9]\d{0,11})$/
const FORMAT_HINT = `${WEBHOOK_SIGNATURE_HEADER} must look like "t=<unix seconds>,v1=<base64 signature>"`

/**
 * Verifies a delivery of the service (spec section 6) and returns its signed timestamp, or throws
 * a `WebhookVerificationError` whose `reason` says what failed and whose message says how to fix
 * it. The HMAC is computed over `{t}.{body}` with the exact bytes given, so read the body raw
 * before any JSON parser touches it. Any valid `v1` under any of the `secrets` passes (rotation);
 * other schemes are ignored; a timestamp more than `toleranceSeconds` (default 300) away from
 * `now`, in the past or the future, is refused. Comparison is constant-time (Web Crypto
 * `subtle.verify`), and a malformed header never causes anything but this error.
 *
 * @example
 * app.post('/webhooks', async (c) => {
 *   const body = await c.req.arrayBuffer()
 *   await verifyWebhook({
 *     body,
 *     header: c.req.header(WEBHOOK_SIGNATURE_HEADER),
 *     secrets: [env.WEBHOOK_SECRET, env.WEBHOOK_SECRET_PREVIOUS].filter(Boolean),
 *   })
 *   const event = JSON.parse(new TextDecoder().decode(body))
 *   // ...
 * })
 */
export async function verifyWebhook(parameters: VerifyWebhookParameters): Promise<VerifiedWebhook> {
  const tolerance = checkTolerance(parameters.toleranceSeconds)
  const secrets = checkSecrets(parameters.secrets)
  const body = bodyBytes(parameters.body)
  if (!body) {
    const kind = parameters.body === null ? 'null' : typeof parameters.body
    throw new WebhookVerificationError(
      'invalid_body',
      `The webhook body must be the raw request bytes (string, Uint8Array or ArrayBuffer), got ${kind}. Read it with \`await request.arrayBuffer()\` before any JSON parsing: a parsed and re-serialised body no longer matches the signature.`,
    )
  }

  const { timestamp, signatures } = parseHeader(parameters.header)

  const now = Math.floor((parameters.now ?? Date.now)() / 1000)
  // NaN compares false with everything, so a broken clock would silently open the window.
  if (!Number.isFinite(now)) {
    throw new RampError('The clock passed as `now` must return milliseconds since the epoch.')
  }
  const skew = now - timestamp
  if (Math.abs(skew) > tolerance) {
    const when = skew > 0 ? `${skew} s in the past` : `${-skew} s in the future`
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `The delivery was signed ${when}; at most ${tolerance} s either side is accepted. If the delivery is fresh, check this server's clock (NTP); otherwise it may be a replayed request.`,
    )
  }

  const decoded = signatures.map(decodeSignature)
  const data = signedPayload(timestamp, body)
  const subtle = getSubtle()
  for (const [secretIndex, secret] of secrets.entries()) {
    // One key per secret per call; verify() compares in constant time and never throws on a
    // signature of the wrong value, only returns false.
    const key = await importHmacKey(secret, 'verify')
    for (const signature of decoded) {
      if (signature && (await subtle.verify('HMAC', key, signature, data))) {
        return { timestamp, signature: bytesToBase64(signature), secretIndex }
      }
    }
  }

  const usable = decoded.some(Boolean)
  const inner = secrets.some((secret) => /\s/.test(secret))
    ? ' One of the configured secrets contains whitespace inside it, which is unusual for a copied secret.'
    : ''
  throw new WebhookVerificationError(
    'signature_mismatch',
    usable
      ? `No v1 signature matches this body and the configured secret${secrets.length > 1 ? 's' : ''}. Verify over the raw request bytes (e.g. \`await c.req.arrayBuffer()\`), not re-serialised JSON; check that the secret was copied whole, with no trailing newline, and that it belongs to this environment (sandbox and production secrets differ).${inner}`
      : `No v1 value in ${WEBHOOK_SIGNATURE_HEADER} is a base64 HMAC-SHA256 (32 bytes). The header was changed on the way or was not sent by the service.`,
  )
}

function checkTolerance(value: number | undefined): number {
  const tolerance = value ?? WEBHOOK_TOLERANCE_SECONDS
  if (
    typeof tolerance !== 'number' ||
    !Number.isFinite(tolerance) ||
    tolerance <= 0 ||
    tolerance > MAX_WEBHOOK_TOLERANCE_SECONDS
  ) {
    // Configuration, not a bad delivery: a RampError, so a server answers 500 rather than 400.
    throw new RampError(
      `toleranceSeconds must be a number of seconds above 0 and at most ${MAX_WEBHOOK_TOLERANCE_SECONDS}, got ${typeof value === 'number' ? value : typeof value}. The timestamp check cannot be turned off; the default is ${WEBHOOK_TOLERANCE_SECONDS}.`,
    )
  }
  return tolerance
}

function checkSecrets(value: string | readonly string[]): string[] {
  const list: readonly unknown[] =
    typeof value === 'string' ? [value] : Array.isArray(value) ? value : []
  if (list.length === 0) {
    throw new WebhookVerificationError(
      'no_secret',
      'No webhook secret is configured. Pass the webhook_secret of your API key (sandbox and production each have their own).',
    )
  }
  return list.map((secret, index) => {
    const trimmed = typeof secret === 'string' ? secret.trim() : ''
    if (trimmed === '') {
      const which = list.length > 1 ? `Webhook secret #${index + 1}` : 'The webhook secret'
      throw new WebhookVerificationError(
        'no_secret',
        `${which} is empty (after trimming whitespace). Set it to the webhook_secret of your API key; an unset environment variable is the usual cause. An empty secret is refused because anyone could sign with it.`,
      )
    }
    return trimmed
  })
}

function parseHeader(header: unknown): { timestamp: number; signatures: string[] } {
  if (
    header === null ||
    header === undefined ||
    (typeof header === 'string' && header.trim() === '')
  ) {
    throw new WebhookVerificationError(
      'missing_header',
      `The ${WEBHOOK_SIGNATURE_HEADER} header is missing. Every delivery of the service carries it; if a proxy sits in front of this route, make sure it forwards the header.`,
    )
  }
  if (typeof header !== 'string') {
    throw new WebhookVerificationError('malformed_header', `${FORMAT_HINT}; pass it as one string.`)
  }

  const timestamps: string[] = []
  const signatures: string[] = []
  for (const rawItem of header.split(',')) {
    const item = rawItem.trim()
    if (item === '') continue
    // Split on the first '=' only: base64 signatures end in '=' padding.
    const equals = item.indexOf('=')
    if (equals <= 0) {
      throw new WebhookVerificationError(
        'malformed_header',
        `${FORMAT_HINT}; an item is not key=value.`,
      )
    }
    const key = item.slice(0, equals).trim()
    const value = item.slice(equals + 1).trim()
    if (key === 't') timestamps.push(value)
    else if (key === 'v1') signatures.push(value)
    // Other schemes (v0, v2, ...) are ignored so the service can add one without breaking us.
  }

  if (timestamps.length !== 1) {
    throw new WebhookVerificationError(
      'malformed_header',
      `${FORMAT_HINT}; it has ${timestamps.length === 0 ? 'no t item' : `${timestamps.length} t items`}, exactly one is required.`,
    )
  }
  const [text = ''] = timestamps
  // Digits only: parseInt would read '12abc' as 12 and Number would read '1e3' as 1000.
  if (!TIMESTAMP.test(text)) {
    throw new WebhookVerificationError(
      'bad_timestamp',
      `The t value of ${WEBHOOK_SIGNATURE_HEADER} must be whole unix seconds (digits only, no leading zeros).`,
    )
  }
  if (signatures.length === 0) {
    throw new WebhookVerificationError(
      'no_signature',
      `${WEBHOOK_SIGNATURE_HEADER} has no v1 signature; only the v1 scheme is supported.`,
    )
  }
  return { timestamp: Number(text), signatures }
}
