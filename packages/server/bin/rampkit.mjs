#!/usr/bin/env node
// `rampkit` (`npx rampkit doctor`): the built CLI, dist/cli.js. Inside the rampkit repository,
// where the packages are TypeScript source, `pnpm doctor` runs src/cli.ts instead.
await import('../dist/cli.js')
