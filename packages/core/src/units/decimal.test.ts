import { describe, expect, it } from 'vitest'
import { compareDecimal, toDecimalString } from './decimal.js'
import { UnitsError } from './errors.js'

describe('compareDecimal', () => {
  it.each([
    ['10.1', '10.10', 0],
    ['010', '10.000', 0],
    ['9.99', '10', -1],
    ['10', '9.99', 1],
    ['0.30000000000000004', '0.3', 1],
    ['123456789012345678901234567890.1', '123456789012345678901234567890.09', 1],
    ['-1', '1', -1],
    ['-2', '-1', -1],
    ['-0', '0', 0],
    ['-0.000', '0.0', 0],
    ['1.05', '1.5', -1],
  ] as const)('compares %s with %s as %d', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected)
  })

  it('sorts like a comparator', () => {
    expect(['2', '10', '1.5', '-3'].sort(compareDecimal)).toEqual(['-3', '1.5', '2', '10'])
  })

  it.each(['1e3', 'abc', '', '1.2.3', 'NaN', '+1'])('refuses %j', (value) => {
    expect(() => compareDecimal(value, '1')).toThrow(UnitsError)
  })
})

describe('toDecimalString', () => {
  it.each([
    [1e-7, '0.0000001'],
    [1.23e-18, '0.00000000000000000123'],
    [1e21, '1000000000000000000000'],
    [1.5e22, '15000000000000000000000'],
    [-1e-7, '-0.0000001'],
    [0.1 + 0.2, '0.30000000000000004'],
    [10.1, '10.1'],
    [-0, '0'],
  ])('writes %d as %s', (value, expected) => {
    expect(toDecimalString(value)).toBe(expected)
  })

  it('checks and trims strings without changing them', () => {
    expect(toDecimalString(' 12.50 ')).toBe('12.50')
    expect(() => toDecimalString('12,5')).toThrow(UnitsError)
  })

  it('refuses NaN and Infinity', () => {
    expect(() => toDecimalString(Number.NaN)).toThrow(/finite/)
    expect(() => toDecimalString(Number.NEGATIVE_INFINITY)).toThrow(UnitsError)
  })
})
