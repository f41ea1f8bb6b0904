import { formatUnits, parseUnits } from 'viem/utils'
import { fractionDigits, toDecimalString } from './decimal.js'
import { UnitsError } from './errors.js'

/** The largest token `decimals` accepted; ERC-20 tokens use at most 18, 36 leaves room for odd ones. */
export const MAX_TOKEN_DECIMALS = 36

/**
 * Throws a `UnitsError` unless `decimals` is an integer from 0 to 36. Token decimals come from
 * the service (`GET /meta/tokens`, the `decimals` of `GET /quote`) and are never assumed to be 6.
 *
 * @example
 * assertDecimals(token.decimals) // throws on 6.5, -1, 37, NaN
 */
export function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS) {
    throw new UnitsError(
      'invalid_decimals',
      `Token decimals must be an integer from 0 to ${MAX_TOKEN_DECIMALS}, got ${String(decimals)}. Read them from the token list, do not assume 6.`,
    )
  }
}

/**
 * Converts a human amount (`'1.5'` USDC) to the integer base units an ERC-20 call takes
 * (`1500000n` with 6 decimals). Numbers are read through their shortest decimal form, so
 * `1e-7` means `0.0000001`; integers above 2^53 must be given as strings because the number has
 * already lost digits. More significant fractional digits than the token has is an error, never
 * a silent rounding: money must not change on the way. Negative amounts are refused.
 *
 * @example
 * toBaseUnits('1.5', 6) // 1500000n
 * toBaseUnits('0.000001', 6) // 1n
 * toBaseUnits('0.0000001', 6) // throws UnitsError (too_many_decimals)
 */
export function toBaseUnits(amount: string | number, decimals: number): bigint {
  assertDecimals(decimals)
  if (typeof amount === 'number' && Number.isFinite(amount)) {
    if (Number.isInteger(amount) && !Number.isSafeInteger(amount)) {
      throw new UnitsError(
        'unsafe_number',
        `${String(amount)} is above 2^53 and cannot be held exactly by a JavaScript number. Pass the amount as a string.`,
      )
    }
  }
  const text = toDecimalString(amount)
  if (text.startsWith('-')) {
    throw new UnitsError('negative_amount', 'The amount must not be negative.')
  }
  const digits = fractionDigits(text)
  if (digits > decimals) {
    throw new UnitsError(
      'too_many_decimals',
      `${text} has ${digits} decimal places but the token has ${decimals}. Round the amount to ${decimals} decimal places before converting.`,
    )
  }
  return parseUnits(text, decimals)
}

/**
 * Converts integer base units to the exact human amount as a decimal string, without trailing
 * zeros: `1500000n` with 6 decimals is `'1.5'`. Use it for values sent back to the service
 * (which speaks human units); use `formatTokenAmount` for display.
 *
 * @example
 * fromBaseUnits(1500000n, 6) // '1.5'
 * fromBaseUnits(10n ** 18n, 18) // '1'
 */
export function fromBaseUnits(value: bigint, decimals: number): string {
  assertDecimals(decimals)
  return formatUnits(value, decimals)
}

/** Options of `formatTokenAmount`. */
export type FormatTokenAmountOptions = {
  /** Fractional digits kept at most (default 6, capped at the token's decimals). */
  maxFractionDigits?: number
}

/**
 * Formats base units for display, cut (not rounded) to `maxFractionDigits` (default 6), with
 * trailing zeros removed. Cutting toward zero means a balance is never shown larger than it is:
 * `1.9999999` USDC with 2 digits shows `'1.99'`, never `'2.00'`. No grouping or locale: format
 * the result with `Intl.NumberFormat` in the UI if needed (after the cut, so it stays exact).
 *
 * @example
 * formatTokenAmount(1_999_999n, 6, { maxFractionDigits: 2 }) // '1.99'
 * formatTokenAmount(123456789012345678901n, 18) // '123.456789'
 */
export function formatTokenAmount(
  value: bigint,
  decimals: number,
  options: FormatTokenAmountOptions = {},
): string {
  assertDecimals(decimals)
  const max = options.maxFractionDigits ?? 6
  if (!Number.isInteger(max) || max < 0) {
    throw new UnitsError(
      'invalid_decimals',
      `maxFractionDigits must be a non-negative integer, got ${String(max)}.`,
    )
  }
  const drop = decimals - Math.min(max, decimals)
  // bigint division truncates toward zero: exactly the "never show more than there is" rule.
  const step = 10n ** BigInt(drop)
  return formatUnits((value / step) * step, decimals)
}
