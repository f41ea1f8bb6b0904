import type { IndicativeRates } from '../schemas/rates.js'
import { fractionDigits, toDecimalString } from '../units/decimal.js'
import { fromBaseUnits, toBaseUnits } from '../units/units.js'

// Tokens worth one US dollar: the service's indicative rates are fiat per USD (spec 4.1), so
// they price these and nothing else (a WXM is not a dollar).
const USD_TOKENS = new Set(['USDC', 'USDT', 'DAI', 'PYUSD'])

/** The indicative rate of a dollar token in a currency, with its digits as a decimal string. */
function dollarRate(
  rates: Pick<IndicativeRates, 'rates'> | undefined,
  currency: string,
  symbol: string,
  side: 'buy' | 'sell',
): { rate: number; text: string } | undefined {
  if (!USD_TOKENS.has(symbol.toUpperCase())) return undefined
  const rate = rates?.rates.find((entry) => entry.currency.toUpperCase() === currency)?.[side]
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return undefined
  try {
    return { rate, text: toDecimalString(rate) }
  } catch {
    return undefined
  }
}

/** A non-negative decimal string of an amount, or undefined. */
function amountText(amount: string | number): string | undefined {
  try {
    const text = toDecimalString(amount)
    return text.startsWith('-') ? undefined : text
  } catch {
    return undefined
  }
}

/** Parameters of `indicativeEstimate`. */
export type IndicativeEstimateParameters = {
  /** What the user pays (on-ramp) or receives (off-ramp), a decimal string or number. */
  amountFiat: string | number
  /** The corridor's fiat, ISO 4217. */
  currency: string
  token: { symbol: string; decimals: number }
  /** `data` of the kit's GET /rates (the service's indicative rates). */
  rates: Pick<IndicativeRates, 'rates'> | undefined
  orderType: 'OnRamp' | 'OffRamp'
}

/** What `indicativeEstimate` returns: exact, but not binding. */
export type IndicativeEstimate = {
  /** Tokens for the fiat amount at `rate`, exact to the token's decimals, cut toward zero. */
  tokenAmount: string
  /** Fiat per token, as the service sent it (a JSON number). */
  rate: number
  currency: string
  symbol: string
}

/**
 * The estimate of a fiat amount in tokens from the service's indicative rates (GET
 * /partner/rates/indicative): `buy` on an on-ramp (the user buys dollars), `sell` on an
 * off-ramp. Exact decimal arithmetic on the rate's own digits (bigint, never a float division),
 * cut to the token's decimals. `undefined` when the rates have no entry for the currency, the
 * token is not a dollar token, or the amount is not above 0: no estimate rather than a wrong one.
 * Not binding: the quote adds the service's markup and fees.
 *
 * @example
 * indicativeEstimate({ amountFiat: '50000', currency: 'NGN', token: { symbol: 'USDC', decimals: 6 },
 *   rates: { rates: [{ currency: 'NGN', buy: 1553.2275, sell: 1537.7725 }] }, orderType: 'OnRamp' })
 * // { tokenAmount: '32.191034', rate: 1553.2275, currency: 'NGN', symbol: 'USDC' }
 */
export function indicativeEstimate(
  params: IndicativeEstimateParameters,
): IndicativeEstimate | undefined {
  const { token, orderType } = params
  const currency = params.currency.toUpperCase()
  const priced = dollarRate(
    params.rates,
    currency,
    token.symbol,
    orderType === 'OnRamp' ? 'buy' : 'sell',
  )
  const amount = amountText(params.amountFiat)
  if (!priced || amount === undefined) return undefined
  const { rate, text: rateText } = priced
  // Both on one scale of integers: tokens = amount / rate, in the token's base units.
  const scale = Math.max(fractionDigits(amount), fractionDigits(rateText))
  const fiat = toBaseUnits(amount, scale)
  const perToken = toBaseUnits(rateText, scale)
  if (fiat === 0n || perToken === 0n) return undefined
  const units = (fiat * 10n ** BigInt(token.decimals)) / perToken
  return {
    tokenAmount: fromBaseUnits(units, token.decimals),
    rate,
    currency,
    symbol: token.symbol,
  }
}

/** Parameters of `indicativePayout`. */
export type IndicativePayoutParameters = {
  /** The tokens the user sells, a decimal string. */
  amountCrypto: string
  currency: string
  token: { symbol: string; decimals: number }
  rates: Pick<IndicativeRates, 'rates'> | undefined
  /** Digits of the currency's minor unit the payout is cut to (2 for KES). */
  fiatDigits: number
}

/** What `indicativePayout` returns: exact, but not binding. */
export type IndicativePayout = {
  /** Fiat for the tokens at `rate`, cut toward zero to `fiatDigits`. */
  fiatAmount: string
  rate: number
  currency: string
  symbol: string
}

/**
 * The estimate of a sale's payout: the tokens times the service's indicative `sell` rate (fiat
 * per US dollar), exact integer arithmetic, cut to the currency's minor unit. `undefined` as for
 * `indicativeEstimate`: no entry, not a dollar token, or nothing to sell. Not binding.
 *
 * @example
 * indicativePayout({ amountCrypto: '10', currency: 'GHS', token: { symbol: 'USDC', decimals: 6 },
 *   rates: { rates: [{ currency: 'GHS', buy: 15.4268, sell: 15.2733 }] }, fiatDigits: 2 })
 * // { fiatAmount: '152.73', rate: 15.2733, currency: 'GHS', symbol: 'USDC' }
 */
export function indicativePayout(params: IndicativePayoutParameters): IndicativePayout | undefined {
  const { token } = params
  const currency = params.currency.toUpperCase()
  const priced = dollarRate(params.rates, currency, token.symbol, 'sell')
  const amount = amountText(params.amountCrypto)
  if (!priced || amount === undefined) return undefined
  const { rate, text: rateText } = priced
  const amountDigits = fractionDigits(amount)
  const rateDigits = fractionDigits(rateText)
  const product = toBaseUnits(amount, amountDigits) * toBaseUnits(rateText, rateDigits)
  if (product === 0n) return undefined
  const scale = amountDigits + rateDigits
  const digits = Math.max(0, params.fiatDigits)
  const cut =
    scale > digits
      ? product / 10n ** BigInt(scale - digits)
      : product * 10n ** BigInt(digits - scale)
  return { fiatAmount: fromBaseUnits(cut, digits), rate, currency, symbol: token.symbol }
}

/** Parameters of `tokenLimits`. */
export type TokenLimitsParameters = {
  /** The provider's limits, in the corridor's fiat (`min_amount`, `max_amount`). */
  min: number
  max?: number | undefined
  currency: string
  token: { symbol: string; decimals: number }
  rates: Pick<IndicativeRates, 'rates'> | undefined
}

/** What `tokenLimits` returns: the tokens a sale may send, exact decimal strings. */
export type TokenLimits = {
  /** The fewest tokens worth the fiat minimum at the rate, rounded up to the token's decimals. */
  min: string
  /** The most tokens within the fiat maximum, rounded down; undefined when there is none. */
  max?: string | undefined
  rate: number
  symbol: string
}

/**
 * A sale's limits in tokens: the provider's fiat limits divided by the indicative `sell` rate,
 * the minimum rounded up and the maximum down to the token's decimals, so an amount inside them
 * is inside the fiat limits at that rate (the service prices the sale's fiat from the tokens and
 * checks it against the same limits). Exact integer arithmetic on the rate's own digits.
 * `undefined` where `indicativePayout` has no price: no entry, not a dollar token.
 *
 * @example
 * tokenLimits({ min: 50, max: 150000, currency: 'KES', token: { symbol: 'USDC', decimals: 6 },
 *   rates: { rates: [{ currency: 'KES', buy: 131.1888, sell: 127.3113 }] } })
 * // { min: '0.392739', max: '1178.214345', rate: 127.3113, symbol: 'USDC' }
 */
export function tokenLimits(params: TokenLimitsParameters): TokenLimits | undefined {
  const { token } = params
  const currency = params.currency.toUpperCase()
  const priced = dollarRate(params.rates, currency, token.symbol, 'sell')
  const min = amountText(params.min)
  if (!priced || min === undefined) return undefined
  const max =
    params.max === undefined || !Number.isFinite(params.max) ? undefined : amountText(params.max)
  const scale = Math.max(
    fractionDigits(priced.text),
    fractionDigits(min),
    max === undefined ? 0 : fractionDigits(max),
  )
  const perToken = toBaseUnits(priced.text, scale)
  if (perToken === 0n) return undefined
  const unit = 10n ** BigInt(token.decimals)
  const low = toBaseUnits(min, scale) * unit
  const minUnits = (low + perToken - 1n) / perToken
  const maxUnits = max === undefined ? undefined : (toBaseUnits(max, scale) * unit) / perToken
  return {
    min: fromBaseUnits(minUnits, token.decimals),
    ...(maxUnits === undefined ? {} : { max: fromBaseUnits(maxUnits, token.decimals) }),
    rate: priced.rate,
    symbol: token.symbol,
  }
}
