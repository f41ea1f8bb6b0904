import { expect, it } from 'vitest'
import * as validation from './index.js'

it('exports the public validation API', () => {
  expect(Object.keys(validation).sort()).toMatchInlineSnapshot(`
    [
      "MAX_CUSTOMER_AGE",
      "MAX_CUSTOMER_NAME_LENGTH",
      "MIN_CUSTOMER_AGE",
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
      "toDobString",
      "validateAmountForProvider",
      "validateBvn",
      "validateCustomerName",
      "validateDob",
      "validateEvmAddress",
      "validateFiatAmount",
      "validateNetworkId",
      "validatePhone",
      "validateQuoteInput",
    ]
  `)
})
