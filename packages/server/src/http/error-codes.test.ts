import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ERROR_CODES } from '@rampkit/core/errors'
import * as published from '@rampkit/test/published'
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

/** Every `data.code` of an error envelope among the service's published answers. */
function publishedCodes(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) publishedCodes(item, found)
  else if (value !== null && typeof value === 'object') {
    const answer = value as { status?: unknown; data?: { code?: unknown } }
    if (answer.status === 'error' && typeof answer.data?.code === 'string') {
      found.add(answer.data.code)
    }
    for (const inner of Object.values(value)) publishedCodes(inner, found)
  }
  return found
}

it("the error reference lists the service's published codes, which the kit passes on", () => {
  const codes = publishedCodes(published)
  // The scan finds the published customer submit's refusal.
  expect(codes.size).toBeGreaterThan(0)
  const missing = [...codes].filter((code) => !Object.hasOwn(ERROR_CODES, code))
  expect(missing, 'add these to ERROR_CODES in packages/core/src/errors/codes.ts').toEqual([])
  for (const code of codes) {
    expect(ERROR_CODES[code as keyof typeof ERROR_CODES].source, code).toBe('service')
  }
})
