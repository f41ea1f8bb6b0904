#!/usr/bin/env node
/**
 * Collects the `[security] {…}` lines the reliability and security tests print (property tests,
 * fuzz, faults, webhook attacks, crashes, authorization, the secrets scan) from the logs of one
 * CI run, checks them, and prints the figures SECURITY.md quotes.
 *
 *   node scripts/security-report.mjs test-results/ci/test.log test-results/ci/secrets.log
 *   node scripts/security-report.mjs --write test-results/ci/test.log test-results/ci/secrets.log
 *
 * Exits 1 when
 * - an expected area printed no figures (a suite skipped, renamed or no longer printing: a
 *   figure that silently disappears must not pass), or a figure it must have is not a number;
 * - an invariant is broken: a delivery lost or applied twice, a secret found, a 5xx answer, an
 *   upstream call for invalid input, a forged webhook accepted, another user's order shown…
 * With `--write` it then rewrites the part of SECURITY.md between `<!-- figures:start -->` and
 * `<!-- figures:end -->` (never when it would exit 1). Exits 2 on a usage error.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const SECURITY_MD = join(import.meta.dirname, '..', 'SECURITY.md')
const START = '<!-- figures:start -->'
const END = '<!-- figures:end -->'

/**
 * Every area CI must report, keyed as `area` or `area/store/phase` (the crash cells). `counts`
 * must be numbers above 0 (the suite did something), `zero` must be 0 (the invariants).
 */
const CRASH_CELL = {
  counts: ['kills', 'acknowledged', 'events'],
  zero: ['lost', 'duplicates', 'storedAgain', 'secretLeaks'],
}
const EXPECTED = {
  'property.webhooks': { counts: ['runs', 'mutationsTried'], zero: ['accepted', 'thrown'] },
  'property.schemas': { counts: ['schemas', 'runs'], zero: ['thrown'] },
  'property.units': { counts: ['runs'], zero: [] },
  'fuzz.server': {
    counts: ['routes', 'inputs'],
    zero: ['status5xx', 'upstreamCallsOnInvalid', 'secretsFound'],
  },
  'fuzz.sandbox': { counts: ['routes', 'inputs'], zero: ['status5xx'] },
  faults: { counts: ['faultsInjected', 'responses'], zero: ['status500', 'duplicateOrders'] },
  'webhook.attacks': { counts: ['attacks'], zero: ['accepted', 'stateChanges'] },
  'crash/postgres/ingest': CRASH_CELL,
  'crash/postgres/processing': CRASH_CELL,
  'crash/pglite/ingest': CRASH_CELL,
  'crash/pglite/processing': CRASH_CELL,
  'crash.total': { counts: ['cells', 'kills', 'acknowledged'], zero: ['lost', 'duplicates'] },
  authz: { counts: ['routesWithIds', 'attempts'], zero: ['leaks'] },
  'server.timeouts': { counts: ['slowClients'], zero: ['held'] },
  'webhook.outage.total': {
    counts: ['cells', 'deliveries', 'journaled'],
    zero: ['lost', 'duplicates'],
  },
  'wallet.theft': {
    counts: ['attempts'],
    zero: ['accepted', 'upstreamCalls', 'baseUnitsMoved'],
  },
  'streams.cap': { counts: ['opened', 'refused', 'reopened'], zero: ['status5xx'] },
  secrets: { counts: ['files', 'bytes', 'canaries'], zero: ['hits'] },
}

const usage = () => {
  console.error('usage: security-report.mjs [--write] <log>...')
  process.exit(2)
}
const args = process.argv.slice(2)
const write = args.includes('--write')
const logs = args.filter((arg) => arg !== '--write')
if (logs.length === 0 || logs.some((arg) => arg.startsWith('-'))) usage()

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes of the test reporter
const ANSI = /\u001b\[[0-9;]*m/g
/** Each cell of the store-outage test (`webhook.outage/<cell>`), checked like a crash cell. */
const OUTAGE_CELL = { counts: ['deliveries', 'acknowledged'], zero: ['lost', 'duplicates'] }
const keyOf = (row) =>
  row.area === 'crash'
    ? `crash/${row.store}/${row.phase}`
    : row.area === 'webhook.outage'
      ? `webhook.outage/${row.cell}`
      : String(row.area)

/** The last figures of each area (a log holding a rerun counts once), and every line seen. */
const byKey = new Map()
const all = []
let tests = null
let lastRun = 0
for (const log of logs) {
  let text
  try {
    text = readFileSync(log, 'utf8')
    lastRun = Math.max(lastRun, statSync(log).mtimeMs)
  } catch (error) {
    console.error(`security-report: cannot read ${log}: ${error.message}`)
    process.exit(2)
  }
  for (const raw of text.split('\n')) {
    const line = raw.replace(ANSI, '')
    const passed = /^\s*Tests\s+(.*\d+ passed.*)$/.exec(line)
    if (passed) tests = { ...tests, summary: passed[1].trim() }
    const duration = /^\s*Duration\s+([\d.]+)s/.exec(line)
    if (duration) tests = { ...tests, seconds: Number(duration[1]) }
    const at = line.indexOf('[security] ')
    if (at === -1) continue
    let row
    try {
      row = JSON.parse(line.slice(at + '[security] '.length))
    } catch {
      continue // a line that merely mentions the tag
    }
    if (typeof row !== 'object' || row === null || typeof row.area !== 'string') continue
    all.push(row)
    byKey.set(keyOf(row), row)
  }
}

const problems = []
for (const [key, { counts, zero }] of Object.entries(EXPECTED)) {
  const row = byKey.get(key)
  if (!row) {
    problems.push(`missing: no [security] figures for ${key} (was the suite skipped?)`)
    continue
  }
  for (const field of [...counts, ...zero]) {
    if (typeof row[field] !== 'number' || !Number.isFinite(row[field]))
      problems.push(`${key}: no numeric ${field} (${JSON.stringify(row[field])})`)
  }
  for (const field of counts) if (row[field] === 0) problems.push(`${key}: ${field} is 0`)
}
// Invariants hold in every line printed, a rerun's included.
for (const row of all) {
  const spec = EXPECTED[keyOf(row)] ?? (row.area === 'webhook.outage' ? OUTAGE_CELL : undefined)
  for (const field of spec?.zero ?? []) {
    if (typeof row[field] === 'number' && row[field] !== 0)
      problems.push(`invariant broken: ${keyOf(row)} ${field} = ${row[field]} (must be 0)`)
  }
  if (row.area === 'crash') {
    // A 503 while the process restarts is a legitimate answer; any other 5xx is not.
    for (const [status, count] of Object.entries(row.statuses ?? {})) {
      if (Number(status) >= 500 && status !== '503' && count > 0)
        problems.push(`invariant broken: ${keyOf(row)} answered ${status} ${count} times`)
    }
  }
}
const units = byKey.get('property.units')
for (const decimals of [6, 18]) {
  if (units && !(units.decimals ?? []).includes(decimals))
    problems.push(`property.units: ${decimals} decimals not tried`)
}
const total = byKey.get('crash.total')
const sum = (rows, field) => rows.reduce((n, row) => n + (Number(row[field]) || 0), 0)
const cells = [...byKey.entries()].filter(([key]) => key.startsWith('crash/')).map(([, r]) => r)
for (const field of ['cells', 'kills', 'acknowledged', 'lost', 'duplicates']) {
  const inCells = field === 'cells' ? cells.length : sum(cells, field)
  if (total && cells.length > 0 && total[field] !== inCells)
    problems.push(`crash.total: ${field} ${total[field]} ≠ ${inCells} in the crash cells`)
}
for (const key of byKey.keys()) {
  if (!(key in EXPECTED) && !key.startsWith('webhook.outage/'))
    console.error(`security-report: note: ${key} is not an expected area (add it to EXPECTED)`)
}

// The headline figures: each the sum of what the suites measured.
const get = (key, field) => Number(byKey.get(key)?.[field]) || 0
const fmt = (n) => n.toLocaleString('en-US')
const inputs = {
  'server routes fuzzed': get('fuzz.server', 'inputs'),
  'sandbox routes fuzzed': get('fuzz.sandbox', 'inputs'),
  'webhook mutations (property)': get('property.webhooks', 'mutationsTried'),
  'arbitrary JSON against the schemas': get('property.schemas', 'runs'),
  'unit round-trips': get('property.units', 'runs'),
  'webhook attacks': get('webhook.attacks', 'attacks'),
  'cross-user reads': get('authz', 'attempts'),
}
const inputsTotal = Object.values(inputs).reduce((a, b) => a + b, 0)
const crash5xx = cells.reduce(
  (n, row) =>
    n +
    Object.entries(row.statuses ?? {})
      .filter(([status]) => Number(status) >= 500 && status !== '503')
      .reduce((m, [, count]) => m + count, 0),
  0,
)
const lost = sum(cells, 'lost')
const duplicates = sum(cells, 'duplicates')
const secretsFound =
  get('secrets', 'hits') + get('fuzz.server', 'secretsFound') + sum(cells, 'secretLeaks')
const status5xx =
  get('fuzz.server', 'status5xx') +
  get('fuzz.sandbox', 'status5xx') +
  get('faults', 'status500') +
  crash5xx
const faultKinds = Object.entries(byKey.get('faults')?.byKind ?? {})
  .map(([kind, n]) => `${kind} ${n}`)
  .join(', ')
const scan = byKey.get('secrets')

const pipes = (text) => String(text).replaceAll('|', '\\|')
const cell = (value) => (typeof value === 'object' ? JSON.stringify(value) : String(value))
const lines = [
  '| figure | value | measured as |',
  '| --- | ---: | --- |',
  `| inputs tried | ${fmt(inputsTotal)} | ${Object.entries(inputs)
    .map(([what, n]) => `${what} ${fmt(n)}`)
    .join(', ')} |`,
  `| faults injected | ${fmt(get('faults', 'faultsInjected'))} | between the kit and the sandbox: ${faultKinds}; ${fmt(get('faults', 'readsRecovered'))} reads recovered by retry, ${fmt(get('faults', 'typedErrors'))} typed errors, ${fmt(get('faults', 'duplicateOrders'))} orders created twice |`,
  `| crashes survived | ${fmt(get('crash.total', 'kills'))} | SIGKILLs of the kit during ingest and during processing, on Postgres and on PGlite; ${fmt(get('crash.total', 'acknowledged'))} deliveries acknowledged |`,
  `| deliveries lost | ${fmt(lost)} | acknowledged but never applied after restart (applied twice: ${fmt(duplicates)}) |`,
  `| secrets found | ${fmt(secretsFound)} | API key or webhook secret in ${fmt(scan?.files ?? 0)} files (${fmt(Math.round((scan?.bytes ?? 0) / 1024))} kB of ${(scan?.paths ?? []).map((path) => `\`${path}\``).join(', ')}; ${fmt(scan?.canaries ?? 0)} canaries), in fuzzed responses and in crash logs |`,
  `| 5xx answers | ${fmt(status5xx)} | to fuzzed input, under upstream faults and across crashes |`,
  `| forged webhooks accepted | ${fmt(get('webhook.attacks', 'accepted') + get('property.webhooks', 'accepted'))} | replays, stale and future timestamps, wrong secrets, swapped bodies, header fuzz, mutations |`,
  `| another user's order shown | ${fmt(get('authz', 'leaks'))} | over ${fmt(get('authz', 'routesWithIds'))} routes that take an id |`,
  `| deliveries lost in a store outage | ${fmt(get('webhook.outage.total', 'lost'))} | ${fmt(get('webhook.outage.total', 'deliveries'))} verified deliveries while the store was cut (Postgres, Redis, a kill during the outage), ${fmt(get('webhook.outage.total', 'journaled'))} kept in the kit's journal and applied once the store came back (applied twice: ${fmt(get('webhook.outage.total', 'duplicates'))}) |`,
  `| slow clients held open | ${fmt(get('server.timeouts', 'held'))} | ${fmt(get('server.timeouts', 'slowClients'))} clients trickling headers, trickling a body, or silent, against \`nodeServerTimeouts\` with test limits of 0.5 s and 1 s: cut off after ${Object.values(
    byKey.get('server.timeouts')?.cutOffAfterMs ?? {},
  )
    .map((ms) => `${fmt(ms)} ms`)
    .join(', ')} |`,
  `| sales from a wallet the session has not proven | ${fmt(get('wallet.theft', 'accepted'))} | ${fmt(get('wallet.theft', 'attempts'))} attempts on a wallet with a live allowance (direct order, quote, accept); ${fmt(get('wallet.theft', 'upstreamCalls'))} reached the service, ${fmt(get('wallet.theft', 'baseUnitsMoved'))} base units moved on chain |`,
  `| event streams over the cap | ${fmt(get('streams.cap', 'refused'))} refused | 429 with \`Retry-After\` past the per-session and per-address caps of streams held open; ${fmt(get('streams.cap', 'opened'))} opened, ${fmt(get('streams.cap', 'reopened'))} reopened once one closed, ${fmt(get('streams.cap', 'status5xx'))} 5xx |`,
  '',
  '<details><summary>Every figure, by area</summary>',
  '',
  '| area | figures |',
  '| --- | --- |',
  ...[...byKey.values()]
    .sort((a, b) => keyOf(a).replace('/', ' ').localeCompare(keyOf(b).replace('/', ' ')))
    .map(({ area, ...figures }) => {
      const text = Object.entries(figures)
        .map(([key, value]) => `${key}: ${cell(value)}`)
        .join(', ')
      return `| ${pipes(area)} | ${pipes(text)} |`
    }),
  '',
  '</details>',
]

/** The commit of the repository the first log was written in, and whether it had edits. */
function commitOf(log) {
  const git = (...argv) =>
    execFileSync('git', ['-C', dirname(log), ...argv], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  try {
    const sha = git('rev-parse', '--short=12', 'HEAD')
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== ''
    return dirty ? `${sha} (with uncommitted changes)` : sha
  } catch {
    return 'unknown'
  }
}
const when = new Date(lastRun).toISOString().replace('T', ' ').slice(0, 16)
const run = [
  `Run of ${when} UTC at commit \`${commitOf(logs[0])}\``,
  tests?.summary ? `; \`pnpm test\`: ${tests.summary}` : '',
  tests?.seconds ? ` in ${Math.round(tests.seconds)} s` : '',
  '.',
].join('')
const section = [
  START,
  '<!-- written by `node scripts/security-report.mjs --write …`: do not edit by hand -->',
  '',
  run,
  '',
  ...lines,
  END,
].join('\n')

console.log(section)
if (problems.length > 0) {
  for (const problem of problems) console.error(`security-report: ${problem}`)
  console.error(
    `security-report: FAILED (${problems.length} problem${problems.length > 1 ? 's' : ''})${write ? '; SECURITY.md left unchanged' : ''}`,
  )
  process.exit(1)
}
if (write) {
  const doc = readFileSync(SECURITY_MD, 'utf8')
  const start = doc.indexOf(START)
  const end = doc.indexOf(END)
  if (start === -1 || end < start || doc.indexOf(START, start + 1) !== -1) {
    console.error(`security-report: SECURITY.md needs exactly one ${START} … ${END}`)
    process.exit(2)
  }
  writeFileSync(SECURITY_MD, doc.slice(0, start) + section + doc.slice(end + END.length))
  console.error('security-report: SECURITY.md figures rewritten')
}
