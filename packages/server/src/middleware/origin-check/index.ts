import type { Context, MiddlewareHandler } from 'hono'
import { fail } from '../../http/envelope.js'
import type { RampLogger } from '../../logger.js'
import { requestOrigin, type TrustProxy } from '../client-ip/index.js'

export type OriginCheckOptions = {
  /** Origins (`https://shop.example`) allowed besides this app's own origin. */
  allowedOrigins: readonly string[]
  /**
   * Read `X-Forwarded-Proto`/`-Host` to learn this app's own origin behind a proxy: the entry
   * the partner's proxies appended (the last one with `true`), never the client's first one.
   */
  trustProxy?: TrustProxy
  /** The answer when the origin is refused. Defaults to a 403 error envelope. */
  onError?: (c: Context) => Response | Promise<Response>
  /**
   * Where a refused origin is told to the developer: once per origin, with the origins allowed
   * (the browser is told neither). Default: nothing logged.
   */
  logger?: Pick<RampLogger, 'warn'>
}

/** Distinct refused origins logged at most, so a scan of made-up origins cannot flood the log. */
const MAX_LOGGED_ORIGINS = 100

/** Normalises an origin (`HTTPS://Shop.Example:443` -> `https://shop.example`), or null. */
export function normaliseOrigin(value: string): string | null {
  // No header (a same-origin GET, a server) or an opaque origin: nothing to parse.
  if (value === '' || value === 'null') return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.origin
  } catch {
    return null
  }
}

/**
 * Refuses a state-changing request unless its `Origin` header is this app's own origin (the
 * scheme and the `Host` header the browser sent, see `requestOrigin`) or one of
 * `allowedOrigins`. A request without `Origin` is refused too: every browser sends it
 * on a cross-site or same-origin POST made by `fetch`, so its absence means a non-browser
 * client or a stripped header, neither of which a browser route serves. Unlike hono's
 * `csrf()`, every content type is checked (JSON included). Keep it off the webhook route.
 *
 * @example
 * app.post('/quotes', originCheck({ allowedOrigins: ['https://shop.example'] }), handler)
 */
export function originCheck(options: OriginCheckOptions): MiddlewareHandler {
  const allowed = new Set(
    options.allowedOrigins.map(normaliseOrigin).filter((o): o is string => o !== null),
  )
  const onError =
    options.onError ??
    ((c: Context) =>
      fail(c, 403, 'This request must come from an allowed web page.', {
        code: 'origin_not_allowed',
      }))
  const logged = new Set<string>()
  const tell = (c: Context, header: string | undefined, own: string) => {
    const seen = header === undefined ? '(no Origin header)' : header.slice(0, 200)
    if (!options.logger || logged.has(seen) || logged.size >= MAX_LOGGED_ORIGINS) return
    logged.add(seen)
    options.logger.warn(
      `Refused ${c.req.method} ${c.req.path} with 403 origin_not_allowed: origin ${seen} is neither this app's own (${own}) nor in allowedOrigins. Add it to allowedOrigins (APP_ORIGIN) if it is your page; behind a proxy that rewrites Host, set trustProxy. Logged once per origin.`,
      { origin: seen, allowedOrigins: [...allowed], ownOrigin: own },
    )
  }
  return async function originCheck(c, next) {
    const header = c.req.header('origin')
    const origin = header === undefined ? null : normaliseOrigin(header)
    const own = requestOrigin(c, options.trustProxy)
    if (origin !== null && (allowed.has(origin) || origin === own)) return next()
    tell(c, header, own)
    return onError(c)
  }
}
