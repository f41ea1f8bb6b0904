import { type CheckoutScreen, serializeCheckout } from '@rampkit/core/checkout'
import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../test/axe.js'
import {
  buyQuote,
  checkoutAtAmount,
  checkoutAtQuote,
  kitFetch,
  renderResumed,
  storedCheckout,
  TOKENS,
} from '../../test/offline.js'
import { RampKitProvider } from '../provider.js'
import { RampCheckout } from './RampCheckout.js'
import { corridorFlag } from './steps/select.js'

/** The kit's catalog: Kenya (M-Pesa, Airtel) and Nigeria (banks), and EUR pay-in. */
const catalog = () => ({
  disclaimer: '',
  onramp: {
    countries: {
      KE: {
        enabled: true,
        country_code: 'KE',
        country_name: 'Kenya',
        currency: 'KES',
        payment_methods: {
          mobile_money: {
            enabled: true,
            label: 'Mobile Money',
            quote_type: 'mobile_money',
            providers: [
              provider('0d6f3a52-95d4-4c1e-8f0b-3c7a9e2d41b6', 'M-Pesa', 'MPESA'),
              provider('airtel', 'Airtel Money', 'AIRTEL'),
            ],
          },
          bank: { enabled: false, label: 'Bank', quote_type: 'bank', providers: [] },
        },
      },
      NG: {
        enabled: true,
        country_code: 'NG',
        country_name: 'Nigeria',
        currency: 'NGN',
        payment_methods: {
          mobile_money: {
            enabled: false,
            label: 'Mobile',
            quote_type: 'mobile_money',
            providers: [],
          },
          bank: { enabled: true, label: 'Bank Transfer', quote_type: 'bank', providers: [] },
        },
      },
    },
  },
  international_bank: {
    currencies: [
      { currency: 'EUR', onramp: true, offramp: false, min_amount: 20, max_amount: 1e5 },
    ],
  },
})

function provider(id: string, name: string, code: string) {
  return { id, name, code, enabled: true, min_amount: 10, max_amount: 150_000, currency: 'KES' }
}

const tokens = () => ({
  spender: '0x0000000000000000000000000000000000000001',
  tokens: [TOKENS.USDC, TOKENS.USDT].map((token) => ({
    symbol: token.symbol,
    label: token.label,
    address: token.address,
    decimals: token.decimals,
    chain_id: token.chainId,
    requires_zero_allowance_reset: token.requiresZeroAllowanceReset,
  })),
})

const kit = () =>
  kitFetch({
    'GET /catalog': catalog,
    'GET /tokens': tokens,
    'GET /banks': () => ({ banks: [{ id: 'gtb', name: 'Guaranty Trust Bank' }] }),
    'POST /quotes': () => buyQuote(),
    'GET /preview': () => ({
      rate: 129.84,
      token_amount: 11.55,
      fiat_paid: 1500,
      symbol: 'USDC',
      decimals: 6,
    }),
  })

/** A partner page whose own router keeps the screen: `route.set` is its navigation. */
const route = { set: (_step: CheckoutScreen) => {} }
const partner = { onStepChange: (_step: CheckoutScreen): unknown => undefined }
function PartnerPage() {
  const [step, setStep] = useState<CheckoutScreen>('review')
  route.set = setStep
  return <RampCheckout direction="OnRamp" step={step} onStepChange={partner.onStepChange} />
}

const shownScreen = () => document.querySelector('.rk-root')?.getAttribute('data-screen')

afterEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
  // Each test starts on an entry the widget has not marked.
  window.history.replaceState(null, '')
})

describe('the choose screen: direction, corridor, method, provider and token together', () => {
  it('asks for everything on one screen with flags and provider marks, then goes to the amount', async () => {
    const { user, container } = renderResumed(checkoutAtAmount('OnRamp'), {
      fetch: kit().fetch,
      props: { direction: undefined },
    })
    // Back to the first screen: every choice of this checkout is kept.
    await user.click(await screen.findByRole('button', { name: 'Back' }))
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Where and how')
    expect(screen.getByText('Step 1 of 4')).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'Buy crypto' }) as HTMLInputElement).checked).toBe(
      true,
    )
    const corridor = (await screen.findByLabelText('Country or currency')) as HTMLSelectElement
    // A DOM without a canvas cannot tell whether the fonts draw flags: none is shown.
    expect(corridor.selectedOptions[0]!.textContent).toBe('Kenya · KES')
    expect([...corridor.options].map((option) => option.textContent)).toContain(
      'EUR international bank transfer',
    )
    expect(corridorFlag({ country: 'KE', currency: 'KES' })).toBe('🇰🇪')
    expect(corridorFlag({ country: null, currency: 'EUR' })).toBe('🇪🇺')
    const mpesa = (await screen.findByRole('radio', { name: /^M-Pesa/ })) as HTMLInputElement
    expect(mpesa.checked).toBe(true)
    expect(mpesa.closest('label')?.querySelector('.rk-mark')?.textContent).toBe('MP')
    expect(screen.getByLabelText('Token to buy')).toBeTruthy()
    await expectNoAxeViolations(container)

    await user.click(screen.getByRole('radio', { name: /^Airtel Money/ }))
    await user.selectOptions(
      screen.getByLabelText('Token to buy'),
      `${TOKENS.USDT.chainId}-${TOKENS.USDT.address.toLowerCase()}`,
    )
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByLabelText('Amount in KES')
    expect(screen.getByText('Step 2 of 4')).toBeTruthy()
    expect(storedCheckout()).toMatchObject({
      step: 'amount',
      provider: { id: 'airtel' },
      token: { symbol: 'USDT' },
    })
  })

  it('switches corridor on the same screen: the rail and its providers follow', async () => {
    const { user } = renderResumed(checkoutAtAmount('OnRamp'), { fetch: kit().fetch })
    await user.click(await screen.findByRole('button', { name: 'Back' }))
    await user.selectOptions(await screen.findByLabelText('Country or currency'), 'NG-NGN')
    expect(
      ((await screen.findByRole('radio', { name: 'Bank transfer' })) as HTMLInputElement).checked,
    ).toBe(true)
    const bank = (await screen.findByRole('radio', {
      name: /Guaranty Trust Bank/,
    })) as HTMLInputElement
    // The only bank is chosen for the user; the step stays until Continue.
    expect(bank.checked).toBe(true)
    expect(storedCheckout().step).toBe('token')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByLabelText('Amount in NGN')
    expect(storedCheckout()).toMatchObject({
      corridor: { country: 'NG' },
      paymentMethod: { type: 'bank' },
      provider: { id: 'gtb' },
    })
  })

  it('starts a new checkout from the last order’s choices', async () => {
    window.localStorage.setItem(
      'rampkit:checkout:last',
      JSON.stringify({
        direction: 'OnRamp',
        corridor: { country: 'KE', currency: 'KES' },
        paymentMethod: 'mobile_money',
        provider: 'airtel',
        token: `${TOKENS.USDT.chainId}-${TOKENS.USDT.address.toLowerCase()}`,
      }),
    )
    const { user } = renderResumed(
      { version: 1, step: 'direction', confirmedQuoteIds: [], fieldErrors: {} },
      { fetch: kit().fetch },
    )
    expect(
      ((await screen.findByRole('radio', { name: /^Airtel Money/ })) as HTMLInputElement).checked,
    ).toBe(true)
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Token to buy') as HTMLSelectElement).selectedOptions[0]
          ?.textContent,
      ).toMatch(/^USDT/),
    )
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByLabelText('Amount in KES')
    expect(storedCheckout()).toMatchObject({
      provider: { id: 'airtel' },
      token: { symbol: 'USDT' },
    })
  })
})

describe('screens in the browser history', () => {
  it('pushes each place, and Back and Forward move one place, keeping what was typed', async () => {
    const before = window.history.length
    const { fetch, sent } = kit()
    const { user } = renderResumed(checkoutAtQuote('OnRamp', { amountFiat: 1500 }), { fetch })
    await screen.findByRole('button', { name: 'Confirm and pay' }, { timeout: 10_000 })
    // Back inside the widget, with no entry of it before: one place back, to the details.
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await screen.findByRole('heading', { level: 2, name: 'Your details' })
    expect(window.history.length).toBe(before)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await screen.findByLabelText('Amount in KES')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    // The details form (a lazy chunk) comes back filled in; a new amount asks for a new quote.
    await user.click(
      await screen.findByRole('button', { name: 'Get a quote' }, { timeout: 10_000 }),
    )
    await screen.findByRole('button', { name: 'Confirm and pay' })
    expect(shownScreen()).toBe('review')
    expect(window.history.length).toBe(before + 2)
    expect(window.history.state.__rampkit).toMatchObject({ place: 'review', depth: 2 })
    const quotes = () => sent.filter((request) => request.path === '/quotes').length
    const asked = quotes()

    act(() => window.history.back())
    await screen.findByRole('heading', { level: 2, name: 'Your details' })
    expect(screen.getByText('Step 3 of 4')).toBeTruthy()
    act(() => window.history.forward())
    await waitFor(() => expect(shownScreen()).toBe('review'))
    // The quote came back with the place; nothing was asked again.
    expect(await screen.findByRole('button', { name: 'Confirm and pay' })).toBeTruthy()
    expect(quotes()).toBe(asked)
  })

  it('leaves the checkout on the first Back after a confirm, the order kept', async () => {
    const { fetch } = kitFetch({
      'POST /quotes': () => buyQuote(),
      [`POST /quotes/${buyQuote().quote_id}/accept`]: () => ({
        id: 'ord_1',
        order_id: 'ord_1',
        status: 'processing',
        order_type: 'OnRamp',
      }),
      'GET /orders/ord_1': () => ({ id: 'ord_1', order_id: 'ord_1', status: 'processing' }),
    })
    // The page the shopper came from, then the shop's own entry the checkout takes.
    window.history.pushState({ page: 'before' }, '')
    window.history.pushState({ page: 'shop' }, '')
    const { user } = renderResumed(checkoutAtAmount('OnRamp'), { fetch })
    await user.type(await screen.findByLabelText('Amount in KES'), '800')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByRole('heading', { level: 2, name: 'Your details' })
    await user.type(await screen.findByLabelText('First and last name'), 'Amina Njoroge')
    await user.type(screen.getByLabelText('Date of birth'), '14071990') // day first, as Kenya writes it
    await user.type(screen.getByLabelText('Mobile money number'), '+254712345678')
    await user.type(
      screen.getByLabelText(/Wallet address/),
      '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB',
    )
    await user.click(screen.getByRole('button', { name: 'Get a quote' }))
    await user.click(await screen.findByRole('button', { name: 'Confirm and pay' }))
    await waitFor(() => expect(shownScreen()).toBe('status'))
    expect(screen.queryByText(/^Step \d of \d$/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()

    act(() => window.history.back())
    // One press: past every entry of the checkout, to the page before it.
    await waitFor(() => expect(window.history.state).toEqual({ page: 'before' }))
    expect(storedCheckout()).toMatchObject({ step: 'status', order: { id: 'ord_1' } })
  })

  it('leaves the history alone with history={false}', async () => {
    const { user } = renderResumed(checkoutAtAmount('OnRamp'), {
      fetch: kit().fetch,
      props: { history: false },
    })
    const length = window.history.length
    const state = window.history.state
    expect(state).toBeNull()
    await user.type(await screen.findByLabelText('Amount in KES'), '1500')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByRole('heading', { level: 2, name: 'Your details' })
    expect(window.history.length).toBe(length)
    expect(window.history.state).toEqual(state)
  })

  it('does not undo Continue for a controlled step the partner leaves as it was', async () => {
    const { user } = renderResumed(checkoutAtAmount('OnRamp'), {
      fetch: kit().fetch,
      props: { step: 'amount' },
    })
    await user.type(await screen.findByLabelText('Amount in KES'), '1500')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByRole('heading', { level: 2, name: 'Your details' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(shownScreen()).toBe('review')
  })

  it('follows a partner router through step and onStepChange', async () => {
    const changes: CheckoutScreen[] = []
    const onStepChange = (step: CheckoutScreen) => changes.push(step)
    const length = window.history.length
    window.sessionStorage.setItem(
      'rampkit:checkout',
      serializeCheckout(checkoutAtQuote('OnRamp', { amountFiat: 1500 })),
    )
    partner.onStepChange = onStepChange
    render(
      <RampKitProvider
        endpoint="/api/ramp"
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        fetch={kit().fetch}
      >
        <PartnerPage />
      </RampKitProvider>,
    )
    await screen.findByRole('button', { name: 'Confirm and pay' })
    act(() => route.set('amount'))
    await screen.findByLabelText('Amount in KES')
    expect(changes).toEqual(['amount'])
    // A screen whose choices are missing is refused, and the partner hears where the checkout is.
    act(() => route.set('status'))
    await waitFor(() => expect(changes).toEqual(['amount', 'amount']))
    expect(shownScreen()).toBe('amount')
    expect(window.history.length).toBe(length)
  })
})
