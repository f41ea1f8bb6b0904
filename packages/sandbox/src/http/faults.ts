import type { MiddlewareHandler } from 'hono'
import type { ForcedFault } from '../service/context.js'
import { ApiError } from './envelope.js'

/**
 * Answers the next matching calls with a forced 502, 503 or 429 (admin control). Runs after
 * authentication, like a real upstream failure would; admin routes are never affected.
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
    throw new ApiError(502, 'Upstream temporarily unavailable (forced by the sandbox)', {
      upstream_http_status: 503,
    })
  }
}
