import { type SchemaIssue, toInputIssues } from '@rampkit/core/errors'
import type { Context } from 'hono'
import { fail } from './envelope.js'

type SafeParse<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly SchemaIssue[] } }
/** The part of a zod schema the kit uses, so routes need no zod import of their own. */
export type Parser<T> = { safeParse(input: unknown): SafeParse<T> }

/** A 422 with the first issue's message and `data.field`, the way the service answers. */
export function invalid(c: Context, field: string, message: string) {
  return fail(c, 422, message, field ? { field } : null)
}

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response }

/**
 * Parses `input` with `schema`; a failure is the 422 answer to return, naming the field at
 * fault the way core's `RampInputError` does. Core's request schemas are strict, so a body key
 * they do not list (`signal`, `payment_method.extra`) is that field, and is never forwarded.
 */
export function parseWith<T>(c: Context, schema: Parser<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const [issue] = toInputIssues(result.error.issues)
  return { ok: false, response: invalid(c, issue?.field ?? '', issue?.message ?? 'Invalid input') }
}

/** Parses the query string (unknown keys are dropped by the schemas). */
export function parseQuery<T>(c: Context, schema: Parser<T>): Parsed<T> {
  return parseWith(c, schema, c.req.query())
}

/**
 * Deepest nesting of objects and arrays a browser body may have (real ones are 3 or 4 deep).
 * A body under the size limit can still nest thousands of levels, and re-serialising that for
 * the service overflows the stack.
 */
export const MAX_JSON_DEPTH = 32

/** Whether `value` nests deeper than `max`; walks with its own stack, so it cannot overflow. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, depth] = next
    if (current === null || typeof current !== 'object') continue
    if (depth > max) return true
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return false
}

/**
 * Reads the JSON body (already limited in size). An empty body is `{}` when `optional`; a
 * body that is not a JSON object, or nests deeper than `MAX_JSON_DEPTH`, is a 400 before
 * anything else runs.
 */
export async function readJsonObject(
  c: Context,
  options: { optional?: boolean } = {},
): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; response: Response }> {
  const text = await c.req.text()
  if (text.trim() === '') {
    if (options.optional) return { ok: true, data: {} }
    return { ok: false, response: fail(c, 400, 'Send a JSON object as the request body.') }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, response: fail(c, 400, 'The request body is not valid JSON.') }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, response: fail(c, 400, 'Send a JSON object as the request body.') }
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    return {
      ok: false,
      response: fail(c, 400, `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`),
    }
  }
  return { ok: true, data: value as Record<string, unknown> }
}
