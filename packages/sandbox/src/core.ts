/**
 * Every import from `@rampkit/core` goes through this file, so the sandbox answers with the
 * shapes and rules core defines (schemas, 422 validation, webhook signatures), and a move in
 * core changes one file here.
 */
export {
  acceptQuoteRequest,
  createCustomerRequest,
  createOrderRequest,
  currencyFractionDigits,
  ordersMeQuery,
  type ProviderLimits,
  quoteRequest,
  type SandboxTestOutcome,
  type SchemaIssue,
  sandboxTestAccountOutcome,
  sandboxTestNameOutcome,
  sandboxTestPhoneOutcome,
  toInputIssues,
  validateAmountForProvider,
  validateCustomerName,
  validateEvmAddress,
  validatePhone,
  validateQuoteInput,
} from '@rampkit/core'
export {
  buildWebhookHeaders,
  isWebhookEvent,
  verifyWebhook,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_EVENTS,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookEvent,
  WebhookVerificationError,
} from '@rampkit/core/webhooks'
