import { describe, expect, it } from 'vitest'
import { validateAccountNumber } from './accountNumber.js'
import { nigerianBankCode, nubanCheckDigit, validateNuban } from './nuban.js'

describe('NUBAN', () => {
  it('computes the CBN check digit (First Bank, serial 000001457 -> 9; 000000022 -> 0)', () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9)
    expect(nubanCheckDigit('011', '000000022')).toBe(0)
  })

  it('takes ten digits, checked against the bank code when it is known', () => {
    expect(validateNuban('000 001 4579', { bankCode: '011' })).toEqual({
      ok: true,
      value: '0000014579',
    })
    expect(validateNuban('0000014578', { bankCode: '011' })).toMatchObject({ code: 'bad_checksum' })
    // Without a bank code, ten digits are all that can be told.
    expect(validateNuban('0000014578')).toMatchObject({ ok: true })
    expect(validateNuban('12ab')).toMatchObject({
      ok: false,
      code: 'invalid_format',
      field: 'payment_method.account_number',
    })
    expect(validateNuban('123456789')).toMatchObject({ code: 'invalid_format' })
  })

  it('knows the codes of the listed Nigerian banks by name', () => {
    expect(nigerianBankCode('Access Bank')).toBe('044')
    expect(nigerianBankCode(' guaranty  trust bank ')).toBe('058')
    expect(nigerianBankCode('OPay')).toBeUndefined()
  })

  it('is what validateAccountNumber checks for a Nigerian corridor, sandbox test numbers aside', () => {
    expect(validateAccountNumber('12ab', { country: 'NG' })).toMatchObject({
      code: 'invalid_format',
    })
    expect(validateAccountNumber('12ab', { country: 'KE' })).toMatchObject({ ok: true })
    expect(
      validateAccountNumber('1111111111', {
        country: 'NG',
        bankCode: '044',
        environment: 'sandbox',
      }),
    ).toEqual({ ok: true, value: '1111111111' })
  })
})
