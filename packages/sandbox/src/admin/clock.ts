import { isoMillis } from '../clock/index.js'
import { ApiError } from '../http/envelope.js'
import type { SandboxContext } from '../service/context.js'
import type { SandboxAdmin } from './types.js'

/** Sandbox time: read it, and move it forward running what became due. */
export function clockControls(ctx: SandboxContext): Pick<SandboxAdmin, 'advance' | 'clock'> {
  return {
    async advance(ms) {
      if (!Number.isFinite(ms) || ms < 0 || ms > 366 * 86_400_000) {
        throw new ApiError(422, 'ms must be a number from 0 to one year', { field: 'ms' })
      }
      await ctx.clock.advance(ms)
      return { now: isoMillis(ctx.clock.now()) }
    },
    clock() {
      return {
        now: isoMillis(ctx.clock.now()),
        speed: ctx.clock.speed,
        pending: ctx.clock.pending().map((job) => ({ at: isoMillis(job.at), label: job.label })),
      }
    },
  }
}
