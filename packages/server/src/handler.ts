import type { RampClient, RampEnvironment } from '@rampkit/core/client'
import { Hono } from 'hono'
import { matchedRoutes, basePath as mountPath } from 'hono/route'
import { secureHeaders } from 'hono/secure-headers'
import type { OrderBus } from './bus/types.js'
import { clientAddressOf, corsFor, sessionAndLimits } from './handler/browser.js'
import { routeNotFound } from './handler/not-found.js'
import { DEFAULTS, type RampHandlerOptions, resolveOptions } from './handler/options.js'
import { createRuntime } from './handler/runtime.js'
import { missingSettings, unconfiguredHandler } from './handler/unconfigured.js'
import { createReadCache } from './http/cache.js'
import { fail } from './http/envelope.js'
import { GENERIC_MESSAGES } from './http/errors.js'
import { type KitContext, openStreams, type RampEnv } from './routes/context.js'
import { mountRoutes } from './routes/define.js'
import { answerCachedReads } from './routes/reads/cached.js'
import { BROWSER_ROUTES, WEBHOOK_ROUTES } from './routes/table.js'
import { walletProofSettings } from './routes/wallets/options.js'
import type { RampStore } from './store/types.js'
import type { RampWorker } from './worker/worker.js'

export type {
  RampHandlerOptions,
  RampRateLimitOptions,
  RampWebhookJournalOptions,
} from './handler/options.js'

/** A route that answers (a method and a path), not middleware run for every path (`ALL *`). */
const isRoute = (route: { method: string; path: string }) =>
  route.method !== 'ALL' || !route.path.endsWith('*')

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
  /**
   * Ends the open event streams (clients reconnect and resume), stops the worker, drains the
   * webhook journal and closes the stores the kit created itself. Idempotent.
   */
  close(): Promise<void>
}

/** The Hono app `createRampHandler` returns, with its {@link RampKit} on `ramp`. */
export type RampHandler = Hono<RampEnv> & { readonly ramp: RampKit }

/**
 * Creates the partner's server half of the ramp as a Hono app: the browser-facing routes of
 * `KIT_ROUTES` (an allowlist, never an open proxy), the webhook receiver, and an in-process
 * worker that applies deliveries and publishes live status. Mount it with
 * `app.route('/api/ramp', ramp)` in Hono, or pass `basePath` and export `handle(ramp)` from a
 * Next.js route. The API key and webhook secrets never reach a browser or a log line.
 *
 * Settings that are not set (`apiKey`, `baseUrl`, `webhookSecret`, and `sessionSecret` with a
 * production key and no `getEndUser`: undefined or blank, as an unset environment variable
 * gives them) do not throw, so a build that evaluates the module without the secrets passes:
 * one warning is logged and every request is answered 503 `configuration_error` naming the
 * variables to set. A setting that is present but wrong throws `ConfigurationError` at once.
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
  const missing = missingSettings(options)
  if (missing.length > 0) return unconfiguredHandler(options, missing)
  const resolved = resolveOptions(options)
  const { client, environment, logger, secrets } = resolved
  const runtime = createRuntime(options, resolved)

  const kit: KitContext = {
    client,
    store: runtime.watched,
    bus: runtime.bus,
    cache: createReadCache({ ttlMs: resolved.cacheTtlMs }),
    flights: createReadCache({ ttlMs: 0 }),
    logger,
    secrets,
    environment,
    signedAccepts: resolved.signedAccepts,
    cacheTtlMs: resolved.cacheTtlMs,
    heartbeatMs: resolved.heartbeatMs,
    linkTimeoutMs: DEFAULTS.linkTimeoutMs,
    now: () => new Date(),
    wakeWorker: () => runtime.worker?.wake(),
    allowedOrigins: resolved.allowedOrigins,
    trustProxy: options.trustProxy,
    bodyLimitBytes: resolved.bodyLimitBytes,
    verifyWebhook: runtime.verifyWebhook,
    keepWebhook: runtime.keepWebhook,
    customers: runtime.customers,
    walletProof: walletProofSettings(options.walletProof),
    streams: openStreams(options.streamLimits),
    clientAddress: clientAddressOf(options, resolved),
    customerCreates:
      options.rateLimit === false
        ? null
        : { ...DEFAULTS.customerCreates, ...options.rateLimit?.customerCreates },
  }

  const app = (
    resolved.basePath ? new Hono<RampEnv>().basePath(resolved.basePath) : new Hono<RampEnv>()
  ) as Hono<RampEnv>
  app.onError((error, c) => {
    logger.error('unhandled error in the ramp kit', {
      path: c.req.path,
      error: error.name,
      message: error.message,
    })
    return fail(c, 500, GENERIC_MESSAGES.internal)
  })
  // A request the kit's routes do not match, outside its base path (Next.js hands the kit every
  // path of its route's folder, whatever `basePath` says) or, below, under it.
  const notFound = routeNotFound(logger, resolved.basePath)
  app.notFound((c) => notFound(c))

  app.use('*', async (c, next) => {
    runtime.start()
    // Under `app.route('/api/ramp', ramp)` the parent's notFound answers a path no route of the
    // kit matches; the kit names where it is mounted instead. Only when no route matched: a
    // route of the partner's own under the same prefix still answers for itself.
    const mountedOn = mountPath(c)
    await next()
    if (c.res.status === 404 && !matchedRoutes(c).some(isRoute)) c.res = notFound(c, mountedOn)
  })
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'same-site' }))

  // Mounted before the browser middleware below: its handler answers without calling next(),
  // so CORS, sessions and rate limits never run for the service.
  mountRoutes(app, kit, WEBHOOK_ROUTES)
  app.use('*', corsFor(resolved.allowedOrigins))
  // A cached public read is answered here, before the session and the rate limits.
  answerCachedReads(app, kit)
  app.use('*', ...sessionAndLimits(options, resolved, runtime.watched, kit.clientAddress))

  // Every route is one file (routes/<resource>/<name>.ts) declaring its guards, middleware and
  // needs (routes/define.ts), listed in routes/table.ts.
  mountRoutes(app, kit, BROWSER_ROUTES)

  let closing: Promise<void> | undefined
  const ramp: RampKit = {
    environment,
    store: runtime.store,
    bus: runtime.bus,
    worker: runtime.worker,
    client,
    start: runtime.start,
    close() {
      closing ??= (async () => {
        // Streams first: their clients reconnect elsewhere while the worker and journal wind down.
        kit.streams.endAll()
        await runtime.close()
      })()
      return closing
    },
  }
  return Object.assign(app, { ramp })
}
