import { describe, expect, it } from 'vitest'
import { createCheckout, transition } from './machine.js'
import { CHECKOUT_SCREENS, screenEntry, screenOf } from './screens.js'
import { CHECKOUT_STEPS, type CheckoutEvent, type CheckoutState } from './types.js'

const NOW = Date.parse('2030-01-01T00:00:00Z')

function run(state: CheckoutState, ...events: CheckoutEvent[]): CheckoutState {
  return events.reduce(transition, state)
}

const chosen = () =>
  run(
    createCheckout({ direction: 'OnRamp' }),
    {
      type: 'SELECT_CORRIDOR',
      corridor: { kind: 'african', country: 'KE', currency: 'KES' },
    },
    {
      type: 'SELECT_PAYMENT_METHOD',
      paymentMethod: {
        type: 'mobile_money',
        label: 'Mobile money',
        quoteType: 'mobile_money',
        networkSource: 'catalog',
      },
    },
    { type: 'SELECT_PROVIDER', provider: { id: 'mpesa', name: 'M-Pesa', minAmount: 150 } },
    {
      type: 'SELECT_TOKEN',
      token: {
        symbol: 'USDC',
        label: 'USDC',
        address: '0x1',
        decimals: 6,
        chainId: 1,
        requiresZeroAllowanceReset: false,
      },
    },
  )

const atReview = () =>
  run(
    chosen(),
    { type: 'SET_AMOUNT', amountFiat: 1500 },
    { type: 'SUBMIT_DETAILS', details: { name: 'Amina Otieno', walletAddress: '0x2' } },
    {
      type: 'QUOTE_RECEIVED',
      quote: {
        quoteId: 'q1',
        rate: 130,
        amountFiat: 1500,
        amountCrypto: 11.5,
        currency: 'KES',
        token: 'USDC',
        expiresAt: new Date(NOW + 60_000).toISOString(),
      },
    },
  )

describe('checkout screens', () => {
  it('puts every step on exactly one of four screens, in the order of the steps', () => {
    const screens = CHECKOUT_STEPS.map(screenOf)
    expect(new Set(screens)).toEqual(new Set(CHECKOUT_SCREENS))
    const order = screens.map((screen) => CHECKOUT_SCREENS.indexOf(screen))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(screenOf('token')).toBe('choose')
    expect(screenOf('approve')).toBe('review')
  })

  it('lands a move back on the furthest step the choices reach, and forward again', () => {
    const review = atReview()
    expect(screenOf(review.step)).toBe('review')
    expect(screenEntry(review, 'amount')).toBe('amount')
    expect(screenEntry(review, 'choose')).toBe('token')
    const back = transition(review, { type: 'GO_TO', step: 'amount' })
    expect(back.quote?.quoteId).toBe('q1')
    expect(screenEntry(back, 'review')).toBe('confirm')
    expect(screenEntry(back, 'status')).toBeUndefined()
  })

  it('refuses every screen before the confirm once a confirm was sent', () => {
    const sent = run(
      atReview(),
      { type: 'QUOTE_REVIEWED', now: NOW },
      {
        type: 'CONFIRM',
        key: 'k1',
        now: NOW,
      },
    )
    expect(sent.confirm).toBeDefined()
    expect(screenEntry(sent, 'amount')).toBeUndefined()
    expect(screenEntry(sent, 'choose')).toBeUndefined()
    expect(screenEntry(sent, 'review')).toBe('confirm')
  })

  it('does not offer the amount before a token is chosen', () => {
    expect(screenEntry(createCheckout({ direction: 'OnRamp' }), 'amount')).toBeUndefined()
  })
})
