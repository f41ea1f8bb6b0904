import type { Quote } from '@rampkit/core'
import type {
  CheckoutCorridor,
  CheckoutDirection,
  CheckoutEvent,
  CheckoutPaymentMethod,
  CheckoutState,
} from '@rampkit/core/checkout'
import { createCheckout, serializeCheckout, transition } from '@rampkit/core/checkout'
import type { KitCustomer } from '@rampkit/core/kit'
import { QueryClient } from '@tanstack/react-query'
import { type RenderResult, render } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { expect, vi } from 'vitest'
import type { Config } from 'wagmi'
import { RampKitProvider, type RampKitProviderProps } from '../src/provider.js'
import type { RampCheckoutProps } from '../src/widget/context.js'
import { RampCheckout } from '../src/widget/RampCheckout.js'

/**
 * Unit tests of one step, without the sandbox: the checkout is built with core's machine and
 * written where a reload would find it, and the kit's answers are given per route. A request to
 * any other route fails as a network error would, so a test sees every request the step makes.
 */

/** One request the widget sent to the kit. */
export type SentRequest = { method: string; path: string; body: unknown }

/** The kit's `data` for `METHOD /path` (path after the endpoint, without the query). */
export type KitAnswers = Record<string, (body: unknown) => unknown>

const ENDPOINT = '/api/ramp'

/** A fetch that answers like the kit (`{ status: 'success', data }`) and records each request. */
export function kitFetch(answers: KitAnswers = {}) {
  const sent: SentRequest[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const path = url.pathname.slice(ENDPOINT.length)
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    sent.push({ method, path, body })
    const answer = answers[`${method} ${path}`]
    if (!answer) throw new Error(`no network in this test (${method} ${path})`)
    return new Response(JSON.stringify({ status: 'success', data: answer(body) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  return { fetch, sent }
}

/** Kenya's corridor and its mobile-money rail, as the widget's selection steps build them. */
export const KENYA: CheckoutCorridor = { kind: 'african', country: 'KE', currency: 'KES' }
export const MOBILE_MONEY: CheckoutPaymentMethod = {
  type: 'mobile_money',
  label: 'Mobile money',
  quoteType: 'mobile_money',
  networkSource: 'catalog',
}

const MPESA = {
  id: '0d6f3a52-95d4-4c1e-8f0b-3c7a9e2d41b6',
  name: 'M-Pesa',
  code: 'MPESA',
  minAmount: 10,
  maxAmount: 150_000,
  currency: 'KES',
}

/** Base USDC (6 decimals) and Polygon USDT, as the kit's token list gives them. */
export const TOKENS = {
  USDC: {
    symbol: 'USDC',
    label: 'BASE_USDC',
    address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    decimals: 6,
    chainId: 8453,
    requiresZeroAllowanceReset: false,
  },
  USDT: {
    symbol: 'USDT',
    label: 'POLYGON_USDT',
    address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
    decimals: 6,
    chainId: 137,
    requiresZeroAllowanceReset: true,
  },
} as const

const inAMinute = () => ({
  created_at: new Date().toISOString(),
  expires_at: new Date(Date.now() + 60_000).toISOString(),
})

/** A KES buy as the service publishes its answer: the prices under `amounts`. */
export const buyQuote = (): Quote => ({
  quote_id: 'yc_receive_2c1f9a0e-7d44-5b1a-9e3c-6f80d2a4b713',
  status: 'process',
  order_type: 'OnRamp',
  ...inAMinute(),
  amounts: {
    rate: 129.84,
    rate_currency: 'KES',
    user_pays: { amount: 800, currency: 'KES' },
    user_receives: { amount: 5.94999132, currency: 'USDC', network: 'BASE' },
    fees: {
      network_fee_usd: 0,
      network_fee_local: 0,
      service_fee_usd: 0.12,
      service_fee_local: 16.1,
      partner_fee_usd: 0,
      partner_fee_local: 0,
    },
  },
  instructions: { available_after_accept: true },
})

/** A KES sale: the user pays tokens and receives shillings. */
export const sellQuote = (): Quote => ({
  quote_id: 'yc_send_81d0c6e2-3a5f-5e9b-b2d7-0c4e1f9a6b35',
  status: 'process',
  order_type: 'OffRamp',
  ...inAMinute(),
  amounts: {
    rate: 128.771831,
    rate_currency: 'KES',
    user_pays: { amount: 35.5, currency: 'USDT', network: 'POLYGON' },
    user_receives: { amount: 4571.3, currency: 'KES' },
    fees: { service_fee_local: 45.9, network_fee_local: 0.2 },
  },
})

/** The service's reason for a declined customer, as the sandbox gives it. */
export const DECLINED_REASON = 'Review declined: the identity could not be verified'

/** A customer the service declined (`rejected`, with its reason) or `suspended`. */
export const declinedCustomer = (status: 'rejected' | 'suspended'): KitCustomer => ({
  customer_id: 'pcus_1',
  customer_type: 'individual',
  status,
  missing_fields: [],
  missing_documents: [],
  documents: [],
  rejection_reason: status === 'rejected' ? DECLINED_REASON : null,
  deposit_account_status: null,
  profile: {},
})

export const WALLET = '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB'

/** A KES M-Pesa checkout in `direction`, through the token step: the amount step is next. */
export function checkoutAtAmount(
  direction: CheckoutDirection,
  token: keyof typeof TOKENS = 'USDC',
): CheckoutState {
  return run(createCheckout({ direction }), [
    { type: 'SELECT_CORRIDOR', corridor: KENYA },
    { type: 'SELECT_PAYMENT_METHOD', paymentMethod: MOBILE_MONEY },
    { type: 'SELECT_PROVIDER', provider: MPESA },
    { type: 'SELECT_TOKEN', token: TOKENS[token] },
  ])
}

/** The same checkout with its amount and details in: the quote step is next. */
export function checkoutAtQuote(
  direction: CheckoutDirection,
  amount: { amountFiat: number } | { amountCrypto: string },
  token: keyof typeof TOKENS = 'USDC',
): CheckoutState {
  return run(checkoutAtAmount(direction, token), [
    'amountFiat' in amount
      ? { type: 'SET_AMOUNT', amountFiat: amount.amountFiat }
      : { type: 'SET_AMOUNT', amountCrypto: amount.amountCrypto },
    {
      type: 'SUBMIT_DETAILS',
      details: {
        name: 'Amina Njoroge',
        dob: '07/14/1990',
        phone: '+254712345678',
        walletAddress: WALLET,
      },
    },
  ])
}

/** Applies events with core's machine; a refused event fails the test (it would go unseen). */
export function run(state: CheckoutState, events: CheckoutEvent[]): CheckoutState {
  let current = state
  for (const event of events) {
    const next = transition(current, event)
    expect(next, `${event.type} was refused on ${current.step}`).not.toBe(current)
    current = next
  }
  return current
}

/** What the widget keeps in sessionStorage now. */
export function storedCheckout(): CheckoutState {
  return JSON.parse(window.sessionStorage.getItem('rampkit:checkout') ?? 'null')
}

/**
 * `<RampCheckout />` resumed on `state` (as after a reload), talking to `fetch`; wagmi only
 * with `wagmiConfig` (a stub wallet from `./wallet.js`); `provider` adds the provider's props
 * (its `supportUrl`).
 */
export function renderResumed(
  state: CheckoutState,
  options: {
    props?: RampCheckoutProps
    fetch?: typeof fetch
    wagmiConfig?: Config
    provider?: Pick<RampKitProviderProps, 'supportUrl'>
  } = {},
): RenderResult & { user: UserEvent } {
  window.sessionStorage.setItem('rampkit:checkout', serializeCheckout(state))
  const user = userEvent.setup()
  const view = render(
    <RampKitProvider
      endpoint={ENDPOINT}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      fetch={options.fetch ?? kitFetch().fetch}
      {...(options.wagmiConfig ? { wagmiConfig: options.wagmiConfig } : {})}
      {...options.provider}
    >
      <RampCheckout direction={state.direction} {...options.props} />
    </RampKitProvider>,
  )
  return { ...view, user }
}
