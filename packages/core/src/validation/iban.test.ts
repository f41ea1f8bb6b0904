import { describe, expect, it } from 'vitest'
import { validateIban } from './iban.js'

// Published examples (ECBS / SWIFT IBAN registry style), written out here by hand.
const VALID = [
  ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
  ['GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432'],
  ['FR14 2004 1010 0505 0001 3M02 606', 'FR1420041010050500013M02606'],
  ['NL91ABNA0417164300', 'NL91ABNA0417164300'],
  ['be68 5390 0754 7034', 'BE68539007547034'],
  ['ES91 2100 0418 4502 0005 1332', 'ES9121000418450200051332'],
  ['IT60 X054 2811 1010 0000 0123 456', 'IT60X0542811101000000123456'],
  ['CH93 0076 2011 6238 5295 7', 'CH9300762011623852957'],
  ['AT61-1904-3002-3457-3201', 'AT611904300234573201'],
] as const

describe('validateIban', () => {
  it.each(VALID)('accepts %s as %s', (input, value) => {
    expect(validateIban(input)).toEqual({ ok: true, value })
  })

  it.each([
    'DE89370400440532013001', // last digit changed
    'DE98370400440532013000', // check digits swapped
    'GB82WEST12345698765423', // two digits swapped
    'NL91ABNA0417164301',
    'FR1420041010050500013M02607',
  ])('refuses %s: the check digits do not match', (input) => {
    expect(validateIban(input)).toMatchObject({
      ok: false,
      field: 'payment_method.account_number',
      code: 'bad_checksum',
    })
  })

  it.each([
    '0123456789', // a local account number
    'DE8937040044', // too short
    'D189370400440532013000', // digit in the country code
    'DEXX370400440532013000', // letters as check digits
    'DE89 3704 0044 0532 0130 00!',
    `DE89${'1'.repeat(31)}`, // 35 characters
  ])('refuses %s as not an IBAN', (input) => {
    expect(validateIban(input)).toMatchObject({ ok: false, code: 'invalid_format' })
  })

  it.each(['', '  ', undefined, 42])('requires an IBAN (%j)', (input) => {
    expect(validateIban(input)).toMatchObject({ ok: false, code: 'required' })
  })

  it('lets the sandbox test account numbers through in the sandbox only', () => {
    expect(validateIban('1111111111', { environment: 'sandbox' })).toEqual({
      ok: true,
      value: '1111111111',
    })
    expect(validateIban('1111111111', { environment: 'production' })).toMatchObject({
      code: 'sandbox_only',
    })
    expect(validateIban('0000000000')).toMatchObject({ code: 'sandbox_only' })
  })
})
