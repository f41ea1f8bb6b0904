import { describe, expect, it } from 'vitest'
import {
  canReachStep,
  canTransition,
  checkoutSteps,
  createCheckout,
  isQuoteExpired,
  quoteTimeLeft,
  transition,
} from './machine.js'
import { parseCheckout, serializeCheckout } from './persist.js'
import {
  fromKitOrder,
  fromQuote,
  quoteAssetOf,
  toCreateOrderRequest,
  toQuoteRequest,
} from './requests.js'
import type { CheckoutEvent, CheckoutState } from './types.js'

const NOW = Date.parse('2030-01-01T00:00:00Z')
const quote = (id: string, expiresInMs = 60_000) => ({
  quoteId: id,
  rate: 130,
  amountFiat: 1300,
  amountCrypto: 10,
  currency: 'KES',
  token: 'USDC',
  expiresAt: new Date(NOW + expiresInMs).toISOString(),
})

function run(state: CheckoutState, ...events: CheckoutEvent[]): CheckoutState {
  return events.reduce(transition, state)
}

function toQuote(direction: 'OnRamp' | 'OffRamp' = 'OnRamp'): CheckoutState {
  return run(
    createCheckout(),
    { type: 'SELECT_DIRECTION', direction },
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
    {
      type: 'SELECT_PROVIDER',
      provider: { id: 'p1', name: 'M-Pesa', minAmount: 100, maxAmount: 100_000, currency: 'KES' },
    },
    {
      type: 'SELECT_TOKEN',
      token: {
        symbol: 'USDC',
        label: 'USDC',
        address: '0x0000000000000000000000000000000000000001',
        decimals: 6,
        chainId: 31337,
        requiresZeroAllowanceReset: false,
      },
    },
    direction === 'OffRamp'
      ? { type: 'SET_AMOUNT', amountCrypto: '10' }
      : { type: 'SET_AMOUNT', amountFiat: 1300 },
    {
      type: 'SUBMIT_DETAILS',
      details: {
        name: 'Amina Njoroge',
        phone: '+254712345678',
        walletAddress: '0x00000000000000000000000000000000000000aa',
      },
    },
  )
}

function toConfirm(direction: 'OnRamp' | 'OffRamp' = 'OnRamp'): CheckoutState {
  let state = run(toQuote(direction), { type: 'QUOTE_RECEIVED', quote: quote('q1') })
  state = transition(state, { type: 'QUOTE_REVIEWED', now: NOW })
  if (direction === 'OffRamp') {
    state = run(
      state,
      { type: 'APPROVAL_REQUIRED', amount: '10000000', spender: '0xspender' },
      { type: 'APPROVAL_SUBMITTED', txHash: '0xabc' },
      { type: 'APPROVAL_CONFIRMED' },
    )
  }
  return state
}

const order = {
  id: 'o1',
  orderId: 'o1',
  txHash: null,
  status: 'processing' as const,
  settlementTxHash: null,
}

describe('checkout machine', () => {
  it('walks the on-ramp steps in order and skips approve', () => {
    const state = toQuote()
    expect(state.step).toBe('quote')
    expect(checkoutSteps('OnRamp')).not.toContain('approve')
    expect(toConfirm().step).toBe('confirm')
  })

  it('visits approve between quote and confirm on off-ramp', () => {
    let state = run(toQuote('OffRamp'), { type: 'QUOTE_RECEIVED', quote: quote('q1') })
    state = transition(state, { type: 'QUOTE_REVIEWED', now: NOW })
    expect(state.step).toBe('approve')
    expect(canTransition(state, { type: 'GO_TO', step: 'confirm' })).toEqual({
      ok: false,
      reason: 'step_unreachable',
    })
    expect(toConfirm('OffRamp').step).toBe('confirm')
    expect(toConfirm('OffRamp').approval).toMatchObject({ txHash: '0xabc', confirmed: true })
  })

  it('starts on the corridor step when the direction is given', () => {
    expect(createCheckout({ direction: 'OffRamp' }).step).toBe('corridor')
  })

  it('refuses events on the wrong step and returns the same state object', () => {
    const state = createCheckout()
    const next = transition(state, { type: 'SET_AMOUNT', amountFiat: 10 })
    expect(next).toBe(state)
    expect(canTransition(state, { type: 'SET_AMOUNT', amountFiat: 10 })).toEqual({
      ok: false,
      reason: 'wrong_step',
    })
  })

  it('guards the amount with the provider limits', () => {
    const state = run(toQuote(), { type: 'GO_TO', step: 'amount' })
    expect(canTransition(state, { type: 'SET_AMOUNT', amountFiat: 50 })).toMatchObject({
      reason: 'below_minimum',
    })
    expect(canTransition(state, { type: 'SET_AMOUNT', amountFiat: 200_000 })).toMatchObject({
      reason: 'above_maximum',
    })
    expect(canTransition(state, { type: 'SET_AMOUNT', amountFiat: Number.NaN })).toMatchObject({
      reason: 'invalid_amount',
    })
    expect(transition(state, { type: 'SET_AMOUNT', amountFiat: 500 }).amountFiat).toBe(500)
  })

  it('clears the downstream choices when the corridor changes', () => {
    let state = run(toQuote(), { type: 'GO_TO', step: 'corridor' })
    state = transition(state, {
      type: 'SELECT_CORRIDOR',
      corridor: { kind: 'african', country: 'NG', currency: 'NGN' },
    })
    expect(state.paymentMethod).toBeUndefined()
    expect(state.provider).toBeUndefined()
    expect(state.amountFiat).toBeUndefined()
    expect(state.token).toBeDefined()
    expect(state.details).toBeDefined()
  })

  it('goes back one step and never past a confirm', () => {
    const state = transition(toQuote(), { type: 'BACK' })
    expect(state.step).toBe('details')
    const confirmed = transition(toConfirm(), { type: 'CONFIRM', key: 'k1', now: NOW })
    expect(transition(confirmed, { type: 'BACK' })).toBe(confirmed)
  })

  it('keeps a signed accept’s body with its confirm, through a reload and a resend', () => {
    const acceptBody = { signed_accept: { signature: `0x${'ab'.repeat(65)}` } }
    const sent = transition(toConfirm(), { type: 'CONFIRM', key: 'k1', now: NOW, acceptBody })
    const reloaded = parseCheckout(serializeCheckout(sent))
    expect(reloaded?.confirm).toMatchObject({ key: 'k1', state: 'sending', acceptBody })
    const resent = transition(reloaded!, { type: 'CONFIRM_RESEND' })
    expect(resent.confirm).toMatchObject({ key: 'k1', acceptBody })
  })

  it('fires confirm once per quote', () => {
    const state = toConfirm()
    const sent = transition(state, { type: 'CONFIRM', key: 'k1', now: NOW })
    expect(sent.confirm).toMatchObject({
      key: 'k1',
      quoteId: 'q1',
      state: 'sending',
      flow: 'quote',
    })
    expect(sent.confirmedQuoteIds).toEqual(['q1'])
    expect(transition(sent, { type: 'CONFIRM', key: 'k2', now: NOW })).toBe(sent)
    expect(canTransition(sent, { type: 'CONFIRM', key: 'k2', now: NOW })).toMatchObject({
      reason: 'confirm_in_flight',
    })
    const done = transition(sent, { type: 'CONFIRM_SUCCEEDED', order })
    expect(done.step).toBe('status')
    expect(done.confirm?.state).toBe('sent')
    // Even a state rewound to the confirm step cannot confirm the same quote again.
    const { confirm: _c, order: _o, ...rewound } = done
    expect(
      canTransition({ ...rewound, step: 'confirm' }, { type: 'CONFIRM', key: 'k3', now: NOW }),
    ).toMatchObject({ reason: 'already_confirmed' })
  })

  it('keeps spent quote ids across a reset', () => {
    const done = run(
      toConfirm(),
      { type: 'CONFIRM', key: 'k1', now: NOW },
      { type: 'CONFIRM_SUCCEEDED', order },
      { type: 'RESET' },
    )
    expect(done.step).toBe('direction')
    expect(done.confirmedQuoteIds).toEqual(['q1'])
  })

  it('refuses a confirm on an expired quote, and re-quotes in one event', () => {
    const state = toConfirm()
    const late = NOW + 120_000
    expect(canTransition(state, { type: 'CONFIRM', key: 'k', now: late })).toMatchObject({
      reason: 'quote_expired',
    })
    const requoted = transition(state, { type: 'REQUOTE' })
    expect(requoted.step).toBe('quote')
    expect(requoted.quote).toBeUndefined()
  })

  it('marks the quote expired on a 410 from accept and sends the user back to the quote', () => {
    const state = run(
      toConfirm(),
      { type: 'CONFIRM', key: 'k1', now: NOW },
      { type: 'CONFIRM_FAILED', outcome: 'refused', error: { message: 'Expired', status: 410 } },
    )
    expect(state.step).toBe('quote')
    expect(state.quote?.expired).toBe(true)
    expect(state.confirm).toBeUndefined()
    expect(canTransition(state, { type: 'REQUOTE' }).ok).toBe(true)
    const fresh = run(
      state,
      { type: 'REQUOTE' },
      { type: 'QUOTE_RECEIVED', quote: quote('q2') },
      { type: 'QUOTE_REVIEWED', now: NOW },
      { type: 'CONFIRM', key: 'k2', now: NOW },
    )
    expect(fresh.confirm?.quoteId).toBe('q2')
    expect(fresh.confirmedQuoteIds).toEqual(['q1', 'q2'])
  })

  it('sends a refused wallet signature back to the quote, not to the details', () => {
    const error = {
      message: 'signed_accept.signature is not the enrolled wallet’s signature',
      status: 422,
      field: 'signed_accept.signature',
    }
    const state = run(
      toConfirm(),
      { type: 'CONFIRM', key: 'k1', now: NOW },
      { type: 'CONFIRM_FAILED', outcome: 'refused', error },
    )
    expect(state.step).toBe('quote')
    expect(state.quote?.expired).toBe(true)
    expect(state.error).toEqual(error)
    expect(state.fieldErrors).toEqual({})
  })

  it('marks the quote expired on QUOTE_EXPIRED and on a 410 while quoting', () => {
    const state = run(toQuote(), { type: 'QUOTE_RECEIVED', quote: quote('q1') })
    expect(transition(state, { type: 'QUOTE_EXPIRED' }).quote?.expired).toBe(true)
    const failed = transition(state, {
      type: 'QUOTE_FAILED',
      error: { message: 'gone', status: 410 },
    })
    expect(failed.quote?.expired).toBe(true)
    expect(canTransition(failed, { type: 'QUOTE_REVIEWED', now: NOW })).toMatchObject({
      reason: 'quote_expired',
    })
  })

  it('sends a 422 with data.field back to the details step with the error on the field', () => {
    const state = transition(toQuote(), {
      type: 'QUOTE_FAILED',
      error: { message: 'BVN required', status: 422, field: 'customer.additional_id_number' },
    })
    expect(state.step).toBe('details')
    expect(state.fieldErrors).toEqual({ 'customer.additional_id_number': 'BVN required' })
    const resubmitted = transition(state, {
      type: 'SUBMIT_DETAILS',
      details: { ...state.details!, bvn: '22345678901' },
    })
    expect(resubmitted.fieldErrors).toEqual({})
    expect(resubmitted.step).toBe('quote')
  })

  it('sends a 422 on the amount back to the amount step, where the amount is typed', () => {
    const state = transition(toQuote(), {
      type: 'QUOTE_FAILED',
      error: { message: 'Amount below minimum', status: 422, field: 'local_amount' },
    })
    expect(state.step).toBe('amount')
    expect(state.fieldErrors).toEqual({ local_amount: 'Amount below minimum' })
    const fixed = transition(state, { type: 'SET_AMOUNT', amountFiat: 2000 })
    expect(fixed.step).toBe('details')
    expect(fixed.fieldErrors).toEqual({})
  })

  it('keeps a confirm of unknown outcome locked; only an accept may be re-sent', () => {
    const unknown = run(
      toConfirm(),
      { type: 'CONFIRM', key: 'k1', now: NOW },
      { type: 'CONFIRM_FAILED', outcome: 'unknown', error: { message: 'Network down' } },
    )
    expect(unknown.confirm?.state).toBe('sending')
    expect(canTransition(unknown, { type: 'CONFIRM_RESEND' }).ok).toBe(true)
    expect(canTransition(unknown, { type: 'RETRY' }).ok).toBe(false)
    // A sale accepts its quote too (idempotent, so it may be re-sent).
    const sale = run(
      toConfirm('OffRamp'),
      { type: 'CONFIRM', key: 'k1', now: NOW },
      { type: 'CONFIRM_FAILED', outcome: 'unknown', error: { message: 'Network down' } },
    )
    expect(sale.confirm?.flow).toBe('quote')
    expect(canTransition(sale, { type: 'CONFIRM_RESEND' }).ok).toBe(true)
    // A direct create in flight from an earlier version is never re-sent.
    const direct = { ...sale, confirm: { ...sale.confirm!, flow: 'direct' as const } }
    expect(canTransition(direct, { type: 'CONFIRM_RESEND' })).toMatchObject({
      reason: 'already_confirmed',
    })
  })

  it('requires a confirmed approval before an off-ramp confirm', () => {
    let state = run(toQuote('OffRamp'), { type: 'QUOTE_RECEIVED', quote: quote('q1') })
    state = run(state, { type: 'QUOTE_REVIEWED', now: NOW })
    expect(
      canTransition({ ...state, step: 'confirm' }, { type: 'CONFIRM', key: 'k', now: NOW }),
    ).toMatchObject({ reason: 'approval_pending' })
  })

  it('moves order statuses forward only', () => {
    let state = run(
      toConfirm(),
      { type: 'CONFIRM', key: 'k1', now: NOW },
      { type: 'CONFIRM_SUCCEEDED', order },
      { type: 'ORDER_UPDATED', order: { status: 'settled', settlementTxHash: '0xfeed' } },
    )
    expect(state.order).toMatchObject({ status: 'settled', settlementTxHash: '0xfeed' })
    expect(transition(state, { type: 'ORDER_UPDATED', order: { status: 'processing' } })).toBe(
      state,
    )
    state = transition(state, { type: 'ORDER_UPDATED', order: { status: 'refunded' } })
    expect(state.order?.status).toBe('refunded')
    expect(transition(state, { type: 'ORDER_UPDATED', order: { status: 'failed' } })).toBe(state)
  })

  it('keeps pending_settlement and unknown statuses, and moves them as the lifecycle says', () => {
    let state = run(
      toConfirm(),
      { type: 'CONFIRM', key: 'k1', now: NOW },
      { type: 'CONFIRM_SUCCEEDED', order },
      { type: 'ORDER_UPDATED', order: fromKitOrder({ id: 'o1', status: 'pending_settlement' }) },
    )
    expect(state.order?.status).toBe('pending_settlement')
    // A late processing after pending_settlement is older news.
    expect(transition(state, { type: 'ORDER_UPDATED', order: { status: 'processing' } })).toBe(
      state,
    )
    state = transition(state, { type: 'ORDER_UPDATED', order: { status: 'awaiting_review' } })
    expect(state.order?.status).toBe('awaiting_review')
    // The same status may still bring news, such as the settlement hash.
    state = transition(state, {
      type: 'ORDER_UPDATED',
      order: { status: 'awaiting_review', settlementTxHash: '0xbeef' },
    })
    expect(state.order).toMatchObject({ status: 'awaiting_review', settlementTxHash: '0xbeef' })
    // A reload resumes with the word it had.
    expect(parseCheckout(serializeCheckout(state))?.order?.status).toBe('awaiting_review')
    state = transition(state, { type: 'ORDER_UPDATED', order: { status: 'settled' } })
    expect(state.order?.status).toBe('settled')
    expect(transition(state, { type: 'ORDER_UPDATED', order: { status: 'on_hold' } })).toBe(state)
  })

  it('retries a failed order with a new quote and the same details', () => {
    const failed = run(
      toConfirm(),
      { type: 'CONFIRM', key: 'k1', now: NOW },
      { type: 'CONFIRM_SUCCEEDED', order },
      { type: 'ORDER_UPDATED', order: { status: 'failed' } },
    )
    const retried = transition(failed, { type: 'RETRY' })
    expect(retried.step).toBe('quote')
    expect(retried.quote).toBeUndefined()
    expect(retried.order).toBeUndefined()
    expect(retried.details?.name).toBe('Amina Njoroge')
    const settled = transition(failed, { type: 'ORDER_UPDATED', order: { status: 'failed' } })
    expect(
      canTransition({ ...settled, order: { ...order, status: 'settled' } }, { type: 'RETRY' }),
    ).toMatchObject({ ok: false })
  })

  it('reaches only steps whose prerequisites are set', () => {
    const state = createCheckout({ direction: 'OnRamp' })
    expect(canReachStep(state, 'corridor')).toBe(true)
    expect(canReachStep(state, 'amount')).toBe(false)
    expect(canReachStep(toQuote(), 'amount')).toBe(true)
    expect(canReachStep(toQuote(), 'approve')).toBe(false)
  })

  it('computes expiry and time left from the quote', () => {
    const q = { ...quote('q'), expired: false }
    expect(isQuoteExpired(q, NOW)).toBe(false)
    expect(quoteTimeLeft(q, NOW)).toBe(60_000)
    expect(isQuoteExpired(q, NOW + 60_000)).toBe(true)
    expect(quoteTimeLeft({ ...q, expired: true }, NOW)).toBe(0)
  })
})

describe('checkout persistence', () => {
  it('round-trips a state through text', () => {
    const state = transition(toConfirm('OffRamp'), { type: 'CONFIRM', key: 'k1', now: NOW })
    expect(parseCheckout(serializeCheckout(state))).toEqual(state)
  })

  it('refuses text that is not a checkout', () => {
    expect(parseCheckout(null)).toBeNull()
    expect(parseCheckout('not json')).toBeNull()
    expect(parseCheckout('{"version":2}')).toBeNull()
    const state = toQuote()
    expect(parseCheckout(JSON.stringify({ ...state, step: 'nowhere' }))).toBeNull()
    expect(parseCheckout(JSON.stringify({ ...state, token: { symbol: 1 } }))).toBeNull()
    expect(parseCheckout(JSON.stringify({ ...state, confirmedQuoteIds: [1] }))).toBeNull()
  })
})

describe('checkout requests', () => {
  it('builds the binding quote body from the choices', () => {
    expect(toQuoteRequest(createCheckout())).toBeUndefined()
    const asset = {
      token: '0x0000000000000000000000000000000000000001',
      currency: 'USDC',
      network: '31337',
    }
    const payment = { type: 'mobile_money', network_id: 'p1', phone_number: '+254712345678' }
    const customer = { type: 'user', name: 'Amina Njoroge', country: 'KE', phone: '+254712345678' }
    expect(toQuoteRequest(toQuote())).toEqual({
      order_type: 'OnRamp',
      country: 'KE',
      currency: 'KES',
      local_amount: 1300,
      asset,
      payment_method: payment,
      customer,
      wallet_address: '0x00000000000000000000000000000000000000aa',
    })
    // A sale sends the tokens it sells, and the wallet as where they go back on a failed payout.
    expect(toQuoteRequest(toQuote('OffRamp'))).toEqual({
      order_type: 'OffRamp',
      country: 'KE',
      currency: 'KES',
      crypto_amount: 10,
      asset,
      payment_method: payment,
      customer,
      refund_address: '0x00000000000000000000000000000000000000aa',
    })
    // A BVN goes with its type, as the published Nigerian quotes send it.
    const nigerian = { ...toQuote(), details: { ...toQuote().details!, bvn: '22345678901' } }
    expect(toQuoteRequest(nigerian)?.customer).toEqual({
      ...customer,
      additional_id_type: 'bvn',
      additional_id_number: '22345678901',
    })
  })

  it('names the asset network by label, then by chain id, then by chain name', () => {
    const token = { symbol: 'USDC', address: '0x01', chainId: 84532 }
    expect(quoteAssetOf({ ...token, label: 'BASE_USDC(Testnet)' }).network).toBe('BASE')
    expect(quoteAssetOf({ ...token, label: 'USDT', chainId: 137 }).network).toBe('POLYGON')
    expect(quoteAssetOf({ ...token, label: 'USDC', chain: 'Base Sepolia' }).network).toBe(
      'BASE_SEPOLIA',
    )
  })

  it('takes whole fiat units to buy and an exact token amount to sell', () => {
    const buying = toQuote()
    const amountStep = { ...buying, step: 'amount' as const }
    expect(canTransition(amountStep, { type: 'SET_AMOUNT', amountFiat: 1300.5 })).toEqual({
      ok: false,
      reason: 'invalid_amount',
    })
    expect(canTransition(amountStep, { type: 'SET_AMOUNT', amountCrypto: '10' })).toEqual({
      ok: false,
      reason: 'invalid_amount',
    })
    const selling = { ...toQuote('OffRamp'), step: 'amount' as const }
    expect(canTransition(selling, { type: 'SET_AMOUNT', amountCrypto: '10.123456' })).toEqual({
      ok: true,
    })
    for (const amount of ['10.1234567', '0', '0.000000', '-1', '1e3', '']) {
      expect(canTransition(selling, { type: 'SET_AMOUNT', amountCrypto: amount })).toEqual({
        ok: false,
        reason: 'invalid_amount',
      })
    }
    expect(canTransition(selling, { type: 'SET_AMOUNT', amountFiat: 1300 })).toMatchObject({
      ok: false,
    })
    const next = transition(selling, { type: 'SET_AMOUNT', amountCrypto: '12.5' })
    expect(next).toMatchObject({ amountCrypto: '12.5', step: 'details' })
    // Another token (other decimals) asks for the amount again.
    const other = transition(
      { ...next, step: 'token' },
      {
        type: 'SELECT_TOKEN',
        token: { ...selling.token!, address: '0x0000000000000000000000000000000000000002' },
      },
    )
    expect(other.amountCrypto).toBeUndefined()
  })

  it('builds the direct order body with the idempotency key as client_ref', () => {
    const body = toCreateOrderRequest(toConfirm('OffRamp'), 'key-1')
    expect(body).toMatchObject({
      user_address: '0x00000000000000000000000000000000000000aa',
      token: '0x0000000000000000000000000000000000000001',
      order_type: 1,
      fiat_payload: {
        amount_fiat: 1300,
        currency: 'KES',
        cashout_type: 'PHONE',
        phone_number: '+254712345678',
        client_ref: 'key-1',
      },
    })
  })

  it('reads kit orders and quotes', () => {
    expect(
      fromKitOrder({ id: '0xabc', order_id: null, tx_hash: '0xabc', status: 'SUBMITTED' }),
    ).toEqual({
      id: '0xabc',
      orderId: null,
      txHash: '0xabc',
      status: 'submitted',
      settlementTxHash: null,
    })
    expect(fromKitOrder({ order_id: 'o9', status: 'Awaiting_Review' })).toMatchObject({
      id: 'o9',
      status: 'awaiting_review',
    })
    expect(fromKitOrder({ order_id: 'o8', status: 'PENDING_SETTLEMENT' }).status).toBe(
      'pending_settlement',
    )
    expect(fromKitOrder({ order_id: 'o7' }).status).toBe('processing')
    expect(
      fromQuote({
        quote_id: 'q',
        order_type: 'OnRamp',
        expires_at: 'x',
        amounts: {
          rate: 131.69,
          user_pays: { amount: 800, currency: 'KES' },
          user_receives: { amount: 5.94999132, currency: 'USDC', network: 'BASE' },
          fees: { service_fee_local: 16, service_fee_usd: 0.12, partner_fee_local: 0.1 },
        },
      }),
    ).toEqual({
      quoteId: 'q',
      rate: 131.69,
      amountFiat: 800,
      amountCrypto: 5.94999132,
      currency: 'KES',
      token: 'USDC',
      network: 'BASE',
      feeFiat: 16.1,
      expiresAt: 'x',
    })
  })

  it('reads an off-ramp quote the other way round: the user pays tokens and receives fiat', () => {
    expect(
      fromQuote({
        quote_id: 'q',
        order_type: 'OffRamp',
        expires_at: 'x',
        amounts: {
          rate: 128.9,
          user_pays: { amount: 20, currency: 'USDT', network: 'POLYGON' },
          user_receives: { amount: 2539.33, currency: 'KES' },
        },
      }),
    ).toEqual({
      quoteId: 'q',
      rate: 128.9,
      amountFiat: 2539.33,
      amountCrypto: 20,
      currency: 'KES',
      token: 'USDT',
      network: 'POLYGON',
      expiresAt: 'x',
    })
  })

  it('counts the quote time-to-live on the local clock, whatever the service clock says', () => {
    const quote = {
      quote_id: 'q',
      order_type: 'OnRamp' as const,
      amounts: {
        rate: 1,
        user_pays: { amount: 2, currency: 'KES' },
        user_receives: { amount: 3, currency: 'USDC' },
      },
      // The service's clock runs an hour ahead of this browser's.
      created_at: '2026-11-22T11:00:00.000Z',
      expires_at: '2026-11-22T11:02:00.000Z',
    }
    const receivedAt = Date.parse('2026-11-22T10:00:05.000Z')
    const kept = fromQuote(quote, receivedAt)
    expect(kept.expiresAt).toBe('2026-11-22T10:02:05.000Z')
    expect(isQuoteExpired({ ...kept, expired: false }, receivedAt + 119_000)).toBe(false)
    expect(isQuoteExpired({ ...kept, expired: false }, receivedAt + 120_000)).toBe(true)
    expect(kept.signing).toBeUndefined()
  })

  it('keeps a signed-accept quote’s signing block as sent, through a reload', () => {
    const signing = {
      next_nonce: 3,
      key_id: 'skey_1',
      signer_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      typed_data: {
        primaryType: 'AcceptPartnerOrder',
        domain: { name: 'ElementPay Partner Orders', version: '1', chainId: 31337 },
        types: { AcceptPartnerOrder: [{ name: 'nonce', type: 'uint256' }] },
        message: { nonce: 3 },
      },
    }
    const kept = fromQuote({
      quote_id: 'yc_send_1',
      order_type: 'OffRamp',
      amounts: {
        rate: 1,
        user_pays: { amount: 2, currency: 'USDC' },
        user_receives: { amount: 3, currency: 'KES' },
      },
      expires_at: '2026-11-22T11:02:00.000Z',
      signing,
    })
    expect(kept.signing).toEqual(signing)
    const state = {
      ...createCheckout({ direction: 'OffRamp' }),
      quote: { ...kept, expired: false },
    }
    expect(parseCheckout(serializeCheckout(state))?.quote?.signing).toEqual(signing)
  })
})
