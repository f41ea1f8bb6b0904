import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import * as kit from './index.js'

it('the kit entry exports', () => {
  expect(Object.keys(kit).sort()).toMatchInlineSnapshot(`
    [
      "CUSTOMER_DOCUMENT_CONTENT_TYPES",
      "DOCUMENT_MAGIC_BYTES",
      "DOCUMENT_TOO_LARGE",
      "FINAL_ORDER_STATUSES",
      "KIT_API",
      "KIT_CUSTOMER_SSE_EVENTS",
      "KIT_ROUTES",
      "KIT_SSE_EVENTS",
      "KIT_STREAM_END_STATUSES",
      "MAX_CUSTOMER_DOCUMENT_BYTES",
      "ORDER_STATUSES",
      "acceptQuoteMutationOptions",
      "accountsQueryOptions",
      "banksQueryOptions",
      "canMoveOrderStatus",
      "catalogQueryOptions",
      "configQueryOptions",
      "corridorsQueryOptions",
      "createKitClient",
      "createOrderMutationOptions",
      "customerQueryOptions",
      "declaredDocumentType",
      "depositInstructionsQueryOptions",
      "documentRefusal",
      "documentTypeOf",
      "hasBanking",
      "indicativeRatesQueryOptions",
      "isCustomerVerified",
      "isFinalOrderStatus",
      "isKnownOrderStatus",
      "isOrderFinal",
      "normalizeOrderStatus",
      "openAccountMutationOptions",
      "orderQueryOptions",
      "orderRequirementsQueryOptions",
      "orderStatusRank",
      "orderStatusText",
      "ordersQueryOptions",
      "paymentMethodsQueryOptions",
      "payoutBanksQueryOptions",
      "proveWalletMutationOptions",
      "quoteMutationOptions",
      "rampKitKeys",
      "revokeSigningKeyMutationOptions",
      "saveCustomerMutationOptions",
      "signingKeysQueryOptions",
      "submitCustomerMutationOptions",
      "tokenPreviewQueryOptions",
      "tokensQueryOptions",
      "uploadCustomerDocument",
      "uploadDocumentMutationOptions",
      "walletProofQueryOptions",
    ]
  `)
})

describe('the kit entry in a browser bundle', () => {
  // Bundles the entry as a partner's bundler would and reads every file it pulled in. zod is
  // ~90 kB gzip with its locales, and the client and webhooks entries handle secrets: none of
  // them may be reachable from here, even if tree-shaking would drop them today.
  const bundle = () =>
    build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      external: ['@tanstack/query-core'],
      logLevel: 'silent',
    })

  it('imports neither zod nor the client, webhooks, schemas or validation modules', async () => {
    const { metafile } = await bundle()
    const inputs = Object.keys(metafile.inputs)
    expect(inputs.length).toBeGreaterThan(5)
    expect(inputs.filter((path) => /(^|\/)node_modules\/|(^|\/)zod(\/|$)/.test(path))).toEqual([])
    expect(
      inputs.filter((path) => /src\/(client|webhooks|schemas|validation)\//.test(path)),
    ).toEqual([])
    expect(inputs.every((path) => /src\/(kit|errors|orders)\//.test(path))).toBe(true)
  })

  it('leaves only the query-core peer external', async () => {
    const { metafile } = await bundle()
    const externals = Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external).map((entry) => entry.path),
    )
    expect([...new Set(externals)]).toEqual(['@tanstack/query-core'])
  })
})
