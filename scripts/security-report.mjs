#!/usr/bin/env node
/**
 * Collects the `[security] {…}` lines the reliability and security tests print (fuzz, faults,
 * webhook attacks, crashes, authorization, property tests, the secrets scan) from one or more
 * logs and prints them as one Markdown table: the figures SECURITY.md quotes.
 *
 *   node scripts/security-report.mjs test-results/ci/test.log test-results/ci/secrets.log
 *
 * Exits 1 when no figure was found (the tests did not run or no longer print them).
 */
import { readFileSync } from 'node:fs'

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes of the test reporter
const ANSI = /\u001b\[[0-9;]*m/g
const rows = []
for (const log of process.argv.slice(2)) {
  for (const raw of readFileSync(log, 'utf8').split('\n')) {
    const line = raw.replace(ANSI, '')
    const at = line.indexOf('[security] ')
    if (at === -1) continue
    try {
      rows.push(JSON.parse(line.slice(at + '[security] '.length)))
    } catch {
      // a line that merely mentions the tag
    }
  }
}
if (rows.length === 0) {
  console.error('security-report: no [security] figures in the logs')
  process.exit(1)
}
const cell = (value) => (typeof value === 'object' ? JSON.stringify(value) : String(value))
console.log('| area | figures |')
console.log('| --- | --- |')
for (const { area, ...figures } of rows.sort((a, b) => String(a.area).localeCompare(b.area))) {
  const text = Object.entries(figures)
    .map(([key, value]) => `${key}: ${cell(value)}`)
    .join(', ')
  console.log(`| ${area} | ${text.replaceAll('|', '\\|')} |`)
}
