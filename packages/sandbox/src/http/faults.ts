import type { MiddlewareHandler } from 'hono'
import { ApiError } from './envelope.js'

/** A fault forced on the next matching calls (admin control). */
export type ForcedFault = {
  status: 429 | 502 | 503
  retryAfterSeconds: number
  remaining: number
  /** Only calls whose path starts with this (default: any service call). */
  path: string | null
  method: string | null
}

/**
 * Answers the next matching calls with a forced 502, 503 or 429 (admin control). Runs after
 * authentication, like a real upstream failure would; admin routes are never affected.
 *
 * The forced 503 is a transient outage: `Retry-After` and no corridor in `data`, so core's
 * client reads it as `ServiceUnavailableError` and retries it. It is deliberately not the spec's
 * permanent 503 "corridor not configured", which names the corridor (`data.country`,
 * `data.currency`) without `Retry-After` and is served for the seed's CM/XAF corridor.
 */
export function forcedFaults(faults: ForcedFault[]): MiddlewareHandler {
  return async function forcedFaults(c, next) {
    const path = c.req.path
    const index = path.startsWith('/__sandbox')
      ? -1
      : faults.findIndex(
          (fault) =>
            (!fault.path || path.startsWith(fault.path)) &&
            (!fault.method || fault.method === c.req.method),
        )
    const fault = faults[index]
    if (!fault) return next()
    fault.remaining -= 1
    if (fault.remaining <= 0) faults.splice(index, 1)
    if (fault.status === 429) {
      throw new ApiError(
        429,
        'Too many requests; retry after the Retry-After delay',
        { retry_after: fault.retryAfterSeconds },
        { headers: { 'Retry-After': String(fault.retryAfterSeconds) } },
      )
    }
    if (fault.status === 503) {
      throw new ApiError(503, 'Service temporarily unavailable (forced by the sandbox)', null, {
        headers: { 'Retry-After': String(fault.retryAfterSeconds) },
      })
    }
    // GET /quote prices from a price provider (spec section 7: "price provider error -> 502").
    const upstream = path === '/quote' ? 'Price provider' : 'Upstream'
    throw new ApiError(502, `${upstream} temporarily unavailable (forced by the sandbox)`, {
      upstream_http_status: 503,
    })
  }
}
