import { describe, expect, it } from 'vitest'
import { sandboxTestPhonesOf } from './sandboxTestPhonesOf.js'
import {
  SANDBOX_TEST_VALUES,
  sandboxTestAccountOutcome,
  sandboxTestNameOutcome,
  sandboxTestPhoneOutcome,
  sandboxTestReviewRejects,
} from './sandboxTestValues.js'

describe('sandbox test values of the success & failure guide', () => {
  it.each([
    ['+2541111111111', '254', 'settle'],
    ['+2540000000000', '254', 'fail'],
    ['+2341111111111', '234', 'settle'],
    ['+2340000000000', '234', 'fail'],
    ['+256111111111', '256', 'settle'],
    ['+254 111 111 1111', '254', 'settle'],
    ['+254-000-000-0000', '254', 'fail'],
  ] as const)('the phone %s of +%s forces %s', (phone, code, outcome) => {
    expect(sandboxTestPhoneOutcome(phone, code)).toBe(outcome)
    expect(sandboxTestPhoneOutcome(phone)).toBe(outcome)
  })

  it('counts a test phone only for its own country when the calling code is given', () => {
    expect(sandboxTestPhoneOutcome('+2341111111111', '254')).toBeUndefined()
    expect(sandboxTestPhoneOutcome('+256111111111', '254')).toBeUndefined()
  })

  it.each([
    ['a real Kenyan number', '+254712345678'],
    ['the national form', '01111111111'],
    ['no plus', '2541111111111'],
    ['eleven ones', '+25411111111111'],
    ['nine zeros', '+254000000000'],
    ['a calling code of four digits', '+25401111111111'],
    ['letters', '+254111111111a'],
    ['not a string', 2541111111111],
  ])('%s is no test phone', (_, phone) => {
    expect(sandboxTestPhoneOutcome(phone)).toBeUndefined()
    expect(sandboxTestPhoneOutcome(phone, '254')).toBeUndefined()
  })

  it('reads the bank account numbers, spaces ignored', () => {
    expect(sandboxTestAccountOutcome(SANDBOX_TEST_VALUES.accountNumber.settle)).toBe('settle')
    expect(sandboxTestAccountOutcome('1111 111 111')).toBe('settle')
    expect(sandboxTestAccountOutcome('0000000000')).toBe('fail')
    expect(sandboxTestAccountOutcome('0123456789')).toBeUndefined()
    expect(sandboxTestAccountOutcome('11111111111')).toBeUndefined()
    expect(sandboxTestAccountOutcome(undefined)).toBeUndefined()
  })

  it('reads Successful and Failure in a name, failure first, as written', () => {
    expect(sandboxTestNameOutcome('Successful Jane Doe')).toBe('settle')
    expect(sandboxTestNameOutcome('Failure Jane Doe')).toBe('fail')
    expect(sandboxTestNameOutcome('Successful Failure Ltd')).toBe('fail')
    expect(sandboxTestNameOutcome('Jane Doe')).toBeUndefined()
    expect(sandboxTestNameOutcome('Unsuccessful Jane')).toBeUndefined()
    expect(sandboxTestNameOutcome(null)).toBeUndefined()
  })
})

describe("the sandbox's test phones of each country, and the review's own value", () => {
  it.each([
    ['KE', '+2541111111111', '+2540000000000'],
    ['NG', '+2341111111111', '+2340000000000'],
    ['GH', '+2331111111111', '+2330000000000'],
    ['UG', '+256111111111', '+2560000000000'],
  ] as const)('%s settles with %s and fails with %s', (country, settle, fail) => {
    expect(sandboxTestPhonesOf(country)).toEqual({ settle, fail })
    expect(sandboxTestPhoneOutcome(settle)).toBe('settle')
    expect(sandboxTestPhoneOutcome(fail)).toBe('fail')
  })

  it('has no test phones for a country without phone rules', () => {
    expect(sandboxTestPhonesOf('AQ')).toBeUndefined()
  })

  it("rejects a review for Rejected, never for the failing sale's Failure", () => {
    expect(sandboxTestReviewRejects('Rejected Jane Doe')).toBe(true)
    expect(sandboxTestReviewRejects('jane rejected')).toBe(true)
    expect(sandboxTestReviewRejects(`${SANDBOX_TEST_VALUES.customerName.fail} Jane Doe`)).toBe(
      false,
    )
    expect(sandboxTestNameOutcome('Rejected Jane Doe')).toBeUndefined()
  })
})
