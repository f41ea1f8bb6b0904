// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without declarations
import { ENTRIES } from '../scripts/build.mjs'

type ExportTarget = string | { types: string; default: string }
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'),
) as {
  exports: Record<string, ExportTarget>
  publishConfig: { exports: Record<string, ExportTarget> }
}
const targets = (target: ExportTarget) =>
  typeof target === 'string' ? [target] : [target.types, target.default]

// An API change shows in review as a change of these lists.
describe('public API', () => {
  it('@rampkit/react', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
      [
        "PaymentInstructions",
        "RAMP_LOCALES",
        "ROUTES",
        "RampCheckout",
        "RampKitLocale",
        "RampKitProvider",
        "STREAM_END_STATUSES",
        "acceptQuoteMutationOptions",
        "accountsQueryOptions",
        "banksQueryOptions",
        "baseUnitsCovering",
        "catalogQueryOptions",
        "configQueryOptions",
        "corridorsQueryOptions",
        "createKitClient",
        "createOrderMutationOptions",
        "customerQueryOptions",
        "depositInstructionsQueryOptions",
        "formatExact",
        "formatMessage",
        "hasBanking",
        "indicativeRatesQueryOptions",
        "isCustomerVerified",
        "isOrderFinal",
        "loadMessages",
        "messagesFor",
        "openAccountMutationOptions",
        "orderQueryOptions",
        "orderRequirementsQueryOptions",
        "ordersQueryOptions",
        "paymentMethodsQueryOptions",
        "payoutBanksQueryOptions",
        "proveWalletMutationOptions",
        "quoteMutationOptions",
        "rampKitKeys",
        "rampLocale",
        "saveCustomerMutationOptions",
        "submitCustomerMutationOptions",
        "themeStyle",
        "tokenPreviewQueryOptions",
        "tokensQueryOptions",
        "uploadCustomerDocument",
        "uploadDocumentMutationOptions",
        "useAcceptQuote",
        "useAccounts",
        "useBanks",
        "useCatalog",
        "useCheckout",
        "useCorridors",
        "useCreateOrder",
        "useCustomer",
        "useDebouncedValue",
        "useDepositInstructions",
        "useIndicativeRates",
        "useKitConfig",
        "useOpenAccount",
        "useOrderRequirements",
        "useOrderStatus",
        "usePaymentMethods",
        "usePayoutBanks",
        "useQuote",
        "useRampKit",
        "useSaveCustomer",
        "useSigningKeys",
        "useSubmitCustomer",
        "useTokenPreview",
        "useTokens",
        "useUploadDocument",
        "walletProofQueryOptions",
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
        "accountsQueryOptions",
        "banksQueryOptions",
        "baseUnitsCovering",
        "catalogQueryOptions",
        "configQueryOptions",
        "corridorsQueryOptions",
        "createKitClient",
        "createOrderMutationOptions",
        "customerQueryOptions",
        "depositInstructionsQueryOptions",
        "formatMessage",
        "hasBanking",
        "indicativeRatesQueryOptions",
        "isCustomerVerified",
        "isOrderFinal",
        "loadMessages",
        "messagesFor",
        "openAccountMutationOptions",
        "orderQueryOptions",
        "orderRequirementsQueryOptions",
        "ordersQueryOptions",
        "paymentMethodsQueryOptions",
        "payoutBanksQueryOptions",
        "proveWalletMutationOptions",
        "quoteMutationOptions",
        "rampKitKeys",
        "rampLocale",
        "saveCustomerMutationOptions",
        "submitCustomerMutationOptions",
        "tokenPreviewQueryOptions",
        "tokensQueryOptions",
        "uploadCustomerDocument",
        "uploadDocumentMutationOptions",
        "useAcceptQuote",
        "useAccounts",
        "useBanks",
        "useCatalog",
        "useCheckout",
        "useCorridors",
        "useCreateOrder",
        "useCustomer",
        "useDebouncedValue",
        "useDepositInstructions",
        "useIndicativeRates",
        "useKitConfig",
        "useOpenAccount",
        "useOrderRequirements",
        "useOrderStatus",
        "usePaymentMethods",
        "usePayoutBanks",
        "useQuote",
        "useRampKit",
        "useSaveCustomer",
        "useSigningKeys",
        "useSubmitCustomer",
        "useTokenPreview",
        "useTokens",
        "useUploadDocument",
        "walletProofQueryOptions",
      ]
    `)
  })

  it('@rampkit/react/wallet', async () => {
    expect(Object.keys(await import('./wallet/index.js')).sort()).toMatchInlineSnapshot(`
      [
        "ApprovalError",
        "SignedAcceptError",
        "WalletProofError",
        "useAllowance",
        "useSignedAccept",
        "useWalletProof",
      ]
    `)
  })

  it('package.json lists these entries, each pointing at a file that exists', () => {
    expect(Object.keys(manifest.exports)).toMatchInlineSnapshot(`
      [
        ".",
        "./hooks",
        "./accounts",
        "./wallet",
        "./styles.css",
      ]
    `)
    for (const [name, target] of Object.entries(manifest.exports)) {
      for (const path of targets(target)) {
        expect(
          existsSync(fileURLToPath(new URL(`../${path}`, import.meta.url))),
          `${name}: ${path}`,
        ).toBe(true)
      }
    }
  })

  it('publishes the same entries, each one built from its source entry', () => {
    const { exports: published } = manifest.publishConfig
    expect(Object.keys(published)).toEqual(Object.keys(manifest.exports))
    const built = Object.keys(ENTRIES as Record<string, string>).map((name) => `./dist/${name}.js`)
    const sources = Object.values(ENTRIES as Record<string, string>).map((path) => `./${path}`)
    for (const [name, target] of Object.entries(published)) {
      if (typeof target === 'string') continue
      // The stylesheet ships as it is, with declarations so `import '…/styles.css'` type-checks.
      if (target.default.endsWith('.css')) {
        expect(target.types, name).toBe(`${target.default}.d.ts`)
        continue
      }
      expect(built, name).toContain(target.default)
      expect(target.types, name).toBe(target.default.replace(/\.js$/, '.d.ts'))
      const source = manifest.exports[name]
      expect(typeof source === 'string' ? source : source?.default, name).toBe(
        sources[built.indexOf(target.default)],
      )
    }
  })
})
