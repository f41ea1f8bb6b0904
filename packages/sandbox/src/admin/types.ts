import type { ForcedOutcome } from '../state/store.js'
import type { Delivery, NextDeliveryControl } from '../webhooks/dispatcher.js'

/** A forced fault: the next `count` matching calls answer `status`. */
export type FaultOptions = {
  status: 429 | 502 | 503
  /** `Retry-After` seconds on 429 and 503. Default 1. */
  retryAfterSeconds?: number
  /** How many calls. Default 1. */
  count?: number
  /** Only calls whose path starts with this, e.g. `/quote`. */
  path?: string
  method?: string
}

/** An outbound stablecoin send from a customer account. */
export type SendOptions = {
  amount: string | number
  /** Destination wallet; with a chain attached the tokens really move there. */
  to?: string
  outcome?: 'completed' | 'failed'
  reference?: string
}

/**
 * The controls a remote sandbox lacks, in process: the same operations the `/__sandbox` routes
 * expose. Operations on a user's resources take its API key.
 *
 * @example
 * const sandbox = await startSandbox({ port: 0 })
 * sandbox.admin.forceNextOrder(sandbox.apiKeys[0], 'fail')
 * await sandbox.admin.advance(10_000)
 */
export type SandboxAdmin = {
  /** Moves sandbox time forward and runs what became due (transitions, webhook retries). */
  advance(ms: number): Promise<{ now: string }>
  clock(): { now: string; speed: number; pending: { at: string; label: string }[] }
  /**
   * The next order of this key ends with `outcome`, whatever its test values or the default.
   */
  forceNextOrder(apiKey: string, outcome: ForcedOutcome): void
  settleOrder(apiKey: string, orderId: string): Promise<unknown>
  failOrder(apiKey: string, orderId: string): unknown
  refundOrder(apiKey: string, orderId: string): Promise<unknown>
  forceFault(options: FaultOptions): void
  /** Delay or duplicate the next webhook of this key (optionally of one event). */
  controlNextWebhook(apiKey: string, control: NextDeliveryControl): void
  setWebhook(apiKey: string, endpoint: { url?: string | null; secret?: string }): void
  creditAccount(
    apiKey: string,
    accountId: number,
    credit: { amount: string | number; reference?: string },
  ): unknown
  sendFromAccount(apiKey: string, accountId: number, send: SendOptions): Promise<unknown>
  deliveries(apiKey?: string, event?: string): Delivery[]
  /** A quote's request body as the sandbox received it, fields it does not read included. */
  quoteRequest(apiKey: string, quoteId: string): unknown
  /** Resolves when no webhook attempt is in flight. */
  idle(): Promise<void>
  mint(token: string, to: string, amount: string | number): Promise<{ tx: unknown }>
}
