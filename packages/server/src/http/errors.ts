import {
  NetworkError,
  RampApiError,
  RampInputError,
  TimeoutError,
  UnexpectedResponseError,
} from '@rampkit/core'
import { redactSecrets } from '@rampkit/core/errors'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { RampLogger } from '../logger.js'
import { fail } from './envelope.js'

/** Messages for the cases where the browser must not see what the service said. */
export const GENERIC_MESSAGES = {
  unavailable: 'The ramp service is unavailable right now. Please try again shortly.',
  timeout: 'The ramp service did not answer in time. Please try again shortly.',
  notConfigured: 'This option is not available right now.',
  internal: 'Something went wrong. Please try again.',
  notFound: 'Not found',
} as const

/** Statuses whose message and public hints the browser can act on. */
const PASS_THROUGH = new Set([400, 409, 410, 422])

/** Longest Retry-After passed on, in seconds. */
const MAX_RETRY_AFTER_S = 3600

export type UpstreamErrorContext = {
  logger: RampLogger
  /** Removed from every message that reaches the browser or the log. */
  secrets: readonly string[]
  /** What was being done, for the log line (`catalog`, `createOrder`). */
  operation: string
}

function hints(error: RampApiError): Record<string, unknown> {
  const data: Record<string, unknown> = { ...(error.data ?? {}) }
  if (error.code !== undefined) data.code = error.code
  if (error.field !== undefined) data.field = error.field
  if (error.required !== undefined) data.required = error.required.toString()
  if (error.current !== undefined) data.current = error.current.toString()
  return data
}

/**
 * Turns whatever an upstream call threw into the browser's answer. The service's message and
 * whitelisted hints pass for 400/409/410/422 (the user can fix those); a refused API key
 * becomes a 502 (the browser cannot fix our key: it is logged instead); 429 keeps
 * `Retry-After`; outages, timeouts and network failures get a generic 502/503. Nothing the
 * service or the runtime wrote reaches the browser unredacted.
 */
export function upstreamError(c: Context, error: unknown, context: UpstreamErrorContext) {
  const { logger, secrets, operation } = context
  const clean = (text: string) => redactSecrets(text, secrets)

  if (error instanceof RampInputError) {
    return fail(c, 422, clean(error.message), { field: error.field })
  }
  if (error instanceof RampApiError) {
    const status = error.status
    if (PASS_THROUGH.has(status)) {
      return fail(c, status as ContentfulStatusCode, clean(error.message), hints(error))
    }
    if (status === 404) return fail(c, 404, GENERIC_MESSAGES.notFound)
    if (status === 429) {
      const seconds = Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(error.retryAfter ?? 1)))
      c.header('Retry-After', String(seconds))
      logger.warn('ramp service rate limited the kit', { operation, retryAfter: seconds })
      return fail(c, 429, `Too many requests. Try again in ${seconds} s.`)
    }
    if (status === 401 || status === 403) {
      logger.error('ramp service refused the API key; check apiKey and environment', {
        operation,
        status,
      })
      return fail(c, 502, GENERIC_MESSAGES.unavailable)
    }
    if (status === 503) {
      logger.warn('ramp service answered 503', { operation, details: clean(error.details ?? '') })
      return fail(c, 503, GENERIC_MESSAGES.notConfigured)
    }
    logger.warn('ramp service error', { operation, status, details: clean(error.details ?? '') })
    return fail(c, 502, GENERIC_MESSAGES.unavailable)
  }
  if (error instanceof TimeoutError) {
    logger.warn('ramp service timed out', { operation, timeoutMs: error.timeoutMs })
    return fail(c, 502, GENERIC_MESSAGES.timeout)
  }
  if (error instanceof NetworkError || error instanceof UnexpectedResponseError) {
    logger.warn('ramp service unreachable or answered unexpectedly', {
      operation,
      error: error.name,
      message: clean(error.message),
    })
    return fail(c, 502, GENERIC_MESSAGES.unavailable)
  }
  logger.error('unexpected error in the ramp kit', {
    operation,
    error: error instanceof Error ? error.name : typeof error,
    message: clean(error instanceof Error ? error.message : String(error)),
  })
  return fail(c, 500, GENERIC_MESSAGES.internal)
}
