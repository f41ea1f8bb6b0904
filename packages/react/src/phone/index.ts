import type { ValidationResult } from '@rampkit/core'
import {
  AsYouType,
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/core'
import { AFRICAN_PHONE_METADATA } from './metadata.js'

// Core's `validatePhone` and `formatPhoneAsYouType` with the same rules, over metadata trimmed to
// the mobile-money (African) countries: core's version bundles the whole world's metadata
// (~20 kB gzip), too much for the widget's budget. A test checks both agree on every country.
const FIELD = 'payment_method.phone_number'
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/

/**
 * Checks a mobile-money phone number for a corridor country and returns it in E.164, exactly
 * like core's `validatePhone`, for African countries (others answer `unsupported_country`).
 *
 * @example
 * validatePhone('0712 345 678', 'KE') // { ok: true, value: '+254712345678' }
 */
export function validatePhone(input: unknown, country: string): ValidationResult<string> {
  const region = country.trim().toUpperCase() as CountryCode
  const fail = (
    code:
      | 'unsupported_country'
      | 'required'
      | 'invalid_characters'
      | 'invalid_phone'
      | 'wrong_country',
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
  const phone = parsePhoneNumberFromString(value, region, AFRICAN_PHONE_METADATA)
  if (!phone?.isValid() || phone.ext) {
    return fail('invalid_phone', `Enter a valid phone number for ${region}`)
  }
  if (phone.country !== region) return fail('wrong_country', `Enter a phone number from ${region}`)
  return { ok: true, value: phone.number }
}

/**
 * Formats a phone number as it is typed for the corridor's country (display only).
 *
 * @example
 * formatPhoneAsYouType('0712345678', 'KE') // '0712 345678'
 */
export function formatPhoneAsYouType(input: string, country: string): string {
  const region = country.trim().toUpperCase() as CountryCode
  const supported = isSupportedCountry(region, AFRICAN_PHONE_METADATA)
  return new AsYouType(supported ? region : undefined, AFRICAN_PHONE_METADATA).input(input)
}
