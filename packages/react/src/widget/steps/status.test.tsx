import decodeQR from '@paulmillr/qr/decode.js'
import {
  type CheckoutOrder,
  type CheckoutPaymentInstructions,
  type CheckoutState,
  fromQuote,
} from '@rampkit/core/checkout'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { defineChain } from 'viem'
import { polygon } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../test/axe.js'
import {
  buyQuote,
  checkoutAtQuote,
  kitFetch,
  renderResumed,
  run,
  sellQuote,
  storedCheckout,
  WALLET,
} from '../../../test/offline.js'
import { stubWallet } from '../../../test/wallet.js'

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

/**
 * An 800 KES M-Pesa buy, accepted `ago` ms ago and still `status`, with `paymentInstructions`
 * (the step shows them by their kind); the kit answers the status poll with the same order.
 */
function openOrder(
  paymentInstructions: CheckoutPaymentInstructions,
  options: { status?: CheckoutOrder['status']; ago?: number } = {},
) {
  const order: CheckoutOrder = {
    id: ORDER_ID,
    orderId: ORDER_ID,
    txHash: null,
    status: options.status ?? 'processing',
    settlementTxHash: null,
    paymentInstructions,
  }
  const state = run(checkoutAtQuote('OnRamp', { amountFiat: 800 }), [
    { type: 'QUOTE_RECEIVED', quote: fromQuote(buyQuote()) },
    { type: 'QUOTE_REVIEWED', now: Date.now() },
    { type: 'CONFIRM', key: 'k1', now: Date.now() - (options.ago ?? 0) },
    { type: 'CONFIRM_SUCCEEDED', order },
  ])
  const kit = kitFetch({
    [`GET /orders/${ORDER_ID}`]: () => ({
      id: ORDER_ID,
      order_id: ORDER_ID,
      status: order.status,
    }),
  })
  return { state, fetch: kit.fetch }
}

const MPESA_PROMPT: CheckoutPaymentInstructions = {
  kind: 'mobile_money',
  phone: '+254712345678',
  network: null,
  amount: 800,
  currency: 'KES',
  reference: 'SBX7F3C2A91AB',
}

const NO_PROMPT = /^No prompt yet\?/

/** The QR code's SVG as an RGB image, each module 4 pixels square, for a decoder to read. */
function rasterize(svg: Element) {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  const scale = 4
  const width = size * scale
  const data = new Uint8Array(width * width * 3).fill(255)
  const path = svg.querySelector('path')?.getAttribute('d') ?? ''
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const pixel = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 3
        data.fill(0, pixel, pixel + 3)
      }
    }
  }
  return { width, height: width, data }
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

  it('names the payout phone grouped as its country writes it, kept by the details step', async () => {
    const wallet = await stubWallet(WALLET, { chain: polygon })
    const sale = settledSale()
    // What the details step keeps for a Kenyan number (its test checks the grouping itself).
    const state = { ...sale, details: { ...sale.details!, phoneDisplay: '+254 712 345678' } }
    renderResumed(state, { fetch: kitFetch().fetch, wagmiConfig: wallet.config })
    const arrived = await screen.findByText(/is on its way to/)
    // One unbreakable group: the number never splits over two lines.
    expect(arrived.textContent).toMatch(/ to .* · \+254\u00a0712\u00a0345678\.$/)
    expect(arrived.textContent).not.toContain('+254712345678')
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

  it('gives each bank value to type its own copy button, copying it exactly', async () => {
    const { state, fetch } = openOrder({
      kind: 'bank',
      bankName: 'Sandbox Collections Bank',
      accountName: null,
      accountNumber: '0012345678',
      iban: 'DE89370400440532013000',
      bic: 'SNDBDEFF',
      amount: 100,
      currency: 'EUR',
      reference: 'SBX7F3C2A91AB',
    })
    const { container, user } = renderResumed(state, { fetch })
    const how = (await screen.findByText('How to pay')).closest('section') as HTMLElement
    for (const [name, value] of [
      ['Copy Account number', '0012345678'],
      ['Copy IBAN', 'DE89370400440532013000'],
      ['Copy BIC', 'SNDBDEFF'],
      ['Copy Reference (add it to your transfer)', 'SBX7F3C2A91AB'],
    ]) {
      await user.click(within(how).getByRole('button', { name }))
      expect(await navigator.clipboard.readText()).toBe(value)
    }
    // The bank's name is read, not typed: no button of its own.
    expect(within(how).getAllByRole('button')).toHaveLength(4)
    await expectNoAxeViolations(container)
  })

  it('groups the prompt’s phone as the details step kept it, and a deposit’s amount in the locale', async () => {
    const prompt = openOrder(MPESA_PROMPT)
    const state = {
      ...prompt.state,
      details: {
        ...prompt.state.details!,
        phone: '+254712345678',
        phoneDisplay: '+254 712 345678',
      },
    }
    const { unmount } = renderResumed(state, { fetch: prompt.fetch })
    const how = (await screen.findByText('How to pay')).closest('section') as HTMLElement
    // One unbreakable group, as on the confirm: the number never splits over two lines.
    expect(how.querySelector('code')?.textContent).toBe('+254\u00a0712\u00a0345678')
    unmount()

    const deposit = openOrder({
      kind: 'crypto_deposit',
      address: '0x9A5b2C1d3E4f5061728394a5B6c7D8e9F0a1B2c3',
      network: 'POLYGON',
      token: 'USDT',
      amount: 1178.214345,
    })
    renderResumed(deposit.state, { fetch: deposit.fetch })
    await screen.findByText('Send 1,178.214345 USDT to this address.')
  })

  it('copies an off-ramp deposit address exactly', async () => {
    const address = '0x9A5b2C1d3E4f5061728394a5B6c7D8e9F0a1B2c3'
    const { state, fetch } = openOrder({
      kind: 'crypto_deposit',
      address,
      network: 'POLYGON',
      token: 'USDT',
      amount: 35.5,
    })
    const { user } = renderResumed(state, { fetch })
    await screen.findByText('Send 35.5 USDT to this address.')
    await user.click(screen.getByRole('button', { name: 'Copy Deposit address' }))
    expect(await navigator.clipboard.readText()).toBe(address)
    // The QR code scans (by an independent decoder) as the address itself.
    const qr = await screen.findByRole('img', { name: 'QR code of the deposit address' })
    expect(decodeQR(rasterize(qr))).toBe(address)
  })

  it('shows a failed order’s reason from the kit as text, nothing to receive, and a change of details', async () => {
    const { state } = openOrder(MPESA_PROMPT)
    const kit = kitFetch({
      [`GET /orders/${ORDER_ID}`]: () => ({
        id: ORDER_ID,
        order_id: ORDER_ID,
        status: 'failed',
        failure_reason: '<b>Declined</b> by\nthe payer',
      }),
    })
    const { container, user } = renderResumed(state, { fetch: kit.fetch })
    const alert = await screen.findByRole('alert')
    await within(alert).findByText('Your order: Failed.')
    // The service's words, as text: never markup.
    expect(within(alert).getByText('Reason given: <b>Declined</b> by the payer')).toBeTruthy()
    expect(container.querySelector('b')).toBeNull()
    expect(within(container).queryByText(/^You receive/)).toBeNull()
    expect(screen.queryByText('How to pay')).toBeNull()
    await expectNoAxeViolations(container)
    await user.click(screen.getByRole('button', { name: 'Change your details' }))
    expect(storedCheckout().step).toBe('details')
  })

  it('shows no QR code for a bank or mobile-money payment', async () => {
    const { state, fetch } = openOrder(MPESA_PROMPT)
    renderResumed(state, { fetch })
    await screen.findByText('How to pay')
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull()
  })

  describe('mobile money', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it.each([
      ['submitted', 'M-Pesa'],
      ['pending', 'M-Pesa'],
      ['processing', 'Safaricom M-Pesa'],
    ] as const)(
      'asks to approve the prompt while the order is %s, naming %s and the amount',
      async (status, network) => {
        const { state, fetch } = openOrder(
          { ...MPESA_PROMPT, network: network === 'M-Pesa' ? null : network },
          { status },
        )
        const { container } = renderResumed(state, { fetch })
        const how = (await screen.findByText('How to pay')).closest('section') as HTMLElement
        expect(
          within(how).getByText(`Check your phone and approve the ${network} prompt for 800 KES.`),
        ).toBeTruthy()
        // The number the prompt goes to, to check against the phone in hand.
        expect(within(how).getByText('+254712345678')).toBeTruthy()
        // The prompt carries the order: no reference for the user to type anywhere.
        expect(within(how).queryByText('SBX7F3C2A91AB')).toBeNull()
        expect(within(how).queryByText(/Reference/)).toBeNull()
        expect(screen.queryByText(NO_PROMPT)).toBeNull()
        await expectNoAxeViolations(container)
      },
    )

    it('says what to do when no prompt came within two minutes, and starts again from there', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const { state, fetch } = openOrder(MPESA_PROMPT)
      renderResumed(state, { fetch })
      await screen.findByText('Check your phone and approve the M-Pesa prompt for 800 KES.')
      await act(() => vi.advanceTimersByTimeAsync(110_000))
      expect(screen.queryByText(NO_PROMPT)).toBeNull()
      // An open order can always be left for a new one; it stays in the user's orders.
      expect(screen.getByRole('button', { name: 'Start a new order' })).toBeTruthy()
      await act(() => vi.advanceTimersByTimeAsync(11_000))
      expect(screen.getByText(NO_PROMPT).textContent).toMatch(/order stays open/)
      // The order is still open: the prompt and its number stay.
      expect(
        screen.getByText('Check your phone and approve the M-Pesa prompt for 800 KES.'),
      ).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Start a new order' }))
      expect(storedCheckout().step).not.toBe('status')
    })

    it('counts the two minutes from the order’s creation, so a reload after them shows the hint at once', async () => {
      const { state, fetch } = openOrder(MPESA_PROMPT, { ago: 3 * 60_000 })
      const { container } = renderResumed(state, { fetch })
      await screen.findByText(NO_PROMPT)
      expect(screen.getByRole('button', { name: 'Start a new order' })).toBeTruthy()
      await expectNoAxeViolations(container)
    })

    it('drops the prompt and the hint once the order settles', async () => {
      const { state, fetch } = openOrder(MPESA_PROMPT, { status: 'settled', ago: 3 * 60_000 })
      renderResumed(state, { fetch })
      await screen.findByText('Your order: Settled.')
      expect(screen.queryByText(/Check your phone/)).toBeNull()
      expect(screen.queryByText(NO_PROMPT)).toBeNull()
    })
  })
})
