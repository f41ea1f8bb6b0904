/**
 * Property tests of the units helpers (fast-check), against viem's `parseUnits`/`formatUnits`,
 * which `toBaseUnits`/`fromBaseUnits` are built on:
 * - base units -> human -> base units is the identity (6, 18 and every decimals 0..36, up to
 *   and beyond uint256), and the human form is canonical and equal to viem's `formatUnits`;
 * - a canonical human amount with at most `decimals` fraction digits -> base -> human gives the
 *   same string back, and any other spelling of it (leading or trailing zeros, whitespace) gives
 *   the same base units;
 * - more significant fraction digits than the token has is a `UnitsError` `too_many_decimals`,
 *   where viem's `parseUnits` would round silently (checked, so the refusal is not vacuous);
 * - numbers, strings and decimals of any kind give a result or a `UnitsError`, nothing else.
 *
 * Default: 100 to 500 runs per property, 2,300 in all (about 1 s). Soak (`RAMPKIT_SOAK=1`): 20x
 * every numRuns, 46,000 runs.
 */
import fc from 'fast-check'
import { formatUnits, parseUnits } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { compareDecimal } from './decimal.js'
import { UnitsError, type UnitsErrorReason } from './errors.js'
import { formatTokenAmount, fromBaseUnits, MAX_TOKEN_DECIMALS, toBaseUnits } from './units.js'

const SOAK = process.env.RAMPKIT_SOAK === '1'
const scale = (runs: number) => (SOAK ? runs * 20 : runs)
const TIMEOUT = SOAK ? 600_000 : 60_000

let runs = 0
const decimalsSeen = new Set<number>()

afterAll(() => {
  const decimals = [...decimalsSeen].sort((a, b) => a - b)
  console.log(`[security] ${JSON.stringify({ area: 'property.units', runs, decimals })}`)
})

/** 6 and 18 (USDC, most ERC-20s) most of the time, and any allowed decimals otherwise. */
const decimalsArb = fc
  .oneof(fc.constantFrom(6, 18), fc.integer({ min: 0, max: MAX_TOKEN_DECIMALS }))
  .map((decimals) => {
    decimalsSeen.add(decimals)
    return decimals
  })

const MAX_UINT256 = 2n ** 256n - 1n
const baseArb = fc.oneof(
  fc.bigInt({ min: 0n, max: 10n ** 20n }),
  fc.bigInt({ min: 0n, max: MAX_UINT256 }),
  fc.bigInt({ min: 0n, max: 10n ** 100n }),
  fc.constantFrom(0n, 1n, 2n ** 53n - 1n, 2n ** 53n + 1n, MAX_UINT256),
)

const CANONICAL = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/

/** A canonical human amount with at most `decimals` fraction digits, plus its parts. */
function canonicalArb(decimals: number) {
  return fc
    .record({
      int: fc.oneof(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 80n }),
      ),
      frac: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: decimals }),
    })
    .map(({ int, frac }) => {
      const trimmed = frac.replace(/0+$/, '')
      return trimmed === '' ? String(int) : `${int}.${trimmed}`
    })
}

function reasonOf(run: () => unknown): UnitsErrorReason | 'ok' {
  try {
    run()
    return 'ok'
  } catch (error) {
    if (error instanceof UnitsError) return error.reason
    throw error
  }
}

describe('units properties', () => {
  it(
    'base units -> human -> base units is the identity, and the human form is canonical viem formatUnits',
    () => {
      fc.assert(
        fc.property(decimalsArb, baseArb, (decimals, value) => {
          runs++
          const human = fromBaseUnits(value, decimals)
          expect(human).toBe(formatUnits(value, decimals))
          expect(human).toMatch(CANONICAL)
          expect(human.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(decimals)
          expect(toBaseUnits(human, decimals)).toBe(value)
        }),
        { numRuns: scale(300) },
      )
    },
    TIMEOUT,
  )

  it(
    'a canonical human amount -> base -> human is the same string; other spellings give the same base units',
    () => {
      const caseArb = decimalsArb.chain((decimals) =>
        fc.record({
          decimals: fc.constant(decimals),
          human: canonicalArb(decimals),
          leadingZeros: fc.nat({ max: 5 }),
          trailingZeros: fc.nat({ max: 40 }),
          space: fc.constantFrom('', ' ', '\t', '\n', '\u00a0', '\ufeff'),
        }),
      )
      fc.assert(
        fc.property(caseArb, ({ decimals, human, leadingZeros, trailingZeros, space }) => {
          runs++
          const base = toBaseUnits(human, decimals)
          expect(base).toBe(parseUnits(human, decimals))
          expect(fromBaseUnits(base, decimals)).toBe(human)
          // Zeros that change nothing, in any number, even beyond the token's decimals.
          const [int = '', frac = ''] = human.split('.')
          const padded = `${space}${'0'.repeat(leadingZeros)}${int}.${frac}${'0'.repeat(trailingZeros)}${space}`
          if (frac !== '' || trailingZeros > 0) {
            expect(toBaseUnits(padded, decimals)).toBe(base)
          }
          // The same amount as a number, when the number holds it exactly.
          const asNumber = Number(human)
          if (String(asNumber) === human && Number.isSafeInteger(Math.trunc(asNumber))) {
            expect(toBaseUnits(asNumber, decimals)).toBe(base)
          }
        }),
        { numRuns: scale(300) },
      )
    },
    TIMEOUT,
  )

  it(
    'more significant fraction digits than the token has is too_many_decimals, never rounded',
    () => {
      const caseArb = decimalsArb.chain((decimals) =>
        fc.record({
          decimals: fc.constant(decimals),
          int: fc.bigInt({ min: 0n, max: 10n ** 30n }),
          // decimals + 1 .. decimals + 12 digits, the last one significant.
          frac: fc
            .string({
              unit: fc.constantFrom(...'0123456789'),
              minLength: decimals,
              maxLength: decimals + 11,
            })
            .chain((digits) => fc.constantFrom(...'123456789').map((last) => `${digits}${last}`)),
          trailingZeros: fc.nat({ max: 5 }),
        }),
      )
      let viemWouldRound = 0
      fc.assert(
        fc.property(caseArb, ({ decimals, int, frac, trailingZeros }) => {
          runs++
          const human = `${int}.${frac}${'0'.repeat(trailingZeros)}`
          expect(reasonOf(() => toBaseUnits(human, decimals))).toBe('too_many_decimals')
          // viem gives an answer here, and it is not the amount: exact value * 10^extra differs.
          const extra = frac.length - decimals
          const exact = BigInt(`${int}${frac}`)
          if (parseUnits(human, decimals) * 10n ** BigInt(extra) !== exact) viemWouldRound++
        }),
        { numRuns: scale(300) },
      )
      expect(viemWouldRound).toBe(scale(300))
    },
    TIMEOUT,
  )

  it(
    'any finite number gives exact base units or a UnitsError, and the units read back as the number',
    () => {
      let converted = 0
      fc.assert(
        fc.property(
          decimalsArb,
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          (decimals, amount) => {
            runs++
            const reason = reasonOf(() => toBaseUnits(amount, decimals))
            if (amount < 0) {
              // Refused either way; an integer beyond 2^53 is reported as such first.
              const expected = Number.isInteger(amount) && !Number.isSafeInteger(amount)
              expect(reason).toBe(expected ? 'unsafe_number' : 'negative_amount')
              return
            }
            if (reason !== 'ok') {
              expect(['too_many_decimals', 'unsafe_number']).toContain(reason)
              if (reason === 'unsafe_number') expect(Number.isSafeInteger(amount)).toBe(false)
              return
            }
            const base = toBaseUnits(amount, decimals)
            expect(base >= 0n).toBe(true)
            // -0 reads back as 0, hence === rather than Object.is.
            expect(Number(fromBaseUnits(base, decimals)) === amount).toBe(true)
            converted++
          },
        ),
        { numRuns: scale(300) },
      )
      expect(converted).toBeGreaterThan(0)
    },
    TIMEOUT,
  )

  it(
    'any string, and any decimals, give a bigint or a UnitsError; a result reads back equal',
    () => {
      let converted = 0
      const amountArb = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: fc.constantFrom(...'0123456789.-+e, _'), maxLength: 30 }),
        fc.stringMatching(/^\s?-?\d{0,40}(\.\d{0,40})?\s?$/),
        fc.constantFrom('', '.', '-0', '0.', '.5', '1e3', 'Infinity', 'NaN', '0x10', '１'),
      )
      const anyDecimalsArb = fc.oneof(
        decimalsArb,
        fc.integer({ min: -100, max: 100 }),
        fc.double(),
        fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 6.5, -0),
      )
      fc.assert(
        fc.property(amountArb, anyDecimalsArb, (amount, decimals) => {
          runs++
          const valid =
            Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_TOKEN_DECIMALS
          const reason = reasonOf(() => toBaseUnits(amount, decimals))
          if (!valid) {
            expect(reason).toBe('invalid_decimals')
            expect(reasonOf(() => fromBaseUnits(1n, decimals))).toBe('invalid_decimals')
            return
          }
          if (reason !== 'ok') return
          const base = toBaseUnits(amount, decimals)
          expect(base >= 0n).toBe(true)
          expect(compareDecimal(fromBaseUnits(base, decimals), amount)).toBe(0)
          converted++
        }),
        { numRuns: scale(500) },
      )
      expect(converted).toBeGreaterThan(0)
    },
    TIMEOUT,
  )

  it(
    'a canonical negative amount is negative_amount, never its absolute value',
    () => {
      fc.assert(
        fc.property(
          decimalsArb.chain((decimals) => fc.tuple(fc.constant(decimals), canonicalArb(decimals))),
          ([decimals, human]) => {
            runs++
            fc.pre(human !== '0')
            expect(reasonOf(() => toBaseUnits(`-${human}`, decimals))).toBe('negative_amount')
          },
        ),
        { numRuns: scale(100) },
      )
    },
    TIMEOUT,
  )

  it(
    'formatTokenAmount cuts toward zero: never more than the balance, less by under one last digit',
    () => {
      fc.assert(
        fc.property(
          decimalsArb,
          baseArb,
          fc.option(fc.nat({ max: 40 }), { nil: undefined }),
          (decimals, value, max) => {
            runs++
            const shown = formatTokenAmount(
              value,
              decimals,
              max === undefined ? {} : { maxFractionDigits: max },
            )
            const kept = Math.min(max ?? 6, decimals)
            expect(shown).toMatch(CANONICAL)
            expect(shown.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(kept)
            const back = toBaseUnits(shown, decimals)
            expect(back <= value).toBe(true)
            expect(value - back < 10n ** BigInt(decimals - kept)).toBe(true)
          },
        ),
        { numRuns: scale(300) },
      )
    },
    TIMEOUT,
  )

  it(
    'compareDecimal orders human amounts like their base units',
    () => {
      const pairArb = fc
        .tuple(baseArb, baseArb)
        .map(([a, b]) => [fromBaseUnits(a, 36), fromBaseUnits(b, 36), a, b] as const)
      fc.assert(
        fc.property(pairArb, ([x, y, a, b]) => {
          runs++
          expect(compareDecimal(x, y)).toBe(a < b ? -1 : a > b ? 1 : 0)
        }),
        { numRuns: scale(200) },
      )
    },
    TIMEOUT,
  )

  it('covered 6, 18 and decimals across 0..36', () => {
    expect(decimalsSeen.has(6)).toBe(true)
    expect(decimalsSeen.has(18)).toBe(true)
    expect(decimalsSeen.size).toBeGreaterThan(10)
    expect(runs).toBeGreaterThan(0)
  })
})
