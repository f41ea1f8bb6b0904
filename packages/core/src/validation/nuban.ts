import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, text, type ValidationResult } from './result.js'

/**
 * The Central Bank of Nigeria's 3-digit codes of the banks a Nigerian account number (NUBAN) is
 * checked against, by the names banks are listed under. A bank not here is checked for its ten
 * digits only.
 */
export const NIGERIAN_BANK_CODES: Readonly<Record<string, string>> = {
  'access bank': '044',
  citibank: '023',
  ecobank: '050',
  'fidelity bank': '070',
  'first bank': '011',
  'first bank of nigeria': '011',
  'first city monument bank': '214',
  fcmb: '214',
  'guaranty trust bank': '058',
  gtbank: '058',
  'keystone bank': '082',
  'polaris bank': '076',
  'stanbic ibtc': '221',
  'stanbic ibtc bank': '221',
  'standard chartered': '068',
  'sterling bank': '232',
  'union bank': '032',
  'united bank for africa': '033',
  uba: '033',
  'unity bank': '215',
  'wema bank': '035',
  'zenith bank': '057',
}

/**
 * The CBN code of a Nigerian bank by its listed name (`'Access Bank'` -> `'044'`), or undefined
 * when it is not known.
 */
export function nigerianBankCode(name: string | null | undefined): string | undefined {
  const key = name?.trim().toLowerCase().replace(/\s+/g, ' ')
  return key ? NIGERIAN_BANK_CODES[key] : undefined
}

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3]

/**
 * The NUBAN check digit (CBN's scheme): the bank's 3-digit code and the account's 9-digit serial
 * weighted 3, 7, 3, 3, 7, 3, ... summed, and 10 less that sum modulo 10 (0 for 10).
 *
 * @example
 * nubanCheckDigit('011', '000001457') // 9 (First Bank account 0000014579)
 */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = `${bankCode}${serial}`
  let sum = 0
  for (let index = 0; index < WEIGHTS.length; index++) {
    sum += Number(digits[index]) * (WEIGHTS[index] as number)
  }
  return (10 - (sum % 10)) % 10
}

/**
 * Checks a Nigerian bank account number (NUBAN): ten digits (spaces allowed), and the last the
 * check digit of the bank's CBN code and the first nine when `bankCode` is given.
 *
 * @example
 * validateNuban('0000014579', { bankCode: '011' }) // { ok: true, value: '0000014579' }
 * validateNuban('12ab') // { ok: false, code: 'invalid_format', ... }
 */
export function validateNuban(
  input: unknown,
  options: { bankCode?: string | undefined; field?: string | undefined } = {},
): ValidationResult<string> {
  const field = options.field ?? VALIDATION_FIELDS.accountNumber
  const value = text(input)?.replace(/\s+/g, '')
  if (value === undefined) return fail(field, 'required', 'Enter an account number')
  if (!/^\d{10}$/.test(value)) {
    return fail(field, 'invalid_format', 'A Nigerian account number is 10 digits')
  }
  const bankCode = options.bankCode
  if (bankCode && /^\d{3}$/.test(bankCode)) {
    if (nubanCheckDigit(bankCode, value.slice(0, 9)) !== Number(value[9])) {
      return fail(field, 'bad_checksum', 'This account number does not exist at this bank')
    }
  }
  return ok(value)
}
