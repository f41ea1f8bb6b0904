import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The public surface of every entry `package.json` declares, types included, read with the
 * TypeScript compiler from the sources the published `.d.ts` files are emitted from. The list is
 * committed (`__snapshots__/exports.txt`), so adding, moving or removing an export shows in review.
 * The root entry is what a partner uses; each of its names carries a doc comment.
 */
const packageDir = new URL('../', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
  exports: Record<string, { types: string }>
}
const entries = Object.entries(manifest.exports).map(([subpath, target]) => ({
  subpath: subpath === '.' ? '@rampkit/core' : `@rampkit/core${subpath.slice(1)}`,
  file: fileURLToPath(new URL(target.types, packageDir)),
}))

type Export = { name: string; kind: 'type' | 'value'; documented: boolean }
const surface = new Map<string, Export[]>()

beforeAll(() => {
  const program = ts.createProgram(
    entries.map((entry) => entry.file),
    {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    },
  )
  const checker = program.getTypeChecker()
  for (const entry of entries) {
    const source = program.getSourceFile(entry.file)
    const module = source && checker.getSymbolAtLocation(source)
    if (!module) throw new Error(`${entry.subpath}: ${entry.file} is not a module`)
    surface.set(
      entry.subpath,
      checker.getExportsOfModule(module).map((symbol) => {
        const target =
          symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
        return {
          name: symbol.name,
          kind: target.flags & ts.SymbolFlags.Value ? 'value' : 'type',
          documented:
            ts.displayPartsToString(target.getDocumentationComment(checker)).trim() !== '',
        }
      }),
    )
  }
}, 60_000)

describe('the entries of @rampkit/core', () => {
  it('export the names of the committed list, by entry', async () => {
    const listing = entries
      .map(({ subpath }) => {
        const names = (surface.get(subpath) ?? [])
          .map((e) => `  ${e.kind === 'type' ? 'type ' : ''}${e.name}`)
          .sort((a, b) =>
            a
              .trim()
              .replace(/^type /, '')
              .localeCompare(b.trim().replace(/^type /, '')),
          )
        return `${subpath} (${names.length})\n${names.join('\n')}\n`
      })
      .join('\n')
    await expect(listing).toMatchFileSnapshot('./__snapshots__/exports.txt')
  })

  it('keep the root to what a partner uses: the resources, the lifecycle, errors and units', () => {
    const root = surface.get('@rampkit/core') ?? []
    const names = new Set(root.map((e) => e.name))
    // Partner-facing names stay at the root…
    for (const name of [
      'quote',
      'Quote',
      'webhookPayloads',
      'isFinalOrderStatus',
      'RampApiError',
      'toBaseUnits',
    ]) {
      expect(names, name).toContain(name)
    }
    // …and what only rampkit's own packages use lives at a topical or the internal entry.
    for (const name of [
      'createCheckout',
      'validatePhone',
      'KIT_API',
      'kitQuoteRequest',
      'redactDeep',
      'txHash',
    ]) {
      expect(names, name).not.toContain(name)
    }
  })

  it('document every name of the root entry', () => {
    const undocumented = (surface.get('@rampkit/core') ?? [])
      .filter((e) => !e.documented)
      .map((e) => e.name)
    expect(undocumented).toEqual([])
  })
})
