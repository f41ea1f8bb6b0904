import type { CheckoutDetails } from '@rampkit/core/checkout'
import { formatTokenAmount, toDecimalString } from '@rampkit/core/units'

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
 * For the binding quote, whose figures the user agrees to, and for a partner's own pages (an
 * orders list), so an amount reads the same there as in the checkout.
 *
 * @example
 * formatExact(1568.6825, 'en') // '1,568.6825'
 * formatExact(5.94999132, 'fr') // '5,94999132'
 */
export function formatExact(value: number, locale: string): string {
  try {
    return formatDecimal(toDecimalString(value), locale)
  } catch {
    return String(value)
  }
}

/**
 * A decimal string with every digit it has, grouped in the widget's locale (`'1178.214345'` ->
 * `1,178.214345` in English, `1 178,214345` in French): formatted from its digits, never through
 * a float, so a token amount of 18 decimals reads as it is.
 *
 * @example
 * formatDecimal('1178.214345', 'en') // '1,178.214345'
 */
export function formatDecimal(value: string, locale: string): string {
  const digits = (value.split('.')[1] ?? '').length
  try {
    // ES2023 Intl formats a decimal string from its digits; the lib here types numbers only.
    // Intl takes 20 fraction digits everywhere (100 in newer engines).
    const format = new Intl.NumberFormat(locale, {
      maximumFractionDigits: Math.min(digits, 20),
    }).format as (value: string | number) => string
    return format(value)
  } catch {
    return value
  }
}

/**
 * A token amount in base units, with all of the token's digits that are not trailing zeros (an
 * approval is for the exact amount, so none is cut),
 * grouped in the widget's locale: what an approval asks for reads as the quote does.
 *
 * @example
 * formatUnits(1178214345n, 6, 'en') // '1,178.214345'
 */
export function formatUnits(value: bigint, decimals: number, locale: string): string {
  return formatDecimal(formatTokenAmount(value, decimals, { maxFractionDigits: decimals }), locale)
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
 * An estimate, with the digits it has (a token amount cut to the token's decimals, a rate as the
 * service sent it), grouped in the locale: one format with the quote's (`formatExact`), so the
 * estimate `1,178.214345 USDC` is not `1,178.21 USDC` one screen before the quote says
 * `1,178.214345 USDC`.
 */
export function formatEstimate(value: string | number, locale: string): string {
  if (typeof value === 'string') return formatDecimal(value, locale)
  try {
    // A float of the service's preview (`11.552680221811` tokens) is cut toward zero to 6
    // decimals, a dollar token's: never more digits than the order can carry.
    const [whole, fraction = ''] = toDecimalString(value).split('.')
    const cut = fraction.slice(0, ESTIMATE_DIGITS).replace(/0+$/, '')
    return formatDecimal(cut ? `${whole}.${cut}` : `${whole}`, locale)
  } catch {
    return String(value)
  }
}

const ESTIMATE_DIGITS = 6

/**
 * A country's name in the widget's locale (`Intl.DisplayNames`): `'ZA'` in French is
 * `Afrique du Sud`. `fallback` (the catalog's English name) where the runtime has none.
 *
 * @example
 * countryLabel('ZA', 'fr') // 'Afrique du Sud'
 */
export function countryLabel(code: string, locale: string, fallback?: string | null): string {
  try {
    return (
      new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code) ??
      fallback ??
      code
    )
  } catch {
    return fallback ?? code
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

/**
 * The number a payment goes to or comes from, for the confirm and status screens: the phone
 * grouped as its country writes it (kept by the details step, which has the phone metadata, so
 * the first chunk does not load it), its groups joined by no-break spaces so a narrow screen
 * never splits it over two lines; else the phone as sent, else the bank account.
 *
 * @example
 * recipientOf({ phone: '+254712345678', phoneDisplay: '+254 712 345678' }) // '+254\u00a0712\u00a0345678'
 */
export function recipientOf(
  details: Pick<CheckoutDetails, 'phone' | 'phoneDisplay' | 'accountNumber'> | undefined,
): string | undefined {
  return (
    details?.phoneDisplay?.replaceAll(' ', '\u00a0') ?? details?.phone ?? details?.accountNumber
  )
}
