// The `min` metadata (~20 kB gzip) instead of `max` (~40 kB): it validates length and leading
// digits per country, which is what a checkout needs, at half the bundle cost in the widget. It
// cannot tell mobile from fixed lines, so a landline passes here and the rail refuses it later.
import {
  AsYouType,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min'
import type { RampEnvironment } from '../client/types.js'
import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, text, type ValidationResult } from './result.js'
import { compactPhone, sandboxTestPhoneOutcome } from './sandboxTestValues.js'

const FIELD = VALIDATION_FIELDS.phoneNumber
// Digits and the separators people type; letters would be silently dropped by the parser.
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/

/** English name of a country for messages, falling back to the code where Intl lacks it. */
export function countryName(country: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country
  } catch {
    return country
  }
}

/** The refusal of a sandbox test value outside the sandbox: safe to show an end user. */
export const SANDBOX_ONLY_PHONE_MESSAGE =
  'This is a sandbox test number, accepted only in the sandbox: enter a real mobile money number'

export type ValidatePhoneOptions = {
  /**
   * Where the number is going. The documented sandbox test numbers (`+{country code}1111111111`
   * settles, `+{country code}0000000000` fails, `+256111111111`) pass only in `'sandbox'`; in
   * production, or when the environment is not given, they are refused with `sandbox_only`.
   */
  environment?: RampEnvironment | undefined
}

/**
 * Checks a mobile-money phone number for one corridor country and returns it in E.164
 * (`+254712345678`), the form the service requires in `payment_method.phone_number`. National
 * (`0712 345 678`) and international (`+254 712 345 678`) input are both accepted, but the number
 * must belong to `country`: a valid Kenyan number is refused for a Nigerian corridor. The
 * sandbox's test numbers pass with `{ environment: 'sandbox' }` only (see `SANDBOX_TEST_VALUES`).
 *
 * @example
 * validatePhone('0712 345 678', 'KE') // { ok: true, value: '+254712345678' }
 * validatePhone('+254712345678', 'NG') // { ok: false, field: 'payment_method.phone_number', code: 'wrong_country', ... }
 * validatePhone('+2541111111111', 'KE', { environment: 'sandbox' }) // { ok: true, value: '+2541111111111' }
 * validatePhone('+2541111111111', 'KE', { environment: 'production' }) // { ok: false, code: 'sandbox_only', ... }
 */
export function validatePhone(
  input: unknown,
  country: string,
  options: ValidatePhoneOptions = {},
): ValidationResult<string> {
  const region = country.trim().toUpperCase()
  if (!isSupportedCountry(region)) {
    return fail(FIELD, 'unsupported_country', 'Phone numbers for this country are not supported')
  }
  const value = text(input)
  if (value === undefined) return fail(FIELD, 'required', 'Enter a phone number')
  if (!PHONE_CHARACTERS.test(value)) {
    return fail(FIELD, 'invalid_characters', 'Use only digits, spaces and a leading +')
  }
  // Test numbers are not real numbers (too long for Kenya), so they are decided before the
  // metadata is asked. Any country's test number is refused outside the sandbox; in the sandbox
  // only the corridor country's passes, another's falls through to the checks below.
  if (sandboxTestPhoneOutcome(value) !== undefined) {
    if (options.environment !== 'sandbox')
      return fail(FIELD, 'sandbox_only', SANDBOX_ONLY_PHONE_MESSAGE)
    const compact = compactPhone(value)
    if (compact && sandboxTestPhoneOutcome(compact, getCountryCallingCode(region))) {
      return ok(compact)
    }
  }
  const phone = parsePhoneNumberFromString(value, region)
  const name = countryName(region)
  if (!phone?.isValid() || phone.ext) {
    return fail(FIELD, 'invalid_phone', `Enter a valid phone number for ${name}`)
  }
  // An international number parses for any default country, so check whose number it is.
  if (phone.country !== region) {
    return fail(FIELD, 'wrong_country', `Enter a phone number from ${name}`)
  }
  return ok(phone.number)
}

/**
 * Formats a phone number as it is typed, for the widget's input (`'0712345'` ->
 * `'0712 345'`). Display only: validate the final value with `validatePhone`.
 *
 * @example
 * formatPhoneAsYouType('0712345678', 'KE') // '0712 345678'
 * formatPhoneAsYouType('+2348031234567', 'NG') // '+234 803 123 4567'
 */
export function formatPhoneAsYouType(input: string, country: string): string {
  const region = country.trim().toUpperCase()
  return new AsYouType(isSupportedCountry(region) ? region : undefined).input(input)
}
