import { Hono } from 'hono'
import {
  verifyWebhook,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookVerificationError,
} from '../core.js'
import { readRawBody } from '../http/body.js'
import { ApiError, ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'
import type { SandboxContext } from '../service/context.js'

/**
 * POST /webhooks/test (spec 4.18): verifies a signed request with the webhook secrets of the
 * sandbox's keys, five minutes either side of the wall clock (signatures use real time, not
 * sandbox time, because a receiver checks them against its own clock). Authenticated by the
 * signature alone; every verification failure is 401 with `data.reason`.
 */
export function webhookTestRoutes(ctx: SandboxContext, wallNow: () => number = Date.now) {
  const app = new Hono<SandboxEnv>()
  app.post('/test', async (c) => {
    const body = await readRawBody(c)
    const secrets = [...new Set([...ctx.store.users.values()].map((user) => user.webhookSecret))]
    try {
      await verifyWebhook({
        body,
        header: c.req.header(WEBHOOK_SIGNATURE_HEADER),
        secrets,
        toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
        now: wallNow,
      })
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error
      const message =
        error.reason === 'missing_header'
          ? `Missing ${WEBHOOK_SIGNATURE_HEADER} header`
          : error.reason === 'timestamp_out_of_tolerance'
            ? 'Webhook timestamp is outside the 5-minute tolerance'
            : 'Invalid webhook signature'
      throw new ApiError(401, message, { reason: error.reason })
    }
    const event = c.req.header(WEBHOOK_EVENT_HEADER)?.trim()
    if (!event) {
      throw new ApiError(400, `${WEBHOOK_EVENT_HEADER} header is required`, {
        field: WEBHOOK_EVENT_HEADER,
      })
    }
    const requestId = c.req.header(WEBHOOK_ID_HEADER)?.trim()
    if (!requestId) {
      throw new ApiError(400, `${WEBHOOK_ID_HEADER} header is required`, {
        field: WEBHOOK_ID_HEADER,
      })
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
    } catch {
      throw new ApiError(400, 'The request body is not valid JSON', null)
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new ApiError(400, 'The request body must be a JSON object', null)
    }
    return ok(c, 'Webhook received and verified', {
      event: event.slice(0, 128),
      request_id: requestId.slice(0, 128),
    })
  })
  return app
}
