import { ConfigurationError } from '@rampkit/core'
import {
  createRampClient,
  environmentOfKey,
  type RampClient,
  type RampEnvironment,
} from '@rampkit/core/client'
import type { Context } from 'hono'
import type { OrderBus } from '../bus/types.js'
import { consoleLogger, type RampLogger, redactingLogger, silentLogger } from '../logger.js'
import type { TrustProxy } from '../middleware/client-ip/index.js'
import { normaliseOrigin } from '../middleware/origin-check/index.js'
import { type GetEndUser, MIN_SESSION_SECRET_LENGTH } from '../middleware/session/index.js'
import type { CustomerMode, StreamLimits } from '../routes/context.js'
import type { WalletProofOptions } from '../routes/wallets/options.js'
import type { CustomerLinks } from '../store/customers/types.js'
import type { RampStore } from '../store/types.js'
import { keepAliveFetch } from '../upstream/keep-alive.js'
import { DEFAULT_WEBHOOK_MAX_BYTES } from '../webhooks/ingest.js'
import type { DeliveryJournalFile } from '../webhooks/journal.js'
import type { WebhookHandlers } from '../worker/events.js'
import type { WorkerPollOptions } from '../worker/worker.js'

/** Per-user and per-IP request limits of the browser routes, per fixed window. */
export type RampRateLimitOptions = {
  /** Requests per window per end user. Default 120. */
  perUser?: number
  /** Requests per window per client address. Default 600. */
  perIp?: number
  /**
   * Requests per window from all the clients whose address the kit cannot see, together, on one
   * instance (no socket and no `getClientIp` or `trustProxy`, as under Next.js): a client that
   * drops its session cookie still meets a limit. Default: `perIp`.
   */
  unknownAddresses?: number
  /** Window length in ms. Default 60 000. */
  windowMs?: number
  /**
   * Customers created at the service (a user's saves while they have no customer), a stricter
   * limit of its own: per client address each user once a window (all unseen addresses
   * together, per instance), and per end user each try. Default 10 users per address and 20
   * tries per user an hour.
   */
  customerCreates?: { perUser?: number; perIp?: number; windowMs?: number }
}

/**
 * Where verified webhooks wait while the store is down. The service does not resend a delivery
 * it got an answer for, so the kit acknowledges it and keeps it here until the store answers.
 */
export type RampWebhookJournalOptions = {
  /** Deliveries held at most; then a delivery is answered 503 (and logged as not kept). Default 10 000. */
  maxDeliveries?: number
  /** Bytes held at most (bodies, ids, signatures). Default 32 MiB. */
  maxBytes?: number
  /**
   * How long a delivery waits for a store that does not answer before it is journaled. Default
   * 10 000 ms in memory (only as safe as the process), 2 000 ms with a file (synced first).
   */
  storeTimeoutMs?: number
  /** Longest wait between two tries to write journaled deliveries. Default 30 000 ms. */
  retryMaxMs?: number
  /**
   * A durable copy, so a restart during the outage loses nothing: `fileJournal({ dir })` from
   * `@rampkit/server/file-journal` (Node). Default none: the journal lives in memory.
   */
  file?: DeliveryJournalFile
}

/** Options of {@link createRampHandler}. */
export type RampHandlerOptions = {
  /** The partner API key (`is_test_…` sandbox, `is_live_…` production). Stays on the server. */
  apiKey: string
  /** Must match the key's prefix; defaults to the key's environment. */
  environment?: RampEnvironment
  /**
   * The service's base address for this environment: the published form ending in `/api/v1`
   * (`https://sandbox.elementpay.net/api/v1`) or the bare host; both reach the same URLs.
   */
  baseUrl: string
  /** The webhook secret, or a list (current first) while rotating. */
  webhookSecret: string | readonly string[]
  /** Where deliveries, orders and counters live. Default `memoryStore()` (one process). */
  store?: RampStore
  /** Live-status bus for the SSE route. Default `memoryBus()` (one process). */
  bus?: OrderBus
  /**
   * Who is asking: your sign-in's user id, or null. Every order is owned by the end user who
   * made it, and only they can read it. Default: an anonymous signed session cookie.
   */
  getEndUser?: GetEndUser
  /** Signs the default session cookie. Required in production unless `getEndUser` is given. */
  sessionSecret?: string
  /** Browser origins (`https://shop.example`) allowed besides this app's own. Never `*`. */
  allowedOrigins?: readonly string[]
  /** Request limits of the browser routes; `false` turns them off. */
  rateLimit?: RampRateLimitOptions | false
  /** Trust `X-Forwarded-*` from this many proxies (`true` = 1). Default: never. */
  trustProxy?: TrustProxy
  /** The client address for rate limits when the runtime's socket is not visible. */
  getClientIp?: (c: Context) => string | null
  /** Timeout of one upstream attempt, ms (aborted, not raced). Default 10 000. */
  upstreamTimeoutMs?: number
  /** How long catalog-like reads are cached, ms; 0 turns the cache off. Default 30 000. */
  cacheTtlMs?: number
  /** Largest browser request body, bytes. Default 16 KiB. */
  bodyLimitBytes?: number
  /** Largest webhook body, bytes. Default 256 KiB. */
  webhookBodyLimitBytes?: number
  /** The local journal of webhooks received while the store is down (bounds, a file). */
  webhookJournal?: RampWebhookJournalOptions
  /** Your reactions to events (`onOrderSettled`, …), run by the worker. */
  handlers?: WebhookHandlers
  /**
   * Run the in-process worker. Default true. It starts on the first request, or at
   * `ramp.start()`: call that on a long-lived server so a backlog is applied without traffic.
   */
  worker?: boolean
  /** Backup polls of late orders; `false` turns them off. Default: every 30 s, late after 2 min. */
  poll?: Omit<WorkerPollOptions, 'fetchOrder'> | false
  /**
   * Event streams (order and customer events) held open at once per end user, per client
   * address (all unseen addresses together) and on the instance; one more is answered 429 with
   * `Retry-After`. Default 20 per user, 200 per address, 1,000 per instance.
   */
  streamLimits?: StreamLimits
  /** SSE heartbeat interval, ms. Default 15 000. */
  heartbeatMs?: number
  /** Where the kit logs (secrets are removed first); `false` for silence. Default `console`. */
  logger?: RampLogger | false
  /**
   * The wallet proof (Sign-In with Ethereum) every sale needs: a session may sell only from a
   * wallet it has signed for. Pass a viem public client per chain (`publicClients`) to accept
   * smart-contract wallets too.
   */
  walletProof?: WalletProofOptions
  /**
   * How quotes name the customer. `vault` (the default with an `is_live_` key): the end user's
   * approved vault customer by `customer_id`, from the customer routes (KYC once); a user
   * without one gets a 403 `customer_not_verified`. `inline` (the default with an `is_test_`
   * key): the browser's inline `customer`, deprecated by the service, with `customer.uid` set
   * by the kit to the user's keyed ref.
   */
  customerMode?: CustomerMode
  /**
   * The key of the HMAC that turns an end user's id into the `partner_customer_ref` the vault
   * knows them by. Default `sessionSecret`. Keep it stable: a new secret means new customers.
   */
  customerRefSecret?: string
  /** Where end users' links to their vault customers live. Default: the store's own. */
  customerLinks?: CustomerLinks
  /**
   * Customer-signed accepts, as "Signed accepts" is set on your API key in the service's
   * Console (the service's optional non-custodial mode). On: the user's wallet is enrolled once
   * for their verified vault customer (POST /signing-keys/challenge, POST /signing-keys/complete,
   * GET /signing-keys) and signs each quote; an accept without `signed_accept.signature` is
   * refused with a 422 before it reaches the service; quotes name the user's verified vault
   * customer whatever `customerMode`. GET /config tells the widget. Default off.
   */
  signedAccepts?: boolean
  /**
   * Upstream fetch, for tests or instrumentation. Default on Node: requests over a keep-alive
   * `node:http(s)` agent (`keepAliveFetch`); elsewhere the global `fetch`.
   */
  fetch?: typeof fetch
  /** The path the app is served under when it is not mounted with `app.route` (Next.js). */
  basePath?: string
}

/** The kit's defaults, where an option is left out. */
export const DEFAULTS = {
  perUser: 120,
  perIp: 600,
  windowMs: 60_000,
  upstreamTimeoutMs: 10_000,
  cacheTtlMs: 30_000,
  bodyLimitBytes: 16 * 1024,
  heartbeatMs: 15_000,
  linkTimeoutMs: 3_000,
  customerCreates: { perUser: 20, perIp: 10, windowMs: 3_600_000 },
} as const

/** The options checked once, with their defaults filled in. */
export type ResolvedOptions = {
  client: RampClient
  environment: RampEnvironment
  /** The webhook secrets, current first. */
  webhookSecrets: readonly string[]
  /**
   * Everything the kit keeps out of responses, logs and stored errors. Mutable: a session
   * secret invented later (development) joins it, and every reader sees the same array.
   */
  secrets: string[]
  /** The partner's logger, behind the redaction of `secrets`. */
  logger: RampLogger
  allowedOrigins: readonly string[]
  basePath: string | undefined
  cacheTtlMs: number
  bodyLimitBytes: number
  webhookMaxBytes: number
  heartbeatMs: number
  /** Customer-signed accepts on. */
  signedAccepts: boolean
}

function secretList(value: string | readonly string[]): string[] {
  const list = (typeof value === 'string' ? [value] : [...value]).map((s) => s.trim())
  if (list.length === 0 || list.some((s) => s === '')) {
    throw new ConfigurationError(
      'invalid_option',
      'webhookSecret is empty: set it to the webhook secret of your API key (a list while rotating).',
    )
  }
  return list
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value < 0) {
    throw new ConfigurationError('invalid_option', `${name} must be a finite number >= 0.`)
  }
  return value
}

function normaliseBasePath(path: string | undefined): string | undefined {
  if (path === undefined || path === '' || path === '/') return undefined
  const trimmed = `/${path.replace(/^\/+|\/+$/g, '')}`
  if (!/^\/[A-Za-z0-9._~\-/[\]]*$/.test(trimmed)) {
    throw new ConfigurationError('invalid_option', 'basePath must be a URL path such as /api/ramp.')
  }
  return trimmed
}

/**
 * Checks `options` and fills in defaults: the upstream client, the environment, the secrets to
 * redact, the logger and the limits. Throws `ConfigurationError` (`invalid_option`) with what
 * to change; never a message holding a secret.
 */
export function resolveOptions(options: RampHandlerOptions): ResolvedOptions {
  const webhookSecrets = secretList(options.webhookSecret)
  const upstreamTimeoutMs = nonNegative(
    'upstreamTimeoutMs',
    options.upstreamTimeoutMs,
    DEFAULTS.upstreamTimeoutMs,
  )
  const client = createRampClient({
    apiKey: options.apiKey,
    environment: options.environment,
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? keepAliveFetch(),
    timeoutMs: upstreamTimeoutMs,
    totalTimeoutMs: 2.5 * upstreamTimeoutMs,
  })
  const apiKey = options.apiKey.trim()
  const environment: RampEnvironment =
    client.environment ?? environmentOfKey(apiKey) ?? options.environment ?? 'sandbox'
  const secrets: string[] = [apiKey, ...webhookSecrets]
  const logger = redactingLogger(
    options.logger === false ? silentLogger : (options.logger ?? consoleLogger),
    secrets,
  )

  if (options.sessionSecret !== undefined) {
    if (options.sessionSecret.trim().length < MIN_SESSION_SECRET_LENGTH) {
      throw new ConfigurationError(
        'invalid_option',
        `sessionSecret must be at least ${MIN_SESSION_SECRET_LENGTH} characters; generate one with \`openssl rand -base64 48\`.`,
      )
    }
    if (secrets.includes(options.sessionSecret.trim())) {
      throw new ConfigurationError(
        'invalid_option',
        'sessionSecret must differ from the API key and the webhook secret.',
      )
    }
    secrets.push(options.sessionSecret.trim())
  }
  if (environment === 'production' && !options.getEndUser && !options.sessionSecret) {
    throw new ConfigurationError(
      'invalid_option',
      'In production pass getEndUser (your sign-in) or a sessionSecret for the anonymous session cookie.',
    )
  }

  const allowedOrigins = (options.allowedOrigins ?? []).map((origin) => {
    const normal = normaliseOrigin(origin)
    if (origin === '*' || normal === null) {
      throw new ConfigurationError(
        'invalid_option',
        `allowedOrigins takes full origins such as https://shop.example, never "*" (got ${JSON.stringify(origin)}).`,
      )
    }
    return normal
  })

  return {
    client,
    environment,
    webhookSecrets,
    secrets,
    logger,
    allowedOrigins,
    basePath: normaliseBasePath(options.basePath),
    cacheTtlMs: nonNegative('cacheTtlMs', options.cacheTtlMs, DEFAULTS.cacheTtlMs),
    bodyLimitBytes: nonNegative('bodyLimitBytes', options.bodyLimitBytes, DEFAULTS.bodyLimitBytes),
    webhookMaxBytes: nonNegative(
      'webhookBodyLimitBytes',
      options.webhookBodyLimitBytes,
      DEFAULT_WEBHOOK_MAX_BYTES,
    ),
    heartbeatMs: Math.max(1, nonNegative('heartbeatMs', options.heartbeatMs, DEFAULTS.heartbeatMs)),
    signedAccepts: options.signedAccepts === true,
  }
}
