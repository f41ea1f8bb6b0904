// 1. Widget weight: <RampCheckout /> as its size budget measures it (packages/react/scripts/size.mjs:
// esbuild --bundle --minify --splitting --format=esm, peers external, the stylesheet included, one
// language), beside OnchainKit's FundCard and thirdweb's BuyWidget bundled the same way (their
// JS, every chunk). Size is deterministic: measured once.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'esbuild'
// The widget's own measurement and budget, so this table and `pnpm size` agree.
// @ts-expect-error: a plain .mjs script without declarations
import { BUDGET, EXTERNAL, measure, writeSizeFigures } from '../../packages/react/scripts/size.mjs'
import { benchDir, type Entry, type Figure, machine, stat } from './lib.js'

type Weight = {
  initialGzip: number
  totalGzip: number
  initialBrotli: number
  totalBrotli: number
  chunks: number
}

async function weigh(name: string, source: string): Promise<Weight> {
  const work = join(benchDir, '.size', name)
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  const entry = join(work, 'entry.ts')
  writeFileSync(entry, source)
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outdir: join(work, 'out'),
      external: EXTERNAL,
      metafile: true,
      logLevel: 'silent',
      loader: { '.css': 'empty', '.svg': 'dataurl', '.png': 'dataurl', '.woff2': 'dataurl' },
      define: { 'process.env.NODE_ENV': '"production"' },
    })
    const outputs = result.metafile.outputs
    const gz: Record<string, number> = {}
    const br: Record<string, number> = {}
    for (const file of Object.keys(outputs)) {
      if (!file.endsWith('.js')) continue
      const bytes = readFileSync(file)
      gz[file] = gzipSync(bytes, { level: 9 }).length
      br[file] = brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length
    }
    const start = Object.keys(outputs).find((file) => outputs[file]?.entryPoint)
    const initial = new Set<string>()
    const visit = (file: string) => {
      if (initial.has(file)) return
      initial.add(file)
      for (const dep of outputs[file]?.imports ?? []) {
        if (dep.kind === 'import-statement' && !dep.external) visit(dep.path)
      }
    }
    if (start) visit(start)
    const sum = (sizes: Record<string, number>, files: string[]) =>
      files.reduce((total, file) => total + (sizes[file] ?? 0), 0)
    return {
      initialGzip: sum(gz, [...initial]),
      totalGzip: sum(gz, Object.keys(gz)),
      initialBrotli: sum(br, [...initial]),
      totalBrotli: sum(br, Object.keys(br)),
      chunks: Object.keys(gz).length,
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

const one = (value: number) => stat([value])

export async function benchSize(): Promise<Entry> {
  const started = Date.now()
  const notes: string[] = [
    'Sizes are deterministic (same input, same bytes): one measurement each, so median = min = max.',
    'Peers external: react, react-dom, wagmi, viem, @tanstack/react-query; gzip level 9, brotli quality 11.',
    '<RampCheckout />: measured by packages/react/scripts/size.mjs, as `pnpm size` checks its budget: "initial" = the stylesheet, the entry chunk and the chunks it imports statically; "total" adds every lazy chunk one page can load, with one language (the largest).',
    'The others: their JS only (CSS imports emptied), "total" = every chunk they emit.',
  ]
  const report = (await measure()) as {
    initial: number
    total: number
    brotli: { initial: number; total: number }
    chunks: unknown[]
  }
  // The one figure the READMEs show (packages/react/size.json), from this same measurement.
  writeSizeFigures(report)
  const ours: Weight = {
    initialGzip: report.initial,
    totalGzip: report.total,
    initialBrotli: report.brotli.initial,
    totalBrotli: report.brotli.total,
    chunks: report.chunks.length,
  }
  const others: { name: string; label: string; source: string }[] = [
    {
      name: 'onchainkit',
      label: '@coinbase/onchainkit FundCard',
      source: "export { FundCard } from '@coinbase/onchainkit/fund'\n",
    },
    {
      name: 'thirdweb',
      label: 'thirdweb BuyWidget',
      source: "export { BuyWidget } from 'thirdweb/react'\n",
    },
  ]
  const figures: Figure[] = []
  const versions = (pkg: string) => {
    try {
      return (
        JSON.parse(readFileSync(join(benchDir, 'node_modules', pkg, 'package.json'), 'utf8')) as {
          version: string
        }
      ).version
    } catch {
      return 'not installed'
    }
  }
  for (const other of others) {
    let theirs: Weight
    try {
      theirs = await weigh(other.name, other.source)
    } catch (error) {
      notes.push(`${other.label}: could not be bundled (${String(error).split('\n')[0]}).`)
      continue
    }
    const pkg = other.name === 'onchainkit' ? '@coinbase/onchainkit' : 'thirdweb'
    notes.push(`${other.label}: ${pkg}@${versions(pkg)}, ${theirs.chunks} JS chunks.`)
    for (const [key, label] of [
      ['initialGzip', 'initial, gzip'],
      ['totalGzip', 'total, gzip'],
      ['initialBrotli', 'initial, brotli'],
      ['totalBrotli', 'total, brotli'],
    ] as const) {
      const value = one(ours[key] / 1024)
      const baseline = one(theirs[key] / 1024)
      const budget =
        key === 'initialGzip' ? BUDGET.initial : key === 'totalGzip' ? BUDGET.total : null
      figures.push({
        name: `<RampCheckout /> ${label} vs ${other.label}`,
        unit: 'kB',
        value,
        baseline: { name: other.label, value: baseline },
        ratio: value.median / baseline.median,
        ...(budget ? { goal: `<= ${budget / 1024} kB`, met: ours[key] <= budget } : {}),
      })
    }
  }
  notes.push(
    `<RampCheckout /> (@rampkit/react and @rampkit/core packed, installed with npm outside the workspace): ${ours.chunks} chunks.`,
  )
  return {
    id: '1-widget-weight',
    title: 'Widget weight',
    machine: machine(),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    method:
      'esbuild --bundle --minify --splitting --format=esm --platform=browser --target=es2022; ours by packages/react/scripts/size.mjs itself.',
    figures,
    notes,
  }
}
