import type { Context, MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { clientIp } from '../middleware/client-ip/index.js'
import { normaliseOrigin } from '../middleware/origin-check/index.js'
import { addressRules, rateLimit, storeRateLimitCounter } from '../middleware/rate-limit/index.js'
import {
  anonymousSession,
  type GetEndUser,
  randomSessionSecret,
} from '../middleware/session/index.js'
import type { RampEnv } from '../routes/context.js'
import type { RampStore } from '../store/types.js'
import { DEFAULTS, type RampHandlerOptions, type ResolvedOptions } from './options.js'

type Middleware = MiddlewareHandler<RampEnv>

/**
 * The middleware every browser route runs after CORS (`corsFor`), in order: the end user
 * (`c.var.endUser()`, resolved at most once per request) and the per-address and per-user rate
 * limits (clients with no visible address sharing one bucket per instance). A route's own guards (declared in its route file) come after these.
 */
export function sessionAndLimits(
  options: RampHandlerOptions,
  resolved: ResolvedOptions,
  store: RampStore,
  clientAddress: (c: Context) => string | null,
): Middleware[] {
  const chain: Middleware[] = [endUser(options, resolved)]
  if (options.rateLimit !== false) {
    chain.push(rateLimits(options, resolved, store, clientAddress))
  }
  return chain
}

/** CORS for the allowed origins: credentials, the kit's methods and headers. */
export function corsFor(allowedOrigins: readonly string[]): Middleware {
  return cors({
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
  })
}

/**
 * Sets `c.var.endUser`: the partner's `getEndUser`, or else an anonymous signed session cookie.
 * Without a `sessionSecret` the first request invents one for this process (development).
 */
function endUser(options: RampHandlerOptions, resolved: ResolvedOptions): Middleware {
  let getEndUser = options.getEndUser
  const resolveEndUser = (): GetEndUser => {
    if (getEndUser) return getEndUser
    let secret = options.sessionSecret
    if (secret === undefined) {
      secret = randomSessionSecret()
      resolved.secrets.push(secret)
      resolved.logger.warn(
        'No sessionSecret: anonymous sessions are signed with a random per-process secret and end when the process restarts. Pass sessionSecret (or getEndUser) outside development.',
      )
    }
    getEndUser = anonymousSession({ secret, trustProxy: options.trustProxy })
    return getEndUser
  }
  return async (c, next) => {
    let pending: Promise<string | null> | undefined
    c.set('endUser', () => {
      pending ??= Promise.resolve(resolveEndUser()(c))
      return pending
    })
    await next()
  }
}

/**
 * The client's address as every limit sees it: the partner's `getClientIp`, else the socket's or
 * the trusted proxies' (`clientIp`), else null. The first request without one is logged once,
 * as an error with a production key (the limits then count all such clients as one address),
 * naming the settings that fix it.
 */
export function clientAddressOf(
  options: RampHandlerOptions,
  resolved: ResolvedOptions,
): (c: Context) => string | null {
  let warned = false
  return (c) => {
    const ip = options.getClientIp ? options.getClientIp(c) : clientIp(c, options.trustProxy)
    if (ip !== null && ip !== 'unknown' && ip !== '') return ip
    if (!warned) {
      warned = true
      const message = `The kit cannot see client addresses: this runtime gives it no socket (Next.js route handlers, hono/vercel, edge runtimes)${options.getClientIp ? ' and getClientIp returned none' : ''}. Until it can, every such client counts as one address on this instance: rate limits and stream caps bind all of them together. Pass getClientIp reading the header your platform sets and a client cannot forge (Vercel: x-real-ip), or trustProxy: 1 behind your own reverse proxy that appends X-Forwarded-For (server README, "Client addresses").`
      if (resolved.environment === 'production') resolved.logger.error(message)
      else resolved.logger.warn(message)
    }
    return null
  }
}

/** Who a limit counts: the request's end user (null when the session cannot be read). */
async function endUserOf(c: Context): Promise<string | null> {
  try {
    return await (c as Context<RampEnv>).var.endUser()
  } catch {
    return null
  }
}

function rateLimits(
  options: RampHandlerOptions,
  resolved: ResolvedOptions,
  store: RampStore,
  clientAddress: (c: Context) => string | null,
): Middleware {
  const limits = options.rateLimit || {}
  const { logger } = resolved
  const perIp = limits.perIp ?? DEFAULTS.perIp
  return rateLimit({
    counter: storeRateLimitCounter(store),
    windowMs: limits.windowMs ?? DEFAULTS.windowMs,
    rules: [
      ...addressRules(clientAddress, perIp, limits.unknownAddresses ?? perIp),
      { name: 'user', limit: limits.perUser ?? DEFAULTS.perUser, key: endUserOf },
    ],
    onCounterError: (error) =>
      logger.warn('rate-limit counter failed; request let through', {
        error: error instanceof Error ? error.name : typeof error,
      }),
  }) as Middleware
}
