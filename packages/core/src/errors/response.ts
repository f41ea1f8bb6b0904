import {
  BadOrderTypeError,
  BadRequestError,
  ConflictError,
  CorridorNotConfiguredError,
  InsufficientAllowanceError,
  InsufficientBalanceError,
  NotFoundError,
  QuoteExpiredError,
  RampApiError,
  type RampApiErrorData,
  type RampApiErrorParameters,
  RateLimitedError,
  ServiceUnavailableError,
  TokenEnvironmentError,
  toBaseUnitInteger,
  UnauthorizedError,
  UnknownTokenError,
  UpstreamUnavailableError,
  ValidationError,
} from './api.js'
import { redactDeep, redactSecrets } from './redact.js'

/** The parts of a fetch `Response` the factory reads. */
export type ResponseLike = {
  status: number
  headers: { get(name: string): string | null }
}

/** Options of `errorFromResponse`: the secrets to strip from messages, and the clock. */
export type ErrorFromResponseOptions = {
  /** Strings removed from every message and hint (the API key: the service may echo it). */
  secrets?: readonly string[] | undefined
  /** Clock for an HTTP-date `Retry-After`, in ms since the epoch. Defaults to `Date.now`. */
  now?: (() => number) | undefined
}

const GENERIC_MESSAGES: Record<number, string> = {
  400: 'The ramp service rejected the request as malformed (HTTP 400).',
  401: 'The ramp service refused the API key (HTTP 401).',
  403: 'The ramp service refused access (HTTP 403).',
  404: 'The ramp service found nothing at this address (HTTP 404).',
  409: 'The request conflicts with the current state (HTTP 409).',
  410: 'The quote has expired (HTTP 410). Create a new quote.',
  422: 'The ramp service could not validate the request (HTTP 422).',
  429: 'Too many requests to the ramp service (HTTP 429). Wait and try again.',
  500: 'The ramp service failed (HTTP 500).',
  502: 'The ramp service or an upstream rail is temporarily unavailable (HTTP 502).',
  503: 'The ramp service is unavailable (HTTP 503).',
  504: 'The ramp service timed out upstream (HTTP 504).',
}

const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-correlation-id', 'x-amzn-requestid']

/** Longest message kept from a body; a longer one is cut (it is meant for people). */
const MAX_MESSAGE_LENGTH = 500

/**
 * Parses `Retry-After` (spec section 7, 429) into seconds: either delta-seconds or an HTTP
 * date (relative to `now`). Returns undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: () => number = Date.now,
): number | undefined {
  if (value === null || value === undefined) return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text)
  if (!/[a-z]/i.test(text)) return undefined
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now()) / 1000))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * A number beyond 2^53 has lost digits in `JSON.parse`. Recovers the exact digits of `key`
 * from the raw JSON text, only when that key appears exactly once with an integer literal that
 * parses to the same number; otherwise undefined (never a wrong amount).
 */
function exactIntegerFromRaw(raw: string | undefined, key: string, parsed: unknown) {
  if (raw === undefined || typeof parsed !== 'number' || Number.isSafeInteger(parsed)) {
    return undefined
  }
  const matches = [...raw.matchAll(new RegExp(`"${key}"\\s*:\\s*(-?\\d+)(?![\\d.eE])`, 'g'))]
  const digits = matches.length === 1 ? matches[0]?.[1] : undefined
  if (digits === undefined || Number(digits) !== parsed) return undefined
  return BigInt(digits)
}

/**
 * Whether a 503 is the service's "corridor not configured on this environment" (spec section 7):
 * its own envelope naming the corridor (`data.country` or `data.currency`, section 1's hints),
 * with no `Retry-After`. Only that answer is permanent ("contact the operator"). Any other 503 (a
 * maintenance window, an overloaded instance, a proxy page, one that asks to come back later)
 * is transient and retried like a 502.
 */
function isCorridorNotConfigured(
  envelope: boolean,
  data: RampApiErrorData | null,
  retryAfter: string | null,
): boolean {
  if (!envelope || retryAfter !== null) return false
  const names = (key: string) => typeof data?.[key] === 'string' && data[key] !== ''
  return names('country') || names('currency')
}

function classFor(
  status: number,
  envelope: boolean,
  code: string | undefined,
  data: RampApiErrorData | null,
  retryAfter: string | null,
) {
  switch (status) {
    case 400: {
      const hasAmounts = data !== null && ('required' in data || 'current' in data)
      if (code === 'insufficient_allowance') return InsufficientAllowanceError
      if (code === 'insufficient_balance' || (code === undefined && hasAmounts)) {
        return InsufficientBalanceError
      }
      if (code === 'token_env_mismatch') return TokenEnvironmentError
      if (code === undefined && typeof data?.token === 'string') return TokenEnvironmentError
      if (code === 'unknown_token') return UnknownTokenError
      if (code === 'bad_order_type') return BadOrderTypeError
      return BadRequestError
    }
    case 401:
      return UnauthorizedError
    case 404:
      return NotFoundError
    case 409:
      return ConflictError
    case 410:
      return QuoteExpiredError
    case 422:
      return ValidationError
    case 429:
      return RateLimitedError
    case 502:
    case 504:
      return UpstreamUnavailableError
    case 503:
      return isCorridorNotConfigured(envelope, data, retryAfter)
        ? CorridorNotConfiguredError
        : ServiceUnavailableError
    default:
      return RampApiError
  }
}

/**
 * Builds the typed error of a non-2xx answer. `body` is the raw response text (preferred: big
 * integers stay exact) or an already parsed value. A body that is not the service's envelope
 * (an HTML 502 page from a proxy, an empty body) still gives the status's class, with a generic
 * message: the body itself is never copied into the error.
 *
 * @example
 * const response = await fetch(url, init)
 * if (!response.ok) throw errorFromResponse(response, await response.text())
 */
export function errorFromResponse(
  response: ResponseLike,
  body: unknown,
  options: ErrorFromResponseOptions = {},
): RampApiError {
  const { secrets, now = Date.now } = options
  const raw = typeof body === 'string' ? body : undefined
  const parsed = raw === undefined ? body : parseJson(raw)
  // Only the service's own envelope counts: a gateway's `{"message": "Service Unavailable"}`
  // must not pass for the service's 503 (corridor not configured; see isCorridorNotConfigured).
  const envelope = isRecord(parsed) && parsed.status === 'error'
  const status = response.status
  const generic = GENERIC_MESSAGES[status] ?? `The ramp service answered HTTP ${status}.`

  let message = generic
  let data: RampApiErrorData | null = null
  let code: string | undefined
  if (envelope) {
    const text =
      typeof parsed.message === 'string' ? redactSecrets(parsed.message.trim(), secrets) : ''
    if (text !== '') {
      message =
        text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text
    }
    if (isRecord(parsed.data)) data = redactDeep(parsed.data, secrets)
    const topCode = typeof parsed.code === 'string' ? parsed.code : undefined
    const dataCode = typeof data?.code === 'string' ? data.code : undefined
    const chosen = topCode ?? dataCode
    code = chosen === undefined ? undefined : redactSecrets(chosen, secrets)
  }

  const contentType = response.headers.get('content-type') ?? 'no content type'
  const size = raw === undefined ? undefined : new TextEncoder().encode(raw).length
  const details = envelope
    ? `HTTP ${status} from the ramp service${code ? ` (code ${code})` : ''}`
    : `HTTP ${status} without the service's error envelope (${redactSecrets(contentType, secrets)}${
        size === undefined ? '' : `, ${size} bytes`
      }); body not shown`

  let requestId: string | undefined
  for (const name of REQUEST_ID_HEADERS) {
    const value = response.headers.get(name)
    if (value) {
      requestId = redactSecrets(value.slice(0, 200), secrets)
      break
    }
  }

  const retryAfterHeader = response.headers.get('retry-after')
  const parameters: RampApiErrorParameters = {
    status,
    message,
    code,
    data,
    retryAfter: parseRetryAfter(retryAfterHeader, now),
    requestId,
    required:
      toBaseUnitInteger(data?.required) ?? exactIntegerFromRaw(raw, 'required', data?.required),
    current: toBaseUnitInteger(data?.current) ?? exactIntegerFromRaw(raw, 'current', data?.current),
    fromEnvelope: envelope,
    details,
  }
  const ErrorClass = classFor(status, envelope, code, data, retryAfterHeader)
  return new ErrorClass(parameters)
}
