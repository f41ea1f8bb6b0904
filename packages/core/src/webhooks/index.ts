export {
  type BuildWebhookHeadersErrorType,
  type BuildWebhookHeadersParameters,
  type BuildWebhookHeadersReturnType,
  buildWebhookHeaders,
} from './buildWebhookHeaders.js'
export {
  DEFAULT_WEBHOOK_USER_AGENT,
  isSentOnce,
  isWebhookEvent,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_EVENTS,
  WEBHOOK_ID_HEADER,
  WEBHOOK_IDEMPOTENCY_KEY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookEvent,
} from './constants.js'
export type { WebhookBody } from './encoding.js'
export { WebhookVerificationError, type WebhookVerificationReason } from './errors.js'
export {
  type SignWebhookErrorType,
  type SignWebhookParameters,
  type SignWebhookReturnType,
  signWebhook,
} from './signWebhook.js'
export {
  MAX_WEBHOOK_TOLERANCE_SECONDS,
  type VerifiedWebhook,
  type VerifyWebhookErrorType,
  type VerifyWebhookParameters,
  verifyWebhook,
} from './verifyWebhook.js'
