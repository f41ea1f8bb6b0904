/*
 * A phone number parser and formatter over libphonenumber's `min` metadata (version 4), with
 * libphonenumber-js's rules for what the widget asks of it: parse a typed number for a default
 * country, tell whether it is valid, format it nationally or internationally. The library's own
 * parser weighs about 9 kB gzip in the details step; these rules need a tenth of it. A test
 * compares both on every country of the metadata, over generated and typed inputs.
 */

/** A format: pattern, format, leading digits patterns, national prefix rule, optional, international. */
type Format = [string, string, string[]?, (string | 0)?, (boolean | 0)?, string?]
/** A type's pattern and possible lengths (fixed line, mobile, toll free...). */
type NumberType = [string, number[]?] | 0
/**
 * A country: calling code, IDD prefix, national number pattern, possible lengths, formats,
 * national prefix, its formatting rule, the prefix for parsing, its transform rule, whether the
 * prefix is optional when formatting, leading digits, types.
 */
type Country = [
  string,
  string,
  string,
  number[],
  Format[]?,
  (string | 0)?,
  (string | 0)?,
  (string | 0)?,
  (string | 0)?,
  (boolean | 0)?,
  (string | 0)?,
  NumberType[]?,
]

/** libphonenumber's `min` metadata, version 4. */
export type PhoneMetadata = {
  version: 4
  country_calling_codes: Record<string, string[]>
  countries: Record<string, Country>
}

/** A parsed number: its country where one is known, calling code and national number. */
export type ParsedPhone = { country?: string; callingCode: string; nationalNumber: string }

const DIGITS = '0-9\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9'
const PUNCTUATION =
  '-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/\uFF0E. \u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D\\[\\]~\u2053\u223C\uFF5E'
const START = new RegExp(`[+\uFF0B${DIGITS}]`)
const AFTER_END = new RegExp(`[^${DIGITS}#]+$`)
// A number without an extension: libphonenumber's viable number, extension left out (one with an
// extension is refused by the widget the same as one that is not a number). Of its extension
// marks only the tilde is also punctuation: `0712345678 ~ 12` is a number and an extension.
const VIABLE = new RegExp(
  `^[${DIGITS}]{2}$|^[+\uFF0B]?(?:[${PUNCTUATION}]*[${DIGITS}]){3,}[${PUNCTUATION}${DIGITS}]*$`,
)
const TILDE_EXTENSION = new RegExp(`[~\uFF5E][:.\uFF0E]?[ \u00A0,-]*[${DIGITS}]{1,9}$`)

const matches = (text: string, pattern: string) => new RegExp(`^(?:${pattern})$`).test(text)

/** The country's numbering plan, with what a country sharing a calling code takes from the main one. */
function plan(metadata: PhoneMetadata, country: string) {
  const own = metadata.countries[country] as Country
  const main = metadata.countries[
    (metadata.country_calling_codes[own[0]] as string[])[0] as string
  ] as Country
  const nationalPrefix = own[5] || undefined
  return {
    country,
    callingCode: own[0],
    idd: own[1],
    pattern: own[2],
    lengths: own[3],
    formats: own[4] || main[4] || [],
    nationalPrefix,
    nationalPrefixRule: own[6] || main[6] || undefined,
    prefixForParsing: own[7] || nationalPrefix,
    transformRule: own[8] || undefined,
    leadingDigits: own[10] || undefined,
    types: own[11],
  }
}
type Plan = ReturnType<typeof plan>

const planOfCode = (metadata: PhoneMetadata, code: string) =>
  plan(metadata, (metadata.country_calling_codes[code] as string[])[0] as string)

/** Whether the metadata knows the country. */
export function isSupportedCountry(country: string, metadata: PhoneMetadata): boolean {
  return Object.hasOwn(metadata.countries, country)
}

/** The country's calling code, `'254'` for KE. */
export function callingCodeOf(country: string, metadata: PhoneMetadata): string {
  return (metadata.countries[country] as Country)[0]
}

/** Whether a national number is of one of the plan's types (with types) or its pattern. */
function hasType(plan: Plan, nationalNumber: string): boolean {
  if (!matches(nationalNumber, plan.pattern)) return false
  if (!plan.types) return true
  return plan.types.some(
    (type) =>
      type !== 0 &&
      type[0] !== '' &&
      (type[1] || plan.lengths).includes(nationalNumber.length) &&
      matches(nationalNumber, type[0]),
  )
}

/** Which of the countries sharing a calling code a national number belongs to. */
function countryOf(metadata: PhoneMetadata, code: string, nationalNumber: string) {
  const countries = metadata.country_calling_codes[code]
  if (!countries) return undefined
  if (countries.length === 1) return countries[0]
  return countries.find((country) => {
    const candidate = plan(metadata, country)
    if (candidate.leadingDigits) return nationalNumber.search(candidate.leadingDigits) === 0
    return candidate.types !== undefined && hasType(candidate, nationalNumber)
  })
}

function lengthCheck(lengths: number[], length: number) {
  const min = lengths[0] as number
  if (length === min) return 'possible'
  if (length < min) return 'short'
  if (length > (lengths[lengths.length - 1] as number)) return 'long'
  return lengths.indexOf(length, 1) >= 0 ? 'possible' : 'invalid'
}

/** Strips the national prefix (and applies the transform rule) where the plan's rules allow. */
function nationalNumberOf(metadata: PhoneMetadata, current: Plan, number: string): string {
  if (!number || !current.prefixForParsing) return number
  const prefix = new RegExp(`^(?:${current.prefixForParsing})`)
  const match = prefix.exec(number)
  if (!match) return number
  const groups = match.length - 1
  const captured = groups > 0 && match[groups]
  const national =
    current.transformRule && captured
      ? number.replace(prefix, current.transformRule)
      : number.slice(match[0].length)
  if (national === number) return number
  if (matches(number, current.pattern) && !matches(national, current.pattern)) return number
  const country = countryOf(metadata, current.callingCode, national)
  const lengths = country ? plan(metadata, country).lengths : current.lengths
  const check = lengthCheck(lengths, national.length)
  return check === 'short' || check === 'invalid' ? number : national
}

/**
 * The typed text as `+` and digits, or `undefined` when it is not a number without extension. As
 * the library, it reads the number from its first digit or `+` (`tel:+254...` too); unlike it, an
 * RFC 3966 `;phone-context=` is not read (no one types one into a phone field).
 */
function digitsOf(text: string): string | undefined {
  if (text.length > 250 || text.includes(';phone-context=')) return undefined
  const start = text.search(START)
  if (start < 0) return undefined
  let number = text.slice(start).replace(AFTER_END, '')
  const isub = number.indexOf(';isub=')
  if (isub > 0) number = number.slice(0, isub)
  if (!VIABLE.test(number) || TILDE_EXTENSION.test(number)) return undefined
  let out = ''
  for (const character of number) {
    if (character === '+') {
      if (out === '') out = '+'
      continue
    }
    const code = character.charCodeAt(0)
    for (const zero of [0x30, 0xff10, 0x660, 0x6f0]) {
      if (code >= zero && code <= zero + 9) out += String(code - zero)
    }
  }
  return out
}

/** The calling code at the start of `+...`, and the rest. */
function splitCallingCode(metadata: PhoneMetadata, number: string) {
  if (number[1] === '0') return undefined
  for (let end = 2; end <= 4 && end <= number.length; end++) {
    const code = number.slice(1, end)
    if (metadata.country_calling_codes[code]) return { code, rest: number.slice(end) }
  }
  return undefined
}

/**
 * Parses a typed phone number for a default country, as libphonenumber-js's
 * `parsePhoneNumberFromString(text, country)`: `undefined` where it answers `undefined` (and for
 * a number with an extension, which the widget refuses anyway).
 *
 * @example
 * parsePhone('0712 345 678', 'KE', metadata) // { country: 'KE', callingCode: '254', nationalNumber: '712345678' }
 */
export function parsePhone(
  text: string,
  defaultCountry: string,
  metadata: PhoneMetadata,
): ParsedPhone | undefined {
  let number = digitsOf(text)
  if (!number) return undefined
  const home = plan(metadata, defaultCountry)
  let code: string | undefined
  let country: string | undefined
  if (number[0] !== '+') {
    const idd = new RegExp(home.idd)
    const withoutIdd =
      number.search(idd) === 0
        ? number.slice((number.match(idd) as RegExpMatchArray)[0].length)
        : ''
    if (withoutIdd !== '' && withoutIdd[0] !== '0') {
      number = `+${withoutIdd}`
    } else if (number.startsWith(home.callingCode)) {
      // An international number typed without its `+`.
      const shorter = number.slice(home.callingCode.length)
      const whole = nationalNumberOf(metadata, home, number)
      if (
        (!matches(whole, home.pattern) &&
          matches(nationalNumberOf(metadata, home, shorter), home.pattern)) ||
        lengthCheck(home.lengths, whole.length) === 'long'
      ) {
        code = home.callingCode
        number = shorter
      }
    }
  }
  let current: Plan
  if (code) {
    current = planOfCode(metadata, code)
  } else if (number[0] === '+') {
    const split = splitCallingCode(metadata, number)
    if (!split) return undefined
    code = split.code
    number = split.rest
    current = planOfCode(metadata, code)
  } else {
    country = defaultCountry
    current = home
    code = home.callingCode
  }
  if (!number) return undefined
  const nationalNumber = nationalNumberOf(metadata, current, number)
  country = countryOf(metadata, code, nationalNumber) ?? country
  if (nationalNumber.length < 2 || nationalNumber.length > 17) return undefined
  return { ...(country ? { country } : {}), callingCode: code, nationalNumber }
}

const planOf = (metadata: PhoneMetadata, phone: ParsedPhone) =>
  phone.country ? plan(metadata, phone.country) : planOfCode(metadata, phone.callingCode)

/** Whether a parsed number is valid, as libphonenumber-js's `isValid()`. */
export function isValidPhone(phone: ParsedPhone, metadata: PhoneMetadata): boolean {
  return hasType(planOf(metadata, phone), phone.nationalNumber)
}

/** A parsed number in E.164, `+254712345678`. */
export const e164 = (phone: ParsedPhone) => `+${phone.callingCode}${phone.nationalNumber}`

/**
 * A parsed number formatted as libphonenumber-js's `formatNational()` or
 * `formatInternational()`.
 *
 * @example
 * formatPhone(parsePhone('0712345678', 'KE', metadata), 'national', metadata) // '0712 345678'
 */
export function formatPhone(
  phone: ParsedPhone,
  as: 'national' | 'international',
  metadata: PhoneMetadata,
): string {
  const current = planOf(metadata, phone)
  const number = phone.nationalNumber
  const format = current.formats.find((candidate) => {
    const leading = candidate[2] ?? []
    const last = leading[leading.length - 1]
    return (last === undefined || number.search(last) === 0) && matches(number, candidate[0])
  })
  const prefix = `+${current.callingCode} `
  if (!format) return as === 'national' ? number : prefix + number
  if (as === 'international') {
    const spaced = number.replace(new RegExp(format[0]), format[5] || format[1])
    return prefix + spaced.replace(new RegExp(`[${PUNCTUATION}]+`, 'g'), ' ').trim()
  }
  const rule = format[3] || current.nationalPrefixRule
  return number.replace(new RegExp(format[0]), rule ? format[1].replace(/(\$\d)/, rule) : format[1])
}
