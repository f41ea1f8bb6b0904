import { RampError } from './base.js'

/** Why the client refused its configuration; stable for programs, unlike the message. */
export type ConfigurationErrorReason =
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'environment_mismatch'
  | 'invalid_base_url'
  | 'invalid_option'

/**
 * The client was set up wrongly, or an operation needs something the client lacks (an API key).
 * Thrown before any request is sent. Never carries the key.
 *
 * @example
 * try {
 *   createRampClient({ apiKey: process.env.RAMP_API_KEY, baseUrl })
 * } catch (error) {
 *   if (error instanceof ConfigurationError) console.error(error.message)
 * }
 */
export class ConfigurationError extends RampError {
  override name = 'ConfigurationError'
  readonly reason: ConfigurationErrorReason

  constructor(
    reason: ConfigurationErrorReason,
    message: string,
    options?: { cause?: unknown; details?: string },
  ) {
    super(message, options)
    this.reason = reason
  }
}

type Environment = 'sandbox' | 'production'

/**
 * The API key belongs to another environment than the one asked for (`is_test_` keys are
 * sandbox, `is_live_` keys production), or has neither prefix. Keys are not interchangeable
 * across environments, so the client refuses at creation rather than at the first request.
 */
export class EnvironmentMismatchError extends ConfigurationError {
  override name = 'EnvironmentMismatchError'
  /** The environment the key's prefix names; undefined when it has no known prefix. */
  declare readonly keyEnvironment?: Environment
  /** The environment the caller asked for. */
  declare readonly environment?: Environment

  constructor(
    message: string,
    options: { keyEnvironment?: Environment | undefined; environment?: Environment | undefined },
  ) {
    super('environment_mismatch', message)
    if (options.keyEnvironment) this.keyEnvironment = options.keyEnvironment
    if (options.environment) this.environment = options.environment
  }
}

/** One problem with an operation's parameters. `field` uses the service's field names. */
export type RampInputIssue = { field: string; message: string }

/**
 * An operation's parameters were refused before anything was sent. `field` is the service's
 * name of the offending input (`limit`, `customer_id`, `payment_method.phone_number`), the same
 * name a 422 would carry in `data.field`, so one UI path can show both.
 *
 * @example
 * try {
 *   await client.listMyOrders({ limit: 500 })
 * } catch (error) {
 *   if (error instanceof RampInputError) form.setError(error.field, error.message)
 * }
 */
export class RampInputError extends RampError {
  override name = 'RampInputError'
  /** The first offending field (dot path), empty when the parameters as a whole are wrong. */
  readonly field: string
  /** Every problem found. */
  readonly issues: readonly RampInputIssue[]

  constructor(issues: readonly RampInputIssue[], options?: { details?: string }) {
    const first = issues[0] ?? { field: '', message: 'Invalid parameters' }
    super(first.message, options)
    this.field = first.field
    this.issues = issues
  }
}

/**
 * The service could not be reached, or the connection broke before a full answer arrived.
 * `beforeSend` is true only when the runtime reported that no connection was ever opened
 * (refused, DNS failure, connect timeout), so the request provably did not reach the service.
 */
export class NetworkError extends RampError {
  override name = 'NetworkError'
  readonly beforeSend: boolean

  constructor(
    message: string,
    options: { beforeSend: boolean; cause?: unknown; details?: string },
  ) {
    super(message, options)
    this.beforeSend = options.beforeSend
  }
}

/**
 * No answer in time. `scope` is `attempt` when one try exceeded `timeoutMs`, `total` when the
 * whole operation (with retries) exceeded `totalTimeoutMs`. A timed-out write may still have
 * been applied by the service.
 */
export class TimeoutError extends RampError {
  override name = 'TimeoutError'
  readonly timeoutMs: number
  readonly scope: 'attempt' | 'total'

  constructor(
    message: string,
    options: { timeoutMs: number; scope: 'attempt' | 'total'; details?: string },
  ) {
    super(message, { details: options.details })
    this.timeoutMs = options.timeoutMs
    this.scope = options.scope
  }
}

/**
 * A 2xx answer that is not what the operation expects: not JSON, not the success envelope, or
 * a `data` that does not match the schema. `code` is always `unexpected_response`.
 */
export class UnexpectedResponseError extends RampError {
  override name = 'UnexpectedResponseError'
  readonly code = 'unexpected_response'
  readonly status: number
  /** Where the body differs from the schema (paths and messages; never values). */
  readonly issues: readonly RampInputIssue[]

  constructor(
    message: string,
    options: { status: number; issues?: readonly RampInputIssue[]; details?: string },
  ) {
    super(message, { details: options.details })
    this.status = options.status
    this.issues = options.issues ?? []
  }
}
