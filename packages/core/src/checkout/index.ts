// The amount step's limits, reachable without validation's schemas and phone module (a bundler
// that splits by entry keeps a barrel's every module beside its first user).
export {
  type FiatAmountOptions,
  type ProviderLimits,
  validateAmountForProvider,
  validateFiatAmount,
} from '../validation/amount.js'
export {
  type CheckoutCallbacks,
  CheckoutController,
  type CheckoutControllerOptions,
  type CheckoutSnapshot,
  type CheckoutStorage,
  type ConfirmOptions,
  createCheckoutController,
  type OrderCheck,
} from './controller.js'
export {
  chainDisplayName,
  networkDisplayName,
  quoteNetworkName,
  tokenDisplayName,
} from './display.js'
export { isRefusal, toCheckoutError } from './errors.js'
export {
  type IndicativeEstimate,
  type IndicativeEstimateParameters,
  type IndicativePayout,
  type IndicativePayoutParameters,
  indicativeEstimate,
  indicativePayout,
  type TokenLimits,
  type TokenLimitsParameters,
  tokenLimits,
} from './estimate.js'
export {
  type DetailsField,
  type DetailsFields,
  detailsFieldOf,
  detailsFields,
} from './fields.js'
export {
  AMOUNT_FIELDS,
  type CreateCheckoutOptions,
  canReachStep,
  canTransition,
  checkoutFlow,
  checkoutSteps,
  createCheckout,
  isQuoteExpired,
  quoteTimeLeft,
  transition,
} from './machine.js'
export {
  amountLimits,
  banksCountry,
  banksQuery,
  type CorridorLimits,
  catalogCountries,
  corridorKey,
  corridorOptions,
  internationalLimits,
  paymentMethodOptions,
  paymentMethodsQuery,
  pickOption,
  providerOptions,
  toCheckoutToken,
  tokenKey,
  wantedCorridors,
  wantedTokenKey,
} from './options.js'
export { parseCheckout, serializeCheckout } from './persist.js'
export {
  fromKitOrder,
  fromQuote,
  paymentInstructionsOf,
  type QuoteSides,
  quoteAssetOf,
  quoteSides,
  SERVICE_NETWORKS,
  toCreateOrderRequest,
  toQuoteRequest,
} from './requests.js'
export { CHECKOUT_SCREENS, type CheckoutScreen, screenEntry, screenOf } from './screens.js'
export {
  CHECKOUT_STEPS,
  type CheckoutApproval,
  type CheckoutConfirm,
  type CheckoutCorridor,
  type CheckoutDetails,
  type CheckoutDirection,
  type CheckoutError,
  type CheckoutEvent,
  type CheckoutGuardReason,
  type CheckoutGuardResult,
  type CheckoutOrder,
  type CheckoutOrderStatus,
  type CheckoutPaymentInstructions,
  type CheckoutPaymentMethod,
  type CheckoutProvider,
  type CheckoutQuote,
  type CheckoutState,
  type CheckoutStep,
  type CheckoutToken,
} from './types.js'
