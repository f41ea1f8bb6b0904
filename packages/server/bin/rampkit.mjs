#!/usr/bin/env node
// `rampkit` (`rampkit doctor`): the built CLI when the package is installed from the registry
// (dist/), or the TypeScript source through tsx inside the rampkit workspace, where
// @rampkit/core itself resolves to TypeScript source (a dist/ left by `pnpm build` could not
// load it). A fresh workspace install has no dist/ at all, so the bin must not point there.
import { existsSync } from 'node:fs'

const built = new URL('../dist/cli.js', import.meta.url)
const workspace = import.meta.resolve('@rampkit/core').endsWith('.ts')
if (existsSync(built) && !workspace) {
  await import(built.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import(new URL('../src/cli.ts', import.meta.url).href)
}
