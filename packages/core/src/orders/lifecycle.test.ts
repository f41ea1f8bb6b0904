import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  canMoveOrderStatus,
  FINAL_ORDER_STATUSES,
  isFinalOrderStatus,
  isKnownOrderStatus,
  type KnownOrderStatus,
  normalizeOrderStatus,
  ORDER_STATUSES,
  orderStatusRank,
  orderStatusText,
} from './lifecycle.js'

/**
 * The allowed moves, written out by hand from the service interface's table (section 3) and the
 * published states, not computed: every pair of known statuses is checked against it.
 */
const ALLOWED: Record<KnownOrderStatus, readonly KnownOrderStatus[]> = {
  submitted: ['pending', 'processing', 'pending_settlement', 'settled', 'failed', 'refunded'],
  pending: ['processing', 'pending_settlement', 'settled', 'failed', 'refunded'],
  processing: ['pending_settlement', 'settled', 'failed', 'refunded'],
  pending_settlement: ['settled', 'failed', 'refunded'],
  settled: ['refunded'],
  failed: ['refunded'],
  refunded: [],
}

/** Which statuses have ended, by hand too: settled, failed and refunded. */
const FINAL: Record<KnownOrderStatus, boolean> = {
  submitted: false,
  pending: false,
  processing: false,
  pending_settlement: false,
  settled: true,
  failed: true,
  refunded: true,
}

const PAIRS = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.map((to) => [from, to, ALLOWED[from].includes(to)] as const),
)

const UNKNOWN = ['awaiting_review', 'settled_unverified', 'on_hold'] as const
const IN_PROGRESS = ['submitted', 'pending', 'processing', 'pending_settlement'] as const

describe('the order lifecycle', () => {
  it.each(PAIRS)('moves %s -> %s: %s', (from, to, allowed) => {
    expect(canMoveOrderStatus(from, to)).toBe(allowed)
  })

  it.each(ORDER_STATUSES)('%s is known, and final as the table says', (status) => {
    expect(isFinalOrderStatus(status)).toBe(FINAL[status])
    expect((FINAL_ORDER_STATUSES as readonly string[]).includes(status)).toBe(FINAL[status])
    expect(isKnownOrderStatus(status)).toBe(true)
  })

  it('treats an unknown status as in progress, never final, and never refuses it', () => {
    for (const word of UNKNOWN) {
      expect(isFinalOrderStatus(word)).toBe(false)
      expect(isKnownOrderStatus(word)).toBe(false)
      expect(normalizeOrderStatus(word)).toBe(word)
    }
    expect([undefined, null, '', '   '].map(isFinalOrderStatus)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })

  it.each(IN_PROGRESS)(
    'moves %s on to an unknown status, which then ends settled, failed or refunded',
    (from) => {
      for (const word of UNKNOWN) {
        expect(canMoveOrderStatus(from, word)).toBe(true)
        expect(canMoveOrderStatus(word, from)).toBe(false)
        for (const final of FINAL_ORDER_STATUSES) expect(canMoveOrderStatus(word, final)).toBe(true)
      }
    },
  )

  it.each(FINAL_ORDER_STATUSES)('never moves %s to an unknown status', (from) => {
    for (const word of UNKNOWN) expect(canMoveOrderStatus(from, word)).toBe(false)
  })

  it('keeps the first of two unknown statuses: the kit cannot tell which is newer', () => {
    expect(canMoveOrderStatus('awaiting_review', 'on_hold')).toBe(false)
    expect(canMoveOrderStatus('on_hold', 'awaiting_review')).toBe(false)
    expect(canMoveOrderStatus('on_hold', 'ON_HOLD')).toBe(false)
  })

  it('reads statuses in any case and with stray spaces', () => {
    expect(normalizeOrderStatus(' SETTLED ')).toBe('settled')
    expect(normalizeOrderStatus('Pending_Settlement')).toBe('pending_settlement')
    expect(normalizeOrderStatus('AWAITING_REVIEW')).toBe('awaiting_review')
    expect([null, undefined, 42, '', '  '].map(normalizeOrderStatus)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(canMoveOrderStatus('PROCESSING', 'Settled')).toBe(true)
    expect(canMoveOrderStatus('SETTLED', 'settled')).toBe(false)
    expect(canMoveOrderStatus('Settled', 'PROCESSING')).toBe(false)
    expect(isFinalOrderStatus('REFUNDED')).toBe(true)
    expect(isKnownOrderStatus('PENDING')).toBe(false)
    expect(isKnownOrderStatus(normalizeOrderStatus('PENDING'))).toBe(true)
    expect(orderStatusRank('PENDING_SETTLEMENT')).toBe(orderStatusRank('pending_settlement'))
  })

  it('ranks unknown statuses after every in-progress status and before the final ones', () => {
    const unknown = orderStatusRank('awaiting_review')
    for (const status of IN_PROGRESS) expect(orderStatusRank(status)).toBeLessThan(unknown)
    for (const status of FINAL_ORDER_STATUSES)
      expect(orderStatusRank(status)).toBeGreaterThan(unknown)
    expect(orderStatusRank('settled')).toBe(orderStatusRank('failed'))
  })

  it('names a status in words for display', () => {
    expect(orderStatusText('AWAITING_REVIEW')).toBe('awaiting review')
    expect(orderStatusText('pending_settlement')).toBe('pending settlement')
    expect(orderStatusText(' on--hold ')).toBe('on hold')
    expect(orderStatusText(undefined)).toBe('')
  })

  it('enters no status twice and leaves a final one only for refunded, whatever arrives', () => {
    const word = fc.oneof(
      fc.constantFrom(...ORDER_STATUSES, ...UNKNOWN),
      fc.constantFrom(...ORDER_STATUSES).map((status) => status.toUpperCase()),
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.array(word, { maxLength: 30 }),
        (start, events) => {
          let status: string = start
          const entered = [status]
          for (const next of events) {
            if (!canMoveOrderStatus(status, next)) continue
            if (isFinalOrderStatus(status)) expect(normalizeOrderStatus(next)).toBe('refunded')
            status = normalizeOrderStatus(next)!
            entered.push(status)
          }
          expect(new Set(entered).size).toBe(entered.length)
        },
      ),
    )
  })
})
