import { RampApiError, type RampApiErrorParameters } from './api.js'

/**
 * Why the kit client took an answer for a mistake in the app's configuration rather than in
 * the shopper's input: nothing of the kit answers at the endpoint (`endpoint_not_found`), the
 * kit answers but has no such route (`route_not_found`: its base path and the endpoint
 * disagree), the kit refused the page's origin (`origin_not_allowed`), or a setting the kit
 * needs is missing (`configuration_error`).
 */
export type KitConfigurationReason =
  | 'endpoint_not_found'
  | 'route_not_found'
  | 'origin_not_allowed'
  | 'configuration_error'

/** What the kit client learned of a configuration mistake, beside the answer's own error. */
export type KitConfigurationErrorParameters = RampApiErrorParameters & {
  reason: KitConfigurationReason
  /** The endpoint the client was given (`/api/ramp`). */
  endpoint: string
  /** What to change, for the developer (never shown to a shopper as it stands). */
  fix: string
}

/**
 * An answer of the server kit (or of whatever answers at its endpoint) that no shopper can
 * fix: a wrong endpoint or base path, a refused origin, a missing setting. The kit client
 * throws it instead of the plain `RampApiError` (it is one: `status` and `code` stay), logs
 * `fix` once in development, and hands it to the provider's `onError`. Never retried.
 *
 * @example
 * <RampKitProvider endpoint="/api/ramp" onError={(error) => {
 *   if (error instanceof KitConfigurationError) report(error.reason, error.fix)
 * }} />
 */
export class KitConfigurationError extends RampApiError {
  override name = 'KitConfigurationError'
  readonly reason: KitConfigurationReason
  readonly endpoint: string
  readonly fix: string

  constructor(parameters: KitConfigurationErrorParameters) {
    super(parameters)
    this.reason = parameters.reason
    this.endpoint = parameters.endpoint
    this.fix = parameters.fix
  }
}
