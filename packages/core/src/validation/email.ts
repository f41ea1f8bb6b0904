import { fail, ok, text, type ValidationResult } from './result.js'

// One @, something on each side, a dot in the domain and no spaces: what a typo breaks. Whether
// the mailbox exists is the mail's to tell.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Checks an email address (`profile.email`) and returns it trimmed.
 *
 * @example
 * validateEmail(' amina@example.com ') // { ok: true, value: 'amina@example.com' }
 * validateEmail('amina@example') // { ok: false, code: 'invalid_format', ... }
 */
export function validateEmail(input: unknown, field = 'profile.email'): ValidationResult<string> {
  const value = text(input)
  if (value === undefined) return fail(field, 'required', 'Enter an email address')
  if (!EMAIL.test(value)) return fail(field, 'invalid_format', 'Enter a valid email address')
  return ok(value)
}
