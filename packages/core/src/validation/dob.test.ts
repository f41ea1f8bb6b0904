import { describe, expect, it } from 'vitest'
import { RampError } from '../errors/base.js'
import { toDobString, validateDob } from './dob.js'

const NOW = Date.UTC(2025, 5, 15, 12) // 06/15/2025, noon UTC
const now = () => NOW
const check = (input: unknown, at = now) => validateDob(input, { now: at })

describe('validateDob', () => {
  it('accepts an adult date of birth in mm/dd/yyyy', () => {
    expect(check('07/14/1990')).toEqual({ ok: true, value: '07/14/1990' })
    expect(check(' 01/01/1980 ')).toEqual({ ok: true, value: '01/01/1980' })
  })

  it.each([
    '1990-07-14',
    '7/14/1990',
    '07/4/1990',
    '07/14/90',
    '14.07.1990',
    '07-14-1990',
    '07/14/1990x',
  ])('refuses %j as not mm/dd/yyyy', (input) => {
    expect(check(input)).toMatchObject({ ok: false, field: 'customer.dob', code: 'invalid_format' })
  })

  it('knows leap years', () => {
    expect(check('02/29/2000').ok).toBe(true) // divisible by 400
    expect(check('02/29/2004').ok).toBe(true)
    expect(check('02/29/1900')).toMatchObject({ code: 'invalid_date' }) // divisible by 100 only
    expect(check('02/29/2003')).toMatchObject({ code: 'invalid_date' })
  })

  it.each(['02/30/2000', '04/31/1990', '13/01/1990', '00/10/1990', '01/00/1990', '01/32/1990'])(
    'refuses the unreal date %s',
    (input) => {
      expect(check(input)).toMatchObject({ code: 'invalid_date' })
    },
  )

  it('refuses a date in the future', () => {
    expect(check('06/16/2025')).toMatchObject({ code: 'future_date' })
    expect(check('01/01/2030')).toMatchObject({ code: 'future_date' })
  })

  it('turns 18 on the 18th birthday, not a day before', () => {
    expect(check('06/15/2007')).toEqual({ ok: true, value: '06/15/2007' })
    expect(check('06/16/2007')).toMatchObject({ code: 'too_young' })
    expect(check('06/15/2025')).toMatchObject({ code: 'too_young' }) // born today
  })

  it('refuses a 17-year-old with a message about the minimum age', () => {
    expect(check('12/31/2007')).toEqual({
      ok: false,
      field: 'customer.dob',
      code: 'too_young',
      message: 'You must be at least 18 years old',
    })
  })

  it('accepts up to 120 years and refuses older', () => {
    expect(check('06/15/1905').ok).toBe(true) // exactly 120
    expect(check('06/16/1904').ok).toBe(true) // 120, 121 tomorrow
    expect(check('06/15/1904')).toMatchObject({ code: 'too_old' })
    expect(check('01/01/0001')).toMatchObject({ code: 'too_old' })
  })

  it('lets someone born on 29 February come of age on 1 March in a non-leap year', () => {
    const at = (iso: string) => () => Date.parse(iso)
    expect(check('02/29/2004', at('2022-02-28T12:00:00Z'))).toMatchObject({ code: 'too_young' })
    expect(check('02/29/2004', at('2022-03-01T00:00:00Z')).ok).toBe(true)
  })

  it('counts the day in UTC', () => {
    const lateOn14th = () => Date.parse('2025-06-14T23:30:00Z')
    expect(check('06/15/2007', lateOn14th)).toMatchObject({ code: 'too_young' })
  })

  it('refuses empty input', () => {
    expect(check('')).toMatchObject({ code: 'required', message: 'Enter your date of birth' })
    expect(check(null)).toMatchObject({ code: 'required' })
  })
})

describe('toDobString', () => {
  it('formats the local calendar day with two-digit month and day', () => {
    expect(toDobString(new Date(1990, 6, 4))).toBe('07/04/1990')
    expect(toDobString(new Date(2000, 1, 29, 23, 59))).toBe('02/29/2000')
  })

  it('round-trips through validateDob', () => {
    const value = toDobString(new Date(1985, 10, 3))
    expect(check(value)).toEqual({ ok: true, value: '11/03/1985' })
  })

  it('refuses an invalid Date', () => {
    expect(() => toDobString(new Date('not a date'))).toThrow(RampError)
  })
})
