import { RampError } from './base.js'

/**
 * Machine-readable error codes the service sends (top-level `code` or `data.code`). The named
 * ones are those of spec section 7; any other string passes through.
 */
export type RampErrorCode =
  | 'bad_order_type'
  | 'unknown_token'
  | 'token_env_mismatch'
  | 'insufficient_allowance'
  | 'insufficient_balance'
  | (string & {})

/** Error `data` as the service sent it (section 1 hints), or null. Unknown hints pass through. */
export type RampApiErrorData = Readonly<Record<string, unknown>>

/**
 * What a `RampApiError` is built from: the response's status, the service's message, code and
 * `data`, and the `Retry-After` and request id.
 */
export type RampApiErrorParameters = {
  /** HTTP status of the response. */
  status: number
  /** The service's message (safe to show), or a generic one when the body was not an envelope. */
  message: string
  code?: RampErrorCode | undefined
  data?: RampApiErrorData | null | undefined
  /** Seconds to wait, from `Retry-After`. */
  retryAfter?: number | undefined
  requestId?: string | undefined
  /** Exact base-unit integers, when the factory recovered them; otherwise read from `data`. */
  required?: bigint | undefined
  current?: bigint | undefined
  /** Whether the body was the service's error envelope (false: a proxy page, empty body...). */
  fromEnvelope?: boolean | undefined
  details?: string | undefined
  cause?: unknown
}

/**
 * Turns a base-unit integer hint (`data.required`, `data.current`) into a bigint without ever
 * going through a float: integer strings convert exactly; numbers only when they are safe
 * integers. A number beyond 2^53 has already lost digits in `JSON.parse`, so it gives
 * `undefined` rather than a wrong amount (the factory recovers such numbers from the raw body).
 */
export function toBaseUnitInteger(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'string') return /^-?\d{1,78}$/.test(value) ? BigInt(value) : undefined
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  return undefined
}

function stringHint(data: RampApiErrorData | null, key: string): string | undefined {
  const value = data?.[key]
  return typeof value === 'string' ? value : undefined
}

/**
 * An error answer of the ramp service: any non-2xx response. `message` is the service's own
 * message, safe to show to a person; the hints of the error `data` (section 1) are lifted onto
 * typed fields. Subclasses per status (section 7) let a caller branch with `instanceof`.
 *
 * @example
 * try {
 *   await client.createOrder(order)
 * } catch (error) {
 *   if (error instanceof InsufficientAllowanceError) askForApproval(error.required)
 *   else if (error instanceof RampApiError && error.field) showFieldError(error.field, error.message)
 *   else throw error
 * }
 */
export class RampApiError extends RampError {
  override name = 'RampApiError'
  /** HTTP status of the response. */
  readonly status: number
  /** Machine-readable code from the body's `code` or `data.code`. */
  declare readonly code?: RampErrorCode
  /** The offending input (`data.field`), e.g. `payment_method.phone_number`. */
  declare readonly field?: string
  /** The error `data` object, or null when the service sent none. */
  readonly data: RampApiErrorData | null
  /** Base units required (`data.required`), exact. */
  declare readonly required?: bigint
  /** Base units currently available or approved (`data.current`), exact. */
  declare readonly current?: bigint
  /** Seconds to wait before trying again (`Retry-After`), when the response carried it. */
  declare readonly retryAfter?: number
  /** HTTP status the upstream rail answered (`data.upstream_http_status`). */
  declare readonly upstreamStatus?: number
  /** The request id of a response header (`X-Request-Id` and similar), for support. */
  declare readonly requestId?: string
  /** Whether the body was the service's error envelope rather than, say, a proxy's HTML page. */
  readonly fromEnvelope: boolean

  constructor(parameters: RampApiErrorParameters) {
    super(parameters.message, { cause: parameters.cause, details: parameters.details })
    const data = parameters.data ?? null
    this.status = parameters.status
    this.data = data
    this.fromEnvelope = parameters.fromEnvelope ?? data !== null
    const code = parameters.code ?? stringHint(data, 'code')
    if (code !== undefined) this.code = code
    const field = stringHint(data, 'field')
    if (field !== undefined) this.field = field
    const required = parameters.required ?? toBaseUnitInteger(data?.required)
    if (required !== undefined) this.required = required
    const current = parameters.current ?? toBaseUnitInteger(data?.current)
    if (current !== undefined) this.current = current
    if (parameters.retryAfter !== undefined) this.retryAfter = parameters.retryAfter
    const upstream = data?.upstream_http_status
    if (typeof upstream === 'number' && Number.isInteger(upstream)) this.upstreamStatus = upstream
    if (parameters.requestId !== undefined) this.requestId = parameters.requestId
  }

  /** A log-friendly form: `message` included, bigints as decimal strings. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message }
    for (const [key, value] of Object.entries(this)) {
      out[key] = typeof value === 'bigint' ? value.toString() : value
    }
    return out
  }
}

/** 400: a malformed request, unsupported token or environment, bad order type, allowance or balance too low. */
export class BadRequestError extends RampApiError {
  override name = 'BadRequestError'
}

/** 400 `bad_order_type`: the order type is not `0`, `1`, `OnRamp` or `OffRamp`. */
export class BadOrderTypeError extends BadRequestError {
  override name = 'BadOrderTypeError'
}

/** 400 `unknown_token`: the service does not know the token. */
export class UnknownTokenError extends BadRequestError {
  override name = 'UnknownTokenError'
}

/**
 * 400 `token_env_mismatch` (or a 400 naming `data.token` on order creation): the token is not
 * configured for this environment, e.g. a testnet token in production.
 */
export class TokenEnvironmentError extends BadRequestError {
  override name = 'TokenEnvironmentError'
  /** The token the service refused (`data.token`). */
  declare readonly token?: string

  constructor(parameters: RampApiErrorParameters) {
    super(parameters)
    const token = stringHint(this.data, 'token')
    if (token !== undefined) this.token = token
  }
}

/**
 * 400 `insufficient_allowance`: the off-ramp spender's ERC-20 allowance is below the order.
 * `required` and `current` are base units; approve at least `required`.
 */
export class InsufficientAllowanceError extends BadRequestError {
  override name = 'InsufficientAllowanceError'
}

/** 400 with `data.required` and `data.current` (no allowance code): the token balance is too low. */
export class InsufficientBalanceError extends BadRequestError {
  override name = 'InsufficientBalanceError'
}

/** 401: the `X-API-Key` header is missing (`Missing API key`) or invalid. */
export class UnauthorizedError extends RampApiError {
  override name = 'UnauthorizedError'
}

/**
 * 404: the resource does not exist. The spec leaves the not-found statuses unshown, so a
 * not-found message under another status stays that status's class.
 */
export class NotFoundError extends RampApiError {
  override name = 'NotFoundError'
}

/**
 * 409: the quote was already accepted, or another conflict. Accepting twice is idempotent:
 * `orderId` is the existing order (`data.order_id`). `acceptQuote` turns that case into a
 * successful result, so this is thrown only for conflicts without an order id.
 */
export class ConflictError extends RampApiError {
  override name = 'ConflictError'
  /** The existing order (`data.order_id`) when the conflict is a second accept. */
  declare readonly orderId?: string

  constructor(parameters: RampApiErrorParameters) {
    super(parameters)
    const orderId = stringHint(this.data, 'order_id')
    if (orderId !== undefined) this.orderId = orderId
  }
}

/** 410: the quote expired. Create a new quote. */
export class QuoteExpiredError extends RampApiError {
  override name = 'QuoteExpiredError'
}

/**
 * 422: missing or invalid fields, a corridor not supported, or an amount below the corridor
 * minimum. `field` names the input to fix (section 7's table).
 */
export class ValidationError extends RampApiError {
  override name = 'ValidationError'
}

/** 429: rate limited. `retryAfter` is how many seconds the service asked to wait. */
export class RateLimitedError extends RampApiError {
  override name = 'RateLimitedError'
}

/**
 * 502 (and 504): the service or an upstream rail is temporarily unavailable; retry with
 * backoff. `upstreamStatus` is what the rail answered, when known.
 */
export class UpstreamUnavailableError extends RampApiError {
  override name = 'UpstreamUnavailableError'
}

/**
 * 503 that is not the service's "corridor not configured": a load balancer page, a body without
 * the envelope, or an envelope that carries `Retry-After` or names no corridor (maintenance, an
 * overloaded instance). Transient: GETs and idempotent POSTs are retried (after `Retry-After`
 * when sent, like a 429). The permanent 503 is the subclass {@link CorridorNotConfiguredError}.
 */
export class ServiceUnavailableError extends RampApiError {
  override name = 'ServiceUnavailableError'
}

/**
 * 503 with the service's envelope naming the corridor (`data.country` and/or `data.currency`)
 * and no `Retry-After`: the corridor is not configured on this environment (spec section 7).
 * Not transient, so never retried: contact the operator.
 */
export class CorridorNotConfiguredError extends ServiceUnavailableError {
  override name = 'CorridorNotConfiguredError'
  declare readonly country?: string
  declare readonly currency?: string

  constructor(parameters: RampApiErrorParameters) {
    super(parameters)
    const country = stringHint(this.data, 'country')
    if (country !== undefined) this.country = country
    const currency = stringHint(this.data, 'currency')
    if (currency !== undefined) this.currency = currency
  }
}
