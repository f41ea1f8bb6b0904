import type { IndicativeRates } from '../schemas/rates.js'
import { fractionDigits, toDecimalString } from '../units/decimal.js'
import { fromBaseUnits, toBaseUnits } from '../units/units.js'

// Tokens worth one US dollar: the service's indicative rates are fiat per USD (spec 4.1), so
// they price these and nothing else (a WXM is not a dollar).
const USD_TOKENS = new Set(['USDC', 'USDT', 'DAI', 'PYUSD'])

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
  if (!USD_TOKENS.has(token.symbol.toUpperCase())) return undefined
  const currency = params.currency.toUpperCase()
  const entry = params.rates?.rates.find((rate) => rate.currency.toUpperCase() === currency)
  const rate = orderType === 'OnRamp' ? entry?.buy : entry?.sell
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return undefined
  let amount: string
  let rateText: string
  try {
    amount = toDecimalString(params.amountFiat)
    rateText = toDecimalString(rate)
  } catch {
    return undefined
  }
  if (amount.startsWith('-')) return undefined
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
