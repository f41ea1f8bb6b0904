import { toDecimalString } from '@rampkit/core/units'

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

/** Digits after the point of a currency's minor unit (KES 2, UGX 0, BHD 3); 2 when unknown. */
export function fiatDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    )
  } catch {
    return 2
  }
}

/** A fiat amount with its currency code, to the currency's minor unit. */
export function formatFiat(value: number, currency: string, locale: string): string {
  return `${formatNumber(value, locale, fiatDigits(currency))} ${currency}`
}

/**
 * An estimate for people: at most 6 significant digits (`32.191034` shows `32.191`, `0.00012345`
 * keeps `0.00012345`), in the locale. For estimates only: the binding quote's figures are shown
 * exactly (`formatExact`). A decimal string is formatted from its digits, not through a float.
 */
export function formatEstimate(value: string | number, locale: string): string {
  try {
    // ES2023 Intl formats a decimal string from its digits; the lib here types numbers only.
    const format = new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 }).format as (
      value: string | number,
    ) => string
    return format(value)
  } catch {
    return String(value)
  }
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
