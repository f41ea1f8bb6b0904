/** The separators a locale writes numbers with (`1,234.5` in en, `1 234,5` in fr). */
export type NumberSeparators = { decimal: string; group: string }

/** What `parseLocaleAmount` makes of a typed amount. */
export type ParsedAmount =
  | { ok: true; value: string }
  | { ok: false; reason: 'empty' | 'invalid' | 'ambiguous' }

const SPACES = /[\s\u00a0\u202f]/g

/** The decimal and group separators of `locale` (en's when the locale is unknown). */
export function numberSeparators(locale: string): NumberSeparators {
  let parts: Intl.NumberFormatPart[]
  try {
    parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6)
  } catch {
    parts = new Intl.NumberFormat('en', { useGrouping: true }).formatToParts(12345.6)
  }
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.'
  const group = parts.find((part) => part.type === 'group')?.value ?? ','
  // Narrow and no-break spaces are typed as plain spaces.
  return { decimal, group: group.replace(SPACES, ' ') }
}

/** `1234.5` written the way `locale` writes it, without grouping (a prefilled input). */
export function formatAmountInput(value: number | string, locale: string): string {
  const { decimal } = numberSeparators(locale)
  return String(value).replace('.', decimal)
}

/**
 * An example amount in the locale's own format, for the error that explains the format; with
 * `fractionDigits: 0` a whole one (`1,234`), for amounts taken in whole units.
 */
export function amountExample(locale: string, fractionDigits: 0 | 2 = 2): string {
  const example = fractionDigits === 0 ? 1234 : 1234.56
  try {
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(example)
  } catch {
    return fractionDigits === 0 ? '1,234' : '1,234.56'
  }
}

const GROUPED = /^\d{1,3}(?:,\d{3})+$/

/**
 * Reads an amount typed in `locale` into a plain decimal string (`'1500.5'`), by the locale's
 * own separators: `1,500` is 1500 in English and 1.5 in French. Group separators are accepted
 * only between groups of three digits; anything that could be read two ways is refused
 * (`ambiguous`) rather than guessed. A `.` typed in a comma-decimal locale (a phone keypad often
 * has only `.`) is read as the decimal point, except before exactly three digits (`1.500`, a
 * thousands separator in much of the world).
 *
 * @example
 * parseLocaleAmount('1,500', 'en') // { ok: true, value: '1500' }
 * parseLocaleAmount('1,5', 'fr') // { ok: true, value: '1.5' }
 * parseLocaleAmount('1,5', 'en') // { ok: false, reason: 'ambiguous' }
 */
export function parseLocaleAmount(input: string, locale: string): ParsedAmount {
  const { decimal, group } = numberSeparators(locale)
  const typed = input.trim().replace(SPACES, ' ')
  if (typed === '') return { ok: false, reason: 'empty' }
  if ([...typed].some((char) => !/[\d., ]/.test(char) && char !== decimal && char !== group)) {
    return { ok: false, reason: 'invalid' }
  }
  // Work in one canonical alphabet: `.` decimal, `,` group, `?` a mark the locale does not use.
  const foreign = decimal === '.' ? ',' : decimal === ',' ? '.' : null
  let text = [...typed]
    .map((char) => {
      if (char === decimal) return '.'
      // A space groups digits in every locale: it is never a decimal mark.
      if (char === group || char === ' ') return ','
      if (char === foreign) return '?'
      return char
    })
    .join('')
  // A separator the locale does not use: a decimal point unless it reads as thousands.
  if (text.includes('?')) {
    const marks = text.split('?').length - 1
    const fraction = text.slice(text.indexOf('?') + 1)
    if (marks > 1 || text.includes('.') || text.includes(',') || fraction.length === 3) {
      return { ok: false, reason: 'ambiguous' }
    }
    text = text.replace('?', '.')
  }
  if (!/^[\d.,]+$/.test(text)) return { ok: false, reason: 'invalid' }
  const [whole = '', fraction, ...rest] = text.split('.')
  if (rest.length > 0) return { ok: false, reason: 'invalid' }
  if (fraction !== undefined && !/^\d*$/.test(fraction)) return { ok: false, reason: 'invalid' }
  let digits = whole
  if (whole.includes(',')) {
    if (!GROUPED.test(whole)) return { ok: false, reason: 'ambiguous' }
    digits = whole.replace(/,/g, '')
  }
  if (digits === '' && !fraction) return { ok: false, reason: 'invalid' }
  if (!/^\d*$/.test(digits)) return { ok: false, reason: 'invalid' }
  const normalised = digits.replace(/^0+(?=\d)/, '') || '0'
  return { ok: true, value: fraction ? `${normalised}.${fraction}` : normalised }
}
