import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../test/axe.js'
import {
  buyQuote,
  checkoutAtQuote,
  kitFetch,
  renderResumed,
  sellQuote,
  storedCheckout,
  TOKENS,
  WALLET,
} from '../../../test/offline.js'

/** The buy quote's rows: every figure as the service sent it, none cut or recomputed. */
const BUY_ROWS = [
  'You pay: 800 KES',
  'You receive: 5.94999132 USDC on Base',
  'Fees: 16.1 KES',
  'Rate: 129.84 KES per USDC',
]

/** The summary's rows as `label: value`, in order. */
function rows(): string[] {
  const summary = screen.getAllByRole('term')[0]!.closest('dl') as HTMLElement
  return within(summary)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)
}

describe('quote step', () => {
  it('shows an on-ramp quote exactly as the service quoted it, and hands onQuote the raw quote', async () => {
    const quote = buyQuote()
    const onQuote = vi.fn()
    const { fetch, sent: all } = kitFetch({ 'POST /quotes': () => quote })
    const { container } = renderResumed(checkoutAtQuote('OnRamp', { amountFiat: 800 }), {
      fetch,
      props: { onQuote },
    })
    await screen.findByText('You receive')
    expect(rows()).toEqual(BUY_ROWS)
    expect(onQuote).toHaveBeenCalledTimes(1)
    expect(onQuote.mock.calls[0]![0]).toEqual(quote)
    // The published request: whole shillings, the asset, the wallet the tokens go to.
    const sent = all.filter((request) => request.path === '/quotes')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toMatchObject({
      order_type: 'OnRamp',
      currency: 'KES',
      local_amount: 800,
      asset: { token: TOKENS.USDC.address, currency: 'USDC', network: 'BASE' },
      wallet_address: WALLET,
    })
    expect(sent[0]!.body).not.toHaveProperty('crypto_amount')
    expect(storedCheckout().quote).toMatchObject({
      amountFiat: 800,
      amountCrypto: 5.94999132,
      feeFiat: 16.1,
      network: 'BASE',
    })
    await expectNoAxeViolations(container)
  })

  it('shows an off-ramp quote as what the user sends and what they receive', async () => {
    const { fetch, sent: all } = kitFetch({ 'POST /quotes': () => sellQuote() })
    const { container } = renderResumed(
      checkoutAtQuote('OffRamp', { amountCrypto: '35.5' }, 'USDT'),
      { fetch },
    )
    await screen.findByText('You send')
    expect(rows()).toEqual([
      'You send: 35.5 USDT on Polygon',
      'You receive: 4,571.3 KES',
      'Fees: 46.1 KES',
      'Rate: 128.771831 KES per USDT',
    ])
    const sent = all.filter((request) => request.path === '/quotes')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toMatchObject({
      order_type: 'OffRamp',
      crypto_amount: 35.5,
      asset: { currency: 'USDT', network: 'POLYGON' },
      refund_address: WALLET,
    })
    expect(sent[0]!.body).not.toHaveProperty('local_amount')
    expect(sent[0]!.body).not.toHaveProperty('wallet_address')
    await expectNoAxeViolations(container)
  })

  it('writes the quoted figures in the locale without cutting a digit', async () => {
    const { fetch } = kitFetch({ 'POST /quotes': () => buyQuote() })
    renderResumed(checkoutAtQuote('OnRamp', { amountFiat: 800 }), {
      fetch,
      props: { locale: 'fr' },
    })
    await screen.findByText('Vous recevez')
    expect(rows()).toEqual([
      'Vous payez: 800 KES',
      'Vous recevez: 5,94999132 USDC sur Base',
      'Frais: 16,1 KES',
      'Taux: 129,84 KES par USDC',
    ])
  })

  it('names the network the chosen token lives on, as the token list did, whatever the quote’s word', async () => {
    // A sandbox's USDC: the label stands for Base, the token lives on the local chain.
    const local = { ...TOKENS.USDC, label: 'BASE_USDC(Testnet)', chainId: 31337, chain: 'anvil' }
    const { fetch } = kitFetch({ 'POST /quotes': () => buyQuote() })
    renderResumed({ ...checkoutAtQuote('OnRamp', { amountFiat: 800 }), token: local }, { fetch })
    await screen.findByText('You receive')
    expect(rows()[1]).toBe('You receive: 5.94999132 USDC on Anvil')
    expect(storedCheckout().quote).toMatchObject({ network: 'BASE' })
  })

  it('shows the quote beside its one confirm, on the review screen', async () => {
    const { fetch } = kitFetch({ 'POST /quotes': () => buyQuote() })
    renderResumed(checkoutAtQuote('OnRamp', { amountFiat: 800 }), { fetch })
    const confirm = await screen.findByRole('button', { name: 'Confirm and pay' })
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Review and confirm')
    expect(screen.getByText('Step 4 of 4')).toBeTruthy()
    expect(rows()).toEqual(BUY_ROWS)
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()
    expect(storedCheckout().step).toBe('confirm')
    expect(confirm.closest('.rk-root')?.getAttribute('data-screen')).toBe('review')
  })
})
