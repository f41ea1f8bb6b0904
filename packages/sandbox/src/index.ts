/**
 * `@rampkit/sandbox`: the ramp service on your machine. `startSandbox` runs it in process (with
 * a local chain) for other packages' tests; `createSandboxApp` and `createSandboxContext` give
 * the bare Hono app for `app.request()` tests; `ramp-sandbox` is the CLI.
 */
export {
  createSandboxAdmin,
  type FaultOptions,
  type SandboxAdmin,
  type SendOptions,
} from './admin/index.js'
export { createSandboxApp, type SandboxAppOptions } from './app.js'
export {
  createSandboxClock,
  type SandboxClock,
  type SandboxClockOptions,
  type ScheduledJob,
} from './clock/index.js'
export { MAX_BODY_BYTES } from './http/body.js'
export { stableUuid } from './seed/ids.js'
export {
  assertSandboxKey,
  createSandboxContext,
  type Sandbox,
  type SandboxOptions,
  type StartSandboxOptions,
  startSandbox,
} from './server.js'
export type { ChainToken, SandboxChainPort } from './service/chain.js'
export { DEFAULT_TIMINGS, type SandboxContext, type SandboxTimings } from './service/context.js'
export {
  type Delivery,
  type DeliveryAttempt,
  IDEMPOTENCY_KEY_HEADER,
  type NextDeliveryControl,
  SANDBOX_USER_AGENT,
} from './webhooks/dispatcher.js'
