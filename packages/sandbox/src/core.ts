/**
 * Every import from `@rampkit/core` goes through this file, so the sandbox answers with the
 * shapes and rules core defines (schemas, 422 validation, webhook signatures), and a move in
 * core changes one file here.
 */
export {
  acceptQuoteRequest,
  CUSTOMER_STATUSES,
  canMoveOrderStatus,
  completeSigningKeyRequest,
  createCustomerRequest,
  createOrderRequest,
  isFinalOrderStatus,
  type KnownOrderStatus,
  openAccountRequest,
  ordersMeQuery,
  quoteRequest,
  revokeCustomerRequest,
  signingKeyChallengeRequest,
  updateCustomerRequest,
  uploadCustomerDocumentRequest,
} from '@rampkit/core'
export { quoteAssetOf, SERVICE_NETWORKS } from '@rampkit/core/checkout'
export { type SchemaIssue, toInputIssues } from '@rampkit/core/errors'
export { MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH } from '@rampkit/core/kit'
export {
  currencyFractionDigits,
  nigerianBankCode,
  type ProviderLimits,
  type SandboxTestOutcome,
  sandboxTestAccountOutcome,
  sandboxTestNameOutcome,
  sandboxTestPhoneOutcome,
  sandboxTestReviewRejects,
  validateAmountForProvider,
  validateBvn,
  validateBvnType,
  validateCustomerName,
  validateEvmAddress,
  validatePhone,
  validateQuoteInput,
} from '@rampkit/core/validation'
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
