import { describe, expect, it } from 'vitest'
import { detailsFieldOf, detailsFields } from './fields.js'
import type { CheckoutCorridor, CheckoutPaymentMethod } from './types.js'

const corridor = (country: string | null, currency: string): CheckoutCorridor => ({
  kind: country ? 'african' : 'international',
  country,
  currency,
})
const method = (type: string, quoteType = type): CheckoutPaymentMethod => ({
  type,
  label: type,
  quoteType,
  networkSource: type === 'mobile_money' ? 'catalog' : 'banks',
})

describe('detailsFields', () => {
  it('asks a Kenyan mobile-money buyer for a phone and a date of birth, no account', () => {
    const kenya = detailsFields(
      { corridor: corridor('KE', 'KES'), paymentMethod: method('mobile_money') },
      'en',
    )
    expect(kenya.fields).toEqual(['name', 'dob', 'phone', 'walletAddress'])
    expect(kenya).toMatchObject({ phone: true, account: false, iban: false, bvn: false })
    expect(kenya.dobOrder).toBe('dmy')
  })

  it('asks a Nigerian bank customer for an account and a BVN', () => {
    const nigeria = detailsFields(
      { corridor: corridor('NG', 'NGN'), paymentMethod: method('bank') },
      'en',
    )
    expect(nigeria.fields).toEqual(['name', 'dob', 'accountNumber', 'bvn', 'walletAddress'])
    expect(nigeria).toMatchObject({ account: true, iban: false, bvn: true, country: 'NG' })
  })

  it('reads the rail from the quote type, which names mobile money where the type may not', () => {
    const fields = detailsFields(
      { corridor: corridor('GH', 'GHS'), paymentMethod: method('momo', 'mobile_money') },
      'en',
    )
    expect(fields.phone).toBe(true)
  })

  it('asks a euro bank pay-in for an IBAN and no date of birth, unless the service asked', () => {
    const euro = { corridor: corridor(null, 'EUR'), paymentMethod: method('BankSepa') }
    expect(detailsFields(euro, 'en-US')).toMatchObject({
      fields: ['name', 'accountNumber', 'walletAddress'],
      iban: true,
      dob: false,
      country: null,
      dobOrder: 'mdy',
    })
    // A 422 on the date of birth adds it where the rules did not ask for it.
    const refused = detailsFields({ ...euro, fieldErrors: { 'customer.dob': 'required' } }, 'en')
    expect(refused.fields).toEqual(['name', 'dob', 'accountNumber', 'walletAddress'])
    // A dollar account is not an IBAN.
    const dollar = { corridor: corridor(null, 'USD'), paymentMethod: method('BankSwift') }
    expect(detailsFields(dollar, 'en').iban).toBe(false)
  })
})

describe('detailsFieldOf', () => {
  it("lands each of the service's 422 fields on the details field it was typed in", () => {
    expect(detailsFieldOf('customer.name')).toBe('name')
    expect(detailsFieldOf('customer.dob')).toBe('dob')
    expect(detailsFieldOf('payment_method.phone_number')).toBe('phone')
    expect(detailsFieldOf('payment_method.account_number')).toBe('accountNumber')
    expect(detailsFieldOf('customer.additional_id_number')).toBe('bvn')
    expect(detailsFieldOf('wallet_address')).toBe('walletAddress')
    expect(detailsFieldOf('user_address')).toBe('walletAddress')
  })

  it('names no details field for the amount or for what the step has not', () => {
    expect(detailsFieldOf('local_amount')).toBeUndefined()
    expect(detailsFieldOf('toString')).toBeUndefined()
  })
})
