import { environmentOfKey } from '@rampkit/core/client'
import { redactSecrets } from '@rampkit/core/errors'
import { DoctorUsageError, helpText, parseDoctorArgs } from './args.js'
import { checkBaseUrl } from './checks/base-url.js'
import { colours, formatCheck, formatHeader, formatSummary } from './format.js'
import { runDoctor } from './runner.js'
import type { DoctorReport } from './types.js'

export { DoctorUsageError, helpText, parseDoctorArgs } from './args.js'
export { corridorsOfCatalog } from './catalog.js'
export { checkBaseUrl } from './checks/base-url.js'
export { checkKeyPrefix } from './checks/key-prefix.js'
export { type DriftReport, shapeDrift } from './drift.js'
export { runDoctor } from './runner.js'
export type {
  DoctorCheck,
  DoctorCheckStatus,
  DoctorReport,
  RunDoctorParameters,
} from './types.js'

export type DoctorIo = {
  stdout: { write(text: string): unknown; isTTY?: boolean | undefined }
  stderr: { write(text: string): unknown; isTTY?: boolean | undefined }
  env: Readonly<Record<string, string | undefined>>
  fetch?: typeof fetch | undefined
}

/**
 * `rampkit <argv>`: runs the doctor and writes its report, people's form or `--json`. Resolves
 * to the exit code: 0 when no check failed, 1 when one did, 2 for a bad command line. Nothing
 * written holds the key or the webhook secret, whatever fails.
 *
 * @example
 * process.exitCode = await runDoctorCli(process.argv.slice(2), {
 *   stdout: process.stdout, stderr: process.stderr, env: process.env,
 * })
 */
export async function runDoctorCli(argv: readonly string[], io: DoctorIo): Promise<number> {
  // Every value that is a secret: from the variables and from the command line.
  const flagSecrets = (argv: readonly string[]) => {
    const out: string[] = []
    argv.forEach((arg, index) => {
      const next = argv[index + 1]
      if ((arg === '--api-key' || arg === '--webhook-secret') && next) out.push(next, next.trim())
      for (const name of ['--api-key=', '--webhook-secret=']) {
        if (arg.startsWith(name)) out.push(arg.slice(name.length), arg.slice(name.length).trim())
      }
    })
    return out
  }
  const keep = [io.env.RAMP_API_KEY, io.env.RAMP_WEBHOOK_SECRET, ...flagSecrets(argv)].filter(
    (value): value is string => typeof value === 'string' && value.length > 0,
  )
  const clean = (text: string) => redactSecrets(text, keep)
  const out = (text: string) => io.stdout.write(clean(text))
  const err = (text: string) => io.stderr.write(clean(text))

  let command: ReturnType<typeof parseDoctorArgs>
  try {
    command = parseDoctorArgs(argv, io.env)
  } catch (error) {
    if (error instanceof DoctorUsageError) {
      err(`rampkit: ${error.message}\n\n${helpText()}\n`)
      return 2
    }
    throw error
  }
  if (command.kind === 'help') {
    out(`${helpText()}\n`)
    return 0
  }
  const { json, parameters } = command
  const colour =
    command.colour ?? (Boolean(io.stdout.isTTY) && !io.env.NO_COLOR && io.env.TERM !== 'dumb')
  const c = colours(colour && !json)
  const progressOn = !json && Boolean(io.stderr.isTTY)
  let progressShown = false
  const clearProgress = () => {
    if (progressShown) err('\r\x1b[2K')
    progressShown = false
  }

  if (!json) {
    const environment = parameters.apiKey ? environmentOfKey(parameters.apiKey.trim()) : undefined
    const baseUrl = checkBaseUrl(parameters.baseUrl).shown
    out(`${formatHeader({ environment: environment ?? null, baseUrl }, c)}\n\n`)
  }
  let report: DoctorReport
  try {
    report = await runDoctor({
      ...parameters,
      fetch: io.fetch,
      onProgress: progressOn
        ? (message) => {
            err(`\r\x1b[2K${c.dim(`… ${message}`)}`)
            progressShown = true
          }
        : undefined,
      onCheck: json
        ? undefined
        : (check) => {
            clearProgress()
            out(`${formatCheck(check, c)}\n`)
          },
    })
  } catch (error) {
    // A bug, not a failed check: say so without a stack that might hold a value.
    clearProgress()
    const message = error instanceof Error ? error.message : String(error)
    if (json) {
      out(`${JSON.stringify({ ok: false, error: clean(message) })}\n`)
    } else {
      err(`rampkit doctor: could not finish: ${message}\n`)
    }
    return 1
  }
  clearProgress()
  if (json) {
    out(`${JSON.stringify(report, null, 2)}\n`)
  } else {
    out(`\n${formatSummary(report, c)}\n`)
  }
  return report.ok ? 0 : 1
}
