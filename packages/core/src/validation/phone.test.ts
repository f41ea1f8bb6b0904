import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES } from '../countries/codes.js'
import {
  formatPhone,
  formatPhoneAsYouType,
  isPhoneCountry,
  phoneExample,
  phoneOfCountry,
  SANDBOX_ONLY_PHONE_MESSAGE,
  validatePhone,
} from './phone.js'

const SAMPLES = [
  ['KE', '+254712345678', '0712 345 678'],
  ['NG', '+2348031234567', '0803 123 4567'],
  ['GH', '+233241234567', '024 123 4567'],
  ['UG', '+256772123456', '0772 123456'],
  ['TZ', '+255754123456', '0754 123 456'],
  ['ZA', '+27821234567', '082 123 4567'],
  ['RW', '+250788123456', '0788 123 456'],
  // Countries of residence outside the corridors: the identity step's phone.
  ['FR', '+33612345678', '06 12 34 56 78'],
  ['US', '+12125550123', '(212) 555-0123'],
  ['DE', '+4915123456789', '01512 3456789'],
  ['GB', '+447400123456', '07400 123456'],
] as const

describe('validatePhone', () => {
  it('uses sample numbers that the full metadata calls valid mobile numbers', () => {
    for (const [country, e164] of SAMPLES) {
      const phone = parsePhoneNumberFromString(e164)
      expect(phone?.isValid(), e164).toBe(true)
      expect(phone?.country).toBe(country)
      // The US plan does not tell mobile from fixed lines.
      expect(['MOBILE', 'FIXED_LINE_OR_MOBILE']).toContain(phone?.getType())
    }
  })

  it.each(SAMPLES)(
    'accepts %s numbers in E.164, international and national form',
    (country, e164, national) => {
      expect(validatePhone(e164, country)).toEqual({ ok: true, value: e164 })
      expect(validatePhone(national, country)).toEqual({ ok: true, value: e164 })
      const spaced = `${e164.slice(0, 4)} ${e164.slice(4, 7)} ${e164.slice(7)}`
      expect(validatePhone(spaced, country)).toEqual({ ok: true, value: e164 })
    },
  )

  it('accepts common separators and a lower-case country code', () => {
    expect(validatePhone('(0712) 345-678', 'ke')).toEqual({ ok: true, value: '+254712345678' })
    expect(validatePhone(' 0712.345.678 ', 'KE')).toEqual({ ok: true, value: '+254712345678' })
  })

  it('refuses a valid number of another country', () => {
    expect(validatePhone('+254712345678', 'NG')).toEqual({
      ok: false,
      field: 'payment_method.phone_number',
      code: 'wrong_country',
      message: 'Enter a phone number from Nigeria',
    })
    expect(validatePhone('+2348031234567', 'GH')).toMatchObject({ code: 'wrong_country' })
  })

  it.each([
    ['too short', '0712345', 'invalid_phone'],
    ['too long', '07123456789', 'invalid_phone'],
    ['an impossible prefix', '+254 999 123456', 'invalid_phone'],
    ['letters', '0712 345 67a', 'invalid_characters'],
    ['an extension', '+254712345678 ext 5', 'invalid_characters'],
    ['a plus in the middle', '0712+345678', 'invalid_characters'],
    ['empty', '', 'required'],
    ['blank', '   ', 'required'],
    ['missing', undefined, 'required'],
    ['a number type', 254712345678, 'required'],
  ])('refuses %s', (_label, input, code) => {
    expect(validatePhone(input, 'KE')).toMatchObject({
      ok: false,
      field: 'payment_method.phone_number',
      code,
    })
  })

  it('names the country in its message', () => {
    expect(validatePhone('0712', 'KE')).toMatchObject({
      message: 'Enter a valid phone number for Kenya',
    })
  })

  it('refuses a country it has no metadata for', () => {
    expect(validatePhone('0712345678', 'XX')).toMatchObject({ code: 'unsupported_country' })
  })

  it('checks the phone of every country a shopper may live in that has a numbering plan', () => {
    // Each ISO country libphonenumber-js's full metadata knows, not only the corridors': a
    // shopper in Germany or Brazil gives a phone of their own country, with its example.
    const planned = COUNTRY_CODES.filter((code) => isSupportedCountry(code))
    expect(planned.length).toBeGreaterThan(240)
    expect(planned.filter((code) => !isPhoneCountry(code))).toEqual([])
    expect(planned.filter((code) => !phoneExample(code))).toEqual([])
    expect(validatePhone('(11) 91234-5678', 'BR')).toEqual({ ok: true, value: '+5511912345678' })
  })
})

describe('validatePhone with the sandbox test numbers', () => {
  const TEST_NUMBERS = [
    ['KE', '+2541111111111'],
    ['KE', '+2540000000000'],
    ['NG', '+2341111111111'],
    ['NG', '+2340000000000'],
    ['UG', '+256111111111'],
  ] as const

  it('uses test numbers that are not valid numbers, so nothing else would let them through', () => {
    for (const [country, phone] of TEST_NUMBERS) {
      expect(validatePhone(phone, country), phone).toMatchObject({ ok: false })
    }
  })

  it.each(TEST_NUMBERS)('passes the %s test number %s in the sandbox', (country, phone) => {
    expect(validatePhone(phone, country, { environment: 'sandbox' })).toEqual({
      ok: true,
      value: phone,
    })
  })

  it('accepts separators in a test number and hands back the compact form', () => {
    expect(validatePhone('+254 111 111 1111', 'KE', { environment: 'sandbox' })).toEqual({
      ok: true,
      value: '+2541111111111',
    })
  })

  it.each([
    ['production', 'production'],
    ['an unknown environment', undefined],
  ] as const)('refuses every test number in %s, saying it is sandbox-only', (_, environment) => {
    for (const [country, phone] of TEST_NUMBERS) {
      expect(validatePhone(phone, country, { environment }), phone).toEqual({
        ok: false,
        field: 'payment_method.phone_number',
        code: 'sandbox_only',
        message: SANDBOX_ONLY_PHONE_MESSAGE,
      })
    }
    // Another country's test number is just as sandbox-only.
    expect(validatePhone('+2341111111111', 'KE', { environment })).toMatchObject({
      code: 'sandbox_only',
    })
    expect(SANDBOX_ONLY_PHONE_MESSAGE).toMatch(/sandbox test number, accepted only in the sandbox/)
  })

  it("in the sandbox still refuses another country's test number and checks real numbers", () => {
    expect(validatePhone('+2341111111111', 'KE', { environment: 'sandbox' })).toMatchObject({
      ok: false,
      code: 'invalid_phone',
    })
    expect(validatePhone('0712 345 678', 'KE', { environment: 'sandbox' })).toEqual({
      ok: true,
      value: '+254712345678',
    })
    expect(validatePhone('+254712345678', 'KE', { environment: 'production' })).toEqual({
      ok: true,
      value: '+254712345678',
    })
  })
})

describe('formatPhoneAsYouType', () => {
  it('formats partial and whole numbers for the country', () => {
    expect(formatPhoneAsYouType('0712345', 'KE')).toBe('0712 345')
    expect(formatPhoneAsYouType('0712345678', 'KE')).toBe('0712 345678')
    expect(formatPhoneAsYouType('+2348031234567', 'NG')).toBe('+234 803 123 4567')
  })

  it('leaves input alone for an unknown country rather than throwing', () => {
    expect(formatPhoneAsYouType('0712', 'XX')).toBe('0712')
  })
})

describe("a phone of the shopper's country", () => {
  it("keeps a number for a payout only when it is of the corridor's country", () => {
    expect(phoneOfCountry('+254712345678', 'KE')).toBe('+254712345678')
    expect(phoneOfCountry('+4915123456789', 'KE')).toBeUndefined()
    expect(phoneOfCountry(undefined, 'KE')).toBeUndefined()
    expect(phoneOfCountry('+254712345678', undefined)).toBeUndefined()
    // A sandbox test number counts as its calling code's country.
    expect(phoneOfCountry('+2541111111111', 'KE')).toBe('+2541111111111')
    expect(phoneOfCountry('+2341111111111', 'KE')).toBeUndefined()
  })

  it('groups a number as its country writes it', () => {
    expect(formatPhone('+2348031234567')).toBe('+234 803 123 4567')
    expect(formatPhone('+33612345678', 'national')).toBe('06 12 34 56 78')
    expect(formatPhone('+12125550123', 'national')).toBe('(212) 555-0123')
    expect(formatPhone('not a phone')).toBe('not a phone')
  })

  it("gives each country's own example", () => {
    expect(phoneExample('FR')).toMatch(/^0\d( \d{2}){4}$/)
    expect(phoneExample('US')).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/)
  })
})
