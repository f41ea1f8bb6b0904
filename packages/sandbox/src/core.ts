/**
 * Every import from `@rampkit/core` goes through this file, so the sandbox answers with the
 * shapes and rules core defines (schemas, 422 validation, webhook signatures), and a move in
 * core changes one file here.
 */
export {
  acceptQuoteRequest,
  CUSTOMER_STATUSES,
  completeSigningKeyRequest,
  createCustomerRequest,
  createOrderRequest,
  currencyFractionDigits,
  MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH,
  openAccountRequest,
  ordersMeQuery,
  type ProviderLimits,
  quoteAssetOf,
  quoteRequest,
  revokeCustomerRequest,
  type SandboxTestOutcome,
  type SchemaIssue,
  sandboxTestAccountOutcome,
  sandboxTestNameOutcome,
  sandboxTestPhoneOutcome,
  signingKeyChallengeRequest,
  toInputIssues,
  updateCustomerRequest,
  uploadCustomerDocumentRequest,
  validateAmountForProvider,
  validateCustomerName,
  validateEvmAddress,
  validatePhone,
  validateQuoteInput,
} from '@rampkit/core'
export {
  buildWebhookHeaders,
  isSentOnce,
  isWebhookEvent,
  verifyWebhook,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_EVENTS,
  WEBHOOK_ID_HEADER,
  WEBHOOK_IDEMPOTENCY_KEY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookEvent,
  WebhookVerificationError,
} from '@rampkit/core/webhooks'
