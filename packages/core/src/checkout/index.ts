// The amount step's limits, reachable without validation's schemas and phone module (a bundler
// that splits by entry keeps a barrel's every module beside its first user).
export {
  type FiatAmountOptions,
  type ProviderLimits,
  validateAmountForProvider,
  validateFiatAmount,
} from '../validation/amount.js'
export {
  type CheckoutClock,
  type CheckoutNetwork,
  hostNetwork,
  systemClock,
} from './adapters.js'
export { type AmountInput, type AmountProblem, amountEvent, readAmountInput } from './amount.js'
export {
  type CheckoutCallbacks,
  type CheckoutChoice,
  CheckoutController,
  type CheckoutControllerOptions,
  type CheckoutHostOptions,
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
export { type CheckoutDraft, type CheckoutDrafts, cleanDraft } from './drafts.js'
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
  CHECKOUT_FLOW,
  CHECKOUT_STAGES,
  type CheckoutProgress,
  type CheckoutStage,
  checkoutSteps,
  progressOf,
  stepsOfScreen,
} from './flow.js'
export {
  type CustomerRead,
  type IdentityGate,
  identityGate,
  needsVerifiedCustomer,
} from './gate.js'
export {
  browserHistory,
  type CheckoutHistory,
  type CheckoutHistoryEntry,
  memoryHistory,
} from './history.js'
export { customerQueryOf } from './identity.js'
export {
  type EventSourceFactory,
  type FollowOrderOptions,
  followOrder,
  type OrderConnection,
} from './live.js'
export {
  AMOUNT_FIELDS,
  type CreateCheckoutOptions,
  canReachStep,
  canTransition,
  checkoutFlow,
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
export { type CheckoutQuoteView, type CheckoutView, checkoutView } from './view.js'
export { type CheckoutWallet, walletCheck } from './wallet.js'
