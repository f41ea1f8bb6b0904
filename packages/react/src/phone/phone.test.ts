import {
  formatPhoneAsYouType as coreFormat,
  validatePhone as coreValidate,
} from '@rampkit/core/validation'
import { describe, expect, it } from 'vitest'
import { formatPhoneAsYouType, validatePhone } from './index.js'

// The widget validates phones with trimmed metadata; it must agree with core (and so with the
// server kit) on every mobile-money country.
const CASES: [string, string][] = [
  ['KE', '0712345678'],
  ['KE', '+254712345678'],
  ['KE', '0712 345 678'],
  ['KE', '071234'],
  ['KE', '+2348031234567'],
  ['KE', 'abc'],
  ['KE', ''],
  ['NG', '08031234567'],
  ['NG', '+234 803 123 4567'],
  ['GH', '0241234567'],
  ['UG', '0772123456'],
  ['TZ', '0754123456'],
  ['ZA', '0821234567'],
  ['RW', '0781234567'],
  ['CM', '671234567'],
  ['NG', '+254712345678'],
]

describe('phone validation with trimmed metadata', () => {
  it.each(CASES)('%s %s agrees with core', (country, input) => {
    const ours = validatePhone(input, country)
    const core = coreValidate(input, country)
    expect(ours.ok).toBe(core.ok)
    if (ours.ok && core.ok) expect(ours.value).toBe(core.value)
    if (!ours.ok && !core.ok) {
      expect(ours.code).toBe(core.code)
      expect(ours.field).toBe(core.field)
    }
  })

  it.each([
    ['KE', '+2541111111111'],
    ['KE', '+2540000000000'],
    ['KE', '+254 111 111 1111'],
    ['NG', '+2341111111111'],
    ['NG', '+2340000000000'],
    ['UG', '+256111111111'],
    ['KE', '+2341111111111'],
    ['KE', '+254712345678'],
  ])(
    '%s %s agrees with core in the sandbox, in production and with no environment',
    (country, input) => {
      for (const environment of ['sandbox', 'production', undefined] as const) {
        const ours = validatePhone(input, country, { environment })
        const core = coreValidate(input, country, { environment })
        expect(ours, `${environment}`).toEqual(
          core.ok ? core : { ...core, message: expect.any(String) },
        )
      }
    },
  )

  it('passes a documented test number in the sandbox and refuses it elsewhere as sandbox-only', () => {
    expect(validatePhone('+2541111111111', 'KE', { environment: 'sandbox' })).toEqual({
      ok: true,
      value: '+2541111111111',
    })
    expect(validatePhone('+2541111111111', 'KE', { environment: 'production' })).toMatchObject({
      ok: false,
      code: 'sandbox_only',
      message: expect.stringMatching(/accepted only in the sandbox/),
    })
  })

  it('formats a complete number like core and leaves a partial one as typed', () => {
    const partial = ['071234', 'abc', '']
    for (const [country, input] of CASES) {
      expect(formatPhoneAsYouType(input, country), `${country} ${input}`).toBe(
        partial.includes(input) ? input : coreFormat(input, country),
      )
    }
    expect(formatPhoneAsYouType('0712345678', 'KE')).toBe('0712 345678')
    expect(formatPhoneAsYouType('+2348031234567', 'NG')).toBe('+234 803 123 4567')
    expect(formatPhoneAsYouType('071234', 'KE')).toBe('071234')
    expect(formatPhoneAsYouType('0712345678', 'FR')).toBe('0712345678')
  })

  it('does not know countries without mobile money corridors', () => {
    expect(validatePhone('+33612345678', 'FR')).toMatchObject({ code: 'unsupported_country' })
  })
})
