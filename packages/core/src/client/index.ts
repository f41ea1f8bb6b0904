/**
 * The ramp service's API client. It holds the partner's secret key: import it only on a server
 * (never from browser code). Every operation is also exported as a standalone
 * `operation(client, parameters, options?)` function, viem-style, with its `Parameters`,
 * `ReturnType` and `ErrorType` (`getTokens`, which takes no parameters, is
 * `getTokens(client, options?)` and has no `Parameters`).
 */
export {
  type AcceptQuoteErrorType,
  type AcceptQuoteParameters,
  type AcceptQuoteReturnType,
  acceptQuote,
} from './actions/acceptQuote.js'
export {
  type CompleteSigningKeyEnrollmentErrorType,
  type CompleteSigningKeyEnrollmentParameters,
  type CompleteSigningKeyEnrollmentReturnType,
  completeSigningKeyEnrollment,
} from './actions/completeSigningKeyEnrollment.js'
export {
  type CreateCustomerErrorType,
  type CreateCustomerParameters,
  type CreateCustomerReturnType,
  createCustomer,
} from './actions/createCustomer.js'
export {
  type CreateOrderErrorType,
  type CreateOrderParameters,
  type CreateOrderReturnType,
  createOrder,
} from './actions/createOrder.js'
export {
  type CreateQuoteErrorType,
  type CreateQuoteParameters,
  type CreateQuoteReturnType,
  createQuote,
} from './actions/createQuote.js'
export {
  type CreateSigningKeyChallengeErrorType,
  type CreateSigningKeyChallengeParameters,
  type CreateSigningKeyChallengeReturnType,
  createSigningKeyChallenge,
} from './actions/createSigningKeyChallenge.js'
export {
  type GetAccountErrorType,
  type GetAccountParameters,
  type GetAccountReturnType,
  getAccount,
} from './actions/getAccount.js'
export {
  type GetBanksErrorType,
  type GetBanksParameters,
  type GetBanksReturnType,
  getBanks,
} from './actions/getBanks.js'
export {
  type GetCatalogErrorType,
  type GetCatalogParameters,
  type GetCatalogReturnType,
  getCatalog,
} from './actions/getCatalog.js'
export {
  type GetCorridorsErrorType,
  type GetCorridorsParameters,
  type GetCorridorsReturnType,
  getCorridors,
} from './actions/getCorridors.js'
export {
  type GetCustomerErrorType,
  type GetCustomerParameters,
  type GetCustomerReturnType,
  getCustomer,
} from './actions/getCustomer.js'
export {
  type GetCustomerRequirementsErrorType,
  type GetCustomerRequirementsParameters,
  type GetCustomerRequirementsReturnType,
  getCustomerRequirements,
} from './actions/getCustomerRequirements.js'
export {
  type GetDepositInstructionsErrorType,
  type GetDepositInstructionsParameters,
  type GetDepositInstructionsReturnType,
  getDepositInstructions,
} from './actions/getDepositInstructions.js'
export {
  type GetIndicativeRatesErrorType,
  type GetIndicativeRatesParameters,
  type GetIndicativeRatesReturnType,
  getIndicativeRates,
} from './actions/getIndicativeRates.js'
export {
  type GetOrderByTxHashErrorType,
  type GetOrderByTxHashParameters,
  type GetOrderByTxHashReturnType,
  getOrderByTxHash,
} from './actions/getOrderByTxHash.js'
export {
  type GetOrderRequirementsErrorType,
  type GetOrderRequirementsParameters,
  type GetOrderRequirementsReturnType,
  getOrderRequirements,
} from './actions/getOrderRequirements.js'
export {
  type GetPartnerOrderErrorType,
  type GetPartnerOrderParameters,
  type GetPartnerOrderReturnType,
  getPartnerOrder,
} from './actions/getPartnerOrder.js'
export {
  type GetPaymentMethodsErrorType,
  type GetPaymentMethodsParameters,
  type GetPaymentMethodsReturnType,
  getPaymentMethods,
} from './actions/getPaymentMethods.js'
export {
  type GetTokenPreviewErrorType,
  type GetTokenPreviewParameters,
  type GetTokenPreviewReturnType,
  getTokenPreview,
} from './actions/getTokenPreview.js'
export {
  type GetTokensErrorType,
  type GetTokensReturnType,
  getTokens,
} from './actions/getTokens.js'
export {
  type ListAccountsErrorType,
  type ListAccountsParameters,
  type ListAccountsReturnType,
  listAccounts,
} from './actions/listAccounts.js'
export {
  type ListCustomersErrorType,
  type ListCustomersParameters,
  type ListCustomersReturnType,
  listCustomers,
} from './actions/listCustomers.js'
export {
  type ListMyOrdersErrorType,
  type ListMyOrdersParameters,
  type ListMyOrdersReturnType,
  listMyOrders,
} from './actions/listMyOrders.js'
export {
  type ListPayoutBanksErrorType,
  type ListPayoutBanksParameters,
  type ListPayoutBanksReturnType,
  listPayoutBanks,
} from './actions/listPayoutBanks.js'
export {
  type ListSigningKeysErrorType,
  type ListSigningKeysParameters,
  type ListSigningKeysReturnType,
  listSigningKeys,
} from './actions/listSigningKeys.js'
export {
  type OpenAccountErrorType,
  type OpenAccountParameters,
  type OpenAccountReturnType,
  openAccount,
} from './actions/openAccount.js'
export {
  type RetryDepositAccountErrorType,
  type RetryDepositAccountParameters,
  type RetryDepositAccountReturnType,
  retryDepositAccount,
} from './actions/retryDepositAccount.js'
export {
  type RevokeCustomerErrorType,
  type RevokeCustomerParameters,
  type RevokeCustomerReturnType,
  revokeCustomer,
} from './actions/revokeCustomer.js'
export {
  type RevokeSigningKeyErrorType,
  type RevokeSigningKeyParameters,
  type RevokeSigningKeyReturnType,
  revokeSigningKey,
} from './actions/revokeSigningKey.js'
export {
  type SendTestWebhookErrorType,
  type SendTestWebhookParameters,
  type SendTestWebhookReturnType,
  sendTestWebhook,
} from './actions/sendTestWebhook.js'
export {
  type SubmitCustomerErrorType,
  type SubmitCustomerParameters,
  type SubmitCustomerReturnType,
  submitCustomer,
} from './actions/submitCustomer.js'
export {
  type UpdateCustomerErrorType,
  type UpdateCustomerParameters,
  type UpdateCustomerReturnType,
  updateCustomer,
} from './actions/updateCustomer.js'
export {
  type UploadCustomerDocumentErrorType,
  type UploadCustomerDocumentParameters,
  type UploadCustomerDocumentReturnType,
  uploadCustomerDocument,
} from './actions/uploadCustomerDocument.js'
export {
  type CreateRampClientErrorType,
  type CreateRampClientReturnType,
  createRampClient,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TOTAL_TIMEOUT_MS,
  type RampActions,
  type RampClient,
} from './createRampClient.js'
export { environmentOfKey, KEY_PREFIXES } from './environment.js'
export { PARTNER_PREFIX } from './transport.js'
export type {
  Client,
  CreateRampClientParameters,
  RampEnvironment,
  RampRequest,
  RampRequestInfo,
  RampResponse,
  RampResponseInfo,
  RampRetryOptions,
  RequestErrorType,
  RequestOptions,
  RetryMode,
} from './types.js'
export { REQUEST_OPTION_NAMES } from './types.js'
