import { toBaseUnits, toDecimalString } from '@rampkit/core'

/**
 * Base units that cover a human amount: exact when the amount fits the token's decimals,
 * rounded up by one unit otherwise (a quote's `amount_crypto` may carry more digits than the
 * token has; approving one unit less would make the order fail).
 *
 * @example
 * baseUnitsCovering(10.5, 6) // 10500000n
 * baseUnitsCovering('0.1234567', 6) // 123457n
 */
export function baseUnitsCovering(amount: string | number, decimals: number): bigint {
  const text = toDecimalString(amount)
  const [whole = '0', fraction = ''] = text.split('.')
  if (fraction.length <= decimals) return toBaseUnits(text, decimals)
  const kept = decimals === 0 ? whole : `${whole}.${fraction.slice(0, decimals)}`
  const base = toBaseUnits(kept, decimals)
  return /[1-9]/.test(fraction.slice(decimals)) ? base + 1n : base
}
