import type { AnyRouteDefinition } from './define.js'
import { ROUTES } from './table.gen.js'

export { ROUTES }

const all: readonly AnyRouteDefinition[] = Object.values(ROUTES)
const fromService = (route: AnyRouteDefinition) =>
  (route.guards as readonly string[]).includes('webhookSignature')

/**
 * The service's routes (its `webhookSignature` guard): mounted before the browser middleware
 * (CORS, the end user, the rate limits), which never run for them.
 */
export const WEBHOOK_ROUTES: readonly AnyRouteDefinition[] = all.filter(fromService)

/** The browser's routes, mounted after the browser middleware. */
export const BROWSER_ROUTES: readonly AnyRouteDefinition[] = all.filter(
  (route) => !fromService(route),
)
