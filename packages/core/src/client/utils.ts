import type { z } from 'zod'
import { RampInputError, toInputIssues } from '../errors/index.js'

/**
 * Validates an operation's parameters with a core schema before anything is sent.
 *
 * @throws {RampInputError} naming the service's field, e.g. `limit` or `customer_id`.
 */
export function parseParameters<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw new RampInputError(toInputIssues(result.error.issues))
}

/**
 * The query to send: the parsed (normalised) values of only the keys the caller gave, so a
 * schema default is left to the service and names stay the caller's.
 */
export function givenQuery(
  parsed: Readonly<Record<string, unknown>>,
  given: Readonly<Record<string, unknown>>,
): Record<string, string | number> {
  const query: Record<string, string | number> = {}
  for (const key of Object.keys(given)) {
    if (given[key] === undefined) continue
    const value = parsed[key]
    if (typeof value === 'string' || typeof value === 'number') query[key] = value
  }
  return query
}

/** A path built from segments, each URL-encoded. */
export function path(...segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${encodeURIComponent(String(segment))}`).join('')
}
