import { describe, expect, it } from 'vitest'
import { countryLabel, formatDecimal, formatEstimate, formatExact, formatUnits } from './format.js'

describe('one number format: the digits the figure has, grouped in the locale', () => {
  it('shows the approval, the estimate and the quote alike', () => {
    // The approval's base units, the estimate's decimal string, the quote's number.
    expect(formatUnits(1_178_214_345n, 6, 'en')).toBe('1,178.214345')
    expect(formatEstimate('1178.214345', 'en')).toBe('1,178.214345')
    expect(formatExact(1178.214345, 'en')).toBe('1,178.214345')
  })

  it('groups as the language writes numbers', () => {
    expect(formatUnits(1_178_214_345n, 6, 'fr')).toBe('1\u202f178,214345')
    expect(formatUnits(1_178_214_345n, 6, 'pt')).toBe('1.178,214345')
    expect(formatDecimal('12345.5', 'sw')).toBe('12,345.5')
  })

  it('keeps every digit of a long decimal, not a float of it', () => {
    expect(formatUnits(123_456_789_012_345_678_901n, 18, 'en')).toBe('123.456789012345678901')
    expect(formatUnits(5_000_000n, 6, 'en')).toBe('5')
    expect(formatEstimate(1553.2275, 'en')).toBe('1,553.2275')
    // A float of the service's preview: cut to a dollar token's 6 decimals.
    expect(formatEstimate(11.552680221811, 'en')).toBe('11.55268')
  })
})

describe('country names', () => {
  it("are the shopper's language's, the catalog's name where the runtime has none", () => {
    expect(countryLabel('ZA', 'fr')).toBe('Afrique du Sud')
    expect(countryLabel('UG', 'sw')).toBe('Uganda')
    expect(countryLabel('XQ', 'fr', 'Somewhere')).toBe('Somewhere')
  })
})
