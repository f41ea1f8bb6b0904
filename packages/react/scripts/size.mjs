#!/usr/bin/env node
// Size budget of <RampCheckout />: bundles it the way a partner's bundler would (esbuild
// --bundle --minify --splitting --format=esm) with the peers external, then gzips every chunk
// and the stylesheet (styles.css, minified). "initial" is the stylesheet, the entry chunk and
// the chunks it imports statically; "total" adds everything one page can load lazily: the
// details step (form library, phone metadata), the deposit QR code, the identity step and one
// language other than English (the checkout's and the identity step's messages of a language are
// chunks of their own, and a page loads only its locale's, so the largest language counts).
// Exits 1 over budget. Usage: pnpm --filter @rampkit/react size [--json]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
export const BUDGET = { initial: 40 * 1024, total: 100 * 1024 }
const STYLESHEET = join(here, '../src/styles/rampkit.css')
// A language's messages: src/messages/fr.ts, src/widget/identity/messages/fr.ts...
const LOCALE_CHUNK = /src\/(?:[\w/]+\/)?messages\/(?!en\.|index\.)(\w+)\.ts$/
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

export async function measure() {
  const outdir = mkdtempSync(join(tmpdir(), 'rampkit-size-'))
  try {
    const result = await build({
      entryPoints: [join(here, 'size-entry.ts')],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outdir,
      external: EXTERNAL,
      metafile: true,
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
      if (!file.endsWith('.js')) continue
      const bytes = readFileSync(file)
      raw[file] = bytes.length
      gz[file] = gzipSync(bytes, { level: 9 }).length
      br[file] = brotli(bytes)
    }
    const css = await build({
      entryPoints: [STYLESHEET],
      bundle: true,
      minify: true,
      write: false,
      logLevel: 'silent',
    })
    const cssBytes = css.outputFiles[0].contents
    raw['styles.css'] = cssBytes.length
    gz['styles.css'] = gzipSync(cssBytes, { level: 9 }).length
    br['styles.css'] = brotli(cssBytes)
    const entry = Object.keys(outputs).find((file) =>
      outputs[file].entryPoint?.endsWith('size-entry.ts'),
    )
    const initial = new Set()
    const visit = (file) => {
      if (initial.has(file)) return
      initial.add(file)
      for (const dep of outputs[file].imports) {
        if (dep.kind === 'import-statement' && !dep.external) visit(dep.path)
      }
    }
    visit(entry)
    initial.add('styles.css')
    const locales = Object.keys(gz).filter((file) => LOCALE_CHUNK.test(outputs[file]?.entryPoint))
    // The largest language counts (one page loads one), by gzip and by brotli alike.
    const weigh = (sizes) => {
      const byLanguage = {}
      for (const file of locales) {
        const language = LOCALE_CHUNK.exec(outputs[file].entryPoint)[1]
        byLanguage[language] = (byLanguage[language] ?? 0) + sizes[file]
      }
      const sum = (files) => files.reduce((total, file) => total + (sizes[file] ?? 0), 0)
      return {
        initial: sum([...initial]),
        total:
          sum(Object.keys(sizes).filter((file) => !locales.includes(file))) +
          Math.max(0, ...Object.values(byLanguage)),
      }
    }
    const { initial: initialGzip, total } = weigh(gz)
    const brotliSizes = weigh(br)
    const chunks = Object.keys(gz).map((file) => ({
      file: file === 'styles.css' ? file : relative(outdir, file),
      raw: raw[file],
      gzip: gz[file],
      initial: initial.has(file),
      locale: locales.includes(file),
      inputs: Object.entries(outputs[file]?.inputs ?? {})
        .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
        .slice(0, 6)
        .map(([input, info]) => `${input.replace(/.*node_modules\//, '')} ${info.bytesInOutput}`),
    }))
    return {
      initial: initialGzip,
      total,
      brotli: brotliSizes,
      chunks,
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
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
    `<RampCheckout /> initial (JS and CSS): ${kb(report.initial)} gzip (budget ${kb(BUDGET.initial)}); everything one page can load (one locale): ${kb(report.total)} gzip (budget ${kb(BUDGET.total)})`,
  )
  const over = report.initial > BUDGET.initial || report.total > BUDGET.total
  if (over) {
    console.error('Over the size budget.')
    process.exit(1)
  }
}
