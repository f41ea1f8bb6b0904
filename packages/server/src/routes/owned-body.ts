import type { Context, MiddlewareHandler } from 'hono'
import { type Parser, parseWith, readJsonObject } from '../http/body.js'
import type { RampEnv } from './context.js'
import { sessionOwner } from './guards.js'

/** The user a write is for and its parsed body, or the answer that refuses the body. */
export type OwnedBody<T> = { ok: true; owner: string; data: T } | { ok: false; response: Response }

/**
 * The opening of a write behind the `session` guard: the user the guard let through, and the
 * JSON body parsed with `schema`. A body that is not a JSON object (an empty one reads as `{}`
 * when `optional`) is the 400 to answer, one the schema refuses the 422 naming its field.
 *
 * @example
 * const request = await readOwnedBody(c, saveCustomerRequest)
 * if (!request.ok) return request.response
 * await vault.save(request.owner, request.data)
 */
export async function readOwnedBody<T>(
  c: Context<RampEnv>,
  schema: Parser<T>,
  options: { optional?: boolean } = {},
): Promise<OwnedBody<T>> {
  const owner = sessionOwner(c)
  const body = await readJsonObject(c, options)
  if (!body.ok) return body
  const parsed = parseWith(c, schema, body.data)
  if (!parsed.ok) return parsed
  return { ok: true, owner, data: parsed.data }
}

/**
 * Middleware that reads the JSON body and parses it with `schema`, once, the way hono's
 * `validator` does: a body that is not a JSON object is the 400, one the schema refuses the 422
 * naming its field, answered here; what it parsed is kept on the request for the guards after
 * it (`walletProof` refuses from it by itself) and the handler (`parsedBody(c, schema)`).
 *
 * @example
 * middleware: (kit) => [limitBody({ maxBytes: kit.bodyLimitBytes }), parseBody(createOrderRequest)]
 */
export function parseBody<T>(
  schema: Parser<T>,
  options: { optional?: boolean } = {},
): MiddlewareHandler<RampEnv> {
  return async function parseBody(c, next) {
    const body = await readJsonObject(c, options)
    if (!body.ok) return body.response
    const parsed = parseWith(c, schema, body.data)
    if (!parsed.ok) return parsed.response
    c.set('body', { schema, data: parsed.data })
    await next()
  }
}

/**
 * The body `parseBody(schema)` parsed for this request. Throws when no `parseBody` of this
 * schema ran before (a route that reads a body it never declared parsing).
 */
export function parsedBody<T>(c: Context<RampEnv>, schema: Parser<T>): T {
  const body = c.get('body')
  if (body === undefined || body.schema !== schema) {
    throw new Error(
      `${c.req.method} ${c.req.routePath} reads a body that no parseBody middleware of its schema parsed`,
    )
  }
  return body.data as T
}
