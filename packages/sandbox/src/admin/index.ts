import type { SandboxContext } from '../service/context.js'
import { accountControls } from './accounts.js'
import { chainControls } from './chain.js'
import { clockControls } from './clock.js'
import { faultControls } from './faults.js'
import { outcomeControls } from './outcomes.js'
import { quoteControls } from './quotes.js'
import type { SandboxAdmin } from './types.js'
import { webhookControls } from './webhooks.js'

export type { FaultOptions, SandboxAdmin, SendOptions } from './types.js'

/**
 * Creates the admin controls over a sandbox context (`startSandbox` returns them as `admin`).
 *
 * @example
 * const admin = createSandboxAdmin(ctx)
 * admin.forceFault({ status: 429, retryAfterSeconds: 2, path: '/quote' })
 *
 * One part per concern: the clock, forced outcomes, faults, webhooks, customer accounts, the
 * chain and the quotes as received, each a file beside this one.
 */
export function createSandboxAdmin(ctx: SandboxContext): SandboxAdmin {
  return {
    ...clockControls(ctx),
    ...outcomeControls(ctx),
    ...faultControls(ctx),
    ...webhookControls(ctx),
    ...accountControls(ctx),
    ...chainControls(ctx),
    ...quoteControls(ctx),
  }
}
