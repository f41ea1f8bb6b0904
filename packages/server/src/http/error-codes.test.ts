import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ERROR_CODES } from '@rampkit/core/errors'
import { expect, it } from 'vitest'

const src = fileURLToPath(new URL('../', import.meta.url))

/** Every `code: '…'` the kit's shipped sources answer with (tests aside). */
function codesAnswered(): Map<string, string> {
  const found = new Map<string, string>()
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue
    const path = join(entry.parentPath, entry.name)
    for (const match of readFileSync(path, 'utf8').matchAll(/\bcode: '([a-z_]+)'/g)) {
      found.set(match[1]!, path.slice(src.length))
    }
  }
  return found
}

it('the error reference lists every code the kit can answer', () => {
  const answered = codesAnswered()
  // The scan finds the codes it must: one of a middleware, a route and the unconfigured kit.
  expect([...answered.keys()]).toEqual(
    expect.arrayContaining(['origin_not_allowed', 'wallet_not_proven', 'configuration_error']),
  )
  const missing = [...answered].filter(([code]) => !Object.hasOwn(ERROR_CODES, code))
  expect(missing, 'add these to ERROR_CODES in packages/core/src/errors/codes.ts').toEqual([])
  for (const [code, entry] of Object.entries(ERROR_CODES)) {
    expect(entry.meaning.length, code).toBeGreaterThan(20)
    expect(entry.fix.length, code).toBeGreaterThan(10)
  }
})
