import { expect, it } from 'vitest'
import * as webhooks from './index.js'

it('exports the public webhook API', () => {
  expect(Object.keys(webhooks).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_WEBHOOK_USER_AGENT",
      "MAX_WEBHOOK_TOLERANCE_SECONDS",
      "WEBHOOK_EVENTS",
      "WEBHOOK_EVENT_HEADER",
      "WEBHOOK_IDEMPOTENCY_KEY_HEADER",
      "WEBHOOK_ID_HEADER",
      "WEBHOOK_SIGNATURE_HEADER",
      "WEBHOOK_TOLERANCE_SECONDS",
      "WebhookVerificationError",
      "buildWebhookHeaders",
      "isSentOnce",
      "isWebhookEvent",
      "signWebhook",
      "verifyWebhook",
    ]
  `)
})
