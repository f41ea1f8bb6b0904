#!/usr/bin/env node
// Size budget of <RampCheckout />, as a partner installs it: packs @rampkit/core and
// @rampkit/react (their built dist/, so run `pnpm build` first), installs the tarballs with npm
// into a fresh app outside the workspace, and bundles a page that renders the widget with its
// stylesheet the way a partner's bundler would (esbuild --bundle --minify --splitting
// --format=esm, the peers external). Each chunk and the stylesheet are gzipped: "initial" is the
// stylesheet, the entry chunk and the chunks it imports statically; "total" adds everything one
// page can load lazily: the details step, the deposit QR code, the identity step and one language
// other than English (a page loads only its locale's messages, so the largest language counts).
// The same page bundled from the workspace's TypeScript source is printed beside it. Exits 1 when
// the installed widget is over budget. Usage: pnpm size [--json]
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
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
const packages = join(here, '../..')
// Total: 100 kB until the identity phone took every country's numbering plan (libphonenumber-js's
// world `min` metadata, +18 kB gzip in the lazy form chunk; 116.9 kB measured). Initial: 40.1 kB
// measured with the country names, lang and grouped digits.
export const BUDGET = { initial: 40.5 * 1024, total: 120 * 1024 }
// The languages besides English (src/messages/fr.ts...). Their messages are chunks of their own:
// src/messages/fr.ts, src/widget/identity/messages/fr.ts... in the source; installed, the chunks
// @rampkit/react's build names after those files (dist/fr-XXXXXXXX.js).
const LANGUAGES = readdirSync(join(here, '../src/messages'))
  .map((file) => file.replace(/\.ts$/, ''))
  .filter((name) => /^[a-z]{2}$/.test(name) && name !== 'en')
const LOCALE_CHUNK = new RegExp(
  `(?:src/(?:[\\w/]+/)?messages/|@rampkit/react/dist/)(${LANGUAGES.join('|')})(?:\\.ts|-\\w+\\.js)$`,
)
export const EXTERNAL = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'wagmi',
  'wagmi/*',
  '@wagmi/*',
  'viem',
  'viem/*',
  '@tanstack/react-query',
  '@tanstack/query-core',
]

// The partner's page: the provider, the widget, the stylesheet, rendered.
const PAGE = `import { RampCheckout, RampKitProvider } from '@rampkit/react'
import '@rampkit/react/styles.css'
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')).render(
  <RampKitProvider endpoint="/api/ramp">
    <RampCheckout direction="OnRamp" country="KE" token="USDC" />
  </RampKitProvider>,
)
`

const sh = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

/**
 * Packs core and react and installs the tarballs with npm into `dir/app` (peers left out: they
 * stay external to the bundle). Returns the app's directory.
 */
export function installPacked(dir) {
  const tarballs = {}
  for (const name of ['core', 'react']) {
    if (!existsSync(join(packages, name, 'dist/index.js'))) {
      throw new Error(
        `packages/${name} has no dist/: run pnpm build first (the size is the packed one)`,
      )
    }
    const before = new Set(readdirSync(dir))
    sh('pnpm', ['pack', '--pack-destination', dir], join(packages, name))
    const file = readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.tgz'))
    if (!file) throw new Error(`pnpm pack of @rampkit/${name} wrote no tarball`)
    tarballs[`@rampkit/${name}`] = `file:${join(dir, file)}`
  }
  const app = join(dir, 'app')
  mkdirSync(app)
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'rampkit-size-app',
      private: true,
      type: 'module',
      dependencies: tarballs,
      // react's own "@rampkit/core" (the version it was packed with) is the packed core too.
      overrides: { '@rampkit/core': tarballs['@rampkit/core'] },
    }),
  )
  sh(
    'npm',
    ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--ignore-scripts', '--silent'],
    app,
  )
  return app
}

/** Bundles `entry` (resolving from its directory), gzips every output; see the header. */
export async function weigh(entry) {
  const outdir = mkdtempSync(join(tmpdir(), 'rampkit-size-out-'))
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outdir,
      external: EXTERNAL,
      metafile: true,
      jsx: 'automatic',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    })
    const outputs = result.metafile.outputs
    const gz = {}
    const br = {}
    const raw = {}
    const brotli = (bytes) =>
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
    for (const file of Object.keys(outputs)) {
      if (!file.endsWith('.js') && !file.endsWith('.css')) continue
      const bytes = readFileSync(file)
      raw[file] = bytes.length
      gz[file] = gzipSync(bytes, { level: 9 }).length
      br[file] = brotli(bytes)
    }
    const start = Object.keys(outputs).find((file) =>
      outputs[file].entryPoint?.endsWith(basename(entry)),
    )
    const initial = new Set()
    const visit = (file) => {
      if (initial.has(file)) return
      initial.add(file)
      for (const dep of outputs[file].imports) {
        if (dep.kind === 'import-statement' && !dep.external) visit(dep.path)
      }
    }
    visit(start)
    // The page's stylesheet (esbuild writes the entry's CSS beside its chunk).
    const css = outputs[start].cssBundle
    if (!css) throw new Error('the page bundled no stylesheet')
    initial.add(css)
    const languageOf = (file) => {
      const match = LOCALE_CHUNK.exec(outputs[file]?.entryPoint ?? '')
      return match ? match[1] : null
    }
    const locales = Object.keys(gz).filter((file) => languageOf(file) !== null)
    // The largest language counts (one page loads one), by gzip and by brotli alike.
    const total = (sizes) => {
      const byLanguage = {}
      for (const file of locales) {
        const language = languageOf(file)
        byLanguage[language] = (byLanguage[language] ?? 0) + sizes[file]
      }
      const sum = (files) => files.reduce((all, file) => all + (sizes[file] ?? 0), 0)
      return {
        initial: sum([...initial]),
        total:
          sum(Object.keys(sizes).filter((file) => !locales.includes(file))) +
          Math.max(0, ...Object.values(byLanguage)),
      }
    }
    const gzip = total(gz)
    const chunks = Object.keys(gz).map((file) => ({
      file: relative(outdir, file),
      raw: raw[file],
      gzip: gz[file],
      initial: initial.has(file),
      locale: locales.includes(file),
      inputs: Object.entries(outputs[file]?.inputs ?? {})
        .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
        .slice(0, 6)
        .map(([input, info]) => `${input.replace(/.*node_modules\//, '')} ${info.bytesInOutput}`),
    }))
    return { initial: gzip.initial, total: gzip.total, brotli: total(br), chunks }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

/**
 * The widget as installed from the packed tarballs (the budget's figure), and the same page
 * bundled from the workspace source (`source`) beside it.
 */
export async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'rampkit-size-'))
  try {
    const app = installPacked(dir)
    writeFileSync(join(app, 'page.jsx'), PAGE)
    const installed = await weigh(join(app, 'page.jsx'))
    // The workspace's source: the same page inside this package, where @rampkit/* resolve to src.
    const sourcePage = join(here, '.size-page.jsx')
    writeFileSync(sourcePage, PAGE)
    try {
      installed.source = await weigh(sourcePage)
    } finally {
      rmSync(sourcePage, { force: true })
    }
    installed.versions = Object.fromEntries(
      ['@rampkit/core', '@rampkit/react', 'zod', 'libphonenumber-js'].map((name) => {
        try {
          const pkg = JSON.parse(
            readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8'),
          )
          return [name, pkg.version]
        } catch {
          return [name, 'not installed']
        }
      }),
    )
    return installed
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await measure()
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2))
  } else {
    for (const chunk of report.chunks) {
      console.log(
        `${chunk.initial ? 'initial' : chunk.locale ? 'locale ' : 'lazy   '}  ${kb(chunk.gzip).padStart(8)} gzip  ${kb(chunk.raw).padStart(8)} min  ${chunk.file}`,
      )
      for (const input of chunk.inputs) console.log(`           ${input}`)
    }
  }
  console.log(
    `<RampCheckout /> from the workspace source: ${kb(report.source.initial)} gzip initial, ${kb(report.source.total)} in all`,
  )
  console.log(
    `<RampCheckout /> installed from the packed tarballs: initial (JS and CSS) ${kb(report.initial)} gzip (budget ${kb(BUDGET.initial)}); everything one page can load (one locale) ${kb(report.total)} gzip (budget ${kb(BUDGET.total)})`,
  )
  if (report.initial > BUDGET.initial || report.total > BUDGET.total) {
    console.error('Over the size budget.')
    process.exit(1)
  }
}
