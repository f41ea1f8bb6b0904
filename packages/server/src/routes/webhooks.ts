import { KIT_API } from '@rampkit/core'
import type { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { KitContext, RampEnv } from './context.js'

/**
 * POST /webhooks: the service's signed deliveries. The raw request goes to `ingestWebhook`
 * untouched (it counts and verifies the exact bytes, then inserts the delivery durably before
 * answering 2xx); a stored delivery wakes the worker so it is applied, and its status
 * published, within milliseconds. No Origin check, session, CORS or rate limit: the service is
 * not a browser, and the signature is the authentication.
 */
export function registerWebhookRoute(app: Hono<RampEnv>, kit: KitContext) {
  app.on(KIT_API.webhooks.method, KIT_API.webhooks.path, async (c) => {
    const result = await kit.ingestWebhook(c.req.raw)
    if (result.status >= 200 && result.status < 300) kit.wakeWorker()
    c.header('Cache-Control', 'no-store')
    return c.json(result.body as object, result.status as ContentfulStatusCode)
  })
}
