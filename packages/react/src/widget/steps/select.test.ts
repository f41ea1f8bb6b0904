import { describe, expect, it } from 'vitest'
import { banksCountry } from './select.js'

describe('banksCountry', () => {
  it('gives the bank listing a two-letter country for every corridor (spec 4.4)', () => {
    expect(banksCountry({ kind: 'african', country: 'NG', currency: 'NGN' })).toBe('NG')
    expect(banksCountry({ kind: 'international', country: null, currency: 'USD' })).toBe('US')
    expect(banksCountry({ kind: 'international', country: null, currency: 'EUR' })).toBe('EU')
  })

  it("prefers the partner's bank country for international pay-in, when it is one", () => {
    const eur = { kind: 'international' as const, country: null, currency: 'EUR' }
    expect(banksCountry(eur, 'de')).toBe('DE')
    expect(banksCountry(eur, 'DEU')).toBe('EU')
    expect(banksCountry({ kind: 'african', country: 'KE', currency: 'KES' }, 'DE')).toBe('KE')
  })
})
