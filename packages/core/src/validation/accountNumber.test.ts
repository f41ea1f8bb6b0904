import { describe, expect, it } from 'vitest'
import { SANDBOX_ONLY_ACCOUNT_MESSAGE, validateAccountNumber } from './accountNumber.js'

describe('validateAccountNumber', () => {
  it('returns the number without spaces', () => {
    expect(validateAccountNumber(' 0123 456 789 ')).toEqual({ ok: true, value: '0123456789' })
  })

  it.each(['', '   ', undefined, 42])('requires a number (%j)', (input) => {
    expect(validateAccountNumber(input)).toMatchObject({
      ok: false,
      field: 'payment_method.account_number',
      code: 'required',
    })
  })

  it.each(['1111111111', '0000000000', '1111 111 111'])(
    'lets the sandbox test number %s through in the sandbox',
    (input) => {
      expect(validateAccountNumber(input, { environment: 'sandbox' })).toEqual({
        ok: true,
        value: input.replace(/\s+/g, ''),
      })
    },
  )

  it.each([
    ['production', 'production'],
    ['an unknown environment', undefined],
  ] as const)(
    'refuses a sandbox test number in %s, saying it is sandbox-only',
    (_, environment) => {
      for (const input of ['1111111111', '0000000000']) {
        expect(validateAccountNumber(input, { environment })).toEqual({
          ok: false,
          field: 'payment_method.account_number',
          code: 'sandbox_only',
          message: SANDBOX_ONLY_ACCOUNT_MESSAGE,
        })
      }
      expect(SANDBOX_ONLY_ACCOUNT_MESSAGE).toMatch(/sandbox test account number/)
      expect(SANDBOX_ONLY_ACCOUNT_MESSAGE).toMatch(/only in the sandbox/)
    },
  )

  it('names the field it is given', () => {
    expect(
      validateAccountNumber('0000000000', {
        environment: 'production',
        field: 'fiat_payload.account_number',
      }),
    ).toMatchObject({ field: 'fiat_payload.account_number', code: 'sandbox_only' })
  })
})
