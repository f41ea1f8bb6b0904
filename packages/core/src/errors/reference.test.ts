import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { ERROR_REFERENCE_PATH, renderErrorReference } from '../../scripts/error-reference.js'
import { ERROR_CODES } from './codes.js'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

it('the error reference page is generated from ERROR_CODES and fresh (pnpm docs:errors)', () => {
  const page = readFileSync(`${root}${ERROR_REFERENCE_PATH}`, 'utf8')
  expect(page, 'run pnpm docs:errors').toBe(renderErrorReference())
  for (const [code, entry] of Object.entries(ERROR_CODES)) {
    expect(page).toContain(`| \`${code}\` | ${entry.status} |`)
  }
})
