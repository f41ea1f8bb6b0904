import { RampError } from '../errors/base.js'

/**
 * Why a delivery was refused. All but `no_secret` are the sender's fault (answer 400/401);
 * `no_secret` is this server's configuration (answer 500 and fix the setting).
 */
export type WebhookVerificationReason =
  | 'missing_header'
  | 'malformed_header'
  | 'bad_timestamp'
  | 'timestamp_out_of_tolerance'
  | 'no_signature'
  | 'signature_mismatch'
  | 'no_secret'
  | 'invalid_body'

/**
 * Thrown by `verifyWebhook` when a delivery cannot be trusted. `reason` is stable for programs;
 * the message tells a person what to check (raw body, secret whitespace, server clock) and never
 * contains the secret or a signature.
 *
 * @example
 * try {
 *   await verifyWebhook({ body, header, secrets })
 * } catch (error) {
 *   if (!(error instanceof WebhookVerificationError)) throw error
 *   return c.json({ status: 'error', message: error.message, data: null }, error.reason === 'no_secret' ? 500 : 400)
 * }
 */
export class WebhookVerificationError extends RampError {
  override name = 'WebhookVerificationError'
  readonly reason: WebhookVerificationReason

  constructor(reason: WebhookVerificationReason, message: string, options?: { details?: string }) {
    super(message, options)
    this.reason = reason
  }
}
