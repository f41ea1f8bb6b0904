import type { KitConfig, ValidationResult } from '@rampkit/core'
import { SANDBOX_ONLY_PHONE_MESSAGE, sandboxTestPhoneOutcome } from '@rampkit/core/validation'
import { AFRICAN_PHONE_METADATA } from './metadata.js'
import {
  callingCodeOf,
  e164,
  formatPhone,
  isSupportedCountry,
  isValidPhone,
  parsePhone,
} from './parse.js'

// Core's `validatePhone` and `formatPhoneAsYouType` with the same rules, over metadata trimmed to
// the mobile-money (African) countries and libphonenumber-js's parsing rules in `parse.ts`: core's
// version bundles the whole world's metadata (~20 kB gzip) and the library's parser (~9 kB), too
// much for the widget's budget. Tests check both agree on every country.
const FIELD = 'payment_method.phone_number'
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/

/** Options of the widget's `validatePhone`, as core's. */
export type ValidatePhoneOptions = {
  /** The kit's environment (`GET /config`): the sandbox's test numbers pass in `'sandbox'` only. */
  environment?: KitConfig['environment'] | undefined
}

/**
 * Checks a mobile-money phone number for a corridor country and returns it in E.164, exactly
 * like core's `validatePhone`, for African countries (others answer `unsupported_country`),
 * sandbox test numbers (`+2541111111111`) included: they pass in the sandbox only.
 *
 * @example
 * validatePhone('0712 345 678', 'KE') // { ok: true, value: '+254712345678' }
 * validatePhone('+2541111111111', 'KE', { environment: 'sandbox' }) // { ok: true, value: '+2541111111111' }
 */
export function validatePhone(
  input: unknown,
  country: string,
  options: ValidatePhoneOptions = {},
): ValidationResult<string> {
  const region = country.trim().toUpperCase()
  const fail = (
    code:
      | 'unsupported_country'
      | 'required'
      | 'invalid_characters'
      | 'invalid_phone'
      | 'wrong_country'
      | 'sandbox_only',
    message: string,
  ) => ({ ok: false, field: FIELD, code, message }) as const
  if (!isSupportedCountry(region, AFRICAN_PHONE_METADATA)) {
    return fail('unsupported_country', 'Phone numbers for this country are not supported')
  }
  const value = typeof input === 'string' ? input.trim() : ''
  if (value === '') return fail('required', 'Enter a phone number')
  if (!PHONE_CHARACTERS.test(value)) {
    return fail('invalid_characters', 'Use only digits, spaces and a leading +')
  }
  // As core: a test number is decided before the metadata (it is no real number); refused
  // outside the sandbox, and in the sandbox passed for the corridor's own country only.
  if (sandboxTestPhoneOutcome(value) !== undefined) {
    if (options.environment !== 'sandbox') return fail('sandbox_only', SANDBOX_ONLY_PHONE_MESSAGE)
    const compact = value.replace(/[\s().-]/g, '')
    const code = callingCodeOf(region, AFRICAN_PHONE_METADATA)
    if (sandboxTestPhoneOutcome(compact, code)) return { ok: true, value: compact }
  }
  const phone = parsePhone(value, region, AFRICAN_PHONE_METADATA)
  if (!phone || !isValidPhone(phone, AFRICAN_PHONE_METADATA)) {
    return fail('invalid_phone', `Enter a valid phone number for ${region}`)
  }
  if (phone.country !== region) return fail('wrong_country', `Enter a phone number from ${region}`)
  return { ok: true, value: e164(phone) }
}

/**
 * Formats a phone number for the corridor's country while it is typed (display only), as soon
 * as it is a complete, valid number: in the national form, or the international one when it was
 * typed with a `+`. A partial number stays as typed. The same groups as core's as-you-type
 * formatting of a complete number, without its formatter (~10 kB gzip of the widget's budget).
 *
 * @example
 * formatPhoneAsYouType('0712345678', 'KE') // '0712 345678'
 * formatPhoneAsYouType('071234', 'KE') // '071234'
 */
export function formatPhoneAsYouType(input: string, country: string): string {
  const region = country.trim().toUpperCase()
  if (!isSupportedCountry(region, AFRICAN_PHONE_METADATA)) return input
  const phone = parsePhone(input, region, AFRICAN_PHONE_METADATA)
  if (!phone || !isValidPhone(phone, AFRICAN_PHONE_METADATA)) return input
  const as = input.trim().startsWith('+') ? 'international' : 'national'
  return formatPhone(phone, as, AFRICAN_PHONE_METADATA)
}
