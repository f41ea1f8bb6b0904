import type { Context } from 'hono'
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
