'use client'
/**
 * `@rampkit/react/hooks`: the provider and the headless hooks, without the styled widget. Build
 * your own checkout UI from these; `<RampCheckout />` uses nothing else.
 */
export {
  type CreateKitClientOptions,
  createKitClient,
  type KitClient,
  type KitQuery,
  type KitRequest,
} from '../api/client.js'
export { ROUTES, STREAM_END_STATUSES } from '../api/routes.js'
export {
  formatMessage,
  type MessageKey,
  messagesFor,
  RAMP_LOCALES,
  type RampLocale,
  type RampMessages,
} from '../messages/index.js'
export {
  type RampKitContextValue,
  RampKitLocale,
  RampKitProvider,
  type RampKitProviderProps,
  type RampTheme,
  useRampKit,
} from '../provider.js'
export { rampKitKeys } from '../query/keys.js'
export {
  banksQueryOptions,
  catalogQueryOptions,
  configQueryOptions,
  corridorsQueryOptions,
  isOrderFinal,
  type OrdersQuery,
  orderQueryOptions,
  ordersQueryOptions,
  paymentMethodsQueryOptions,
  tokenPreviewQueryOptions,
  tokensQueryOptions,
} from '../query/reads.js'
export {
  type AcceptQuoteVariables,
  acceptQuoteMutationOptions,
  type CreateOrderVariables,
  createOrderMutationOptions,
  quoteMutationOptions,
} from '../query/writes.js'
export { baseUnitsCovering } from '../utils/units.js'
export {
  type ReadHookOptions,
  useBanks,
  useCatalog,
  useCorridors,
  useKitConfig,
  usePaymentMethods,
  useTokens,
} from './reads.js'
export {
  type AllowancePhase,
  type AllowanceToken,
  ApprovalError,
  type ApprovalErrorReason,
  type UseAllowanceParameters,
  type UseAllowanceReturnType,
  useAllowance,
} from './useAllowance.js'
export {
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
export { type UseTokenPreviewOptions, useTokenPreview } from './useTokenPreview.js'
export { useAcceptQuote, useCreateOrder, useQuote } from './writes.js'
