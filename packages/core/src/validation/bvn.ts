import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, text, type ValidationResult } from './result.js'

const FIELD = VALIDATION_FIELDS.additionalIdNumber

/** The ID type the service documents beside a BVN (`customer.additional_id_type`). */
export const BVN_ID_TYPE = 'bvn'

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

/**
 * Checks the type sent beside a Nigerian BVN (`customer.additional_id_type`): the published
 * Nigerian quotes, the sandbox guide and the vault's requirements all name it `bvn` (any case,
 * spaces around ignored). Absent is fine, since the number alone is what the 422 table requires.
 * Returns `'bvn'`.
 *
 * @example
 * validateBvnType(' BVN ') // { ok: true, value: 'bvn' }
 * validateBvnType('nin') // { ok: false, field: 'customer.additional_id_type', code: 'invalid_format', ... }
 */
export function validateBvnType(input: unknown): ValidationResult<typeof BVN_ID_TYPE | undefined> {
  if (input === undefined || input === null) return ok(undefined)
  if (typeof input === 'string' && input.trim().toLowerCase() === BVN_ID_TYPE) {
    return ok(BVN_ID_TYPE)
  }
  return fail(
    VALIDATION_FIELDS.additionalIdType,
    'invalid_format',
    'A Nigerian customer’s additional ID type is bvn',
  )
}
