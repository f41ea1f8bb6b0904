import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { defineRoute } from '../define.js'
import { verifiedDelivery } from '../guards.js'

/**
 * POST /webhooks: the service's signed deliveries. Its `webhookSignature` guard counts and
 * verifies the exact bytes; the handler then inserts the delivery durably before answering
 * 2xx, and a stored delivery wakes the worker so it is applied, and its status published,
 * within milliseconds. No Origin check, session, CORS or rate limit: the service is not a
 * browser, and the signature is the authentication (the handler mounts it before those).
 */
export const receiveWebhook = defineRoute({
  route: 'webhooks',
  guards: ['webhookSignature'],
  needs: ['keepWebhook', 'wakeWorker'],
  handler: async (c, { keepWebhook, wakeWorker }) => {
    const result = await keepWebhook(verifiedDelivery(c))
    if (result.status >= 200 && result.status < 300) wakeWorker()
    c.header('Cache-Control', 'no-store')
    return c.json(result.body as object, result.status as ContentfulStatusCode)
  },
})
