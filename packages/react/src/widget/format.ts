import { toDecimalString } from '@rampkit/core'

/** A number for people in the widget's locale, cut to `maxFractionDigits`. */
export function formatNumber(value: number, locale: string, maxFractionDigits = 2): string {
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: maxFractionDigits }).format(value)
  } catch {
    return String(value)
  }
}

/**
 * A figure exactly as the service sent it, in the widget's locale: every decimal of its shortest
 * form is kept (`5.94999132` stays `5.94999132`, `16.1` stays `16.1`), none is added or cut.
 * For the binding quote, whose figures the user agrees to.
 */
export function formatExact(value: number, locale: string): string {
  let digits = 0
  try {
    digits = (toDecimalString(value).split('.')[1] ?? '').length
  } catch {
    return String(value)
  }
  // Rounding a double to the digits of its shortest form gives back that form. Intl takes 20
  // fraction digits everywhere (100 in newer engines); no quoted price comes close.
  return formatNumber(value, locale, Math.min(digits, 20))
}

/** A fiat amount with its currency code. */
export function formatFiat(value: number, currency: string, locale: string): string {
  return `${formatNumber(value, locale, 2)} ${currency}`
}

/** `m:ss` of a duration in ms. */
export function formatDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}

/** A hash or address shortened for display (the full value stays in `title`). */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash
}
