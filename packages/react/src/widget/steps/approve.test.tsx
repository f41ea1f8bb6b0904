import { fromQuote } from '@rampkit/core/checkout'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import type { Address } from 'viem'
import { polygon } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../test/axe.js'
import {
  checkoutAtQuote,
  kitFetch,
  renderResumed,
  run,
  sellQuote,
  storedCheckout,
  WALLET,
} from '../../../test/offline.js'
import { stubWallet } from '../../../test/wallet.js'

const SPENDER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address

/** A 35.5 USDT sale on Polygon, quoted and reviewed: the approval screen is next. */
function checkoutAtApprove() {
  return run(checkoutAtQuote('OffRamp', { amountCrypto: '35.5' }, 'USDT'), [
    { type: 'QUOTE_RECEIVED', quote: fromQuote(sellQuote()) },
    { type: 'QUOTE_REVIEWED', now: Date.now() },
  ])
}

/** The kit's answers the approval screen needs: the spender and a proven wallet. */
function kit() {
  return kitFetch({
    'GET /tokens': () => ({ tokens: [], spender: SPENDER }),
    [`GET /wallets/proofs/${WALLET}`]: () => ({
      address: WALLET,
      proven: true,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  })
}

describe('approve step', () => {
  it('sends one approval for a double click, however fast the clicks come', async () => {
    const wallet = await stubWallet(WALLET, { chain: polygon })
    renderResumed(checkoutAtApprove(), { fetch: kit().fetch, wagmiConfig: wallet.config })
    const button = await screen.findByRole('button', { name: /^Approve 35\.5 USDT/ })
    // Two clicks in the same frame: no re-render (and no disabled button) between them.
    act(() => {
      fireEvent.click(button)
      fireEvent.click(button)
    })
    await screen.findByRole('button', { name: 'Confirm and sell' })
    expect(wallet.approvals).toEqual([35_500_000n])
    expect(storedCheckout().approval).toMatchObject({ amount: '35500000', confirmed: true })
  })

  it('offers no reset to 0 when a reset-requiring token has no allowance yet', async () => {
    const wallet = await stubWallet(WALLET, { chain: polygon, allowance: 0n })
    const { container } = renderResumed(checkoutAtApprove(), {
      fetch: kit().fetch,
      wagmiConfig: wallet.config,
    })
    await screen.findByRole('button', { name: /^Approve 35\.5 USDT/ })
    expect(container.textContent).not.toMatch(/reset|allowance to 0/i)
    await expectNoAxeViolations(container)
  })

  it('explains the reset to 0 when a reset-requiring token has an allowance left', async () => {
    const wallet = await stubWallet(WALLET, { chain: polygon, allowance: 1n })
    renderResumed(checkoutAtApprove(), { fetch: kit().fetch, wagmiConfig: wallet.config })
    await screen.findByRole('button', { name: /^Reset allowance to 0, then approve/ })
    expect(screen.getByText(/USDT requires setting the allowance to 0/)).toBeTruthy()
  })

  it('blocks the approval of a sale from an account other than the checkout’s wallet', async () => {
    const wallet = await stubWallet(WALLET, { chain: polygon })
    const { user } = renderResumed(checkoutAtApprove(), {
      fetch: kit().fetch,
      wagmiConfig: wallet.config,
    })
    await screen.findByRole('button', { name: /^Approve 35\.5 USDT/ })
    act(() => wallet.switchAccount(OTHER))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/switch back/i)
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Change the wallet' }))
    await waitFor(() => expect(storedCheckout().step).toBe('details'))
    expect(wallet.approvals).toEqual([])
  })

  it('holds the confirm of a sale while another account is connected, until it switches back', async () => {
    const wallet = await stubWallet(WALLET, { chain: polygon })
    const state = run(checkoutAtApprove(), [
      { type: 'APPROVAL_REQUIRED', amount: '35500000', spender: SPENDER },
      { type: 'APPROVAL_CONFIRMED' },
    ])
    renderResumed(state, { fetch: kit().fetch, wagmiConfig: wallet.config })
    await screen.findByRole('button', { name: 'Confirm and sell' })
    act(() => wallet.switchAccount(OTHER))
    expect((await screen.findByRole('alert')).textContent).toMatch(/switched to another account/)
    expect(screen.queryByRole('button', { name: 'Confirm and sell' })).toBeNull()
    act(() => wallet.switchAccount(WALLET))
    await screen.findByRole('button', { name: 'Confirm and sell' })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
