import { type CheckoutState, fromQuote, serializeCheckout } from '@rampkit/core/checkout'
import type { KitOrder } from '@rampkit/core/kit'
import { QueryClient } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { checkoutAtQuote, kitFetch, run, sellQuote, WALLET } from '../../test/offline.js'
import { RampKitProvider } from '../provider.js'
import { useCheckout } from './useCheckout.js'

/**
 * An off-ramp sale of 35.5 USDT whose direct create (the flow of an earlier version) left and
 * never answered before a reload.
 */
function saleInFlight(): CheckoutState {
  const state = run(checkoutAtQuote('OffRamp', { amountCrypto: '35.5' }, 'USDT'), [
    { type: 'QUOTE_RECEIVED', quote: fromQuote(sellQuote()) },
    { type: 'QUOTE_REVIEWED', now: Date.now() },
    { type: 'APPROVAL_REQUIRED', amount: '35500000', spender: WALLET },
    { type: 'APPROVAL_CONFIRMED' },
    { type: 'CONFIRM', key: 'sale-key', now: Date.now() - 1_000 },
  ])
  expect(state.amountFiat).toBeUndefined()
  expect(state.confirm).toMatchObject({ flow: 'quote', state: 'sending' })
  return { ...state, confirm: { ...state.confirm!, flow: 'direct' } }
}

function kitOrder(extra: Partial<KitOrder>): KitOrder {
  return {
    id: 'YC-1',
    flow: 'direct',
    order_id: 'YC-1',
    quote_id: null,
    tx_hash: null,
    status: 'processing',
    order_type: 'OffRamp',
    amount_fiat: 4571.3,
    currency: 'KES',
    amount_crypto: 35.5,
    token: 'USDT',
    rate: 128.771831,
    wallet_address: WALLET.toLowerCase(),
    settlement_transaction_hash: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...extra,
  }
}

function resume(state: CheckoutState, orders: KitOrder[]) {
  window.sessionStorage.setItem('rampkit:checkout', serializeCheckout(state))
  const { fetch, sent } = kitFetch({
    'GET /orders': () => orders,
    'GET /orders/YC-1': () => orders[0],
  })
  const onOrderCreated = vi.fn()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RampKitProvider endpoint="/api/ramp" queryClient={queryClient} fetch={fetch}>
      {children}
    </RampKitProvider>
  )
  const hook = renderHook(() => useCheckout({ direction: 'OffRamp', onOrderCreated }), {
    wrapper,
  })
  return { ...hook, sent, onOrderCreated }
}

describe('useCheckout: a sale whose create has an unknown outcome', () => {
  it('finds the order by the quote’s fiat, since a sale is typed in tokens', async () => {
    const order = kitOrder({})
    const { result, sent, onOrderCreated } = resume(saleInFlight(), [order])
    await waitFor(() => expect(result.current.state.step).toBe('status'))
    expect(onOrderCreated).toHaveBeenCalledWith(order)
    // Looked up, never created again.
    expect(sent.filter((request) => request.method === 'POST')).toEqual([])
  })

  it('does not take an order of another amount for it', async () => {
    const { result, sent } = resume(saleInFlight(), [
      kitOrder({ amount_fiat: 4571 }),
      kitOrder({ id: 'YC-2', order_type: 'OnRamp' }),
    ])
    await waitFor(() => expect(result.current.orderCheck).toEqual({ status: 'not_found' }))
    expect(result.current.confirmUnknown).toBe(true)
    expect(result.current.state.step).toBe('confirm')
    expect(sent.filter((request) => request.method === 'POST')).toEqual([])
  })
})
