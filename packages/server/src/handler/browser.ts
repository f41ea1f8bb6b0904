import type { Context, MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { clientIp } from '../middleware/client-ip/index.js'
import { normaliseOrigin } from '../middleware/origin-check/index.js'
import { type RateLimitCounter, rateLimit } from '../middleware/rate-limit/index.js'
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
 * (`c.var.endUser()`, resolved at most once per request) and the per-IP and per-user rate
 * limits. A route's own guards (declared in its route file) come after these.
 */
export function sessionAndLimits(
  options: RampHandlerOptions,
  resolved: ResolvedOptions,
  store: RampStore,
): Middleware[] {
  const chain: Middleware[] = [endUser(options, resolved)]
  if (options.rateLimit !== false) chain.push(rateLimits(options, resolved, store))
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

function rateLimits(
  options: RampHandlerOptions,
  resolved: ResolvedOptions,
  store: RampStore,
): Middleware {
  const limits = options.rateLimit || {}
  const { logger } = resolved
  let warnedNoIp = false
  const counter: RateLimitCounter = async ({ key, limit, windowMs }) => {
    const hit = await store.hitRateLimit({ key: `rampkit:rl:${key}`, limit, windowMs })
    return { count: hit.count, resetAt: hit.resetAt.getTime() }
  }
  return rateLimit({
    counter,
    windowMs: limits.windowMs ?? DEFAULTS.windowMs,
    rules: [
      {
        name: 'ip',
        limit: limits.perIp ?? DEFAULTS.perIp,
        key: (c) => {
          const ip = options.getClientIp ? options.getClientIp(c) : clientIp(c, options.trustProxy)
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
  }) as Middleware
}
