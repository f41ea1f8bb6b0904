import { describe, expect, it } from 'vitest'
import { baseUnitsCovering, readTokenAmount } from './units.js'

describe('baseUnitsCovering', () => {
  it('is exact when the amount fits the decimals', () => {
    expect(baseUnitsCovering(10.5, 6)).toBe(10_500_000n)
    expect(baseUnitsCovering('1', 18)).toBe(10n ** 18n)
    expect(baseUnitsCovering(7, 0)).toBe(7n)
  })

  it('rounds up by one unit when the amount has more digits than the token', () => {
    expect(baseUnitsCovering('0.1234561', 6)).toBe(123_457n)
    expect(baseUnitsCovering('0.1234560', 6)).toBe(123_456n)
    expect(baseUnitsCovering('7.5', 0)).toBe(8n)
  })
})

describe('readTokenAmount', () => {
  it('takes an amount the token holds exactly, in its shortest form', () => {
    expect(readTokenAmount('12.5', 6)).toEqual({ ok: true, value: '12.5' })
    expect(readTokenAmount('12.500000000', 6)).toEqual({ ok: true, value: '12.5' })
    expect(readTokenAmount('0.000001', 6)).toEqual({ ok: true, value: '0.000001' })
    expect(readTokenAmount('123456789.123456789012345678', 18)).toEqual({
      ok: true,
      value: '123456789.123456789012345678',
    })
  })

  it('refuses more decimal places than the token has, instead of rounding', () => {
    expect(readTokenAmount('0.1234567', 6)).toEqual({ ok: false, reason: 'too_many_decimals' })
    expect(readTokenAmount('1.5', 0)).toEqual({ ok: false, reason: 'too_many_decimals' })
  })

  it('refuses zero, negatives and anything that is not a plain decimal', () => {
    expect(readTokenAmount('0', 6)).toEqual({ ok: false, reason: 'not_positive' })
    expect(readTokenAmount('0.0000000', 6)).toEqual({ ok: false, reason: 'not_positive' })
    expect(readTokenAmount('-1', 6)).toEqual({ ok: false, reason: 'not_positive' })
    expect(readTokenAmount('1e3', 6)).toEqual({ ok: false, reason: 'invalid' })
    expect(readTokenAmount('', 6)).toEqual({ ok: false, reason: 'invalid' })
  })
})
