import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dobOrder, validateDob } from './dob.js'
import { detailsSchema, identityFieldSchema } from './forms.js'
import { phoneExample } from './phone.js'

/** The rule's field and code an issue carries. */
const params = (issue: object | undefined) => (issue as { params?: Record<string, string> })?.params

const WALLET = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

describe('forms', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2025-06-15T12:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reads a date of birth in the order the shopper writes it, and sends mm/dd/yyyy', () => {
    expect(dobOrder('en', 'KE')).toBe('dmy')
    expect(dobOrder('en', 'NG')).toBe('dmy')
    expect(dobOrder('fr')).toBe('dmy')
    expect(dobOrder('en-US')).toBe('mdy')
    expect(validateDob('31/12/1990', { order: 'dmy' })).toEqual({ ok: true, value: '12/31/1990' })
    expect(validateDob('31/12/1990')).toMatchObject({ ok: false, code: 'invalid_date' })
  })

  it('parses the details a corridor asks to what the service takes', () => {
    const schema = detailsSchema({
      dob: { order: 'dmy', required: true },
      account: { kind: 'account', country: 'NG', bankCode: '011' },
      bvn: true,
      wallet: { field: 'wallet_address' },
    })
    expect(
      schema.parse({
        name: ' Amina  Okafor ',
        dob: '31/12/1990',
        accountNumber: '000 001 4579',
        bvn: '22345678901',
        walletAddress: WALLET.toLowerCase(),
        phone: 'not asked',
      }),
    ).toEqual({
      name: 'Amina Okafor',
      dob: '12/31/1990',
      accountNumber: '0000014579',
      bvn: '22345678901',
      walletAddress: WALLET,
    })
    const refused = schema.safeParse({
      name: '',
      dob: '',
      accountNumber: '12ab',
      bvn: '1',
      walletAddress: '',
    })
    expect(
      refused.error?.issues.map((issue) => [issue.path.join('.'), params(issue)?.code]),
    ).toEqual([
      ['name', 'required'],
      ['dob', 'required'],
      ['accountNumber', 'invalid_format'],
      ['bvn', 'invalid_format'],
      ['walletAddress', 'required'],
    ])
  })

  it('words a failure with the message function', () => {
    const schema = detailsSchema({
      phoneCountry: 'NG',
      wallet: { field: 'wallet_address', connected: () => WALLET },
      message: (failure) => `${failure.field}:${failure.code}`,
    })
    const result = schema.safeParse({ name: 'Amina Okafor', phone: '0803 12', walletAddress: '' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'payment_method.phone_number:invalid_phone',
    ])
    expect(
      schema.parse({ name: 'Amina Okafor', phone: '0803 123 4567', walletAddress: '' }),
    ).toMatchObject({
      phone: '+2348031234567',
      walletAddress: WALLET,
    })
  })

  it('checks an identity phone as the details step does: local numbers of the corridor country', () => {
    const phone = identityFieldSchema('phone', 'phone', { country: 'NG' })
    expect(phone.parse('0803 123 4567')).toBe('+2348031234567')
    expect(phone.safeParse('0712 345 678').success).toBe(false)
    // A country of residence outside the corridors: its local numbers too.
    expect(identityFieldSchema('phone', 'phone', { country: 'FR' }).parse('06 12 34 56 78')).toBe(
      '+33612345678',
    )
    // A country without a numbering plan takes an international number.
    expect(identityFieldSchema('phone', 'phone', { country: 'AQ' }).parse('+49 30 1234567')).toBe(
      '+49301234567',
    )
    expect(phoneExample('NG')).toMatch(/^0\d{3} \d{3} \d{4}$/)
  })

  it('checks the other identity fields: required, email, country, date of an adult, BVN', () => {
    expect(params(identityFieldSchema('city', undefined).safeParse('  ').error?.issues[0])).toEqual(
      { field: 'profile.city', code: 'required' },
    )
    expect(identityFieldSchema('email', 'email').safeParse('a@b').success).toBe(false)
    expect(identityFieldSchema('email', 'email').parse(' a@b.co ')).toBe('a@b.co')
    expect(identityFieldSchema('country_of_residence', 'country').parse('ke')).toBe('KE')
    expect(identityFieldSchema('date_of_birth', 'date').parse('1990-12-31')).toBe('1990-12-31')
    expect(
      params(identityFieldSchema('date_of_birth', 'date').safeParse('2020-01-01').error?.issues[0]),
    ).toMatchObject({ code: 'too_young' })
    expect(identityFieldSchema('additional_id_number', 'bvn').safeParse('123').success).toBe(false)
  })
})
