import { parsePhoneNumberFromString } from 'libphonenumber-js/core'
import { describe, expect, it } from 'vitest'
import { AFRICAN_PHONE_METADATA as METADATA } from './metadata.js'
import { e164, formatPhone, isValidPhone, parsePhone } from './parse.js'

// The widget's parser must answer as libphonenumber-js does over the same metadata: validity, the
// country, E.164 and both formats, for every country, over generated numbers and typed shapes.

/** A small seeded generator, so a failure reproduces. */
function random(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state % below
  }
}

function library(text: string, country: string) {
  const phone = parsePhoneNumberFromString(text, country as never, METADATA as never)
  if (!phone?.isValid() || phone.ext) return { valid: false }
  return {
    valid: true,
    country: phone.country,
    number: phone.number,
    national: phone.formatNational(),
    international: phone.formatInternational(),
  }
}

function ours(text: string, country: string) {
  const phone = parsePhone(text, country, METADATA)
  if (!phone || !isValidPhone(phone, METADATA)) return { valid: false }
  return {
    valid: true,
    country: phone.country,
    number: e164(phone),
    national: formatPhone(phone, 'national', METADATA),
    international: formatPhone(phone, 'international', METADATA),
  }
}

/** What a user may type around a national number of a country. */
function shapes(country: string, digits: string, pick: (below: number) => number): string[] {
  const [code, idd] = METADATA.countries[country] as unknown as [string, string]
  const spaced = digits.replace(/(\d{3})(?=\d)/g, (group) => `${group}${' -.'[pick(3)]}`)
  const iddPrefix = /^\d+$/.test(idd) ? idd : '00'
  return [
    digits,
    `0${digits}`,
    `+${code}${digits}`,
    `+${code} ${spaced}`,
    `${code}${digits}`,
    `${code}0${digits}`,
    `+${code}0${digits}`,
    `${iddPrefix}${code}${digits}`,
    `(0${digits.slice(0, 2)}) ${digits.slice(2)}`,
    spaced,
    `tel:+${code}${digits}`,
    `${digits} ext. 12`,
    `${digits} ~ 12`,
    `${digits}~1234567890`,
    `\uFF0B${code}${digits}`,
    `${digits}`.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit))),
    `abc ${digits}!`,
    digits.slice(0, 1 + pick(digits.length)),
  ]
}

describe('the widget phone parser against libphonenumber-js', () => {
  const countries = Object.keys(METADATA.countries)

  it.each(countries)('%s: same answers on generated and typed numbers', (country) => {
    const pick = random(country.charCodeAt(0) * 31 + country.charCodeAt(1))
    const [, , national, lengths] = METADATA.countries[country] as unknown as [
      string,
      string,
      string,
      number[],
    ]
    const pattern = new RegExp(`^(?:${national})$`)
    let valid = 0
    for (let i = 0; i < 400; i++) {
      // Every other number is drawn until it fits the country's pattern, so valid ones are many.
      let digits = ''
      for (let attempt = 0; attempt < (i % 2 ? 200 : 1); attempt++) {
        const length = lengths[pick(lengths.length)] as number
        digits = ''
        for (let d = 0; d < length; d++) digits += String(pick(10))
        if (pattern.test(digits)) break
      }
      for (const text of shapes(country, digits, pick)) {
        const expected = library(text, country)
        if (expected.valid) valid++
        expect(ours(text, country), `${country} ${JSON.stringify(text)}`).toEqual(expected)
      }
    }
    // The comparison covers valid numbers too, not only refusals.
    expect(valid).toBeGreaterThan(100)
  })

  it('agrees on numbers of the countries sharing a calling code, typed for either', () => {
    const cases = [
      ['RE', '+262262161234'],
      ['RE', '+262639012345'],
      ['YT', '+262639012345'],
      ['YT', '0639012345'],
      ['RE', '0639012345'],
      ['MA', '+212528812345'],
      ['EH', '+212528812345'],
      ['EH', '0528812345'],
      ['MA', '0612345678'],
      ['EH', '0612345678'],
      ['MG', '2012345'],
      ['MU', '0201234567'],
      ['GA', '06031234'],
      ['SC', '0012482512345'],
      ['KE', '000254712345678'],
      ['KE', '+33612345678'],
      ['KE', ''],
      ['KE', '+'],
      ['KE', '+0712345678'],
    ]
    for (const [country, text] of cases) {
      expect(ours(text as string, country as string), `${country} ${text}`).toEqual(
        library(text as string, country as string),
      )
    }
  })
})
