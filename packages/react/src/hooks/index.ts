'use client'
export {
  type CreateKitClientOptions,
  createKitClient,
  hasBanking,
  isCustomerVerified,
  isOrderFinal,
  KIT_ROUTES as ROUTES,
  KIT_STREAM_END_STATUSES as STREAM_END_STATUSES,
  type KitClient,
  type KitCustomer,
  type KitQuery,
  type KitRequest,
  type SaveCustomerRequest,
  type WalletChallenge,
  type WalletProof,
} from '@rampkit/core/kit'
/**
 * `@rampkit/react/hooks`: the provider and the headless hooks, without the styled widget. Build
 * your own checkout UI from these; `<RampCheckout />` uses nothing else. The hooks that need
 * wagmi (a sale's allowance, wallet proof and signed accept) are `@rampkit/react/wallet`'s.
 */
// The kit's client, keys and query options live in core (`@rampkit/core/kit`, no React, no
// zod) beside the route table; re-exported here so the hooks entry keeps its whole API.
export {
  type AcceptQuoteVariables,
  acceptQuoteMutationOptions,
  accountsQueryOptions,
  banksQueryOptions,
  type CreateOrderVariables,
  catalogQueryOptions,
  configQueryOptions,
  corridorsQueryOptions,
  createOrderMutationOptions,
  customerQueryOptions,
  depositInstructionsQueryOptions,
  indicativeRatesQueryOptions,
  type KitQueryOptions,
  type OrdersQuery,
  openAccountMutationOptions,
  orderQueryOptions,
  orderRequirementsQueryOptions,
  ordersQueryOptions,
  type ProveWalletVariables,
  paymentMethodsQueryOptions,
  payoutBanksQueryOptions,
  proveWalletMutationOptions,
  quoteMutationOptions,
  rampKitKeys,
  saveCustomerMutationOptions,
  submitCustomerMutationOptions,
  tokenPreviewQueryOptions,
  tokensQueryOptions,
  type UploadDocumentVariables,
  uploadCustomerDocument,
  uploadDocumentMutationOptions,
  walletProofQueryOptions,
} from '@rampkit/core/kit/query'
export {
  formatMessage,
  loadMessages,
  type MessageKey,
  messagesFor,
  RAMP_LOCALES,
  type RampLocale,
  type RampMessages,
  rampLocale,
} from '../messages/index.js'
export {
  type RampKitContextValue,
  RampKitLocale,
  RampKitProvider,
  type RampKitProviderProps,
  type RampTheme,
  useRampKit,
} from '../provider.js'
export { baseUnitsCovering } from '../utils/units.js'
export {
  type UseCustomerOptions,
  type UseCustomerReturnType,
  useAccounts,
  useCustomer,
  useDepositInstructions,
  useOpenAccount,
  usePayoutBanks,
  useSaveCustomer,
  useSubmitCustomer,
  useUploadDocument,
} from './customer.js'
export {
  type ReadHookOptions,
  useBanks,
  useCatalog,
  useCorridors,
  useIndicativeRates,
  useKitConfig,
  useOrderRequirements,
  usePaymentMethods,
  useTokens,
} from './reads.js'
export {
  type ConfirmOptions,
  type OrderCheck,
  type UseCheckoutParameters,
  type UseCheckoutReturnType,
  useCheckout,
} from './useCheckout.js'
export { useDebouncedValue } from './useDebouncedValue.js'
export {
  type UseOrderStatusOptions,
  type UseOrderStatusReturnType,
  useOrderStatus,
} from './useOrderStatus.js'
export { type UseSigningKeysReturnType, useSigningKeys } from './useSigningKeys.js'
export { type UseTokenPreviewOptions, useTokenPreview } from './useTokenPreview.js'
export { useAcceptQuote, useCreateOrder, useQuote } from './writes.js'
