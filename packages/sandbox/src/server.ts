import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createSandboxAdmin, type SandboxAdmin } from './admin/index.js'
import { createSandboxApp } from './app.js'
import { startChain } from './chain/index.js'
import { createSandboxClock, type SandboxClock } from './clock/index.js'
import type { SandboxChainPort } from './service/chain.js'
import { DEFAULT_TIMINGS, type SandboxContext, type SandboxTimings } from './service/context.js'
import { generateApiKey, generateWebhookSecret, SandboxStore } from './state/store.js'
import { createWebhookDispatcher, ORDER_DELIVERY_MAX_ATTEMPTS } from './webhooks/dispatcher.js'

/** Options of `createSandboxContext` and `startSandbox`. */
export type SandboxOptions = {
  /** Sandbox API keys (`is_test_...`), one partner user each. Default: one generated key. */
  apiKeys?: readonly string[]
  /** Where every key's webhooks go. Default: none (deliveries are logged as skipped). */
  webhookUrl?: string | null
  /** Secret webhooks are signed with. Default: a generated `whsec_...`. */
  webhookSecret?: string
  /** Sandbox clock speed (0 freezes it: only `advance` moves time). Default 1. */
  speed?: number
  timings?: Partial<SandboxTimings>
  /**
   * How an order ends when no documented sandbox test value decides it (the success and failure
   * phones, account numbers and off-ramp names of the service's sandbox guide) and no control
   * forced it. Default `pending`: it waits in `pending_settlement`, as the service's sandbox
   * does, until a control settles, fails or refunds it.
   */
  orderOutcome?: 'pending' | 'settle' | 'fail' | 'refund'
  /**
   * Attempts of an order webhook in all, the first included, while the endpoint cannot be
   * reached (1 to 3). Default 3, the service's. Account and customer webhooks: one attempt.
   */
  webhookMaxAttempts?: number
  /** Sandbox ms before each retry of an order webhook, each at most 5 s. Default 1 s, 2 s. */
  webhookBackoffMs?: readonly number[]
  /** Hold the first attempt of every delivery this many sandbox ms (0 to 86400000). Default 0. */
  webhookDelayMs?: number
  /** Send every delivery again this many times after it succeeds (0 to 10). Default 0. */
  webhookDuplicates?: number
  /**
   * Customer-signed accepts, as the Console's "Signed accepts" setting turns them on per API
   * key: `true` for every key, or the keys to turn them on for. With them, a quote requires a vault `customer_id` and, when the customer has an
   * active signing key, answers `signing` (the EIP-712 `typed_data` of the accept, a fresh nonce,
   * the quote's expiry as deadline); an accept requires `signed_accept.signature`, verified
   * against that key over that typed data, its nonce used once. Default false: quote and accept
   * unchanged.
   */
  signedAccepts?: boolean | readonly string[]
  /** Wall clock of webhook signatures (ms). Default `Date.now`. */
  wallNow?: () => number
  /** Log lines (transitions, unexpected errors). Default: none. */
  log?: (line: string) => void
}

/**
 * Throws unless `key` is a sandbox key: `is_test_` and at least one more safe character. A
 * production key (`is_live_`) gets a message naming both environments.
 *
 * @example
 * assertSandboxKey('is_test_alice') // ok
 * assertSandboxKey('is_live_abc') // throws
 */
export function assertSandboxKey(key: string) {
  if (key.startsWith('is_live_')) {
    throw new Error(
      'A production key (is_live_) cannot be used with the sandbox; sandbox keys start with is_test_',
    )
  }
  if (!/^is_test_[A-Za-z0-9_-]{1,200}$/.test(key)) {
    throw new Error(
      'Sandbox API keys are is_test_ followed by letters, digits, _ or - (200 at most)',
    )
  }
}

/**
 * Builds the state of one sandbox (store, clock, webhook dispatcher) around a chain, or none:
 * route tests use it with `createSandboxApp` and `app.request()`, no server, no chain.
 *
 * @example
 * const ctx = createSandboxContext({ speed: 0, apiKeys: ['is_test_unit_key'] })
 * const app = createSandboxApp(ctx)
 */
export function createSandboxContext(
  options: SandboxOptions = {},
  chain?: SandboxChainPort,
): SandboxContext {
  const apiKeys = options.apiKeys?.length ? [...options.apiKeys] : [generateApiKey()]
  for (const key of apiKeys) assertSandboxKey(key)
  const webhookSecret = options.webhookSecret?.trim() || generateWebhookSecret()
  const log = options.log ?? (() => {})
  const delayMs = options.webhookDelayMs ?? 0
  if (!Number.isFinite(delayMs) || delayMs < 0 || delayMs > 86_400_000) {
    throw new Error('webhookDelayMs must be from 0 to 86400000')
  }
  const maxAttempts = options.webhookMaxAttempts ?? ORDER_DELIVERY_MAX_ATTEMPTS
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 3) {
    // The service makes at most 3; more would hide a receiver that needs a fourth.
    throw new Error('webhookMaxAttempts must be an integer from 1 to 3')
  }
  const duplicates = options.webhookDuplicates ?? 0
  if (!Number.isInteger(duplicates) || duplicates < 0 || duplicates > 10) {
    throw new Error('webhookDuplicates must be an integer from 0 to 10')
  }
  const clock = createSandboxClock({
    speed: options.speed ?? 1,
    onJobError: (error, label) =>
      log(`job "${label}" failed: ${error instanceof Error ? error.message : String(error)}`),
  })
  const store = new SandboxStore()
  const signed = options.signedAccepts ?? false
  for (const key of apiKeys) {
    const user = store.addUser(key, options.webhookUrl ?? null, webhookSecret)
    user.signedAccepts = signed === true || (Array.isArray(signed) && signed.includes(key))
  }
  const dispatcher = createWebhookDispatcher({
    clock,
    maxAttempts,
    backoffMs: options.webhookBackoffMs,
    wallNow: options.wallNow,
    standing: { delayMs, duplicates },
  })
  return {
    clock,
    store,
    chain,
    dispatcher,
    timings: { ...DEFAULT_TIMINGS, ...options.timings },
    faults: [],
    defaultOutcome: options.orderOutcome ?? 'pending',
    log,
  }
}

/** Options of `startSandbox`: the sandbox's, plus where to listen and which chain to use. */
export type StartSandboxOptions = SandboxOptions & {
  /** Port; 0 picks a free one. Default 4010. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Use an existing chain at this RPC URL instead of starting anvil. */
  rpcUrl?: string
  /** The port of the anvil the sandbox starts (on 127.0.0.1); 0 or omitted: a free one. */
  anvilPort?: number
  /** Use this chain (not stopped by `stop()`); `false` runs without one (chain routes answer 502). */
  chain?: SandboxChainPort | false
  /**
   * Wall-clock ms every answer waits before it is computed (0 to 60 000), as a service across a
   * network and in front of a database would take: benchmarks of a proxy or a cache measure
   * against it. Default 0.
   */
  latencyMs?: number
}

/** A running sandbox. */
export type Sandbox = {
  /** Base URL, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: string
  apiKeys: string[]
  webhookSecret: string
  chain: SandboxChainPort | undefined
  clock: SandboxClock
  admin: SandboxAdmin
  context: SandboxContext
  /** Stops the server, the clock, webhook retries and the chain it started. */
  stop(): Promise<void>
}

async function startDefaultChain(
  rpcUrl: string | undefined,
  anvilPort: number | undefined,
): Promise<SandboxChainPort> {
  return startChain(rpcUrl ? { rpcUrl } : { port: anvilPort ?? 0 })
}

/**
 * Starts the whole sandbox in process: a local chain (anvil, or the one at `rpcUrl`), the
 * service on `host:port`, the clock and webhook delivery. Other packages' tests use it with
 * `port: 0`.
 *
 * @example
 * const sandbox = await startSandbox({ port: 0, speed: 0, webhookUrl: receiver.url })
 * const client = createRampClient({ apiKey: sandbox.apiKeys[0], baseUrl: sandbox.url })
 * // ...
 * await sandbox.stop()
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<Sandbox> {
  const latencyMs = options.latencyMs ?? 0
  if (!Number.isInteger(latencyMs) || latencyMs < 0 || latencyMs > 60_000) {
    throw new Error('latencyMs must be an integer from 0 to 60000')
  }
  const ownChain = options.chain === undefined
  const chain =
    options.chain === false
      ? undefined
      : options.chain === undefined
        ? await startDefaultChain(options.rpcUrl, options.anvilPort)
        : options.chain
  let context: SandboxContext
  try {
    context = createSandboxContext(options, chain)
  } catch (error) {
    if (ownChain) await chain?.stop()
    throw error
  }
  const admin = createSandboxAdmin(context)
  const app = createSandboxApp(context, { admin, wallNow: options.wallNow })
  const fetch: typeof app.fetch =
    latencyMs === 0
      ? app.fetch
      : (request, ...rest) =>
          new Promise((resolve) => setTimeout(resolve, latencyMs)).then(() =>
            app.fetch(request, ...rest),
          )
  const host = options.host ?? '127.0.0.1'
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch, port: options.port ?? 4010, hostname: host }, () =>
      resolve(started),
    )
    started.once('error', reject)
  }).catch(async (error: unknown) => {
    context.clock.stop()
    if (ownChain) await chain?.stop()
    throw error
  })
  const address = server.address() as AddressInfo
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  let stopped: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${address.port}`,
    apiKeys: [...context.store.users.values()].map((user) => user.apiKey),
    webhookSecret: [...context.store.users.values()][0]?.webhookSecret ?? '',
    chain,
    clock: context.clock,
    admin,
    context,
    stop() {
      stopped ??= (async () => {
        context.clock.stop()
        context.dispatcher.stop()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Keep-alive sockets would hold close() open; the sandbox owns no long requests.
          if ('closeAllConnections' in server) server.closeAllConnections()
        })
        await context.dispatcher.idle()
        if (ownChain) await chain?.stop()
      })()
      return stopped
    },
  }
}
