import type { ErrorData } from '@rampkit/core/internal'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * Error `data` keys the kit passes from the service to the browser. Anything else the
 * service puts in `data` (upstream statuses, provider blobs) stays on the server.
 */
export const PUBLIC_ERROR_DATA_KEYS = [
  'field',
  'country',
  'currency',
  'token',
  'code',
  'required',
  'current',
  'order_id',
  // The limits a refused amount was checked against (public: the catalog lists them), in
  // `currency`: the amount step names them instead of "check the limits".
  'min_amount',
  'max_amount',
  // Where the kit is mounted, on a request that matched none of its routes: public (it is the
  // address the browser must call), and what the widget's developer message names.
  'base_path',
] as const

/** Keeps only the whitelisted keys whose values are plain strings, numbers or booleans. */
export function publicErrorData(data: unknown): ErrorData | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null
  const out: Record<string, string | number | boolean> = {}
  for (const key of PUBLIC_ERROR_DATA_KEYS) {
    const value = (data as Record<string, unknown>)[key]
    if (typeof value === 'bigint') out[key] = value.toString()
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out[key] = value
    }
  }
  return Object.keys(out).length > 0 ? (out as ErrorData) : null
}

/** A success envelope (spec section 1). */
export function ok<T>(
  c: Context,
  data: T,
  message = 'OK',
  status: ContentfulStatusCode = 200,
): Response {
  return c.json({ status: 'success' as const, message, data }, status)
}

/** An error envelope (spec section 1) whose `data` holds only public hints. */
export function fail(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  data: unknown = null,
): Response {
  return c.json({ status: 'error' as const, message, data: publicErrorData(data) }, status)
}

/** The same body for "missing" and "not yours", so ids cannot be probed. */
export function notFound(c: Context, what = 'Order'): Response {
  return fail(c, 404, `${what} not found`)
}
