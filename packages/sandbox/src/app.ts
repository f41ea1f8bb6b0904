import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createSandboxAdmin, type SandboxAdmin } from './admin/index.js'
import { apiKeyAuth } from './http/auth.js'
import { ApiError, errorResponse } from './http/envelope.js'
import { forcedFaults } from './http/faults.js'
import type { SandboxEnv } from './http/types.js'
import { adminRoutes } from './routes/admin.js'
import { catalogRoutes } from './routes/catalog.js'
import { customerRoutes } from './routes/customers.js'
import { metaRoutes } from './routes/meta.js'
import { orderRoutes } from './routes/orders.js'
import { previewRoutes } from './routes/preview.js'
import { quoteRoutes } from './routes/quotes.js'
import { ratesRoutes } from './routes/rates.js'
import { webhookTestRoutes } from './routes/webhooks-test.js'
import type { SandboxContext } from './service/context.js'

/** Options of `createSandboxApp`. */
export type SandboxAppOptions = {
  /** The admin controls behind `/__sandbox`; built from the context when omitted. */
  admin?: SandboxAdmin
  /** Wall clock for webhook signature checks (ms). Default `Date.now`. */
  wallNow?: () => number
}

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) =>
      part.startsWith(':')
        ? '[^/]+'
        : part === '*'
          ? '.*'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/')
  return new RegExp(`^${source}/?$`)
}

/**
 * The sandbox service as a Hono app: every route of spec section 4 at its path, the envelope
 * of section 1 on every answer (404 and 405 included), `X-API-Key` authentication on partner,
 * `/orders` and admin routes, forced faults, and an error handler that turns anything
 * unexpected into an enveloped 500 (a last resort the fuzz test keeps unreachable).
 *
 * @example
 * const app = createSandboxApp(ctx)
 * const response = await app.request('/api/v1/partner/catalog', { headers: { 'X-API-Key': key } })
 */
export function createSandboxApp(ctx: SandboxContext, options: SandboxAppOptions = {}) {
  const admin = options.admin ?? createSandboxAdmin(ctx)
  const app = new Hono<SandboxEnv>()
  const auth = apiKeyAuth(ctx.store)

  app.use('/api/v1/partner/*', auth)
  app.use('/orders/*', auth)
  app.use('/__sandbox/*', auth)
  app.use('*', forcedFaults(ctx.faults))

  const partner = new Hono<SandboxEnv>()
  partner.route('/', ratesRoutes(ctx))
  partner.route('/', catalogRoutes(ctx.catalogForm))
  partner.route('/', quoteRoutes(ctx))
  partner.route('/customers', customerRoutes(ctx))
  app.route('/api/v1/partner', partner)
  app.route('/', previewRoutes(ctx))
  app.route('/orders', orderRoutes(ctx))
  app.route('/meta', metaRoutes(ctx))
  app.route('/webhooks', webhookTestRoutes(ctx, options.wallNow))
  app.route('/__sandbox', adminRoutes(admin))

  const routes = app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({ method: route.method, pattern: patternOf(route.path) }))

  app.notFound((c) => {
    const allowed = [
      ...new Set(
        routes.filter((route) => route.pattern.test(c.req.path)).map((route) => route.method),
      ),
    ]
    if (allowed.length > 0) {
      return errorResponse(
        c,
        new ApiError(
          405,
          `Method ${c.req.method} is not allowed here; use ${allowed.join(', ')}`,
          null,
          {
            headers: { Allow: allowed.join(', ') },
          },
        ),
      )
    }
    return errorResponse(
      c,
      new ApiError(404, `No route ${c.req.method} ${c.req.path.slice(0, 200)}`, null),
    )
  })

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error)
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode
      return errorResponse(c, new ApiError(status, error.message || 'Request refused', null))
    }
    ctx.log(`unexpected error on ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`)
    return errorResponse(c, new ApiError(500, 'Internal sandbox error', null))
  })

  return app
}
