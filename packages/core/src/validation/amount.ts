import { compareDecimal, toDecimalString } from '../units/decimal.js'
import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, type ValidationResult } from './result.js'

const DEFAULT_FIELD = VALIDATION_FIELDS.amountFiat

/** Where a fiat amount sits in its request, and whether it must be whole units. */
export type FiatAmountOptions = {
  /** The `field` failures name; `amount_fiat` unless given (a quote's is `local_amount`). */
  field?: string
  /** Refuse decimals whatever the currency (a quote's `local_amount` is a whole number). */
  wholeUnits?: boolean
}
const AMOUNT = /^\d+(?:\.(\d+))?$/

// Currencies paid in whole units. UGX and RWF (and the CFA francs) have no minor unit in ISO
// 4217; TZS has one on paper, but mobile money in Tanzania moves whole shillings only.
const WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set([
  'UGX',
  'RWF',
  'TZS',
  'XOF',
  'XAF',
  'BIF',
  'GNF',
  'KMF',
  'DJF',
])

/** The limits of one catalog provider (spec 2.3): `min_amount`, `max_amount` in `currency`. */
export type ProviderLimits = { min_amount: number; max_amount: number; currency: string }

/**
 * Decimal places a fiat amount may have in a currency: 0 for whole-unit currencies (UGX, RWF,
 * TZS, the CFA francs), 2 for the rest.
 *
 * @example
 * currencyFractionDigits('KES') // 2
 * currencyFractionDigits('UGX') // 0
 */
export function currencyFractionDigits(currency: string): number {
  return WHOLE_UNIT_CURRENCIES.has(currency.trim().toUpperCase()) ? 0 : 2
}

function groupThousands(decimal: string): string {
  const [int = '', frac] = decimal.split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return frac === undefined ? grouped : `${grouped}.${frac}`
}

function readAmount(amount: unknown): string | undefined {
  // NaN and Infinity become a string the format check refuses, not an exception.
  if (typeof amount === 'number') return Number.isFinite(amount) ? toDecimalString(amount) : 'NaN'
  if (typeof amount !== 'string') return undefined
  const trimmed = amount.trim()
  return trimmed === '' ? undefined : trimmed
}

/**
 * Checks a fiat amount's shape for a currency: a positive decimal with at most the currency's
 * decimal places (`currencyFractionDigits`). Returns it as an exact decimal string.
 *
 * @example
 * validateFiatAmount('1500.50', 'KES') // { ok: true, value: '1500.50' }
 * validateFiatAmount('1500.5', 'UGX') // { ok: false, field: 'amount_fiat', code: 'too_many_decimals', ... }
 */
export function validateFiatAmount(
  amount: unknown,
  currency: string,
  options: FiatAmountOptions = {},
): ValidationResult<string> {
  const FIELD = options.field ?? DEFAULT_FIELD
  const value = readAmount(amount)
  if (value === undefined) return fail(FIELD, 'required', 'Enter an amount')
  if (/^-\d+(?:\.\d+)?$/.test(value)) return fail(FIELD, 'not_positive', 'Enter an amount above 0')
  const match = AMOUNT.exec(value)
  if (!match) return fail(FIELD, 'invalid_format', 'Enter a number, like 1500 or 1500.50')
  if (compareDecimal(value, '0') <= 0) {
    return fail(FIELD, 'not_positive', 'Enter an amount above 0')
  }
  const allowed = options.wholeUnits ? 0 : currencyFractionDigits(currency)
  const digits = (match[1] ?? '').replace(/0+$/, '').length
  if (digits > allowed) {
    const code = currency.trim().toUpperCase()
    return fail(
      FIELD,
      'too_many_decimals',
      options.wholeUnits
        ? `Enter a whole number of ${code}`
        : allowed === 0
          ? `${code} amounts must be whole numbers`
          : `Use at most ${allowed} decimal places`,
    )
  }
  return ok(value)
}

/**
 * Checks `amount_fiat` against a catalog provider's limits (spec 2.3, section 8): a positive
 * decimal with the currency's decimal places, from `min_amount` to `max_amount` inclusive. The
 * comparison is exact on decimal strings (`10.10` equals `10.1`; no float error), and the message
 * names the limit, e.g. "Minimum is 10 KES". A limit that is not a finite number is skipped.
 *
 * @example
 * const mpesa = { min_amount: 10, max_amount: 150000, currency: 'KES' }
 * validateAmountForProvider('5', mpesa) // { ok: false, field: 'amount_fiat', code: 'below_minimum', message: 'Minimum is 10 KES' }
 * validateAmountForProvider(1500, mpesa) // { ok: true, value: '1500' }
 */
export function validateAmountForProvider(
  amount: unknown,
  provider: ProviderLimits,
  options: FiatAmountOptions = {},
): ValidationResult<string> {
  const FIELD = options.field ?? DEFAULT_FIELD
  const result = validateFiatAmount(amount, provider.currency, options)
  if (!result.ok) return result
  const currency = provider.currency.trim().toUpperCase()
  if (Number.isFinite(provider.min_amount)) {
    const min = toDecimalString(provider.min_amount)
    if (compareDecimal(result.value, min) < 0) {
      return fail(FIELD, 'below_minimum', `Minimum is ${groupThousands(min)} ${currency}`)
    }
  }
  if (Number.isFinite(provider.max_amount)) {
    const max = toDecimalString(provider.max_amount)
    if (compareDecimal(result.value, max) > 0) {
      return fail(FIELD, 'above_maximum', `Maximum is ${groupThousands(max)} ${currency}`)
    }
  }
  return result
}
