import { expect, it } from 'vitest'
import * as validation from './index.js'

it('exports the public validation API', () => {
  expect(Object.keys(validation).sort()).toMatchInlineSnapshot(`
    [
      "BVN_ID_TYPE",
      "MAX_CUSTOMER_AGE",
      "MAX_CUSTOMER_NAME_LENGTH",
      "MIN_CUSTOMER_AGE",
      "SANDBOX_ONLY_ACCOUNT_MESSAGE",
      "SANDBOX_ONLY_PHONE_MESSAGE",
      "SANDBOX_TEST_VALUES",
      "VALIDATION_FIELDS",
      "amountSchema",
      "bvnSchema",
      "currencyFractionDigits",
      "customerNameSchema",
      "dobSchema",
      "evmAddressSchema",
      "formatPhoneAsYouType",
      "networkIdSchema",
      "phoneNumberSchema",
      "quoteInputSchema",
      "requiresBvn",
      "sandboxTestAccountOutcome",
      "sandboxTestNameOutcome",
      "sandboxTestPhoneOutcome",
      "toDobString",
      "validateAccountNumber",
      "validateAmountForProvider",
      "validateBvn",
      "validateBvnType",
      "validateCustomerName",
      "validateDob",
      "validateEvmAddress",
      "validateFiatAmount",
      "validateIban",
      "validateNetworkId",
      "validatePhone",
      "validateQuoteInput",
    ]
  `)
})
