import type { RampEnvironment } from '../client/types.js'
import { SANDBOX_ONLY_ACCOUNT_MESSAGE } from './accountNumber.js'
import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, text, type ValidationResult } from './result.js'
import { sandboxTestAccountOutcome } from './sandboxTestValues.js'

/** Options of `validateIban`: the environment, and the field to name in a refusal. */
export type ValidateIbanOptions = {
  /**
   * Where the IBAN is going. The sandbox's documented test account numbers (`1111111111`,
   * `0000000000`) are not IBANs but decide a sandbox order, so they pass in `'sandbox'` only.
   */
  environment?: RampEnvironment | undefined
  /** The `data.field` to name. Default `payment_method.account_number`. */
  field?: string | undefined
}

// ISO 13616: country code, two check digits, then 11 to 30 letters or digits (15 to 34 in all).
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/

/** ISO 7064 mod 97-10 of the IBAN with its first four characters moved to the end. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    // A letter counts as two digits (A = 10 ... Z = 35).
    const code = char.charCodeAt(0)
    const digits = code >= 65 ? String(code - 55) : char
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder
}

/**
 * Checks an IBAN (`payment_method.account_number` of an international bank pay-in) and returns
 * it in the electronic form: capitals, no spaces. Checked: the ISO 13616 shape and its mod-97
 * check digits, which catch any single wrong or swapped character. Not checked: each country's
 * exact length and bank codes, which the bank checks (a table would cost the widget its size
 * budget, and a length typo fails the check digits 96 times in 97).
 *
 * @example
 * validateIban('de89 3704 0044 0532 0130 00') // { ok: true, value: 'DE89370400440532013000' }
 * validateIban('DE89370400440532013001') // { ok: false, code: 'bad_checksum', ... }
 */
export function validateIban(
  input: unknown,
  options: ValidateIbanOptions = {},
): ValidationResult<string> {
  const field = options.field ?? VALIDATION_FIELDS.accountNumber
  const raw = text(input)
  if (raw === undefined) return fail(field, 'required', 'Enter your IBAN')
  if (sandboxTestAccountOutcome(raw) !== undefined) {
    return options.environment === 'sandbox'
      ? ok(raw.replace(/\s+/g, ''))
      : fail(field, 'sandbox_only', SANDBOX_ONLY_ACCOUNT_MESSAGE)
  }
  const value = raw.replace(/[\s-]+/g, '').toUpperCase()
  if (!IBAN.test(value)) {
    return fail(field, 'invalid_format', 'Enter an IBAN: two letters, two digits, then the account')
  }
  if (mod97(value) !== 1) {
    return fail(field, 'bad_checksum', 'This IBAN has a typo: check each character')
  }
  return ok(value)
}
