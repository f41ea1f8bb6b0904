import { describe, expect, it } from 'vitest'
import { baseUnitsCovering } from './units.js'

describe('baseUnitsCovering', () => {
  it('is exact when the amount fits the decimals', () => {
    expect(baseUnitsCovering(10.5, 6)).toBe(10_500_000n)
    expect(baseUnitsCovering('1', 18)).toBe(10n ** 18n)
    expect(baseUnitsCovering(7, 0)).toBe(7n)
  })

  it('rounds up by one unit when the amount has more digits than the token', () => {
    expect(baseUnitsCovering('0.1234561', 6)).toBe(123_457n)
    expect(baseUnitsCovering('0.1234560', 6)).toBe(123_456n)
    expect(baseUnitsCovering('7.5', 0)).toBe(8n)
  })
})
