import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  amountSchema,
  bvnSchema,
  customerNameSchema,
  dobSchema,
  evmAddressSchema,
  networkIdSchema,
  phoneNumberSchema,
  quoteInputSchema,
} from './schemas.js'

function firstIssue(result: { success: boolean; error?: { issues: z.core.$ZodIssue[] } }) {
  expect(result.success).toBe(false)
  return result.error?.issues[0]
}

describe('leaf schemas', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2025-06-15T12:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('parse to the normalised value', () => {
    expect(phoneNumberSchema('KE').parse('0712 345 678')).toBe('+254712345678')
    expect(customerNameSchema.parse('  Zoë   O’Brien ')).toBe('Zoë O’Brien')
    expect(dobSchema.parse('02/29/2000')).toBe('02/29/2000')
    expect(bvnSchema.parse('223 4567 8901')).toBe('22345678901')
    expect(evmAddressSchema.parse('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toBe(
      '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
    )
    expect(networkIdSchema.parse('3f2b8c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c')).toBe(
      '3f2b8c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c',
    )
    expect(amountSchema({ min_amount: 10, max_amount: 100, currency: 'KES' }).parse(50)).toBe('50')
  })

  it('carry the validator message, the service field and the code', () => {
    const issue = firstIssue(phoneNumberSchema('NG').safeParse('+254712345678'))
    expect(issue).toMatchObject({
      code: 'custom',
      path: [],
      message: 'Enter a phone number from Nigeria',
      params: { field: 'payment_method.phone_number', code: 'wrong_country' },
    })
    expect(firstIssue(dobSchema.safeParse('06/16/2007'))).toMatchObject({
      message: 'You must be at least 18 years old',
    })
    expect(
      firstIssue(amountSchema({ min_amount: 10, max_amount: 100, currency: 'KES' }).safeParse('5')),
    ).toMatchObject({ message: 'Minimum is 10 KES', params: { field: 'amount_fiat' } })
  })

  it('say what is missing when the value is not a string', () => {
    expect(firstIssue(customerNameSchema.safeParse(undefined))?.message).toBe(
      'Enter your first and last name',
    )
    expect(firstIssue(bvnSchema.safeParse(22345678901))?.message).toBe('Enter your BVN')
  })

  it('nest under the service field names, so the path is the field', () => {
    const form = z.object({
      payment_method: z.object({ phone_number: phoneNumberSchema('KE') }),
      customer: z.object({ name: customerNameSchema, dob: dobSchema }),
    })
    const result = form.safeParse({
      payment_method: { phone_number: '0712' },
      customer: { name: 'Amina', dob: '02/30/1990' },
    })
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'payment_method.phone_number',
      'customer.name',
      'customer.dob',
    ])
  })
})

describe('quoteInputSchema', () => {
  const now = () => Date.UTC(2025, 5, 15)
  const valid = {
    country: 'KE',
    currency: 'KES',
    local_amount: '1500',
    payment_method: {
      type: 'mobile_money',
      network_id: '3f2b8c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c',
      phone_number: '0712345678',
    },
    customer: { name: 'Amina Njoroge', dob: '07/14/1990' },
  }

  it('parses a valid request to its normalised form', () => {
    expect(quoteInputSchema({ now }).parse(valid)).toMatchObject({
      payment_method: { phone_number: '+254712345678' },
    })
  })

  it('reports every failure with the service field as its path, in table order', () => {
    const result = quoteInputSchema({ now }).safeParse({
      ...valid,
      country: 'NG',
      payment_method: { ...valid.payment_method, phone_number: '0712345678' },
      customer: { name: 'Amina', dob: '13/40/1990' },
    })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['payment_method.phone_number', 'Enter a valid phone number for Nigeria'],
      ['customer.name', 'Enter your first and last name'],
      ['customer.dob', 'Enter a real date'],
      ['customer.additional_id_number', 'Enter your BVN'],
    ])
  })

  it('refuses a value that is not an object', () => {
    expect(quoteInputSchema().safeParse('nope').success).toBe(false)
  })
})
