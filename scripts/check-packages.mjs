#!/usr/bin/env node
// The published packages, checked as a partner gets them: each one is packed (`pnpm pack`, so
// publishConfig applies, from its built dist/: run `pnpm build` first) and the tarball is
//  1. linted by `publint --strict` and `attw --profile esm-only` (the packages are ESM only);
//  2. read for what must and must not ship: LICENSE (the root's), README.md, the metadata
//     (license, repository with its directory, homepage, bugs, engines, keywords), no test,
//     fixture, source map or TypeScript source, no `workspace:` range;
//  3. walked from each of its entries (exports and bins) through its own files: every package a
//     module imports statically must be a dependency or a required peer. An optional peer may be
//     imported only by the entries named for it in OPTIONAL_PEER_ENTRIES below (which the README
//     says need it) or by a dynamic import (`await import('pg')`, reached only when used), or by
//     a module that only a dynamic import reaches (a lazy chunk: the widget's wallet parts);
//  4. installed with npm into a fresh directory outside the workspace, @rampkit/server with hono
//     and nothing else, to import it and create the README's handler with no secret set (it must
//     load, and answer 503 `configuration_error` naming the missing variables), and to require()
//     it from CommonJS (Node >= 20.19, as `engines` says).
// Prints every problem of every package; exits 1 if there is any.
// Usage: pnpm check:packages [core server react sandbox]
import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const PACKAGES = ['core', 'server', 'react', 'sandbox']
/** Optional peers, and the only entries that may import them statically. */
const OPTIONAL_PEER_ENTRIES = {
  '@rampkit/core': { '@tanstack/query-core': ['./kit/query'] },
  // The widget and the hooks load the wallet parts (wagmi, viem) lazily, when a sale needs them;
  // `./wallet` is the hooks that need wagmi, and its README says to install it.
  '@rampkit/react': { wagmi: ['./wallet'], viem: ['./wallet'] },
  '@rampkit/server': {
    pg: ['./postgres'],
    ioredis: ['./redis'],
    '@electric-sql/pglite': ['./pglite'],
  },
}
/** Files that never belong in a tarball. */
const FORBIDDEN = [
  /\.test\.[cm]?[jt]sx?$/,
  /\.map$/,
  /(^|\/)(test|tests|test-utils|testing|fixtures|__fixtures__)\//,
  /(^|\/)src\/.*\.tsx?$/,
]
const REQUIRED_FIELDS = ['license', 'repository', 'homepage', 'bugs', 'engines', 'keywords']

const run = (command, args, options = {}) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options })

/** `pnpm pack` of one package into `dir`; returns the tarball's path. */
function pack(name, dir) {
  if (!existsSync(join(root, 'packages', name, 'dist'))) {
    throw new Error(`packages/${name} has no dist/: run pnpm build first`)
  }
  const before = new Set(readdirSync(dir))
  run('pnpm', ['pack', '--pack-destination', dir], { cwd: join(root, 'packages', name) })
  const file = readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.tgz'))
  if (!file) throw new Error(`pnpm pack of packages/${name} wrote no tarball`)
  return join(dir, file)
}

/** The bare package name of an import specifier (`@scope/name/sub` -> `@scope/name`). */
function packageOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

const isBuiltin = (specifier) =>
  specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier))

/**
 * The packages each entry of the extracted package at `dir` imports, statically and
 * dynamically, following its own files (esbuild's import graph, nothing written).
 */
async function importsOfEntries(dir, pkg) {
  const entries = {}
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const file = typeof target === 'string' ? target : target.default
    if (file.endsWith('.js')) entries[subpath] = file
  }
  for (const [name, file] of Object.entries(pkg.bin ?? {})) entries[`bin:${name}`] = file
  const found = {}
  for (const [entry, file] of Object.entries(entries)) {
    const result = await build({
      entryPoints: [join(dir, file)],
      absWorkingDir: dir,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      outdir: join(dir, '.out'),
      packages: 'external',
      logLevel: 'silent',
    })
    const { inputs } = result.metafile
    // The entry's own modules that load with it: reached through static imports only. A module
    // reached through a dynamic import (a lazy chunk) loads when used, so what it imports is
    // imported dynamically as far as the entry is concerned.
    const eager = new Set()
    const walk = (path) => {
      if (eager.has(path) || !inputs[path]) return
      eager.add(path)
      for (const imported of inputs[path].imports) {
        if (!imported.external && imported.kind !== 'dynamic-import') walk(imported.path)
      }
    }
    walk(relative(dir, join(dir, file)))
    const statics = new Set()
    const dynamics = new Set()
    for (const [path, input] of Object.entries(inputs)) {
      for (const imported of input.imports) {
        if (!imported.external || isBuiltin(imported.path)) continue
        const lazy = imported.kind === 'dynamic-import' || !eager.has(path)
        ;(lazy ? dynamics : statics).add(packageOf(imported.path))
      }
    }
    for (const name of statics) dynamics.delete(name)
    found[entry] = { statics: [...statics].sort(), dynamics: [...dynamics].sort() }
  }
  return found
}

/** What is wrong with one packed package. */
async function problemsOf(name, tarball, work) {
  const problems = []
  const dir = join(work, name)
  mkdirSync(dir)
  run('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1'])
  const files = run('tar', ['-tzf', tarball])
    .split('\n')
    .filter(Boolean)
    .map((file) => file.replace(/^package\//, ''))
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))

  for (const field of REQUIRED_FIELDS) {
    if (pkg[field] === undefined) problems.push(`package.json has no "${field}"`)
  }
  if (pkg.license !== 'MIT') problems.push(`license is ${pkg.license}, not MIT`)
  if (pkg.repository?.directory !== `packages/${name}`) {
    problems.push(`repository.directory is not packages/${name}`)
  }
  if (pkg.type !== 'module') problems.push('not "type": "module" (the packages are ESM only)')
  if (!files.includes('LICENSE')) problems.push('no LICENSE in the tarball')
  else if (
    readFileSync(join(dir, 'LICENSE'), 'utf8') !== readFileSync(join(root, 'LICENSE'), 'utf8')
  ) {
    problems.push("LICENSE differs from the repository's")
  }
  if (!files.includes('README.md')) problems.push('no README.md in the tarball')
  else {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8')
    // The install line first thing a partner reads (`npm i -D` for a tool).
    if (!new RegExp(`npm i (-D )?${pkg.name}\\b`).test(readme.slice(0, 400))) {
      problems.push(`README.md does not start with \`npm i ${pkg.name}\``)
    }
  }
  for (const file of files) {
    if (FORBIDDEN.some((pattern) => pattern.test(file))) problems.push(`ships ${file}`)
  }
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [dep, range] of Object.entries(pkg[field] ?? {})) {
      if (String(range).startsWith('workspace:')) problems.push(`${field}.${dep} is ${range}`)
    }
  }

  const dependencies = new Set(Object.keys(pkg.dependencies ?? {}))
  const optional = new Set(
    Object.entries(pkg.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([dep]) => dep),
  )
  const required = new Set(Object.keys(pkg.peerDependencies ?? {}).filter((d) => !optional.has(d)))
  const allowed = OPTIONAL_PEER_ENTRIES[pkg.name] ?? {}
  const imports = await importsOfEntries(dir, pkg)
  for (const [entry, { statics, dynamics }] of Object.entries(imports)) {
    for (const dep of statics) {
      if (dep === pkg.name || dependencies.has(dep) || required.has(dep)) continue
      if (optional.has(dep) && allowed[dep]?.includes(entry)) continue
      problems.push(
        optional.has(dep)
          ? `${entry} imports ${dep}, an optional peer, statically (it fails to load without it)`
          : `${entry} imports ${dep}, which is neither a dependency nor a peer`,
      )
    }
    for (const dep of dynamics) {
      if (dep === pkg.name || dependencies.has(dep) || required.has(dep) || optional.has(dep)) {
        continue
      }
      problems.push(
        `${entry} imports ${dep} (dynamically), which is neither a dependency nor a peer`,
      )
    }
  }
  for (const [dep, entries] of Object.entries(allowed)) {
    if (!optional.has(dep))
      problems.push(`${dep} is allowed for ${entries} but is no optional peer`)
  }

  try {
    run('pnpm', ['exec', 'publint', 'run', dir, '--strict', '--pack', 'false'], { cwd: root })
  } catch (error) {
    problems.push(`publint --strict:\n${error.stdout}${error.stderr}`)
  }
  try {
    // A stylesheet export (`./styles.css`) is no module: attw resolves modules and their types.
    const stylesheets = Object.keys(pkg.exports ?? {}).filter((subpath) => subpath.endsWith('.css'))
    const exclude = stylesheets.length > 0 ? ['--exclude-entrypoints', ...stylesheets] : []
    run(
      'pnpm',
      ['exec', 'attw', tarball, '--profile', 'esm-only', '--format', 'ascii', ...exclude],
      { cwd: root },
    )
  } catch (error) {
    problems.push(`attw --profile esm-only:\n${error.stdout}${error.stderr}`)
  }
  return { problems, imports }
}

/**
 * @rampkit/server installed alone (with core, its dependency, and hono) from the tarballs: it
 * imports, and the README's Next.js handler built with no secret answers 503.
 */
function serverAlone(tarballs, work) {
  const app = join(work, 'server-alone')
  mkdirSync(app)
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'server-alone',
      private: true,
      type: 'module',
      dependencies: {
        '@rampkit/server': `file:${tarballs.server}`,
        '@rampkit/core': `file:${tarballs.core}`,
        hono: '^4.13.19',
      },
      overrides: { '@rampkit/core': `file:${tarballs.core}` },
    }),
  )
  run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--silent'], { cwd: app })
  const installed = readdirSync(join(app, 'node_modules'), { recursive: false })
  const unwanted = installed.filter((dir) => /^(react|react-dom|wagmi|@tanstack)$/.test(dir))
  if (unwanted.length > 0) return [`installing @rampkit/server brought ${unwanted.join(', ')}`]
  const script = `
const { createRampHandler } = await import('@rampkit/server')
const env = {}
const ramp = createRampHandler({
  apiKey: env.RAMP_API_KEY,
  baseUrl: env.RAMP_BASE_URL,
  webhookSecret: env.RAMP_WEBHOOK_SECRET,
  basePath: '/api/ramp',
  logger: false,
})
const response = await ramp.request('/api/ramp/config')
const body = await response.json()
console.log(JSON.stringify({ status: response.status, body }))
`
  try {
    const output = run(process.execPath, ['--input-type=module', '-e', script], { cwd: app })
    const { status, body } = JSON.parse(output.trim().split('\n').pop())
    if (status !== 503 || body?.data?.code !== 'configuration_error') {
      return [`the handler with no secret answered ${status} ${JSON.stringify(body)}`]
    }
    for (const variable of ['RAMP_API_KEY', 'RAMP_BASE_URL', 'RAMP_WEBHOOK_SECRET']) {
      if (!body.message.includes(variable)) return [`the 503 does not name ${variable}`]
    }
  } catch (error) {
    return [`importing @rampkit/server failed:\n${error.stdout}${error.stderr}`]
  }
  // CommonJS callers: require() of an ES module, which engines (node >= 20.19) promises.
  try {
    run(
      process.execPath,
      [
        '-e',
        "if (typeof require('@rampkit/server').createRampHandler !== 'function') process.exit(1)",
      ],
      { cwd: app },
    )
    return []
  } catch (error) {
    return [`require('@rampkit/server') failed:\n${error.stdout}${error.stderr}`]
  }
}

const wanted = process.argv.slice(2).filter((arg) => PACKAGES.includes(arg))
const names = wanted.length > 0 ? wanted : PACKAGES
const work = mkdtempSync(join(tmpdir(), 'rampkit-packages-'))
let failed = false
try {
  const tarballs = {}
  for (const name of new Set([...names, 'core'])) tarballs[name] = pack(name, work)
  for (const name of names) {
    const { problems, imports } = await problemsOf(name, tarballs[name], work)
    const summary = Object.entries(imports)
      .map(([entry, { statics }]) => `${entry} -> ${statics.join(', ') || 'nothing'}`)
      .join('; ')
    if (problems.length === 0) {
      console.log(`ok   @rampkit/${name} (${relative(work, tarballs[name])}): ${summary}`)
    } else {
      failed = true
      console.error(`FAIL @rampkit/${name}:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    }
  }
  if (names.includes('server')) {
    const problems = serverAlone(tarballs, work)
    if (problems.length === 0) {
      console.log(
        'ok   @rampkit/server installed alone with hono: imports, answers 503 unset, and require() loads it',
      )
    } else {
      failed = true
      console.error(`FAIL @rampkit/server alone:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
