import type { DoctorCheck, DoctorReport } from './types.js'

export type Colours = {
  green(text: string): string
  red(text: string): string
  dim(text: string): string
  bold(text: string): string
}

const plain = (text: string) => text
const sgr = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`

/** ANSI colours, or none (`NO_COLOR`, `--no-color`, output that is not a terminal). */
export function colours(enabled: boolean): Colours {
  return enabled
    ? { green: sgr(32, 39), red: sgr(31, 39), dim: sgr(2, 22), bold: sgr(1, 22) }
    : { green: plain, red: plain, dim: plain, bold: plain }
}

/** One check as people read it: the mark, title and detail, then its lines and the fix. */
export function formatCheck(check: DoctorCheck, c: Colours): string {
  const mark =
    check.status === 'pass' ? c.green('✓') : check.status === 'fail' ? c.red('✗') : c.dim('–')
  const out = [
    `${mark} ${c.bold(check.title)}  ${check.status === 'skip' ? c.dim(check.detail) : check.detail}`,
  ]
  for (const line of check.lines ?? []) out.push(`    ${c.dim(line)}`)
  if (check.fix) {
    out.push(
      check.status === 'fail' ? `    ${c.red('fix:')} ${check.fix}` : `    ${c.dim(check.fix)}`,
    )
  }
  return out.join('\n')
}

/** The header line, before any check. */
export function formatHeader(
  input: { environment: string | null; baseUrl: string | null },
  c: Colours,
): string {
  return `${c.bold('rampkit doctor')}  ${input.environment ?? 'unknown environment'}  ${input.baseUrl ?? '(no base address)'}`
}

/** The closing summary line. */
export function formatSummary(report: DoctorReport, c: Colours): string {
  const { passed, failed, skipped } = report.summary
  const parts = [
    c.green(`${passed} passed`),
    failed ? c.red(`${failed} failed`) : `${failed} failed`,
    ...(skipped ? [c.dim(`${skipped} skipped`)] : []),
  ]
  const verdict = report.ok
    ? c.green('Your key, webhook secret and environment work with rampkit.')
    : c.red('Fix each ✗ above, then run `rampkit doctor` again.')
  return `${parts.join(', ')}\n${verdict}`
}
