/**
 * Writes the reference pages from the packages' own types and doc comments, so nothing in them
 * is written twice: every export of every entry of the four published packages
 * (`pages/reference/api/<package>.md`), the widget's and the provider's props
 * (`pages/reference/props.md`), the kit's options (`pages/reference/kit-options.md`) and the
 * kit's routes from core's `KIT_API` (`pages/reference/routes.md`). Run by `pnpm docs` and
 * `pnpm docs:build` before VitePress; `--check` writes nothing and exits 1 when an export has no
 * doc comment. The files it writes are ignored by git.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { KIT_API } from '@rampkit/core/kit'
import ts from 'typescript'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const out = fileURLToPath(new URL('../pages/reference/', import.meta.url))
const PACKAGES = ['core', 'server', 'react', 'sandbox'] as const

/** One export of one entry, as the reference shows it. */
export type ExportDoc = {
  entry: string
  name: string
  kind: string
  doc: string
  examples: string[]
  source: string
}

type Entry = { specifier: string; file: string }

function entriesOf(pkg: string): Entry[] {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8'))
  const name: string = manifest.name
  return Object.entries(manifest.exports as Record<string, string | { default: string }>)
    .map(([key, value]) => ({ key, target: typeof value === 'string' ? value : value.default }))
    .filter(({ target }) => /\.tsx?$/.test(target))
    .map(({ key, target }) => ({
      specifier: key === '.' ? name : `${name}/${key.slice(2)}`,
      file: join(root, 'packages', pkg, target),
    }))
}

let shared: ts.Program | undefined

/**
 * One program over every entry of the four packages, made once: parsing them and their
 * dependencies' types is most of the script's time, and the props tables read the same files.
 */
function program(): ts.Program {
  if (shared) return shared
  const files = PACKAGES.flatMap(entriesOf).map((entry) => entry.file)
  const config = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile).config
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root)
  shared = ts.createProgram(files, { ...options, noEmit: true, jsx: ts.JsxEmit.ReactJSX })
  return shared
}

function kindOf(symbol: ts.Symbol): string {
  const flags = symbol.flags
  if (flags & ts.SymbolFlags.Class) return 'class'
  if (flags & ts.SymbolFlags.Function) return 'function'
  if (flags & ts.SymbolFlags.Interface || flags & ts.SymbolFlags.TypeAlias) return 'type'
  if (flags & ts.SymbolFlags.Enum) return 'enum'
  if (flags & ts.SymbolFlags.Variable) return 'const'
  return 'export'
}

/** The doc comment of a symbol: its text, and each `@example` block. */
function docOf(symbol: ts.Symbol, checker: ts.TypeChecker): { doc: string; examples: string[] } {
  const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim()
  const examples = symbol
    .getJsDocTags(checker)
    .filter((tag) => tag.name === 'example')
    .map((tag) => ts.displayPartsToString(tag.text).trim())
  return { doc, examples }
}

/** Every export of every entry of the four packages, with its doc comment. */
export function collectExports(): ExportDoc[] {
  const entries = PACKAGES.flatMap(entriesOf)
  const prog = program()
  const checker = prog.getTypeChecker()
  return entries.flatMap((entry) => {
    const source = prog.getSourceFile(entry.file)
    const moduleSymbol = source && checker.getSymbolAtLocation(source)
    if (!moduleSymbol) throw new Error(`no module for ${entry.file}`)
    return checker.getExportsOfModule(moduleSymbol).map((exported) => {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const declaration = symbol.declarations?.[0]
      return {
        entry: entry.specifier,
        name: exported.name,
        kind: kindOf(symbol),
        ...docOf(symbol, checker),
        source: declaration ? relative(root, declaration.getSourceFile().fileName) : '',
      }
    })
  })
}

/** The properties of a named exported type, with their types and doc comments. */
function propsOf(
  file: string,
  typeName: string,
): { name: string; type: string; doc: string; optional: boolean }[] {
  const prog = program()
  const checker = prog.getTypeChecker()
  const source = prog.getSourceFile(file)
  const moduleSymbol = source && checker.getSymbolAtLocation(source)
  const exported =
    moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === typeName)
  if (!exported) throw new Error(`${typeName} is not exported by ${file}`)
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
  const type = checker.getDeclaredTypeOfSymbol(symbol)
  return type.getProperties().map((property) => {
    const declaration = property.valueDeclaration ?? property.declarations?.[0]
    const propertyType = declaration
      ? checker.getTypeOfSymbolAtLocation(property, declaration)
      : checker.getTypeOfSymbol(property)
    return {
      name: property.name,
      type: checker.typeToString(propertyType, undefined, ts.TypeFormatFlags.NoTruncation),
      doc: ts.displayPartsToString(property.getDocumentationComment(checker)).trim(),
      optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
    }
  })
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')
// Vue reads `{{` and `<tag>` in a page as its own template: code spans keep types literal.
const code = (text: string) =>
  `<code v-pre>${cell(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code>`

function propsTable(rows: ReturnType<typeof propsOf>): string {
  return [
    '| Prop | Type | What it does |',
    '|---|---|---|',
    ...rows.map(
      (row) =>
        `| \`${row.name}\`${row.optional ? '' : ' (required)'} | ${code(row.type)} | ${cell(row.doc) || '—'} |`,
    ),
  ].join('\n')
}

const GENERATED =
  '<!-- Generated by apps/docs/scripts/reference.ts from the source: edit the doc comments, not this page. -->'

function apiPage(pkg: string, docs: ExportDoc[]): string {
  const name = `@rampkit/${pkg}`
  const lines = [`# ${name}`, '', GENERATED, '']
  lines.push(
    `Every export of every entry, with its doc comment. The package's README: [packages/${pkg}/README.md](https://github.com/rampkit/rampkit/tree/main/packages/${pkg}#readme).`,
    '',
  )
  const entries = [...new Set(docs.map((doc) => doc.entry))]
  for (const entry of entries) {
    lines.push(`## \`${entry}\``, '')
    // A zod schema and its type share a name: one heading, both kinds.
    const byName = new Map<string, ExportDoc[]>()
    for (const doc of docs.filter((d) => d.entry === entry)) {
      byName.set(doc.name, [...(byName.get(doc.name) ?? []), doc])
    }
    for (const name of [...byName.keys()].sort((a, b) => a.localeCompare(b))) {
      const same = byName.get(name) ?? []
      const kinds = [...new Set(same.map((d) => d.kind))].join(' + ')
      const doc = same.find((d) => d.doc) ?? same[0]
      if (!doc) continue
      lines.push(`### ${name} {#${slug(entry)}-${name}}`, '')
      lines.push(`<Badge type="info" text="${kinds}" /> <code v-pre>${doc.source}</code>`, '')
      if (doc.doc) lines.push(escapeVue(doc.doc), '')
      for (const example of doc.examples) lines.push('```tsx', example, '```', '')
    }
  }
  return lines.join('\n')
}

const slug = (entry: string) => entry.replace(/^@rampkit\//, '').replace(/\W+/g, '-')
/** Prose from doc comments: `{{` would be read as a Vue interpolation. */
const escapeVue = (text: string) =>
  text.replace(/\{\{/g, '&#123;&#123;').replace(/<(?=[A-Za-z/])(?![^`]*`)/g, '&lt;')

function routesPage(): string {
  const rows = Object.entries(KIT_API).map(([name, spec]) => {
    const extra = [
      'cache' in spec && spec.cache ? `cached (${spec.cache})` : '',
      'answers' in spec && spec.answers ? 'server-sent events' : '',
    ].filter(Boolean)
    return `| \`${name}\` | ${spec.method} | \`${spec.path}\` | ${spec.guards.map((g) => `\`${g}\``).join(', ') || '—'} | ${extra.join(', ') || '—'} |`
  })
  return [
    '# Kit routes',
    '',
    GENERATED,
    '',
    "The server kit's browser-facing routes, relative to where you mount it (`/api/ramp`), read from core's `KIT_API` (`@rampkit/core/kit`). The kit registers its routes from this table and the browser client takes its methods from it; the types of each route's query, body and answer are `KitApi`'s. What each guard does: `session` needs an end user, `origin` an allowed `Origin`, `walletProof` a wallet this session proved, `webhookSignature` the service's signature of the raw body. Upstream calls and notes per route: [kit routes: upstream calls and answers](/reference/server-routes).",
    '',
    '| Name | Method | Path | Guards | Answer |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n')
}

/** Writes every generated page; returns the exports without a doc comment. */
export function writeReference(): ExportDoc[] {
  const docs = collectExports()
  mkdirSync(join(out, 'api'), { recursive: true })
  for (const pkg of PACKAGES) {
    writeFileSync(
      join(out, 'api', `${pkg}.md`),
      apiPage(
        pkg,
        docs.filter((d) => d.entry.startsWith(`@rampkit/${pkg}`)),
      ),
    )
  }
  const react = join(root, 'packages/react/src/index.ts')
  writeFileSync(
    join(out, 'props.md'),
    [
      '# `<RampCheckout />` and provider props',
      '',
      GENERATED,
      '',
      "Read from the types `RampCheckoutProps` and `RampKitProviderProps` of `@rampkit/react`. What the screens do with them: [the journey](/guides/journey); the callbacks' payloads: [callbacks and events](/guides/callbacks).",
      '',
      '## `<RampCheckout />`',
      '',
      propsTable(propsOf(react, 'RampCheckoutProps')),
      '',
      '## `<RampKitProvider />`',
      '',
      propsTable(propsOf(react, 'RampKitProviderProps')),
      '',
    ].join('\n'),
  )
  writeFileSync(
    join(out, 'kit-options.md'),
    [
      '# Kit options',
      '',
      GENERATED,
      '',
      'The options of `createRampHandler(options)` (`@rampkit/server`), read from the type `RampHandlerOptions`. Defaults and what each one guards are in its doc comment; the longer story per option is in [kit options in detail](/reference/server-options).',
      '',
      propsTable(propsOf(join(root, 'packages/server/src/index.ts'), 'RampHandlerOptions')).replace(
        '| Prop |',
        '| Option |',
      ),
      '',
    ].join('\n'),
  )
  writeFileSync(join(out, 'routes.md'), routesPage())
  return docs.filter((doc) => !doc.doc)
}

/**
 * Exports allowed to go without a doc comment, one `<entry> <name>` a line, in
 * `reference-undocumented.txt`. A missing or empty file allows none: `--check` then fails on
 * any export without a doc comment.
 */
function baseline(): Set<string> {
  const file = fileURLToPath(new URL('../reference-undocumented.txt', import.meta.url))
  if (!existsSync(file)) return new Set()
  return new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now()
  const known = baseline()
  const fresh = writeReference().filter((doc) => !known.has(`${doc.entry} ${doc.name}`))
  console.log(`reference pages written in ${Date.now() - started} ms`)
  for (const doc of fresh) console.error(`no doc comment: ${doc.entry} ${doc.name} (${doc.source})`)
  if (process.argv.includes('--check') && fresh.length) process.exit(1)
}
