import { type CheckoutState, fromQuote } from '@rampkit/core'
import { screen, within } from '@testing-library/react'
import { defineChain } from 'viem'
import { polygon } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../test/axe.js'
import {
  checkoutAtQuote,
  kitFetch,
  renderResumed,
  run,
  sellQuote,
  WALLET,
} from '../../test/offline.js'
import { stubWallet } from '../../test/wallet.js'

const APPROVAL = `0x${'a1'.repeat(32)}`
const SETTLEMENT = `0x${'5e'.repeat(32)}`
const ORDER_ID = 'ord_7f3c2a91'

/** A 35.5 USDT sale on Polygon, settled; the service gives one hash as order and settlement. */
function settledSale(): CheckoutState {
  return run(checkoutAtQuote('OffRamp', { amountCrypto: '35.5' }, 'USDT'), [
    { type: 'QUOTE_RECEIVED', quote: fromQuote(sellQuote()) },
    { type: 'QUOTE_REVIEWED', now: Date.now() },
    { type: 'APPROVAL_REQUIRED', amount: '35500000', spender: WALLET },
    { type: 'APPROVAL_SUBMITTED', txHash: APPROVAL, reset: false },
    { type: 'APPROVAL_CONFIRMED' },
    { type: 'CONFIRM', key: 'k1', now: Date.now() },
    {
      type: 'CONFIRM_SUCCEEDED',
      order: {
        id: ORDER_ID,
        orderId: ORDER_ID,
        txHash: SETTLEMENT,
        status: 'settled',
        settlementTxHash: SETTLEMENT,
      },
    },
  ])
}

/** The summaries' rows as `label: value`, in order. */
function rows(container: HTMLElement): string[] {
  return within(container)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)
}

describe('status step', () => {
  it('shows a settled sale with its quoted amounts, each reference once, explorer links and copy buttons', async () => {
    const wallet = await stubWallet(WALLET, { chain: polygon })
    const { container, user } = renderResumed(settledSale(), {
      fetch: kitFetch().fetch,
      wagmiConfig: wallet.config,
    })
    await screen.findByText('Your order: Settled.')
    const texts = rows(container)
    expect(texts.slice(0, 2)).toEqual([
      'You send: 35.5 USDT on Polygon',
      'You receive: 4,571.3 KES',
    ])
    // The settlement hash is the order's too: shown once.
    expect(within(container).getAllByTitle(SETTLEMENT)).toHaveLength(1)
    expect(within(container).getAllByTitle(APPROVAL)).toHaveLength(1)
    const links = screen.getAllByRole('link', { name: /^View on PolygonScan/ })
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `https://polygonscan.com/tx/${APPROVAL}`,
      `https://polygonscan.com/tx/${SETTLEMENT}`,
    ])
    const copyOrder = screen.getByRole('button', { name: 'Copy Order' })
    await user.click(copyOrder)
    expect(await navigator.clipboard.readText()).toBe(ORDER_ID)
    expect(copyOrder.textContent).toMatch(/^Copied/)
    await user.click(screen.getByRole('button', { name: 'Copy Approval transaction' }))
    expect(await navigator.clipboard.readText()).toBe(APPROVAL)
    await expectNoAxeViolations(container)
  })

  it('links no explorer on a chain without one (the sandbox’s anvil), and still copies', async () => {
    const local = defineChain({
      id: 137,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    })
    const wallet = await stubWallet(WALLET, { chain: local })
    const { user } = renderResumed(settledSale(), {
      fetch: kitFetch().fetch,
      wagmiConfig: wallet.config,
    })
    await screen.findByText('Your order: Settled.')
    expect(screen.queryByRole('link')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Copy Settlement transaction' }))
    expect(await navigator.clipboard.readText()).toBe(SETTLEMENT)
  })
})
