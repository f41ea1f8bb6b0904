import type { Context } from 'hono'
import { fail } from '../http/envelope.js'
import { GENERIC_MESSAGES } from '../http/errors.js'
import type { RampLogger } from '../logger.js'

/** Distinct unmatched paths logged at most, so a scan of made-up paths cannot flood the log. */
const MAX_LOGGED_PATHS = 100

/**
 * The answer to a request that reached the kit and matches none of its routes: a 404
 * `route_not_found` carrying the base path the kit is mounted on (public: the address the
 * browser must call), and one log line per distinct path naming that base path and the fix.
 * `basePath` is the kit's own option; `mountedOn` reads where `app.route()` mounted it.
 */
export function routeNotFound(logger: RampLogger, basePath: string | undefined) {
  const logged = new Set<string>()
  return (c: Context, mountedOn?: string) => {
    const base = mountedOn ?? basePath ?? '/'
    const key = `${c.req.method} ${c.req.path}`
    if (!logged.has(key) && logged.size < MAX_LOGGED_PATHS) {
      logged.add(key)
      const under = c.req.path === base || c.req.path.startsWith(`${base}/`)
      logger.warn(
        under
          ? `No route of the kit matches ${key} (HTTP 404 route_not_found). The kit is mounted on ${base}: its routes are listed in @rampkit/server's README; a widget newer than the server kit asks for routes it lacks.`
          : `No route of the kit matches ${key} (HTTP 404 route_not_found): the kit is mounted on ${base}${basePath ? ' (basePath)' : ''}. Set basePath to the folder of the route that serves it (app/api/ramp/[[...route]]/route.ts is basePath: '/api/ramp') and point the widget's endpoint there.`,
        { method: c.req.method, path: c.req.path, basePath: base },
      )
    }
    return fail(c, 404, GENERIC_MESSAGES.notFound, { code: 'route_not_found', base_path: base })
  }
}
