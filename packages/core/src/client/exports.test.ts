import { expect, it } from 'vitest'
import * as client from './index.js'

it('the client entry exports', () => {
  expect(Object.keys(client).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_RETRY",
      "DEFAULT_TIMEOUT_MS",
      "DEFAULT_TOTAL_TIMEOUT_MS",
      "KEY_PREFIXES",
      "PARTNER_PREFIX",
      "REQUEST_OPTION_NAMES",
      "acceptQuote",
      "createCustomer",
      "createOrder",
      "createQuote",
      "createRampClient",
      "environmentOfKey",
      "getAccount",
      "getBanks",
      "getCatalog",
      "getCorridors",
      "getCustomer",
      "getIndicativeRates",
      "getOrderByTxHash",
      "getOrderRequirements",
      "getPartnerOrder",
      "getPaymentMethods",
      "getTokenPreview",
      "getTokens",
      "listAccounts",
      "listMyOrders",
      "listPayoutBanks",
      "listSigningKeys",
      "revokeSigningKey",
      "sendTestWebhook",
    ]
  `)
})
