// Writes `src/routes/table.gen.ts`, the kit's route table, from the route files under
// `src/routes/`: a route is found by its file's `export const name = defineRoute({ route:
// 'name', … })` (or `catalogRoute('name')`), so adding one is its file, never a line here or in
// the table. The server's `build` and `typecheck` scripts and its test run write the table again;
// with `--check` (and whenever `CI` is set) it writes nothing and fails if the table is stale.
//
// The table stays an explicit list of static imports, so a bundler sees every route and the
// package has no filesystem scan or registration side effect at run time. Its type
// (`RouteTable`) still makes a `KIT_API` route with no file a compile error.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Where the route files are, and the table written from them. */
export const ROUTES_DIR = join(PACKAGE, 'src/routes')
export const TABLE_FILE = join(ROUTES_DIR, 'table.gen.ts')

/** A source file under `src/routes/`, by its path from there (`accounts/payout-banks.ts`). */
export type RouteFile = { path: string; text: string }

/** One route a file exports: its `KIT_API` name and the binding that holds its definition. */
export type FoundRoute = { route: string; binding: string; file: string }

/**
 * The calls that make a route definition, and where each takes the route's name: the object it
 * is handed (`defineRoute({ route: 'payoutBanks', … })`) or its first argument
 * (`catalogRoute('banks')`).
 */
const ROUTE_MAKERS: Record<string, 'object' | 'argument'> = {
  defineRoute: 'object',
  catalogRoute: 'argument',
}

/** Names the table itself uses, which a route's binding may not take. */
const RESERVED = new Set(['ROUTES', 'RouteTable'])

/** A route file the generator cannot read a route from, with what to change. */
export class RouteFileError extends Error {
  override name = 'RouteFileError'
}

/** The expression under `as`, `satisfies` and parentheses. */
function unwrap(node: ts.Expression): ts.Expression {
  let current = node
  while (
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isParenthesizedExpression(current)
  ) {
    current = current.expression
  }
  return current
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) {
    return node.text
  }
  return undefined
}

/** The route name of a route-making call, or undefined when the call does not spell it out. */
function routeNameOf(call: ts.CallExpression, where: 'object' | 'argument'): string | undefined {
  const [first] = call.arguments
  if (where === 'argument') return literalText(first)
  if (!first || !ts.isObjectLiteralExpression(first)) return undefined
  for (const property of first.properties) {
    if (
      ts.isPropertyAssignment(property) &&
      ts.isIdentifier(property.name) &&
      property.name.text === 'route'
    ) {
      return literalText(property.initializer)
    }
  }
  return undefined
}

/** The routes one file defines at its top level, each an exported `const`. */
export function routesOf(file: RouteFile): FoundRoute[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true)
  const found: FoundRoute[] = []
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer && unwrap(declaration.initializer)
      if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) continue
      const where = ROUTE_MAKERS[init.expression.text]
      if (where === undefined) continue
      const binding = declaration.name.getText(source)
      const line = source.getLineAndCharacterOfPosition(declaration.getStart()).line + 1
      const at = `src/routes/${file.path}:${line}`
      const route = routeNameOf(init, where)
      if (route === undefined) {
        throw new RouteFileError(
          where === 'object'
            ? `${at}: \`${binding}\` calls ${init.expression.text} without a literal \`route: '<name>'\`: write the KIT_API route's name as a string there.`
            : `${at}: \`${binding}\` calls ${init.expression.text} without the KIT_API route's name as a string.`,
        )
      }
      if (
        !ts.isIdentifier(declaration.name) ||
        !exported ||
        (statement.declarationList.flags & ts.NodeFlags.Const) === 0
      ) {
        throw new RouteFileError(
          `${at}: the '${route}' route must be \`export const <name> = ${init.expression.text}(…)\` for the route table to find it.`,
        )
      }
      if (RESERVED.has(binding)) {
        throw new RouteFileError(
          `${at}: \`${binding}\` is a name the route table uses: rename the route's binding.`,
        )
      }
      found.push({ route, binding, file: file.path })
    }
  }
  return found
}

/** A TypeScript source that is not a test or a declaration file. */
function mayDefineRoutes(path: string): boolean {
  return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts')
}

const byPath = (a: { path: string }, b: { path: string }) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0

/** `accounts/payout-banks.ts` as the table imports it: `./accounts/payout-banks.js`. */
function specifierOf(path: string): string {
  return `./${path.replace(/\.ts$/, '.js')}`
}

/** One import line, wrapped the way the formatter does past 100 characters. */
function importLine(bindings: readonly string[], path: string): string {
  const names = [...bindings].sort()
  const line = `import { ${names.join(', ')} } from '${specifierOf(path)}'`
  if (line.length <= 100) return line
  return `import {\n${names.map((name) => `  ${name},\n`).join('')}} from '${specifierOf(path)}'`
}

const HEADER = `// Generated by scripts/routes.ts from the route files under src/routes/: do not edit.
// A route file's \`export const name = defineRoute({ route: '<name>', … })\` is all it takes; the
// server's build, typecheck and test run write this file again.`

/**
 * The route table's source for these files: each route's definition imported from its file and
 * filed under its `KIT_API` name, in the order of the files' paths and, within one, of the
 * source. A route defined twice, or two routes under one binding, are refused.
 */
export function routeTable(files: readonly RouteFile[]): string {
  const sorted = files.filter((file) => mayDefineRoutes(file.path)).sort(byPath)
  const routes = sorted.flatMap(routesOf)
  const byRoute = new Map<string, FoundRoute>()
  const byBinding = new Map<string, FoundRoute>()
  for (const found of routes) {
    const twin = byRoute.get(found.route)
    if (twin) {
      throw new RouteFileError(
        `the '${found.route}' route is defined twice: \`${twin.binding}\` in src/routes/${twin.file} and \`${found.binding}\` in src/routes/${found.file}. Keep one.`,
      )
    }
    const namesake = byBinding.get(found.binding)
    if (namesake) {
      throw new RouteFileError(
        `two route files export \`${found.binding}\` (src/routes/${namesake.file} and src/routes/${found.file}): give one route another name.`,
      )
    }
    byRoute.set(found.route, found)
    byBinding.set(found.binding, found)
  }
  // In path order, `define.ts`'s type among them, as the formatter sorts imports.
  const imports = [
    { path: 'define.ts', line: "import type { RouteTable } from './define.js'" },
    ...sorted.flatMap((file) => {
      const bindings = routes.filter((r) => r.file === file.path).map((r) => r.binding)
      return bindings.length > 0 ? [{ path: file.path, line: importLine(bindings, file.path) }] : []
    }),
  ]
    .sort(byPath)
    .map(({ line }) => line)
  const entries = routes.map(({ route, binding }) =>
    route === binding ? `  ${route},` : `  ${route}: ${binding},`,
  )
  return `${HEADER}
${imports.join('\n')}

/**
 * Every route of \`KIT_API\` by name, with its file's definition. Typed \`RouteTable\`: a
 * \`KIT_API\` route with no file is missing here, and the package does not compile.
 */
export const ROUTES: RouteTable = {
${entries.join('\n')}
}
`
}

/** Every source file under `dir` that may define a route (not a test, not the table). */
export function readRouteFiles(dir: string = ROUTES_DIR): RouteFile[] {
  const files: RouteFile[] = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (path !== TABLE_FILE && mayDefineRoutes(entry.name)) {
        files.push({
          path: relative(dir, path).split(sep).join('/'),
          text: readFileSync(path, 'utf8'),
        })
      }
    }
  }
  walk(dir)
  return files
}

/** The committed table's text, or '' when there is none. */
function committedTable(): string {
  try {
    return readFileSync(TABLE_FILE, 'utf8')
  } catch {
    return ''
  }
}

/** Whether the table on disk is the one the route files make. */
export function tableIsFresh(): boolean {
  return committedTable() === routeTable(readRouteFiles())
}

export const STALE_MESSAGE =
  'src/routes/table.gen.ts is not the table of the route files under src/routes/ (a route file was added, renamed or removed since it was written). Write it with `pnpm --filter @rampkit/server typecheck` (or its build, or a test run) and commit it.'

/** Writes the table when it differs from the route files' (never touching it otherwise). */
export function writeRouteTable(): { written: boolean } {
  const table = routeTable(readRouteFiles())
  if (committedTable() === table) return { written: false }
  writeFileSync(TABLE_FILE, table)
  return { written: true }
}

/** Whether CI is running: there the table is checked, never written. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI !== 'false'
}

function main(argv: readonly string[]) {
  try {
    if (argv.includes('--check') || inCi()) {
      if (!tableIsFresh()) {
        console.error(STALE_MESSAGE)
        process.exitCode = 1
      }
      return
    }
    if (writeRouteTable().written) console.log('wrote src/routes/table.gen.ts')
  } catch (error) {
    if (!(error instanceof RouteFileError)) throw error
    console.error(error.message)
    process.exitCode = 1
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2))
