import type { Context, MiddlewareHandler } from 'hono'
import { fail } from '../../http/envelope.js'
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
}

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
  return async function originCheck(c, next) {
    const header = c.req.header('origin')
    const origin = header === undefined ? null : normaliseOrigin(header)
    if (
      origin !== null &&
      (allowed.has(origin) || origin === requestOrigin(c, options.trustProxy))
    ) {
      return next()
    }
    return onError(c)
  }
}
