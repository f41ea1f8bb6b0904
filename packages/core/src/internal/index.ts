/**
 * `@rampkit/core/internal`: what rampkit's own packages share and a partner does not use, with no
 * semver promise. The server kit's strict request schemas and answers (`kit/schemas.ts`; their
 * types are on `@rampkit/core/kit`), and the building blocks of the resource schemas (field
 * formats, the service's envelope, open enums) that `@rampkit/core` composes into the resources it
 * exports.
 */
export * from '../kit/schemas.js'
export {
  decimalString,
  webhookAccountObject,
} from '../schemas/accounts.js'
export {
  accountId,
  countryCode,
  currencyCode,
  customerId,
  hexAddress,
  isoTimestamp,
  openEnum,
  paymentMethodType,
  signingKeyId,
  txHash,
} from '../schemas/common.js'
export {
  businessAddress,
  businessOfficer,
  individualAddress,
  isoDate,
  partnerCustomerRef,
} from '../schemas/customers.js'
export {
  type Envelope,
  type ErrorData,
  type ErrorEnvelope,
  envelope,
  errorData,
  errorEnvelope,
  type SuccessEnvelope,
  successEnvelope,
} from '../schemas/envelope.js'
export {
  orderTypeCode,
  partnerOrderRead,
  reportedOrderStatus,
} from '../schemas/orders.js'
export { acceptedOrderRecord } from '../schemas/quote.js'
export { revokeSigningKeyRequest } from '../schemas/signingKeys.js'
