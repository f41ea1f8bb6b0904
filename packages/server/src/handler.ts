import { ConfigurationError, KIT_ROUTES, redactSecrets } from '@rampkit/core'
import {
  createRampClient,
  environmentOfKey,
  type RampClient,
  type RampEnvironment,
} from '@rampkit/core/client'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { secureHeaders } from 'hono/secure-headers'
import { memoryBus } from './bus/memory.js'
import type { OrderBus } from './bus/types.js'
import { consoleLogger, type RampLogger, redactingLogger, silentLogger } from './logger.js'
import { limitBody } from './middleware/body-limit/index.js'
import { clientIp, type TrustProxy } from './middleware/client-ip/index.js'
import { idempotency } from './middleware/idempotency/index.js'
import { normaliseOrigin, originCheck } from './middleware/origin-check/index.js'
import { type RateLimitCounter, rateLimit } from './middleware/rate-limit/index.js'
import {
  anonymousSession,
  type GetEndUser,
  MIN_SESSION_SECRET_LENGTH,
  randomSessionSecret,
  sessionStartedBy,
} from './middleware/session/index.js'
import { createReadCache } from './routes/cache.js'
import type { KitContext, RampEnv } from './routes/context.js'
import { fail } from './routes/envelope.js'
import { registerEventRoutes } from './routes/events.js'
import { registerOrderRoutes } from './routes/orders.js'
import { registerQuoteRoutes } from './routes/quotes.js'
import { registerReadRoutes } from './routes/reads.js'
import { GENERIC_MESSAGES } from './routes/upstream-error.js'
import { registerWalletRoutes, type WalletProofOptions } from './routes/wallets.js'
import { registerWebhookRoute } from './routes/webhooks.js'
import { memoryStore } from './store/memory.js'
import type { RampStore } from './store/types.js'
import { DEFAULT_WEBHOOK_MAX_BYTES, ingestWebhook } from './webhooks/ingest.js'
import {
  createDeliveryJournal,
  type DeliveryJournal,
  type DeliveryJournalFile,
} from './webhooks/journal.js'
import type { WebhookHandlers } from './worker/events.js'
import { createWorker, type RampWorker, type WorkerPollOptions } from './worker/worker.js'

/** Per-user and per-IP request limits of the browser routes, per fixed window. */
export type RampRateLimitOptions = {
  /** Requests per window per end user. Default 120. */
  perUser?: number
  /** Requests per window per client address. Default 600. */
  perIp?: number
  /** Window length in ms. Default 60 000. */
  windowMs?: number
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
  /** Upstream fetch, for tests or instrumentation. Default the global `fetch`. */
  fetch?: typeof fetch
  /** The path the app is served under when it is not mounted with `app.route` (Next.js). */
  basePath?: string
}

/** Handles on what the kit runs, for shutdown and tests. */
export type RampKit = {
  readonly environment: RampEnvironment
  readonly store: RampStore
  readonly bus: OrderBus
  /** The in-process worker, or null when `worker: false`. */
  readonly worker: RampWorker | null
  /** The upstream client (holds the key: never hand it to a browser). */
  readonly client: RampClient
  /**
   * Starts the worker now rather than on the first request. Call it once on a long-lived server
   * (Node): a restarted process then applies its stored backlog and polls late orders at once.
   */
  start(): void
  /** Stops the worker and closes the stores the kit created itself. */
  close(): Promise<void>
}

/** The Hono app `createRampHandler` returns, with its {@link RampKit} on `ramp`. */
export type RampHandler = Hono<RampEnv> & { readonly ramp: RampKit }

const DEFAULTS = {
  perUser: 120,
  perIp: 600,
  windowMs: 60_000,
  upstreamTimeoutMs: 10_000,
  cacheTtlMs: 30_000,
  bodyLimitBytes: 16 * 1024,
  heartbeatMs: 15_000,
  linkTimeoutMs: 3_000,
} as const

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

/**
 * A store error's message as it may be logged: the kit's secrets removed, and the password of
 * any connection URL too (a driver may quote the URL it was given, which the kit does not know
 * as a secret). Redacted before it is cut, so a cut cannot leave part of a secret behind.
 */
function storeErrorMessage(error: unknown, secrets: readonly string[]): string {
  const raw = error instanceof Error ? error.message : String(error)
  const text = redactSecrets(raw, secrets).replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, '//[redacted]@')
  return text.length > 500 ? `${text.slice(0, 500)}…` : text
}

/**
 * `store` with `onSuccess` called after each call that resolves: how the webhook journal learns
 * the store answers again from the worker's and the routes' own traffic, before its retry is due.
 */
function notifyOnSuccess(store: RampStore, onSuccess: () => void): RampStore {
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function' || key === 'close') return value
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args)
        if (result instanceof Promise) result.then(onSuccess, () => {})
        return result
      }
    },
  })
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
 * Creates the partner's server half of the ramp as a Hono app: the browser-facing routes of
 * `KIT_ROUTES` (an allowlist, never an open proxy), the webhook receiver, and an in-process
 * worker that applies deliveries and publishes live status. Mount it with
 * `app.route('/api/ramp', ramp)` in Hono, or pass `basePath` and export `handle(ramp)` from a
 * Next.js route. The API key and webhook secrets never reach a browser or a log line.
 *
 * @example
 * const ramp = createRampHandler({
 *   apiKey: process.env.RAMP_API_KEY!,
 *   baseUrl: process.env.RAMP_BASE_URL!,
 *   webhookSecret: process.env.RAMP_WEBHOOK_SECRET!,
 *   sessionSecret: process.env.SESSION_SECRET,
 *   allowedOrigins: ['https://shop.example'],
 *   handlers: { onOrderSettled: ({ order, owner }) => fulfil(owner, order) },
 * })
 * app.route('/api/ramp', ramp)
 */
export function createRampHandler(options: RampHandlerOptions): RampHandler {
  const secrets = secretList(options.webhookSecret)
  const client = createRampClient({
    apiKey: options.apiKey,
    environment: options.environment,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeoutMs: nonNegative(
      'upstreamTimeoutMs',
      options.upstreamTimeoutMs,
      DEFAULTS.upstreamTimeoutMs,
    ),
    totalTimeoutMs:
      2.5 * nonNegative('upstreamTimeoutMs', options.upstreamTimeoutMs, DEFAULTS.upstreamTimeoutMs),
  })
  const apiKey = options.apiKey.trim()
  const environment: RampEnvironment =
    client.environment ?? environmentOfKey(apiKey) ?? options.environment ?? 'sandbox'
  // Everything the kit must keep out of responses, logs and stored errors. Mutable: a session
  // secret invented later (development) joins it, and every reader sees the same array.
  const allSecrets: string[] = [apiKey, ...secrets]
  const logger = redactingLogger(
    options.logger === false ? silentLogger : (options.logger ?? consoleLogger),
    allSecrets,
  )

  if (options.sessionSecret !== undefined) {
    if (options.sessionSecret.trim().length < MIN_SESSION_SECRET_LENGTH) {
      throw new ConfigurationError(
        'invalid_option',
        `sessionSecret must be at least ${MIN_SESSION_SECRET_LENGTH} characters; generate one with \`openssl rand -base64 48\`.`,
      )
    }
    if (allSecrets.includes(options.sessionSecret.trim())) {
      throw new ConfigurationError(
        'invalid_option',
        'sessionSecret must differ from the API key and the webhook secret.',
      )
    }
    allSecrets.push(options.sessionSecret.trim())
  }
  if (environment === 'production' && !options.getEndUser && !options.sessionSecret) {
    throw new ConfigurationError(
      'invalid_option',
      'In production pass getEndUser (your sign-in) or a sessionSecret for the anonymous session cookie.',
    )
  }

  const store = options.store ?? memoryStore()
  if (environment === 'production' && store.engine === 'memory') {
    // Not an error: running a production key locally (dev in prod mode) is legitimate. But a
    // deployed memory store silently loses acknowledged webhooks, so say it once, plainly.
    logger.warn(
      'Production key with the memory store: acknowledged webhooks and orders live only in this process, so they are lost on restart, and several instances do not share them. Pass a postgresStore, pgliteStore (with dataDir) or redisStore.',
      { store: store.engine },
    )
  }
  const bus = options.bus ?? memoryBus()
  const ownsStore = options.store === undefined
  const ownsBus = options.bus === undefined
  const cacheTtlMs = nonNegative('cacheTtlMs', options.cacheTtlMs, DEFAULTS.cacheTtlMs)
  const bodyLimitBytes = nonNegative(
    'bodyLimitBytes',
    options.bodyLimitBytes,
    DEFAULTS.bodyLimitBytes,
  )
  const webhookMaxBytes = nonNegative(
    'webhookBodyLimitBytes',
    options.webhookBodyLimitBytes,
    DEFAULT_WEBHOOK_MAX_BYTES,
  )
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

  // Every store call that succeeds tells the journal the store answers again.
  let journal: DeliveryJournal | undefined
  const watched = notifyOnSuccess(store, () => journal?.storeAnswered())

  const worker =
    options.worker === false
      ? null
      : createWorker({
          store: watched,
          bus,
          handlers: options.handlers,
          logger,
          secrets: allSecrets,
          poll:
            options.poll === false
              ? undefined
              : {
                  ...options.poll,
                  fetchOrder: async (order) => {
                    if (order.order_id) return client.getPartnerOrder({ order_id: order.order_id })
                    if (order.tx_hash) return client.getOrderByTxHash({ tx_hash: order.tx_hash })
                    return null
                  },
                },
        })

  // The service does not resend a delivery it got an answer for: a verified delivery the store
  // cannot take is acknowledged and kept here, then written to the store and applied as usual.
  const deliveryJournal = createDeliveryJournal({
    store,
    maxDeliveries: options.webhookJournal?.maxDeliveries,
    maxBytes: options.webhookJournal?.maxBytes,
    storeTimeoutMs: options.webhookJournal?.storeTimeoutMs,
    retryMaxMs: options.webhookJournal?.retryMaxMs,
    file: options.webhookJournal?.file,
    logger,
    describeError: (error) => storeErrorMessage(error, allSecrets),
    onPersisted: () => worker?.wake(),
  })
  journal = deliveryJournal

  // Nothing runs at import time: edge runtimes forbid timers and randomness in global scope.
  let started = false
  const start = () => {
    if (started) return
    started = true
    deliveryJournal.start()
    worker?.start()
  }

  let getEndUser = options.getEndUser
  const resolveEndUser = (): GetEndUser => {
    if (getEndUser) return getEndUser
    let secret = options.sessionSecret
    if (secret === undefined) {
      secret = randomSessionSecret()
      allSecrets.push(secret)
      logger.warn(
        'No sessionSecret: anonymous sessions are signed with a random per-process secret and end when the process restarts. Pass sessionSecret (or getEndUser) outside development.',
      )
    }
    getEndUser = anonymousSession({ secret, trustProxy: options.trustProxy })
    return getEndUser
  }

  const kit: KitContext = {
    client,
    store: watched,
    bus,
    cache: createReadCache({ ttlMs: cacheTtlMs }),
    flights: createReadCache({ ttlMs: 0 }),
    logger,
    secrets: allSecrets,
    environment,
    cacheTtlMs,
    heartbeatMs: Math.max(1, nonNegative('heartbeatMs', options.heartbeatMs, DEFAULTS.heartbeatMs)),
    linkTimeoutMs: DEFAULTS.linkTimeoutMs,
    now: () => new Date(),
    wakeWorker: () => worker?.wake(),
    ingestWebhook: async (request) => {
      const result = await ingestWebhook({
        store,
        journal: deliveryJournal,
        secrets,
        request,
        maxBytes: webhookMaxBytes,
      })
      // A 503 (journal full) is logged by the journal, with what it means.
      if (result.status >= 400 && result.status !== 503) {
        logger.warn('webhook refused', { status: result.status, data: result.body.data })
      }
      return result
    },
  }

  const basePath = normaliseBasePath(options.basePath)
  const app = (
    basePath ? new Hono<RampEnv>().basePath(basePath) : new Hono<RampEnv>()
  ) as Hono<RampEnv>

  app.onError((error, c) => {
    logger.error('unhandled error in the ramp kit', {
      path: c.req.path,
      error: error.name,
      message: error.message,
    })
    return fail(c, 500, GENERIC_MESSAGES.internal)
  })
  app.notFound((c) => fail(c, 404, GENERIC_MESSAGES.notFound))

  app.use('*', async (_c, next) => {
    start()
    await next()
  })
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'same-site' }))

  // Registered before the browser middleware below: its handler answers without calling
  // next(), so CORS, sessions, Origin checks and rate limits never run for the service.
  registerWebhookRoute(app, kit)

  app.use(
    '*',
    cors({
      origin: (origin) => {
        const normal = normaliseOrigin(origin)
        // The allowed origin as configured, never the request's own spelling of it.
        return normal !== null && allowedOrigins.includes(normal) ? normal : null
      },
      credentials: true,
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Idempotency-Key'],
      exposeHeaders: ['Retry-After', 'Idempotent-Replayed'],
      maxAge: 600,
    }),
  )
  app.use('*', async (c, next) => {
    let pending: Promise<string | null> | undefined
    c.set('endUser', () => {
      pending ??= Promise.resolve(resolveEndUser()(c))
      return pending
    })
    await next()
  })
  if (options.rateLimit !== false) {
    const limits = options.rateLimit ?? {}
    let warnedNoIp = false
    const counter: RateLimitCounter = async ({ key, limit, windowMs }) => {
      const hit = await watched.hitRateLimit({ key: `rampkit:rl:${key}`, limit, windowMs })
      return { count: hit.count, resetAt: hit.resetAt.getTime() }
    }
    app.use(
      '*',
      rateLimit({
        counter,
        windowMs: limits.windowMs ?? DEFAULTS.windowMs,
        rules: [
          {
            name: 'ip',
            limit: limits.perIp ?? DEFAULTS.perIp,
            key: (c) => {
              const ip = options.getClientIp
                ? options.getClientIp(c)
                : clientIp(c, options.trustProxy)
              if (ip !== null && ip !== 'unknown') return ip
              // One shared bucket for every client would throttle everyone at once.
              if (!warnedNoIp) {
                warnedNoIp = true
                logger.warn(
                  'per-IP rate limit skipped: the client address is not visible; pass trustProxy or getClientIp',
                )
              }
              return null
            },
          },
          {
            name: 'user',
            limit: limits.perUser ?? DEFAULTS.perUser,
            key: async (c) => {
              try {
                return await (c as Context<RampEnv>).var.endUser()
              } catch {
                return null
              }
            },
          },
        ],
        onCounterError: (error) =>
          logger.warn('rate-limit counter failed; request let through', {
            error: error instanceof Error ? error.name : typeof error,
          }),
      }),
    )
  }
  const guardWrite = [
    originCheck({ allowedOrigins, trustProxy: options.trustProxy }),
    limitBody({ maxBytes: bodyLimitBytes }),
  ] as const
  for (const route of [
    KIT_ROUTES.quotes,
    KIT_ROUTES.acceptQuote,
    KIT_ROUTES.orders,
    KIT_ROUTES.walletChallenge,
    KIT_ROUTES.walletProofs,
  ]) {
    app.post(route, ...guardWrite)
  }
  const endUserScope = (c: Context) => (c as Context<RampEnv>).var.endUser()
  // Accepting is idempotent upstream: only successes need replaying.
  app.post(KIT_ROUTES.acceptQuote, idempotency({ store: watched, scope: endUserScope }))
  // A create that failed ambiguously (5xx, timeout) may exist upstream: replay that answer
  // rather than risk a second order under the same confirm.
  app.post(
    KIT_ROUTES.orders,
    async (c, next) => {
      // Keys live in the end user's key space. A confirm from a browser without a session
      // would start a new one on each send (a double click, a re-send after a lost answer),
      // so each send would be a first: refuse it unsent, with the new cookie, and let the
      // re-send carry it.
      if (c.req.header('Idempotency-Key') === undefined) return next()
      const user = await c.var.endUser().catch(() => null)
      if (user === null || !sessionStartedBy(c)) return next()
      c.header('Retry-After', '1')
      return fail(c, 409, 'Your session has just started: send the request again.')
    },
    idempotency({
      store: watched,
      scope: endUserScope,
      keep: (status) => status < 400 || status >= 500,
    }),
  )

  registerReadRoutes(app, kit)
  registerQuoteRoutes(app, kit)
  registerEventRoutes(app, kit)
  registerOrderRoutes(app, kit)
  registerWalletRoutes(app, kit, options.walletProof)

  const ramp: RampKit = {
    environment,
    store,
    bus,
    worker,
    client,
    start,
    async close() {
      await worker?.stop()
      // Writes what it holds if the store answers; else keeps it in its file, or logs the loss.
      await deliveryJournal.close()
      if (ownsBus) await bus.close()
      if (ownsStore) await store.close()
    },
  }
  return Object.assign(app, { ramp })
}
