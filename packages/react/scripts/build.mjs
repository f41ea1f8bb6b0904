#!/usr/bin/env node
// Builds dist/: ESM bundles of the entries (dependencies and peers stay external), the CSS,
// and declarations (tsc). Bundlers drop module directives, so 'use client' is put back as a
// banner on every output file: Next.js and other RSC hosts need it to treat the widget as a
// client component (a test checks the built output keeps it).
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const ENTRIES = {
  index: 'src/index.ts',
  'hooks/index': 'src/hooks/index.ts',
  'accounts/index': 'src/accounts/index.ts',
  'wallet/index': 'src/wallet/index.ts',
}

/** Bundles the entries; `write: false` returns the files in memory (tests). */
export function bundle({ write = true, outdir = join(root, 'dist') } = {}) {
  return build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    packages: 'external',
    jsx: 'automatic',
    write,
    banner: { js: "'use client';" },
    logLevel: 'error',
    // The directives in src are intentionally dropped and re-added by the banner.
    logOverride: { 'unsupported-directive': 'silent' },
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  await bundle()
  mkdirSync(join(root, 'dist'), { recursive: true })
  copyFileSync(join(root, 'src/styles/rampkit.css'), join(root, 'dist/rampkit.css'))
  copyFileSync(join(root, 'src/styles/rampkit.css.d.ts'), join(root, 'dist/rampkit.css.d.ts'))
  execFileSync('pnpm', ['exec', 'tsc', '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  })
  console.log('built dist/')
}
