import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, text, type ValidationResult } from './result.js'

const FIELD = VALIDATION_FIELDS.additionalIdNumber

/**
 * Whether a corridor needs the customer's bank verification number in
 * `customer.additional_id_number`: Nigerian retail does (spec section 7), others do not.
 *
 * @example
 * requiresBvn('NG') // true
 * requiresBvn('KE') // false
 */
export function requiresBvn(country: string): boolean {
  return country.trim().toUpperCase() === 'NG'
}

/**
 * Checks a Nigerian BVN: exactly 11 digits once spaces are removed (people copy it grouped).
 * Returns the bare digits to send as `customer.additional_id_number`. Only the shape is checked:
 * whether the BVN exists and matches the customer is for the service's KYC to say.
 *
 * @example
 * validateBvn('223 4567 8901') // { ok: true, value: '22345678901' }
 * validateBvn('1234') // { ok: false, field: 'customer.additional_id_number', code: 'invalid_format', ... }
 */
export function validateBvn(input: unknown): ValidationResult<string> {
  const value = text(input)?.replace(/\s+/g, '')
  if (value === undefined) return fail(FIELD, 'required', 'Enter your BVN')
  if (!/^\d{11}$/.test(value)) return fail(FIELD, 'invalid_format', 'A BVN has exactly 11 digits')
  return ok(value)
}
