const FULL = /^(\d{2})\/(\d{2})\/(\d{4})$/

/**
 * Swaps day and month of a complete `xx/xx/yyyy` date: the service's `mm/dd/yyyy` as a shopper
 * who writes the day first reads it. Anything else is returned as it is.
 */
export function swapDayMonth(value: string): string {
  const match = FULL.exec(value.trim())
  return match ? `${match[2]}/${match[1]}/${match[3]}` : value
}

/**
 * Formats a date of birth as it is typed: a slash after the first two parts, a single digit
 * before a typed slash padded (`7/` is `07/`), eight digits at most. Deleting, or typing anything
 * but digits and slashes, is left alone so the user can correct freely.
 *
 * @example
 * formatDobAsYouType('07', '0') // '07/'
 * formatDobAsYouType('07/141990', '07/14199') // '07/14/1990'
 */
export function formatDobAsYouType(value: string, previous: string): string {
  if (value.length < previous.length || !/^[\d/]*$/.test(value)) return value
  const full = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value)
  if (full) return `${full[1]!.padStart(2, '0')}/${full[2]!.padStart(2, '0')}/${full[3]}`
  const padded = value.replace(/(^|\/)(\d)\/$/, '$10$2/')
  const digits = padded.replace(/\//g, '').slice(0, 8)
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean)
  const closed = digits.length === 2 || digits.length === 4
  return parts.join('/') + (closed ? '/' : '')
}
