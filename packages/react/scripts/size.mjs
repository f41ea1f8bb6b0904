#!/usr/bin/env node
// Size budget of <RampCheckout />: bundles it the way a partner's bundler would (esbuild
// --bundle --minify --splitting --format=esm) with the peers external, then gzips every chunk.
// "initial" is the entry chunk plus the chunks it imports statically; "total" adds everything
// it can load lazily (the details step with the form library and phone metadata).
// Exits 1 over budget. Usage: pnpm --filter @rampkit/react size [--json]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
// The total was 60 kB until the wallet proof (the signature a sale needs) and the payment
// instructions (how to pay an accepted order) arrived, in four languages: 59.5 -> 62.7 kB.
export const BUDGET = { initial: 40 * 1024, total: 72 * 1024 }
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
    const raw = {}
    for (const file of Object.keys(outputs)) {
      if (!file.endsWith('.js')) continue
      const bytes = readFileSync(file)
      raw[file] = bytes.length
      gz[file] = gzipSync(bytes, { level: 9 }).length
    }
    const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint)
    const initial = new Set()
    const visit = (file) => {
      if (initial.has(file)) return
      initial.add(file)
      for (const dep of outputs[file].imports) {
        if (dep.kind === 'import-statement' && !dep.external) visit(dep.path)
      }
    }
    visit(entry)
    const sum = (files) => files.reduce((total, file) => total + (gz[file] ?? 0), 0)
    const chunks = Object.keys(gz).map((file) => ({
      file: relative(outdir, file),
      raw: raw[file],
      gzip: gz[file],
      initial: initial.has(file),
      inputs: Object.entries(outputs[file].inputs)
        .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
        .slice(0, 6)
        .map(([input, info]) => `${input.replace(/.*node_modules\//, '')} ${info.bytesInOutput}`),
    }))
    return { initial: sum([...initial]), total: sum(Object.keys(gz)), chunks }
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
        `${chunk.initial ? 'initial' : 'lazy   '}  ${kb(chunk.gzip).padStart(8)} gzip  ${kb(chunk.raw).padStart(8)} min  ${chunk.file}`,
      )
      for (const input of chunk.inputs) console.log(`           ${input}`)
    }
  }
  console.log(
    `<RampCheckout /> initial JS: ${kb(report.initial)} gzip (budget ${kb(BUDGET.initial)}); everything it can load: ${kb(report.total)} gzip (budget ${kb(BUDGET.total)})`,
  )
  const over = report.initial > BUDGET.initial || report.total > BUDGET.total
  if (over) {
    console.error('Over the size budget.')
    process.exit(1)
  }
}
