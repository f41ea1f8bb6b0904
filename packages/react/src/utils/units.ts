import { fromBaseUnits, toBaseUnits, toDecimalString, UnitsError } from '@rampkit/core/units'

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

/** What `readTokenAmount` makes of a typed token amount. */
export type TokenAmountResult =
  | { ok: true; value: string }
  | { ok: false; reason: 'invalid' | 'not_positive' | 'too_many_decimals' }

/**
 * Checks a plain decimal (`'12.5'`, as `parseLocaleAmount` returns it) as an amount of a token
 * with `decimals` places: above 0 and holdable by the token exactly, never rounded. Goes through
 * the token's base units, so the answer is the exact amount in its shortest form (`'12.50'` is
 * `'12.5'`), what the checkout's `SET_AMOUNT` takes as `amountCrypto`.
 *
 * @example
 * readTokenAmount('12.50', 6) // { ok: true, value: '12.5' }
 * readTokenAmount('0.1234567', 6) // { ok: false, reason: 'too_many_decimals' }
 */
export function readTokenAmount(amount: string, decimals: number): TokenAmountResult {
  let base: bigint
  try {
    base = toBaseUnits(amount, decimals)
  } catch (error) {
    if (error instanceof UnitsError && error.reason === 'too_many_decimals') {
      return { ok: false, reason: 'too_many_decimals' }
    }
    if (error instanceof UnitsError && error.reason === 'negative_amount') {
      return { ok: false, reason: 'not_positive' }
    }
    return { ok: false, reason: 'invalid' }
  }
  if (base <= 0n) return { ok: false, reason: 'not_positive' }
  return { ok: true, value: fromBaseUnits(base, decimals) }
}
