import { UnitsError } from './errors.js'

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/

/** A decimal split into parts with no redundant zeros: `-0012.340` -> `{ negative: true, int: '12', frac: '34' }`. */
type Decimal = { negative: boolean; int: string; frac: string }

function parseDecimal(value: string, name: string): Decimal {
  const match = DECIMAL.exec(value)
  if (!match) {
    throw new UnitsError(
      'invalid_amount',
      `${name} must be a plain decimal like "12.5" (digits, one optional ".", no exponent or separators).`,
    )
  }
  const int = (match[2] ?? '').replace(/^0+(?=\d)/, '')
  const frac = (match[3] ?? '').replace(/0+$/, '')
  // '-0' and '-0.000' are zero: the sign must not make them smaller than '0'.
  const negative = match[1] === '-' && (int !== '0' || frac !== '')
  return { negative, int, frac }
}

/**
 * Turns a JavaScript number into the exact decimal string of its shortest round-trip form, with
 * no exponent: `1e-7` -> `'0.0000001'`, `0.1 + 0.2` -> `'0.30000000000000004'`, `1e21` ->
 * `'1000000000000000000000'`. Unlike `toFixed`, it neither rounds nor pads, so the string means
 * exactly what `String(n)` means. NaN and ±Infinity are refused.
 *
 * @example
 * toDecimalString(1e-7) // '0.0000001'
 * toDecimalString('12.50') // '12.50' (strings pass through after a format check)
 */
export function toDecimalString(amount: string | number): string {
  if (typeof amount === 'string') {
    const trimmed = amount.trim()
    parseDecimal(trimmed, 'The amount')
    return trimmed
  }
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    throw new UnitsError(
      'invalid_amount',
      `The amount must be a finite number, got ${String(amount)}.`,
    )
  }
  const text = String(amount)
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (!match) return text
  // String(n) switches to exponent form below 1e-6 and from 1e21; shift the point by hand.
  const [, sign = '', int = '', frac = '', exp = '0'] = match
  const digits = int + frac
  const point = int.length + Number(exp)
  let result: string
  if (point <= 0) result = `0.${'0'.repeat(-point)}${digits}`
  else if (point >= digits.length) result = digits + '0'.repeat(point - digits.length)
  else result = `${digits.slice(0, point)}.${digits.slice(point)}`
  return sign + result
}

/**
 * Compares two decimal strings exactly (no float conversion), returning -1, 0 or 1 like a sort
 * comparator. Trailing fractional zeros and leading integer zeros do not matter, so `'10.1'`
 * equals `'10.10'`; a leading `-` is allowed. Anything that is not a plain decimal throws a
 * `UnitsError`.
 *
 * @example
 * compareDecimal('10.10', '10.1') // 0
 * compareDecimal('9.99', '10') // -1
 * ['2', '10', '1.5'].sort(compareDecimal) // ['1.5', '2', '10']
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = parseDecimal(a.trim(), 'The first value')
  const y = parseDecimal(b.trim(), 'The second value')
  if (x.negative !== y.negative) return x.negative ? -1 : 1
  const magnitude = compareMagnitude(x, y)
  return (x.negative ? -magnitude : magnitude) as -1 | 0 | 1
}

function compareMagnitude(x: Decimal, y: Decimal): -1 | 0 | 1 {
  if (x.int.length !== y.int.length) return x.int.length < y.int.length ? -1 : 1
  if (x.int !== y.int) return x.int < y.int ? -1 : 1
  const width = Math.max(x.frac.length, y.frac.length)
  const xf = x.frac.padEnd(width, '0')
  const yf = y.frac.padEnd(width, '0')
  if (xf === yf) return 0
  return xf < yf ? -1 : 1
}

/** Number of significant fractional digits of a plain decimal string (`'1.500'` -> 1). */
export function fractionDigits(value: string): number {
  return parseDecimal(value.trim(), 'The amount').frac.length
}
