// @vitest-environment node
import { describe, expect, it } from 'vitest'

// An API change shows in review as a change of these lists.
describe('public API', () => {
  it('@rampkit/react', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
      [
        "RAMP_LOCALES",
        "ROUTES",
        "RampCheckout",
        "RampKitLocale",
        "RampKitProvider",
        "STREAM_END_STATUSES",
        "acceptQuoteMutationOptions",
        "banksQueryOptions",
        "baseUnitsCovering",
        "catalogQueryOptions",
        "configQueryOptions",
        "corridorsQueryOptions",
        "createKitClient",
        "createOrderMutationOptions",
        "formatMessage",
        "isOrderFinal",
        "messagesFor",
        "orderQueryOptions",
        "ordersQueryOptions",
        "paymentMethodsQueryOptions",
        "quoteMutationOptions",
        "rampKitKeys",
        "themeStyle",
        "tokenPreviewQueryOptions",
        "tokensQueryOptions",
        "useAcceptQuote",
        "useAllowance",
        "useBanks",
        "useCatalog",
        "useCheckout",
        "useCorridors",
        "useCreateOrder",
        "useDebouncedValue",
        "useKitConfig",
        "useOrderStatus",
        "usePaymentMethods",
        "useQuote",
        "useRampKit",
        "useTokenPreview",
        "useTokens",
      ]
    `)
  })

  it('@rampkit/react/hooks', async () => {
    expect(Object.keys(await import('./hooks/index.js')).sort()).toMatchInlineSnapshot(`
      [
        "RAMP_LOCALES",
        "ROUTES",
        "RampKitLocale",
        "RampKitProvider",
        "STREAM_END_STATUSES",
        "acceptQuoteMutationOptions",
        "banksQueryOptions",
        "baseUnitsCovering",
        "catalogQueryOptions",
        "configQueryOptions",
        "corridorsQueryOptions",
        "createKitClient",
        "createOrderMutationOptions",
        "formatMessage",
        "isOrderFinal",
        "messagesFor",
        "orderQueryOptions",
        "ordersQueryOptions",
        "paymentMethodsQueryOptions",
        "quoteMutationOptions",
        "rampKitKeys",
        "tokenPreviewQueryOptions",
        "tokensQueryOptions",
        "useAcceptQuote",
        "useAllowance",
        "useBanks",
        "useCatalog",
        "useCheckout",
        "useCorridors",
        "useCreateOrder",
        "useDebouncedValue",
        "useKitConfig",
        "useOrderStatus",
        "usePaymentMethods",
        "useQuote",
        "useRampKit",
        "useTokenPreview",
        "useTokens",
      ]
    `)
  })
})
