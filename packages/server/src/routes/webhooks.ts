import type { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { KitContext, RampEnv } from './context.js'
import { mountRoute, verifiedDelivery } from './guards.js'

/**
 * POST /webhooks: the service's signed deliveries. Its `webhookSignature` guard counts and
 * verifies the exact bytes; the handler then inserts the delivery durably before answering
 * 2xx, and a stored delivery wakes the worker so it is applied, and its status published,
 * within milliseconds. No Origin check, session, CORS or rate limit: the service is not a
 * browser, and the signature is the authentication.
 */
export function registerWebhookRoute(app: Hono<RampEnv>, kit: KitContext) {
  mountRoute(app, kit, 'webhooks', async (c) => {
    const result = await kit.keepWebhook(verifiedDelivery(c))
    if (result.status >= 200 && result.status < 300) kit.wakeWorker()
    c.header('Cache-Control', 'no-store')
    return c.json(result.body as object, result.status as ContentfulStatusCode)
  })
}
