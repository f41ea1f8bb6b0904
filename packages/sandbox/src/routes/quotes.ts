import { Hono } from 'hono'
import type { SandboxEnv } from '../http/types.js'
import type { SandboxContext } from '../service/context.js'
import { acceptQuote } from './quotes/accept.js'
import { createQuote } from './quotes/create.js'
import { getPartnerOrder } from './quotes/get.js'

/**
 * Binding quotes and their orders, at the service's published paths and in its published form:
 * POST /partner/orders/quote (4.6), POST /partner/orders/{quote_id}/accept (4.7) and
 * GET /partner/orders/{order_id} (4.8), one file per route under `quotes/`.
 */
export function quoteRoutes(ctx: SandboxContext) {
  const accept = acceptQuote(ctx)
  return (
    new Hono<SandboxEnv>()
      .post('/orders/quote', createQuote(ctx))
      .post('/orders/:quote_id/accept', accept)
      // The path rampkit used before the service published its own; kept as an alias.
      .post('/orders/quote/:quote_id/accept', accept)
      .get('/orders/:order_id', getPartnerOrder(ctx))
  )
}
