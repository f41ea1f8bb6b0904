import { ApiError } from '../http/envelope.js'
import type { SandboxContext } from '../service/context.js'
import type { SandboxAdmin } from './types.js'

/** Forced faults: the next matching calls answer 429, 502 or 503. */
export function faultControls(ctx: SandboxContext): Pick<SandboxAdmin, 'forceFault'> {
  return {
    forceFault(options) {
      if (![429, 502, 503].includes(options.status)) {
        throw new ApiError(422, 'status must be 429, 502 or 503', { field: 'status' })
      }
      const count = options.count ?? 1
      const retryAfter = options.retryAfterSeconds ?? 1
      if (!Number.isInteger(count) || count < 1 || count > 1000) {
        throw new ApiError(422, 'count must be an integer from 1 to 1000', { field: 'count' })
      }
      if (!Number.isInteger(retryAfter) || retryAfter < 0 || retryAfter > 3600) {
        throw new ApiError(422, 'retry_after must be an integer from 0 to 3600', {
          field: 'retry_after',
        })
      }
      ctx.faults.push({
        status: options.status,
        retryAfterSeconds: retryAfter,
        remaining: count,
        path: options.path ?? null,
        method: options.method?.toUpperCase() ?? null,
      })
    },
  }
}
