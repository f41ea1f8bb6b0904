import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The shape rules of every package's source (STYLE.md 13 and 14), read with the TypeScript compiler
 * rather than by eye: no function over MAX_LINES lines in any package's `src/`, no two folders of
 * one package that import one another (an import pointing up), no two files of one package that
 * load one another at run time (type-only imports aside), no shipped module that imports test
 * support, no test support in `src/` (a package's own `test/` folder holds it) and no module of
 * `src/` but a test that imports a `test/` folder or `@rampkit/test`, and no module at all (tests
 * included) that imports another package's `src/` by relative path. Functions not yet split are
 * listed below with their length today: the list may only shrink (a listed function that grew, or
 * one that is gone and still listed, fails too), so it is the to-do of what remains.
 */
const MAX_LINES = 150

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const PACKAGES = join(ROOT, 'packages')

/**
 * `package/src/path.ts#function`: its line count when it was listed, a ceiling. Each is to be
 * split below MAX_LINES and then taken off this list (a shorter one still listed fails).
 */
const LONG_FUNCTIONS_TO_SPLIT: Record<string, number> = {}

/**
 * Test support that still lives in a package's `src/`, by path from `packages/`: none, every
 * package keeps it in its own `test/` folder. Only tests may import a listed folder; the list may
 * only shrink (a listed folder that is gone fails).
 */
const TEST_SUPPORT_IN_SRC: readonly string[] = []

/** The private packages that are test support throughout: `@rampkit/test` and the e2e suite. */
const TEST_PACKAGES = ['test', 'e2e']

/** Files that run only under a test runner: never shipped, free to import test support. */
function isTestSupport(path: string): boolean {
  return (
    /\.test\.tsx?$/.test(path) ||
    /\.child\.ts$/.test(path) ||
    TEST_SUPPORT_IN_SRC.some((dir) => path.startsWith(dir)) ||
    /(^|\/)test\//.test(path)
  )
}

/** A name under `src/` that says test support: `testing.ts`, `testing/`, `test-utils/`, `test/`. */
function testSupportName(path: string): string | null {
  const [pkg, src, ...rest] = path.split('/')
  if (src !== 'src') return null
  for (let i = 0; i < rest.length; i++) {
    const part = rest[i]!
    const folder = i < rest.length - 1
    if (folder && ['testing', 'test-utils', 'test'].includes(part)) {
      return `${[pkg, src, ...rest.slice(0, i + 1)].join('/')}/`
    }
    if (!folder && /^testing\.tsx?$/.test(part)) return path
  }
  return null
}

/** Whether an import from `from` (by path from `packages/`) lands in test support. */
function importsTestSupport(from: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return packageOf(specifier) === '@rampkit/test'
  const target = relative(PACKAGES, resolve(dirname(join(PACKAGES, from)), specifier))
  return /(^|\/)test\//.test(target) || TEST_SUPPORT_IN_SRC.some((dir) => target.startsWith(dir))
}

/** Written by a tool, not by hand (compiled contract artifacts and the like). */
function isGenerated(path: string): boolean {
  return /(^|\/)generated\//.test(path) || /\.(generated|gen)\.tsx?$/.test(path)
}

function sourceFiles(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path)
  }
  return files
}

/** Every source file of every package's `src/` and `test/`, tests and test support included. */
function allSources(): ts.SourceFile[] {
  const files: ts.SourceFile[] = []
  for (const pkg of readdirSync(PACKAGES)) {
    for (const folder of ['src', 'test']) {
      const dir = join(PACKAGES, pkg, folder)
      if (!existsSync(dir)) continue
      for (const path of sourceFiles(dir)) {
        const text = readFileSync(path, 'utf8')
        files.push(ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true))
      }
    }
  }
  return files
}

/** The package folder and the folder inside it a relative import lands in. */
function landsIn(fromFile: string, specifier: string): { pkg: string; folder: string } {
  const [pkg = '', folder = ''] = relative(PACKAGES, resolve(dirname(fromFile), specifier)).split(
    '/',
  )
  return { pkg, folder }
}

type PackageJson = {
  name: string
  private?: boolean
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

/** The published packages (a private one, such as the e2e suite, ships nothing). */
function publishedPackages(): { dir: string; manifest: PackageJson }[] {
  return readdirSync(PACKAGES)
    .map((dir) => ({ dir, path: join(PACKAGES, dir, 'package.json') }))
    .filter(({ path }) => existsSync(path))
    .map(({ dir, path }) => ({
      dir,
      manifest: JSON.parse(readFileSync(path, 'utf8')) as PackageJson,
    }))
    .filter(({ dir, manifest }) => !manifest.private && existsSync(join(PACKAGES, dir, 'src')))
}

type Source = { name: string; manifest: PackageJson; source: ts.SourceFile }

function parse(path: string): ts.SourceFile {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind)
}

/**
 * Every package's own modules under `src/`, the private ones (e2e, partner apps) too, by path
 * from `packages/`: tests, test support and generated files aside.
 */
function ownSources(): { name: string; source: ts.SourceFile }[] {
  const files: { name: string; source: ts.SourceFile }[] = []
  for (const pkg of readdirSync(PACKAGES)) {
    const dir = join(PACKAGES, pkg, 'src')
    if (!existsSync(dir)) continue
    for (const path of sourceFiles(dir)) {
      const name = relative(PACKAGES, path)
      if (!isTestSupport(name) && !isGenerated(name)) files.push({ name, source: parse(path) })
    }
  }
  return files
}

/** Every published package's shipped source, by path from `packages/`. */
function shippedSources(): Source[] {
  const files: Source[] = []
  for (const { dir: pkg, manifest } of publishedPackages()) {
    for (const path of sourceFiles(join(PACKAGES, pkg, 'src'))) {
      const name = relative(PACKAGES, path)
      if (isTestSupport(name) || isGenerated(name)) continue
      files.push({ name, manifest, source: parse(path) })
    }
  }
  return files
}

/**
 * The name a reader would look for: the function's own, or the binding or key it is assigned to;
 * a callback is named by the function around it and the call it is passed to
 * (`orderRoutes/app.post`), so the name survives edits elsewhere in the file.
 */
function functionName(node: ts.Node): string {
  const fn = node as ts.FunctionLikeDeclaration
  if (fn.name) return fn.name.getText()
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText()
  }
  let outer: ts.Node | undefined = parent
  while (outer && !(ts.isFunctionLike(outer) && outer.kind !== ts.SyntaxKind.CallSignature)) {
    outer = outer.parent
  }
  const around = outer ? functionName(outer) : '<module>'
  const call = ts.isCallExpression(parent) ? parent.expression.getText() : '<anonymous>'
  return `${around}/${call}`
}

function longFunctions(file: ts.SourceFile, label: string): Map<string, number> {
  const found = new Map<string, number>()
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart()).line
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines > MAX_LINES) {
        const key = `${label}#${functionName(node)}`
        found.set(key, Math.max(found.get(key) ?? 0, lines))
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

function importsOf(file: ts.SourceFile): string[] {
  const specifiers: string[] = []
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return specifiers
}

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')
}

/**
 * Why an import from a shipped module is wrong, or null when it is fine: a package the
 * manifest does not depend on (a devDependency such as the sandbox or the test helpers is not
 * installed with it), test support, or another package's `src/` by relative path.
 */
function badImport(from: string, manifest: PackageJson, specifier: string): string | null {
  if (specifier.startsWith('node:')) return null
  if (!specifier.startsWith('.')) {
    const name = packageOf(specifier)
    const allowed =
      name === manifest.name ||
      name in (manifest.dependencies ?? {}) ||
      name in (manifest.peerDependencies ?? {})
    return allowed ? null : 'imports a package it does not depend on'
  }
  const target = relative(PACKAGES, resolve(dirname(join(PACKAGES, from)), specifier))
  const to = landsIn(join(PACKAGES, from), specifier)
  if (to.pkg !== from.split('/')[0] && to.folder === 'src') {
    return "reaches into another package's src/"
  }
  if (isTestSupport(target.replace(/\.js$/, '.ts'))) return 'imports test support'
  return null
}

/**
 * The server's layers, bottom first: a folder of `server/src/` may not import the folders
 * listed against it. `http/` (the envelope, errors, body reading, the read cache) sits under
 * both the middleware and the routes; the middleware sits under the routes; the handler, which
 * mounts the routes, sits on top.
 */
const SERVER_LAYERS: Record<string, readonly string[]> = {
  http: ['routes', 'middleware', 'handler', 'handler.ts'],
  middleware: ['routes', 'handler', 'handler.ts'],
}

/** The first folder (or file) under `server/src/` a path lies in, or null outside it. */
function serverFolder(path: string): string | null {
  const [pkg, src, folder] = path.split('/')
  return pkg === 'server' && src === 'src' && folder ? folder : null
}

/**
 * The folder of its package's `src/` a module lies in, by path from `packages/`: `routes` for
 * `server/src/routes/x.ts`; a file and the folder of its name are one (`handler.ts` and
 * `handler/`), as is `index.ts` at the root.
 */
function folderOf(name: string): string {
  return (name.split('/')[2] ?? '').replace(/\.tsx?$/, '')
}

/**
 * The strongly connected groups of a directed graph (Tarjan's) with two or more members: each
 * group is nodes that reach one another, a cycle of imports.
 */
function stronglyConnected(edges: ReadonlyMap<string, ReadonlyMap<string, string[]>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const groups: string[][] = []
  const connect = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const group = stack.splice(stack.indexOf(node))
    if (group.length >= 2) groups.push(group)
  }
  for (const node of edges.keys()) if (!index.has(node)) connect(node)
  return groups
}

/** The imports that join the members of `group`, as `file -> specifier`. */
function joining(edges: ReadonlyMap<string, ReadonlyMap<string, string[]>>, group: string[]) {
  return group.flatMap((member) =>
    [...(edges.get(member) ?? [])].flatMap(([to, imports]) => (group.includes(to) ? imports : [])),
  )
}

/** Adds the edge `from -> to`, remembering the import that makes it. */
function addEdge(edges: Map<string, Map<string, string[]>>, from: string, to: string, why: string) {
  const out = edges.get(from) ?? new Map<string, string[]>()
  edges.set(from, out)
  out.set(to, [...(out.get(to) ?? []), why])
}

/**
 * Groups of folders of one package that import one another (the strongly connected parts of
 * each package's folder graph), keyed `package: a, b`, with the imports that join them.
 */
function folderCycles(files: readonly { name: string; source: ts.SourceFile }[]) {
  const edges = new Map<string, Map<string, string[]>>()
  for (const file of files) {
    const [pkg = ''] = file.name.split('/')
    const from = `${pkg}/${folderOf(file.name)}`
    for (const specifier of importsOf(file.source)) {
      if (!specifier.startsWith('.')) continue
      const target = relative(PACKAGES, resolve(dirname(join(PACKAGES, file.name)), specifier))
      if (target.split('/')[0] !== pkg || target.split('/')[1] !== 'src') continue
      const to = `${pkg}/${folderOf(target)}`
      if (to !== from) addEdge(edges, from, to, `${file.name} -> ${specifier}`)
    }
  }
  const cycles: Record<string, string[]> = {}
  for (const group of stronglyConnected(edges)) {
    const [pkg] = group[0]!.split('/')
    const folders = group.map((member) => member.split('/')[1]).sort()
    cycles[`${pkg}: ${folders.join(', ')}`] = joining(edges, group)
  }
  return cycles
}

/**
 * The relative modules a file loads when it runs: static imports and re-exports, without
 * `import type`, `export type` and those whose every name is a `type` (erased by the compiler
 * and bundlers); a dynamic `import()` loads later and cannot close a cycle at load.
 */
function runtimeImportsOf(file: ts.SourceFile): string[] {
  const found: string[] = []
  for (const node of file.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node))) continue
    if (!node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue
    if (!node.moduleSpecifier.text.startsWith('.')) continue
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      if (clause?.isTypeOnly) continue
      const named = clause?.namedBindings
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly)
      if (onlyTypes) continue
    } else {
      if (node.isTypeOnly) continue
      const clause = node.exportClause
      if (
        clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((element) => element.isTypeOnly)
      ) {
        continue
      }
    }
    found.push(node.moduleSpecifier.text)
  }
  return found
}

/** The source file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx`), or null. */
function resolveSource(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier).replace(/\.js$/, '')
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate
  }
  return null
}

/** Groups of files of one package that load one another at run time, with the imports. */
function fileCycles(files: readonly { name: string; source: ts.SourceFile }[]) {
  const edges = new Map<string, Map<string, string[]>>()
  for (const file of files) {
    const path = join(PACKAGES, file.name)
    for (const specifier of runtimeImportsOf(file.source)) {
      const target = resolveSource(path, specifier)
      if (target)
        addEdge(edges, file.name, relative(PACKAGES, target), `${file.name} -> ${specifier}`)
    }
  }
  return stronglyConnected(edges).map((group) => joining(edges, group))
}

describe('the shape of the packages', () => {
  const files = shippedSources()

  it('reads every package', () => {
    const packages = new Set(files.map((file) => file.name.split('/')[0]))
    expect([...packages].sort()).toEqual(['core', 'react', 'sandbox', 'server'])
  })

  it(`has no function over ${MAX_LINES} lines beyond the listed ones, and those only shrink`, () => {
    const found: Record<string, number> = {}
    const own = ownSources()
    // Every package's src/, the private ones too (`@rampkit/test` is test support throughout).
    const withSource = readdirSync(PACKAGES).filter(
      (pkg) => pkg !== 'test' && existsSync(join(PACKAGES, pkg, 'src')),
    )
    expect(new Set(own.map((file) => file.name.split('/')[0]))).toEqual(new Set(withSource))
    for (const file of own) {
      for (const [key, lines] of longFunctions(file.source, file.name)) found[key] = lines
    }
    const unlisted = Object.keys(found).filter((key) => !(key in LONG_FUNCTIONS_TO_SPLIT))
    const grown = Object.keys(found).filter(
      (key) => key in LONG_FUNCTIONS_TO_SPLIT && found[key]! > LONG_FUNCTIONS_TO_SPLIT[key]!,
    )
    const stale = Object.keys(LONG_FUNCTIONS_TO_SPLIT).filter((key) => !(key in found))
    expect({ unlisted, grown, stale, found }).toEqual({
      unlisted: [],
      grown: [],
      stale: [],
      found: expect.anything(),
    })
  })

  it('has no shipped module that imports test support or another package src/', () => {
    const found: string[] = []
    for (const file of files) {
      for (const specifier of importsOf(file.source)) {
        const reason = badImport(file.name, file.manifest, specifier)
        if (reason) found.push(`${file.name} -> ${specifier} (${reason})`)
      }
    }
    expect(found).toEqual([])
  })

  it("has no module, test or test support, that reaches into another package's src/", () => {
    // Fixtures two packages share live in `@rampkit/test` (the service's published shapes at
    // `@rampkit/test/published`); what a package exports, others import by its name.
    const found: string[] = []
    for (const file of allSources()) {
      const from = relative(PACKAGES, file.fileName)
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) continue
        const to = landsIn(file.fileName, specifier)
        if (to.pkg !== from.split('/')[0] && to.folder === 'src') {
          found.push(`${from} -> ${specifier}`)
        }
      }
    }
    expect(found).toEqual([])
  })

  it('keeps test support out of src/: no testing.ts or testing/, only the listed folders', () => {
    const found = new Set<string>()
    for (const pkg of readdirSync(PACKAGES)) {
      const dir = join(PACKAGES, pkg, 'src')
      if (!existsSync(dir)) continue
      for (const path of sourceFiles(dir)) {
        const name = testSupportName(relative(PACKAGES, path))
        if (name) found.add(name)
      }
    }
    expect([...found].sort()).toEqual([...TEST_SUPPORT_IN_SRC].sort())
  })

  it('has no module in src/ but a test that imports a test/ folder or @rampkit/test', () => {
    // The child processes of the crash tests and the generated files are held to it too.
    const found: string[] = []
    for (const pkg of readdirSync(PACKAGES)) {
      const dir = join(PACKAGES, pkg, 'src')
      if (TEST_PACKAGES.includes(pkg) || !existsSync(dir)) continue
      for (const path of sourceFiles(dir)) {
        const name = relative(PACKAGES, path)
        if (/\.test\.tsx?$/.test(name) || TEST_SUPPORT_IN_SRC.some((d) => name.startsWith(d))) {
          continue
        }
        for (const specifier of importsOf(parse(path))) {
          if (importsTestSupport(name, specifier)) found.push(`${name} -> ${specifier}`)
        }
      }
    }
    expect(found).toEqual([])
  })

  it('has no folders of one package that import one another (no import points up)', () => {
    expect(folderCycles(ownSources())).toEqual({})
  })

  it('has no files of one package that load one another at run time (type-only imports aside)', () => {
    // A cycle loads only while each binding it reads is hoisted or read late; one edit from a
    // module that evaluates before its import has.
    expect(fileCycles(ownSources())).toEqual([])
  })

  it('has no server module that imports a layer above its own', () => {
    const found: string[] = []
    for (const file of files) {
      const layer = serverFolder(file.name)
      const above = layer ? SERVER_LAYERS[layer] : undefined
      if (!above) continue
      for (const specifier of importsOf(file.source)) {
        if (!specifier.startsWith('.')) continue
        const target = relative(PACKAGES, resolve(dirname(join(PACKAGES, file.name)), specifier))
        const to = serverFolder(target.replace(/\.js$/, '.ts'))
        if (to && above.includes(to)) found.push(`${file.name} -> ${specifier}`)
      }
    }
    expect(found).toEqual([])
  })
})
