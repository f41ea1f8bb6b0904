import { spawn } from 'node:child_process'

const PACKAGE = new URL('../', import.meta.url).pathname
const ROOT = new URL('../../../', import.meta.url).pathname

/** What one `ramp-sandbox control` run printed, and its exit code. */
export type ControlRun = { code: number | null; stdout: string; stderr: string }

/**
 * Runs `ramp-sandbox control <args>` in a child process, the way a partner's CI would: through
 * the CLI's source (`node --import tsx src/cli.ts`, what `pnpm sandbox` runs), or through the
 * root script itself with `viaPnpm`. The environment is the test's minus every `RAMP_` variable, plus
 * `env`, so the caller's shell cannot change which sandbox or key a run uses.
 */
export function runControlCli(
  args: readonly string[],
  env: Record<string, string> = {},
  options: { viaPnpm?: boolean } = {},
): Promise<ControlRun> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('RAMP_')),
  )
  const child = options.viaPnpm
    ? spawn('pnpm', ['sandbox', 'control', ...args], {
        cwd: ROOT,
        env: { ...clean, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'control', ...args], {
        cwd: PACKAGE,
        env: { ...clean, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
