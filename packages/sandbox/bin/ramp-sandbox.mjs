#!/usr/bin/env node
// `ramp-sandbox` (`npx ramp-sandbox --help`): the built CLI, dist/cli.js. Inside the rampkit
// repository, where the packages are TypeScript source, `pnpm sandbox` runs src/cli.ts instead.
await import('../dist/cli.js')
