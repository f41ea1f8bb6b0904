import type {
  AmountProblem,
  CheckoutError,
  CheckoutEvent,
  CheckoutToken,
} from '@rampkit/core/checkout'
import {
  type TokenLimits,
  validateAmountForProvider,
  validateFiatAmount,
} from '@rampkit/core/checkout'
import { toBaseUnits } from '@rampkit/core/units'
import type { MessageKey } from '../../messages/index.js'
import type { useRampKit } from '../../provider.js'
import { amountExample, type parseLocaleAmount } from '../../utils/amount.js'
import { readTokenAmount } from '../../utils/units.js'
import { formatExact } from '../format.js'

type Translate = ReturnType<typeof useRampKit>['t']

const AMOUNT_MESSAGES: Partial<Record<string, MessageKey>> = {
  required: 'validation.amount',
  not_positive: 'validation.amount',
  invalid_format: 'validation.amount',
  too_many_decimals: 'validation.amount.whole',
  below_minimum: 'validation.amount.min',
  above_maximum: 'validation.amount.max',
}

/** What the amount step says when the service refused the amount: its limits when it named them. */
export function refusedText(
  t: Translate,
  locale: string,
  error: CheckoutError | undefined,
): string {
  const limits = error?.limits
  const unit = limits?.currency ? ` ${limits.currency}` : ''
  const text = (value: number) => `${formatExact(value, locale)}${unit}`
  if (limits?.max !== undefined && (error?.code === 'above_maximum' || limits.min === undefined)) {
    return t('amount.refused.max', { max: text(limits.max) })
  }
  if (limits?.min !== undefined) return t('amount.refused.min', { min: text(limits.min) })
  return t('amount.refused')
}

/** What `readAmount` reads the typed amount against. */
export type ReadAmountParameters = {
  t: Translate
  locale: string
  parsed: ReturnType<typeof parseLocaleAmount>
  sell: boolean
  token: CheckoutToken
  /** A sale's limits in tokens (the provider's fiat limits at the sell rate). */
  sellLimits: TokenLimits | undefined
  /** The fiat limits (the provider's, or an EUR/USD currency's). */
  bounds: { min: number | undefined; max: number | undefined; currency: string }
  /** The limits as the messages show them. */
  limits: { currency: string; min: string; max: string }
}

/**
 * The event the typed amount makes, or what is wrong with it: a sale's tokens checked through
 * their base units against the limits in tokens, a purchase's whole fiat units with core's rules.
 */
export function readAmount(parameters: ReadAmountParameters): CheckoutEvent | string {
  const { t, locale, parsed, sell, token, sellLimits, bounds, limits } = parameters
  if (!parsed.ok) {
    return parsed.reason === 'empty'
      ? t('validation.amount')
      : t('validation.amount.format', { example: amountExample(locale, sell ? 2 : 0) })
  }
  if (sell) {
    const tokens = readTokenAmount(parsed.value, token.decimals)
    if (!tokens.ok) {
      return tokens.reason === 'too_many_decimals'
        ? t('validation.tokenAmount.decimals', { symbol: token.symbol, decimals: token.decimals })
        : t('validation.amount')
    }
    if (sellLimits) {
      const tokenText = (amount: string) => `${formatExact(Number(amount), locale)} ${token.symbol}`
      const units = toBaseUnits(tokens.value, token.decimals)
      if (units < toBaseUnits(sellLimits.min, token.decimals)) {
        return t('validation.amount.min', { min: tokenText(sellLimits.min) })
      }
      if (sellLimits.max !== undefined && units > toBaseUnits(sellLimits.max, token.decimals)) {
        return t('validation.amount.max', { max: tokenText(sellLimits.max) })
      }
    }
    return { type: 'SET_AMOUNT', amountCrypto: tokens.value }
  }
  const { min, max, currency } = bounds
  const options = { wholeUnits: true }
  const result =
    min !== undefined && max !== undefined
      ? validateAmountForProvider(
          parsed.value,
          { min_amount: min, max_amount: max, currency },
          options,
        )
      : validateFiatAmount(parsed.value, currency, options)
  return result.ok
    ? { type: 'SET_AMOUNT', amountFiat: Number(result.value) }
    : t(AMOUNT_MESSAGES[result.code] ?? 'validation.amount', limits)
}

/** The limits under the amount's field: a sale's in tokens beside the fiat, when both are known. */
export function limitsHint(parameters: Omit<ReadAmountParameters, 'parsed'>): string | undefined {
  const { t, locale, sell, token, sellLimits, bounds, limits } = parameters
  if (bounds.min === undefined || bounds.max === undefined) return undefined
  if (sellLimits?.max !== undefined) {
    return t('amount.limits.offramp', {
      ...limits,
      minTokens: formatExact(Number(sellLimits.min), locale),
      maxTokens: formatExact(Number(sellLimits.max), locale),
      symbol: token.symbol,
    })
  }
  return t(sell ? 'amount.limits.offramp.fiat' : 'amount.limits', limits)
}

/**
 * The typed amount as the controller reads it (canonical digits and `.`): the event's own
 * amount when the widget accepts it, else the locale-read value, else the text as typed.
 */
export function canonicalAmount(
  parsed: ReturnType<typeof parseLocaleAmount>,
  text: string,
  next: CheckoutEvent | string | undefined,
): string {
  if (next !== undefined && typeof next !== 'string' && next.type === 'SET_AMOUNT') {
    return next.amountCrypto ?? String(next.amountFiat)
  }
  return parsed.ok ? parsed.value : text
}

/** What the amount step says of the controller's error for the value typed now. */
export function amountProblemText(
  parameters: Omit<ReadAmountParameters, 'parsed'>,
  problem: AmountProblem,
): string {
  const { t, locale, sell, limits } = parameters
  if (problem === 'below_minimum') return t('validation.amount.min', limits)
  if (problem === 'above_maximum') return t('validation.amount.max', limits)
  if (problem === 'invalid_amount') {
    return t('validation.amount.format', { example: amountExample(locale, sell ? 2 : 0) })
  }
  return t('validation.amount')
}
