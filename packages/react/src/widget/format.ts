/** A number for people in the widget's locale, cut to `maxFractionDigits`. */
export function formatNumber(value: number, locale: string, maxFractionDigits = 2): string {
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: maxFractionDigits }).format(value)
  } catch {
    return String(value)
  }
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
