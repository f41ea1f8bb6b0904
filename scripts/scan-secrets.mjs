#!/usr/bin/env node
/**
 * Scans build output and test logs for secrets: anything shaped like a ramp API key
 * (`is_test_…`, `is_live_…`) or a webhook secret (`whsec_…`), plus the exact values of
 * RAMP_API_KEY, RAMP_WEBHOOK_SECRET and SESSION_SECRET when they are set (CI sets them
 * to fresh canaries while it builds the storefront and the Next.js example).
 *
 *   node scripts/scan-secrets.mjs <file or directory>...
 *
 * Prints each hit as `path:line` with the secret itself masked, then one
 * `[security] {"area":"secrets",…}` line with what was scanned; exits 1 on any hit, 2 when a
 * path does not exist (a scan of nothing must not pass).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SHAPES = [/\bis_(?:test|live)_[A-Za-z0-9_-]{6,}/g, /\bwhsec_[A-Za-z0-9_-]{6,}/g]
const EXACT = ['RAMP_API_KEY', 'RAMP_WEBHOOK_SECRET', 'SESSION_SECRET']
  .map((name) => process.env[name])
  .filter((value) => typeof value === 'string' && value.length >= 8)

/** The same secret is never printed: its first 6 characters and its length. */
const mask = (secret) => `${secret.slice(0, 6)}…(${secret.length} chars)`

function* files(path) {
  const stat = statSync(path)
  if (stat.isFile()) {
    yield path
    return
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'cache') continue
    yield* files(join(path, entry.name))
  }
}

function scan(text) {
  const found = []
  for (const shape of SHAPES) for (const match of text.matchAll(shape)) found.push(match)
  for (const value of EXACT) {
    let at = text.indexOf(value)
    while (at !== -1) {
      found.push(Object.assign([value], { index: at }))
      at = text.indexOf(value, at + value.length)
    }
  }
  return found
}

const paths = process.argv.slice(2)
if (paths.length === 0) {
  console.error('usage: scan-secrets.mjs <file or directory>...')
  process.exit(2)
}
let scanned = 0
let bytes = 0
const hits = []
for (const root of paths) {
  try {
    statSync(root)
  } catch {
    console.error(`scan-secrets: ${root} does not exist`)
    process.exit(2)
  }
  for (const file of files(root)) {
    const text = readFileSync(file, 'latin1')
    scanned++
    bytes += text.length
    for (const match of scan(text)) {
      const line = text.slice(0, match.index).split('\n').length
      hits.push(`${file}:${line}: ${mask(match[0])}`)
    }
  }
}
for (const hit of hits) console.error(`secret found: ${hit}`)
console.log(
  `[security] ${JSON.stringify({ area: 'secrets', paths, files: scanned, bytes, canaries: EXACT.length, hits: hits.length })}`,
)
process.exit(hits.length > 0 ? 1 : 0)
