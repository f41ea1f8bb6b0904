export { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from '../countries/codes.js'
export {
  SANDBOX_ONLY_ACCOUNT_MESSAGE,
  type ValidateAccountNumberOptions,
  validateAccountNumber,
} from './accountNumber.js'
export {
  currencyFractionDigits,
  type FiatAmountOptions,
  type ProviderLimits,
  validateAmountForProvider,
  validateFiatAmount,
} from './amount.js'
export { BVN_ID_TYPE, requiresBvn, validateBvn, validateBvnType } from './bvn.js'
export {
  type CustomerName,
  MAX_CUSTOMER_NAME_LENGTH,
  validateCustomerName,
} from './customerName.js'
export {
  type DobOrder,
  dobOrder,
  MAX_CUSTOMER_AGE,
  MIN_CUSTOMER_AGE,
  toDobString,
  type ValidateDobOptions,
  validateDob,
} from './dob.js'
export { validateEmail } from './email.js'
export { type ValidateEvmAddressOptions, validateEvmAddress } from './evmAddress.js'
export { VALIDATION_FIELDS } from './fields.js'
export {
  type DetailsSchemaOptions,
  detailsSchema,
  type IdentityCheck,
  identityFieldSchema,
} from './forms.js'
export { type ValidateIbanOptions, validateIban } from './iban.js'
export { validateNetworkId } from './networkId.js'
export {
  NIGERIAN_BANK_CODES,
  nigerianBankCode,
  nubanCheckDigit,
  validateNuban,
} from './nuban.js'
export {
  formatPhone,
  formatPhoneAsYouType,
  isPhoneCountry,
  phoneExample,
  phoneOfCountry,
  SANDBOX_ONLY_PHONE_MESSAGE,
  type ValidatePhoneOptions,
  validatePhone,
} from './phone.js'
export {
  type QuoteInput,
  type ValidateQuoteInputOptions,
  validateQuoteInput,
} from './quoteInput.js'
export type { ValidationCode, ValidationFailure, ValidationResult } from './result.js'
export { sandboxTestPhonesOf } from './sandboxTestPhonesOf.js'
export {
  SANDBOX_TEST_VALUES,
  type SandboxTestOutcome,
  sandboxTestAccountOutcome,
  sandboxTestNameOutcome,
  sandboxTestPhoneOutcome,
  sandboxTestPhones,
  sandboxTestReviewRejects,
} from './sandboxTestValues.js'
export {
  amountSchema,
  bvnSchema,
  customerNameSchema,
  dobSchema,
  evmAddressSchema,
  type FailureMessage,
  networkIdSchema,
  phoneNumberSchema,
  quoteInputSchema,
  ruleSchema,
} from './schemas.js'
