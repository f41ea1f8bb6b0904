import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, text, type ValidationResult } from './result.js'

const FIELD = VALIDATION_FIELDS.customerName

/** Longest accepted name, counted in UTF-16 units after normalising. */
export const MAX_CUSTOMER_NAME_LENGTH = 100

// Letters of any script, combining marks (decomposed accents), hyphen, apostrophes and a period
// ("St. John"). Digits and other symbols are refused: KYC matches names against ID documents.
const NAME_WORD = /^[\p{L}\p{M}'’.-]+$/u
const LETTER = /\p{L}/u

/**
 * A customer name split the way the service reads it: `first` holds every given name (middle
 * names included), `last` the final word. `name` is the normalised whole to send as
 * `customer.name`.
 */
export type CustomerName = { name: string; first: string; last: string }

/**
 * Checks `customer.name`: a first and a last name (at least two words, spec section 7), letters
 * of any script with hyphens and apostrophes ("Ngozi Okonjo-Iweala", "Zoë O'Brien"), at most 100
 * characters. Spaces are trimmed and collapsed and the text NFC-normalised, so a name typed with
 * decomposed accents is sent in one form. The last word is the last name; everything before it is
 * the first name, because middle names belong with the given names on most ID documents.
 *
 * @example
 * validateCustomerName('  Mary   Jane Watson ')
 * // { ok: true, value: { name: 'Mary Jane Watson', first: 'Mary Jane', last: 'Watson' } }
 * validateCustomerName('Cher') // { ok: false, field: 'customer.name', code: 'too_short', ... }
 */
export function validateCustomerName(input: unknown): ValidationResult<CustomerName> {
  const raw = text(input)
  if (raw === undefined) return fail(FIELD, 'required', 'Enter your first and last name')
  const name = raw.normalize('NFC').replace(/\s+/g, ' ')
  if (name.length > MAX_CUSTOMER_NAME_LENGTH) {
    return fail(FIELD, 'too_long', `Use at most ${MAX_CUSTOMER_NAME_LENGTH} characters`)
  }
  const words = name.split(' ')
  if (!words.every((word) => NAME_WORD.test(word) && LETTER.test(word))) {
    return fail(FIELD, 'invalid_characters', 'Use only letters, hyphens and apostrophes')
  }
  const last = words.pop()
  if (last === undefined || words.length === 0) {
    return fail(FIELD, 'too_short', 'Enter your first and last name')
  }
  return ok({ name, first: words.join(' '), last })
}
