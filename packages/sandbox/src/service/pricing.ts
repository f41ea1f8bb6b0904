import { currencyFractionDigits } from '../core.js'
import { USD_MID_RATES } from '../seed/corridors.js'
import { MARKUP, TOKEN_USD_PRICE, type TokenSymbol } from '../seed/tokens.js'

/**
 * Fiat per token after the service's markup: the user pays more on an on-ramp and receives less
 * on an off-ramp. `undefined` for a currency without a rate.
 *
 * @example
 * tokenRate('KES', 'USDC', 'OnRamp') // 131.1888 (129.25 * 1.015)
 */
export function tokenRate(
  currency: string,
  token: TokenSymbol,
  orderType: 'OnRamp' | 'OffRamp',
): number | undefined {
  const mid = USD_MID_RATES[currency]
  if (mid === undefined) return undefined
  const factor = orderType === 'OnRamp' ? 1 + MARKUP : 1 - MARKUP
  return round(mid * TOKEN_USD_PRICE[token] * factor, 4)
}

/**
 * Token amount for a fiat amount at a rate, at 6-decimal precision (spec 2.4): rounded down on
 * an on-ramp (what the user receives) and up on an off-ramp (what the user must send).
 */
export function tokenAmountFor(
  amountFiat: number,
  rate: number,
  orderType: 'OnRamp' | 'OffRamp',
): number {
  const exact = amountFiat / rate
  const scaled = exact * 1e6
  // The epsilon keeps 12.5 / 2.5 = 5 exact despite binary fractions.
  const units = orderType === 'OnRamp' ? Math.floor(scaled + 1e-6) : Math.ceil(scaled - 1e-6)
  return units / 1e6
}

/** Fiat amount for a token amount at a rate, rounded to the currency's decimal places. */
export function fiatAmountFor(amountCrypto: number, rate: number, currency: string): number {
  return round(amountCrypto * rate, currencyFractionDigits(currency))
}

/** Rounds half away from zero to `digits` decimal places. */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}
