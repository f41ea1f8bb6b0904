import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_FAILURE_REASON_LENGTH, orderFailureReason } from './failureReason.js'

/** What plain text never holds: controls, separators, reordering marks, or untrimmed space. */
const UNPLAIN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|^\s|\s$|\s\s/u

/**
 * Text made of the pieces that matter here (letters, spaces, controls, separators, reordering
 * marks, astral characters, lone surrogates), long enough to be cut.
 */
const text = fc
  .array(
    fc.constantFrom(
      'a',
      'é',
      ' ',
      '  ',
      '\n',
      '\t',
      '\u0000',
      '\u0085',
      '\u2028',
      '\u202E',
      '\u2066',
      '😀',
      '\uD800',
      '\u00A0',
    ),
    { maxLength: 400 },
  )
  .map((pieces) => pieces.join(''))

describe('orderFailureReason', () => {
  it('keeps the service’s words, trimmed', () => {
    expect(orderFailureReason('  Failure forced by a sandbox test value ')).toBe(
      'Failure forced by a sandbox test value',
    )
  })

  it('turns control characters and line breaks into single spaces', () => {
    expect(
      orderFailureReason('Payer\r\ndeclined\u0000the\tprompt\u0085\u2028again\u001b[31m'),
    ).toBe('Payer declined the prompt again [31m')
  })

  it('drops characters that reorder the text shown', () => {
    expect(orderFailureReason('Refund to \u202Eeman\u202C account')).toBe('Refund to eman account')
    expect(orderFailureReason('a\u2066b\u2069c\uD800d')).toBe('abcd')
  })

  it('is no reason when it is not text or only blank', () => {
    for (const value of [undefined, null, 42, { message: 'x' }, ['x'], '', ' \n\t\u0000 ']) {
      expect(orderFailureReason(value)).toBeUndefined()
    }
  })

  it('cuts a long reason to the bound, by code points, ending in an ellipsis', () => {
    const long = `${'😀'.repeat(MAX_FAILURE_REASON_LENGTH)} tail`
    const cut = orderFailureReason(long)!
    expect(Array.from(cut)).toHaveLength(MAX_FAILURE_REASON_LENGTH)
    expect(cut.endsWith('😀…')).toBe(true)
    const exact = 'x'.repeat(MAX_FAILURE_REASON_LENGTH)
    expect(orderFailureReason(exact)).toBe(exact)
  })

  it('gives plain, bounded text that a second pass leaves as it is', () => {
    fc.assert(
      fc.property(text, (value) => {
        const once = orderFailureReason(value)
        if (once === undefined) return true
        return (
          Array.from(once).length <= MAX_FAILURE_REASON_LENGTH &&
          !UNPLAIN.test(once) &&
          orderFailureReason(once) === once
        )
      }),
    )
  })
})
