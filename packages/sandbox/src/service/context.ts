import type { SandboxClock } from '../clock/index.js'
import type { WebhookEvent } from '../core.js'
import type { ForcedFault } from '../http/faults.js'
import type { OrderOutcome, SandboxStore, SandboxUser } from '../state/store.js'
import type { WebhookDispatcher } from '../webhooks/dispatcher.js'
import type { SandboxChainPort } from './chain.js'

/** Timings of the sandbox's lifecycles, in sandbox ms. */
export type SandboxTimings = {
  /** Time-to-live of a binding quote. Default 120 000 (2 minutes). */
  quoteTtlMs: number
  /** Direct order: `submitted` -> `processing`. Default 1 000. */
  processingAfterMs: number
  /** `processing` -> `settled` (or the order's other outcome). Default 3 000. */
  settleAfterMs: number
  /** Customer `pending_review` -> `approved`/`rejected`. Default 2 000. */
  reviewAfterMs: number
  /** Deposit-account product `provisioning` -> `ready` (or `failed`). Default 2 000. */
  depositReadyAfterMs: number
  /** Account opened `pending` -> `active` with coordinates (`account.ready`). Default 1 000. */
  accountReadyAfterMs: number
  /** How long a signing-key challenge may be completed. Default 600 000 (10 minutes). */
  signingChallengeTtlMs: number
}

/**
 * The sandbox's default timings (sandbox ms); `startSandbox({ timings })` overrides any of them.
 *
 * @example
 * await startSandbox({ timings: { ...DEFAULT_TIMINGS, settleAfterMs: 30_000 } })
 */
export const DEFAULT_TIMINGS: SandboxTimings = {
  quoteTtlMs: 120_000,
  processingAfterMs: 1_000,
  settleAfterMs: 3_000,
  reviewAfterMs: 2_000,
  depositReadyAfterMs: 2_000,
  accountReadyAfterMs: 1_000,
  signingChallengeTtlMs: 600_000,
}

/** Everything a route or lifecycle needs: one object, built once per sandbox. */
export type SandboxContext = {
  clock: SandboxClock
  store: SandboxStore
  chain: SandboxChainPort | undefined
  dispatcher: WebhookDispatcher
  timings: SandboxTimings
  faults: ForcedFault[]
  /**
   * Outcome of an order no documented test value decides and no control forced (CLI
   * `--order-outcome`); `pending` leaves it in `pending_settlement`.
   */
  defaultOutcome: OrderOutcome
  /** The published form GET /partner/catalog answers in (`SandboxOptions.catalogForm`). */
  catalogForm: 'tree' | 'markets'
  log: (line: string) => void
}

/** Sends a webhook for a user to the user's endpoint. */
export function notify(
  ctx: SandboxContext,
  user: SandboxUser,
  event: WebhookEvent,
  payload: unknown,
) {
  return ctx.dispatcher.emit(
    { userId: user.id, url: user.webhookUrl, secret: user.webhookSecret },
    event,
    payload,
  )
}
