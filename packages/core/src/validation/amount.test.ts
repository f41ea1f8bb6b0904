import { describe, expect, it } from 'vitest'
import { currencyFractionDigits, validateAmountForProvider, validateFiatAmount } from './amount.js'

const MPESA = { min_amount: 10, max_amount: 150_000, currency: 'KES' }

describe('validateAmountForProvider', () => {
  it('accepts amounts within the limits, both ends included', () => {
    expect(validateAmountForProvider('10', MPESA)).toEqual({ ok: true, value: '10' })
    expect(validateAmountForProvider(150_000, MPESA)).toEqual({ ok: true, value: '150000' })
    expect(validateAmountForProvider('1500.50', MPESA)).toEqual({ ok: true, value: '1500.50' })
  })

  it('names the limit with its currency', () => {
    expect(validateAmountForProvider('9.99', MPESA)).toEqual({
      ok: false,
      field: 'amount_fiat',
      code: 'below_minimum',
      message: 'Minimum is 10 KES',
    })
    expect(validateAmountForProvider('150000.01', MPESA)).toEqual({
      ok: false,
      field: 'amount_fiat',
      code: 'above_maximum',
      message: 'Maximum is 150,000 KES',
    })
  })

  it('compares exactly, without float error', () => {
    const limits = { min_amount: 10.1, max_amount: 10.3, currency: 'GHS' }
    expect(validateAmountForProvider('10.10', limits).ok).toBe(true)
    expect(validateAmountForProvider('10.09', limits)).toMatchObject({
      message: 'Minimum is 10.1 GHS',
    })
    expect(validateAmountForProvider('10.30', limits).ok).toBe(true)
    expect(validateAmountForProvider('10.31', limits)).toMatchObject({ code: 'above_maximum' })
    // A limit is read as its shortest decimal: 10.1 + 0.2 is 10.299999999999999 as a float.
    expect(validateAmountForProvider('10.3', { ...limits, max_amount: 10.1 + 0.2 })).toMatchObject({
      code: 'above_maximum',
    })
  })

  it.each([
    ['zero', '0', 'not_positive'],
    ['zero as a number', 0, 'not_positive'],
    ['negative', '-5', 'not_positive'],
    ['a negative number', -5, 'not_positive'],
    ['NaN', Number.NaN, 'invalid_format'],
    ['Infinity', Number.POSITIVE_INFINITY, 'invalid_format'],
    ['text', 'ten', 'invalid_format'],
    ['an exponent', '1e3', 'invalid_format'],
    ['thousands separators', '1,500', 'invalid_format'],
    ['three decimals', '100.005', 'too_many_decimals'],
    ['empty', '', 'required'],
    ['missing', undefined, 'required'],
  ])('refuses %s', (_label, amount, code) => {
    expect(validateAmountForProvider(amount, MPESA)).toMatchObject({
      ok: false,
      field: 'amount_fiat',
      code,
    })
  })

  it('allows trailing zeros beyond the minor unit', () => {
    expect(validateAmountForProvider('100.500', MPESA)).toEqual({ ok: true, value: '100.500' })
  })

  it('wants whole units in UGX, RWF and TZS', () => {
    const mtn = { min_amount: 500, max_amount: 5_000_000, currency: 'UGX' }
    expect(validateAmountForProvider('1500', mtn).ok).toBe(true)
    expect(validateAmountForProvider('1500.00', mtn).ok).toBe(true)
    expect(validateAmountForProvider('1500.5', mtn)).toMatchObject({
      code: 'too_many_decimals',
      message: 'UGX amounts must be whole numbers',
    })
    expect(validateFiatAmount('10.5', 'RWF')).toMatchObject({ code: 'too_many_decimals' })
    expect(validateFiatAmount('10.5', 'TZS')).toMatchObject({ code: 'too_many_decimals' })
  })

  it('skips a limit that is not a number', () => {
    const open = { min_amount: Number.NaN, max_amount: Number.POSITIVE_INFINITY, currency: 'KES' }
    expect(validateAmountForProvider('1', open).ok).toBe(true)
  })
})

describe('currencyFractionDigits', () => {
  it('is 0 for whole-unit currencies and 2 otherwise', () => {
    expect(currencyFractionDigits('UGX')).toBe(0)
    expect(currencyFractionDigits('rwf')).toBe(0)
    expect(currencyFractionDigits('KES')).toBe(2)
    expect(currencyFractionDigits('NGN')).toBe(2)
    expect(currencyFractionDigits('EUR')).toBe(2)
  })
})
