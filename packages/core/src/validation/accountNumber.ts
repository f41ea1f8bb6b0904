import type { RampEnvironment } from '../client/types.js'
import { VALIDATION_FIELDS } from './fields.js'
import { validateNuban } from './nuban.js'
import { fail, ok, text, type ValidationResult } from './result.js'
import { sandboxTestAccountOutcome } from './sandboxTestValues.js'

/** The refusal of a sandbox test account number outside the sandbox: safe to show an end user. */
export const SANDBOX_ONLY_ACCOUNT_MESSAGE =
  'This is a sandbox test account number, accepted only in the sandbox: enter a real bank account number'

/**
 * Options of `validateAccountNumber`: the environment, the field to name, and the country and
 * bank code for a NUBAN.
 */
export type ValidateAccountNumberOptions = {
  /**
   * Where the account number is going. The documented sandbox test numbers (`1111111111`
   * settles, `0000000000` fails) pass only in `'sandbox'`; in production, or when the
   * environment is not given, they are refused with `sandbox_only`.
   */
  environment?: RampEnvironment | undefined
  /** The `data.field` to name. Default `payment_method.account_number`. */
  field?: string | undefined
  /**
   * The corridor's country. A Nigerian number (`'NG'`) is a NUBAN: ten digits, with its check
   * digit checked when `bankCode` is given.
   */
  country?: string | undefined
  /** The bank's CBN code (`nigerianBankCode(bank.name)`), for the NUBAN check digit. */
  bankCode?: string | undefined
}

/**
 * Checks a customer's bank account number (`payment_method.account_number`) and returns it
 * without spaces. The shape of a real account number is the bank's to check, except a Nigerian
 * one (`country: 'NG'`), a NUBAN checked by `validateNuban`; what is checked everywhere is that one
 * was given and that a sandbox test number is not sent outside the sandbox (where it passes as is).
 *
 * @example
 * validateAccountNumber('0123 456 789') // { ok: true, value: '0123456789' }
 * validateAccountNumber('1111111111', { environment: 'sandbox' }) // { ok: true, value: '1111111111' }
 * validateAccountNumber('1111111111', { environment: 'production' }) // { ok: false, code: 'sandbox_only', ... }
 */
export function validateAccountNumber(
  input: unknown,
  options: ValidateAccountNumberOptions = {},
): ValidationResult<string> {
  const field = options.field ?? VALIDATION_FIELDS.accountNumber
  const value = text(input)
  if (value === undefined) return fail(field, 'required', 'Enter an account number')
  if (sandboxTestAccountOutcome(value) !== undefined && options.environment !== 'sandbox') {
    return fail(field, 'sandbox_only', SANDBOX_ONLY_ACCOUNT_MESSAGE)
  }
  const compact = value.replace(/\s+/g, '')
  if (
    options.country?.trim().toUpperCase() === 'NG' &&
    sandboxTestAccountOutcome(value) === undefined
  ) {
    return validateNuban(compact, { bankCode: options.bankCode, field })
  }
  return ok(compact)
}
