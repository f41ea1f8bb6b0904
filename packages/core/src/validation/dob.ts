import { RampError } from '../errors/base.js'
import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, text, type ValidationResult } from './result.js'

const FIELD = VALIDATION_FIELDS.dob

/**
 * Youngest accepted customer age. The service's KYC serves adults only and 18 is the age of
 * majority in every corridor country, so a younger customer would be refused after the quote.
 */
export const MIN_CUSTOMER_AGE = 18

/** Oldest accepted age: past this the date is almost surely a typo in the year. */
export const MAX_CUSTOMER_AGE = 120

const DOB = /^(\d{2})\/(\d{2})\/(\d{4})$/

/** Options of `validateDob`: the clock, and the order the date is written in. */
export type ValidateDobOptions = {
  /** Clock in milliseconds; defaults to `Date.now`. */
  now?: () => number
  /**
   * The order the date is written in: `'mdy'` (the service's `mm/dd/yyyy`, the default) or
   * `'dmy'` (`dd/mm/yyyy`, as most of the world writes it; see `dobOrder`). The value returned
   * is always the service's `mm/dd/yyyy`.
   */
  order?: DobOrder | undefined
}

/** The order of day and month in a written date. */
export type DobOrder = 'mdy' | 'dmy'

/**
 * How a shopper writes a date: day first unless the locale (with the corridor's country as its
 * region when the locale names none) writes the month first, as `en-US` does.
 *
 * @example
 * dobOrder('en', 'KE') // 'dmy'
 * dobOrder('en-US') // 'mdy'
 * dobOrder('fr') // 'dmy'
 */
export function dobOrder(locale: string, country?: string | null): DobOrder {
  const tag = !locale.includes('-') && country ? `${locale}-${country}` : locale
  try {
    const parts = new Intl.DateTimeFormat(tag, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .formatToParts(new Date(Date.UTC(2000, 11, 31)))
      .filter((part) => part.type === 'day' || part.type === 'month')
    return parts[0]?.type === 'month' ? 'mdy' : 'dmy'
  } catch {
    return 'dmy'
  }
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * Checks `customer.dob`: exactly `mm/dd/yyyy` (two-digit month and day, spec section 7), a real
 * calendar date (`02/29/2000` yes, `02/29/2023` and `02/30` no), not in the future, and an age
 * from 18 to 120. "Today" is the UTC date of `now`, so browser and server agree on the day a
 * customer turns 18 whatever their time zones; someone born on 29 February comes of age on
 * 1 March in non-leap years.
 *
 * @example
 * validateDob('07/14/1990') // { ok: true, value: '07/14/1990' }
 * validateDob('1990-07-14') // { ok: false, field: 'customer.dob', code: 'invalid_format', ... }
 */
export function validateDob(
  input: unknown,
  options: ValidateDobOptions = {},
): ValidationResult<string> {
  const value = text(input)
  if (value === undefined) return fail(FIELD, 'required', 'Enter your date of birth')
  const dayFirst = options.order === 'dmy'
  const match = DOB.exec(value)
  if (!match) {
    return fail(FIELD, 'invalid_format', `Use the format ${dayFirst ? 'dd/mm/yyyy' : 'mm/dd/yyyy'}`)
  }
  const month = Number(match[dayFirst ? 2 : 1])
  const day = Number(match[dayFirst ? 1 : 2])
  const year = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return fail(FIELD, 'invalid_date', 'Enter a real date')
  }

  const today = new Date((options.now ?? Date.now)())
  const thisYear = today.getUTCFullYear()
  const thisMonth = today.getUTCMonth() + 1
  const thisDay = today.getUTCDate()
  const born = year * 10_000 + month * 100 + day
  if (born > thisYear * 10_000 + thisMonth * 100 + thisDay) {
    return fail(FIELD, 'future_date', 'Date of birth cannot be in the future')
  }
  const hadBirthday = thisMonth > month || (thisMonth === month && thisDay >= day)
  const age = thisYear - year - (hadBirthday ? 0 : 1)
  if (age < MIN_CUSTOMER_AGE) {
    return fail(FIELD, 'too_young', `You must be at least ${MIN_CUSTOMER_AGE} years old`)
  }
  if (age > MAX_CUSTOMER_AGE) {
    return fail(FIELD, 'too_old', 'Check the year of your date of birth')
  }
  return ok(`${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`)
}

/**
 * Formats a date as the `mm/dd/yyyy` the service expects. It reads the local calendar day,
 * because a date picker's `Date` is local midnight: reading UTC parts would move the day for
 * anyone east of Greenwich.
 *
 * @example
 * toDobString(new Date(1990, 6, 4)) // '07/04/1990'
 */
export function toDobString(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RampError('toDobString needs a valid Date.')
  }
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  const year = String(date.getFullYear()).padStart(4, '0')
  return `${month}/${day}/${year}`
}
