// No zod here, nor any other import: the checkout reads a kit order's reason with this in the
// widget's bundle, and the server kit cleans what it stores with the same function.

/** The most characters (code points) of a failure reason the kit keeps and the widget shows. */
export const MAX_FAILURE_REASON_LENGTH = 280

/** Control characters and line or paragraph separators: each becomes a space. */
const BREAKS = /[\p{Cc}\u2028\u2029]/gu
/**
 * Bidirectional embeddings, overrides and isolates (and lone surrogates): they can make shown
 * text read in another order than it was written, so they go.
 */
const REORDERING = /[\u202A-\u202E\u2066-\u2069\p{Cs}]/gu

/**
 * A failed order's reason as the kit stores it and the widget shows it, from the service's
 * `failure_reason`, or `undefined` when there is none.
 *
 * Neither the interface description nor the published OpenAPI document or webhooks guide names a
 * field for why an order failed; the service's own sandbox sends `failure_reason` (a string) on a
 * failed order's backup GET and `order.failed` body, so rampkit reads that name, loosely: any
 * other type, or text that is only blank, is no reason. It is the service's text shown to a
 * shopper, so it is made plain before anyone keeps it: control characters and line breaks become
 * spaces, characters that reorder text are dropped, runs of white space become one space, and
 * it is cut to `MAX_FAILURE_REASON_LENGTH` code points (ending in `…` when cut). It stays text:
 * render it as text, never as HTML. It may name what the shopper gave (a phone number): log it
 * never.
 *
 * @example
 * orderFailureReason('  Payer\ndeclined\u0000 ') // 'Payer declined'
 * orderFailureReason(42) // undefined
 */
export function orderFailureReason(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const plain = value.replace(BREAKS, ' ').replace(REORDERING, '').replace(/\s+/g, ' ').trim()
  if (plain === '') return undefined
  const points = Array.from(plain)
  if (points.length <= MAX_FAILURE_REASON_LENGTH) return plain
  return `${points
    .slice(0, MAX_FAILURE_REASON_LENGTH - 1)
    .join('')
    .trimEnd()}…`
}
