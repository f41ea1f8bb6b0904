#!/usr/bin/env node
import { runDoctorCli } from './doctor/index.js'

/**
 * `rampkit` (`npx rampkit doctor`, `pnpm doctor` in the repository): checks a partner's key,
 * webhook secret and base address against the service before their users do. See
 * `rampkit --help`.
 */
runDoctorCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
}).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    // runDoctorCli handles its own failures; reaching here is a bug, reported without values.
    process.stderr.write(`rampkit: ${error instanceof Error ? error.name : 'error'}\n`)
    process.exitCode = 1
  },
)
