import { iso31661 } from 'iso-3166'
import { describe, expect, it } from 'vitest'
import { individualProfile } from '../schemas/customers.js'
import { identityFieldSchema } from '../validation/forms.js'
import { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from './codes.js'

describe('countries', () => {
  it('are the ISO 3166-1 alpha-2 list of the iso-3166 package, sorted', () => {
    expect(COUNTRY_CODES).toEqual(iso31661.map((country) => country.alpha2).sort())
  })

  it('know a country in any case and refuse two letters that are none', () => {
    expect(isCountryCode('DE')).toBe(true)
    expect(isCountryCode('ke')).toBe(true)
    for (const code of ['UN', 'EU', 'XK', 'ZZ', 'DEU', '', 'D'])
      expect(isCountryCode(code)).toBe(false)
  })

  it("are named and sorted in the shopper's language", () => {
    expect(countryName('DE', 'fr')).toBe('Allemagne')
    expect(countryName('US', 'pt')).toBe('Estados Unidos')
    const french = countryOptions('fr')
    expect(french).toHaveLength(249)
    expect(french.find((option) => option.code === 'ZA')?.name).toBe('Afrique du Sud')
    // Afrique du Sud before Allemagne, as French sorts: by name, not by code.
    const index = (code: string) => french.findIndex((option) => option.code === code)
    expect(index('ZA')).toBeLessThan(index('DE'))
  })

  it('refuse a code that is no country in the profile schema and the identity form', () => {
    const refused = individualProfile.safeParse({ country_of_residence: 'UN' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.path).toEqual(['country_of_residence'])
    expect(individualProfile.safeParse({ address: { country: 'GE' } }).success).toBe(true)
    expect(individualProfile.safeParse({ address: { country: 'EU' } }).success).toBe(false)
    const form = identityFieldSchema('country_of_residence', 'country')
    expect(form.safeParse('UN').success).toBe(false)
    expect(form.parse('de')).toBe('DE')
  })
})
