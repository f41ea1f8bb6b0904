import { describe, expect, it } from 'vitest'
import { RampError } from '../errors/base.js'
import { UnitsError } from './errors.js'
import {
  assertDecimals,
  formatTokenAmount,
  fromBaseUnits,
  MAX_TOKEN_DECIMALS,
  toBaseUnits,
} from './units.js'

const MAX_UINT256 = 2n ** 256n - 1n

function reasonOf(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    if (error instanceof UnitsError) return error.reason
    throw error
  }
  return undefined
}

describe('toBaseUnits', () => {
  it('converts human amounts with 6 decimals', () => {
    expect(toBaseUnits('1.5', 6)).toBe(1_500_000n)
    expect(toBaseUnits('0.000001', 6)).toBe(1n)
    expect(toBaseUnits('0', 6)).toBe(0n)
    expect(toBaseUnits('1000000', 6)).toBe(1_000_000_000_000n)
  })

  it('converts human amounts with 18 decimals', () => {
    expect(toBaseUnits('1', 18)).toBe(10n ** 18n)
    expect(toBaseUnits('0.000000000000000001', 18)).toBe(1n)
    expect(toBaseUnits('123.456789012345678901', 18)).toBe(123_456_789_012_345_678_901n)
  })

  it('refuses more fractional digits than the token has instead of rounding', () => {
    expect(() => toBaseUnits('0.0000001', 6)).toThrow(UnitsError)
    expect(reasonOf(() => toBaseUnits('0.0000001', 6))).toBe('too_many_decimals')
    expect(() => toBaseUnits('1.0000005', 6)).toThrow(/7 decimal places but the token has 6/)
    expect(reasonOf(() => toBaseUnits('1.5', 0))).toBe('too_many_decimals')
  })

  it('ignores trailing fractional zeros, which change nothing', () => {
    expect(toBaseUnits('1.500000000', 6)).toBe(1_500_000n)
    expect(toBaseUnits('7.0', 0)).toBe(7n)
  })

  it('reads numbers through their shortest decimal form, exponent forms included', () => {
    expect(toBaseUnits(1.5, 6)).toBe(1_500_000n)
    expect(toBaseUnits(1e-7, 18)).toBe(100_000_000_000n)
    expect(reasonOf(() => toBaseUnits(1e-7, 6))).toBe('too_many_decimals')
    expect(toBaseUnits(1e-6, 6)).toBe(1n)
    expect(toBaseUnits(0.1, 6)).toBe(100_000n)
  })

  it('treats 0.1 + 0.2 as the number it really is, not 0.3', () => {
    expect(reasonOf(() => toBaseUnits(0.1 + 0.2, 6))).toBe('too_many_decimals')
    expect(toBaseUnits(0.1 + 0.2, 18)).toBe(300_000_000_000_000_040n)
    expect(toBaseUnits('0.3', 6)).toBe(300_000n)
  })

  it('refuses integers above 2^53 as numbers and accepts them as strings', () => {
    expect(reasonOf(() => toBaseUnits(2 ** 53 + 2, 6))).toBe('unsafe_number')
    expect(reasonOf(() => toBaseUnits(1e21, 0))).toBe('unsafe_number')
    expect(toBaseUnits('9007199254740993', 6)).toBe(9_007_199_254_740_993_000_000n)
    expect(toBaseUnits(Number.MAX_SAFE_INTEGER, 0)).toBe(9_007_199_254_740_991n)
  })

  it('handles the largest uint256 with 18 decimals', () => {
    const human = fromBaseUnits(MAX_UINT256, 18)
    expect(human).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    )
    expect(toBaseUnits(human, 18)).toBe(MAX_UINT256)
  })

  it.each([
    ['NaN', Number.NaN, 'invalid_amount'],
    ['Infinity', Number.POSITIVE_INFINITY, 'invalid_amount'],
    ['a negative number', -1, 'negative_amount'],
    ['a negative string', '-0.5', 'negative_amount'],
    ['an exponent string', '1e-7', 'invalid_amount'],
    ['thousands separators', '1,000', 'invalid_amount'],
    ['an empty string', '', 'invalid_amount'],
    ['a lone point', '.', 'invalid_amount'],
    ['a leading point', '.5', 'invalid_amount'],
    ['words', 'ten', 'invalid_amount'],
  ])('refuses %s', (_label, amount, reason) => {
    expect(reasonOf(() => toBaseUnits(amount, 6))).toBe(reason)
  })

  it('trims surrounding whitespace of strings', () => {
    expect(toBaseUnits(' 2.5 ', 6)).toBe(2_500_000n)
  })
})

describe('fromBaseUnits', () => {
  it('gives the exact decimal without trailing zeros', () => {
    expect(fromBaseUnits(1_500_000n, 6)).toBe('1.5')
    expect(fromBaseUnits(1n, 6)).toBe('0.000001')
    expect(fromBaseUnits(10n ** 18n, 18)).toBe('1')
    expect(fromBaseUnits(0n, 18)).toBe('0')
    expect(fromBaseUnits(42n, 0)).toBe('42')
  })

  it('round-trips with toBaseUnits for 6 and 18 decimals, above 2^53 too', () => {
    const samples = [0n, 1n, 999_999n, 2n ** 53n + 1n, 10n ** 30n + 7n, MAX_UINT256]
    for (const decimals of [6, 18]) {
      for (const value of samples) {
        expect(toBaseUnits(fromBaseUnits(value, decimals), decimals)).toBe(value)
      }
    }
  })
})

describe('formatTokenAmount', () => {
  it('cuts toward zero, never rounding a balance up', () => {
    expect(formatTokenAmount(1_999_999n, 6, { maxFractionDigits: 2 })).toBe('1.99')
    expect(formatTokenAmount(999_999_999_999_999_999n, 18, { maxFractionDigits: 4 })).toBe('0.9999')
    expect(formatTokenAmount(123_456_789_012_345_678_901n, 18)).toBe('123.456789')
  })

  it('drops trailing zeros and keeps whole amounts whole', () => {
    expect(formatTokenAmount(1_500_000n, 6)).toBe('1.5')
    expect(formatTokenAmount(5n * 10n ** 18n, 18, { maxFractionDigits: 0 })).toBe('5')
    expect(formatTokenAmount(1n, 18)).toBe('0')
  })

  it('keeps all digits when the token has fewer than asked', () => {
    expect(formatTokenAmount(1_234_567n, 6, { maxFractionDigits: 10 })).toBe('1.234567')
  })

  it('refuses a bad maxFractionDigits', () => {
    expect(reasonOf(() => formatTokenAmount(1n, 6, { maxFractionDigits: -1 }))).toBe(
      'invalid_decimals',
    )
    expect(reasonOf(() => formatTokenAmount(1n, 6, { maxFractionDigits: 1.5 }))).toBe(
      'invalid_decimals',
    )
  })
})

describe('assertDecimals', () => {
  it.each([0, 6, 18, MAX_TOKEN_DECIMALS])('accepts %d', (decimals) => {
    expect(() => assertDecimals(decimals)).not.toThrow()
  })

  it.each([-1, 37, 6.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (decimals) => {
    expect(reasonOf(() => assertDecimals(decimals))).toBe('invalid_decimals')
    expect(reasonOf(() => toBaseUnits('1', decimals))).toBe('invalid_decimals')
    expect(reasonOf(() => fromBaseUnits(1n, decimals))).toBe('invalid_decimals')
  })
})

describe('UnitsError', () => {
  it('is a RampError with its own name', () => {
    const error = new UnitsError('invalid_amount', 'x')
    expect(error).toBeInstanceOf(RampError)
    expect(error.name).toBe('UnitsError')
  })
})
