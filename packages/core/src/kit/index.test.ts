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
      "MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH",
      "MAX_CUSTOMER_DOCUMENT_BYTES",
      "ORDER_STATUSES",
      "canMoveOrderStatus",
      "createKitClient",
      "declaredDocumentType",
      "documentRefusal",
      "documentTypeOf",
      "hasBanking",
      "isCustomerVerified",
      "isFinalOrderStatus",
      "isKnownOrderStatus",
      "isOrderFinal",
      "normalizeOrderStatus",
      "orderStatusRank",
      "orderStatusText",
      "rampKitKeys",
    ]
  `)
})

// Bundles each browser entry as a partner's bundler would and reads every file it pulled in. zod
// is ~90 kB gzip with its locales, and the client and webhooks entries handle secrets: none of
// them may be reachable from these entries, even if tree-shaking would drop them today.
const bundle = (entry: string) =>
  build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    packages: 'external',
    logLevel: 'silent',
  })

const externalsOf = (metafile: {
  outputs: Record<string, { imports: { path: string; external?: boolean }[] }>
}) => [
  ...new Set(
    Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external).map((entry) => entry.path),
    ),
  ),
]

// The plain rules the checkout reads (the amount limits, the BVN, the date-of-birth order) sit beside
// validation's zod schemas and phone module; a browser entry may reach those rules, never the rest.
const PLAIN_RULES = /src\/validation\/(amount|bvn|dob|fields|result)\.ts$/

describe.each([
  // entry, the modules it may reach, the packages it may import
  ['./index.ts', /src\/(kit|documents|errors|orders)\//, []],
  ['./query/index.ts', /src\/(kit|documents|errors|orders)\//, ['@tanstack/query-core']],
  [
    '../checkout/index.ts',
    // The kit's plain status rules (`kit/status.ts`, no zod) the controller follows an order by.
    new RegExp(`src/(checkout|errors|orders|units)/|src/kit/status\\.ts$|${PLAIN_RULES.source}`),
    ['viem/utils'],
  ],
  ['../errors/index.ts', /src\/errors\//, []],
  ['../units/index.ts', /src\/(units|errors)\//, ['viem/utils']],
] as const)('the browser entry %s', (entry, allowed, packages) => {
  it('imports neither zod nor the client, webhooks, schemas or validation modules', async () => {
    const { metafile } = await bundle(entry)
    const inputs = Object.keys(metafile.inputs)
    expect(inputs.length).toBeGreaterThan(1)
    expect(inputs.filter((path) => /(^|\/)node_modules\/|(^|\/)zod(\/|$)/.test(path))).toEqual([])
    expect(
      inputs.filter(
        (path) =>
          /src\/(client|webhooks|schemas|validation)\//.test(path) && !PLAIN_RULES.test(path),
      ),
    ).toEqual([])
    expect(inputs.filter((path) => !allowed.test(path))).toEqual([])
  })

  it(`leaves only ${packages.join(', ') || 'no package'} external`, async () => {
    const { metafile } = await bundle(entry)
    expect(externalsOf(metafile).sort()).toEqual([...packages])
  })
})
