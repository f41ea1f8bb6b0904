import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type SchemaIssue, toInputIssues } from '../core.js'

/** Hints an error envelope's `data` may carry (spec section 1 and 7), plus sandbox extras. */
export type ErrorHints = Record<string, unknown>

/**
 * An error the sandbox answers on purpose: status, a message safe to show, and `data` hints (or
 * null). Routes throw it; the app's error handler turns it into the envelope. `code` is sent both
 * at the top of the body and in `data.code`, since clients read either.
 *
 * @example
 * throw new ApiError(422, 'customer.name must be a first and last name', { field: 'customer.name' })
 */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: ContentfulStatusCode
  readonly data: ErrorHints | null
  readonly code: string | undefined
  readonly headers: Record<string, string>

  constructor(
    status: ContentfulStatusCode,
    message: string,
    data: ErrorHints | null = null,
    options: { code?: string; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.status = status
    this.code = options.code
    this.data = options.code && data ? { ...data, code: options.code } : data
    this.headers = options.headers ?? {}
  }
}

/** The success envelope of spec section 1. */
export function ok(c: Context, message: string, data: unknown, status: ContentfulStatusCode = 200) {
  return c.json({ status: 'success', message, data }, status)
}

/** The error envelope of spec section 1 for an `ApiError`. */
export function errorResponse(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
  const body: Record<string, unknown> = { status: 'error', message: error.message }
  if (error.code) body.code = error.code
  body.data = error.data
  return c.json(body, error.status)
}

/** Shorthand for the 422 validation error pointing at one input. */
export function invalid(field: string, message: string, extra: ErrorHints = {}): ApiError {
  return new ApiError(422, message, { field, ...extra })
}

/** Shorthand for a 400 pointing at one input. */
export function badRequest(field: string, message: string, extra: ErrorHints = {}): ApiError {
  return new ApiError(400, message, { field, ...extra })
}

/**
 * Turns the first issue of a failed `safeParse` into a field path (`payment_method.network_id`)
 * and a message that names it. `missing` is true when the input had nothing at that path. A key
 * core's strict request schemas do not list comes first, named by its own path (`signal`,
 * `payment_method.extra`), as the server kit and core's client name it.
 */
export function firstIssue(
  issues: readonly SchemaIssue[],
  input: unknown,
  prefix = '',
): { field: string; message: string; missing: boolean } {
  if (issues.some((issue) => issue.code === 'unrecognized_keys')) {
    const [unknown] = toInputIssues(
      issues.map((issue) => ({ ...issue, path: prefix ? [prefix, ...issue.path] : issue.path })),
    )
    if (unknown) return { ...unknown, missing: false }
  }
  const issue = issues[0]
  if (!issue) return { field: prefix || 'body', message: 'Invalid input', missing: false }
  const parts = issue.path.map((part) => String(part))
  const field = [prefix, ...parts].filter(Boolean).join('.') || 'body'
  const missing = parts.length > 0 && valueAt(input, parts) === undefined
  const message = missing
    ? `${field} is required`
    : issue.message.startsWith(field)
      ? issue.message
      : `${field}: ${issue.message}`
  return { field, message, missing }
}

function valueAt(input: unknown, path: readonly string[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}
