import { describe, expect, it } from 'vitest'
import { requiresBvn, validateBvn, validateBvnType } from './bvn.js'

describe('validateBvn', () => {
  it('accepts 11 digits and strips spaces', () => {
    expect(validateBvn('22345678901')).toEqual({ ok: true, value: '22345678901' })
    expect(validateBvn(' 223 4567 8901 ')).toEqual({ ok: true, value: '22345678901' })
  })

  it.each([
    ['10 digits', '2234567890', 'invalid_format'],
    ['12 digits', '223456789012', 'invalid_format'],
    ['a letter', '2234567890A', 'invalid_format'],
    ['dashes', '223-4567-8901', 'invalid_format'],
    ['empty', '', 'required'],
    ['a number', 22345678901, 'required'],
  ])('refuses %s', (_label, input, code) => {
    expect(validateBvn(input)).toMatchObject({
      ok: false,
      field: 'customer.additional_id_number',
      code,
    })
  })
})

describe('requiresBvn', () => {
  it('is true for Nigeria only', () => {
    expect(requiresBvn('NG')).toBe(true)
    expect(requiresBvn('ng')).toBe(true)
    for (const country of ['KE', 'GH', 'UG', 'TZ', 'ZA', 'RW', '']) {
      expect(requiresBvn(country)).toBe(false)
    }
  })
})

describe('validateBvnType', () => {
  it('takes bvn in any case, or nothing', () => {
    expect(validateBvnType('bvn')).toEqual({ ok: true, value: 'bvn' })
    expect(validateBvnType(' BVN ')).toEqual({ ok: true, value: 'bvn' })
    expect(validateBvnType(undefined)).toEqual({ ok: true, value: undefined })
  })

  it.each([['nin'], [''], [11], [{}]])('refuses %j on customer.additional_id_type', (input) => {
    expect(validateBvnType(input)).toMatchObject({
      ok: false,
      field: 'customer.additional_id_type',
      code: 'invalid_format',
    })
  })
})
