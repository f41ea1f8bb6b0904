import { validateAmountForProvider } from '@rampkit/core/validation'
import { createSandboxApp, createSandboxContext } from '@rampkit/sandbox'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../test/axe.js'
import {
  checkoutAtAmount,
  KENYA,
  kitFetch,
  renderResumed,
  run,
  storedCheckout,
  TOKENS,
  WALLET,
} from '../../../test/offline.js'

async function submit(user: ReturnType<typeof renderResumed>['user'], label: RegExp, text: string) {
  const field = screen.getByLabelText(label)
  await user.clear(field)
  if (text !== '') await user.type(field, text)
  await user.click(screen.getByRole('button', { name: /^(Continue|Continuer)$/ }))
  return field
}

describe('amount step, off-ramp: the tokens the user sells', () => {
  it('asks for the token by its symbol, with the payout limits, and no KES token preview', async () => {
    const { fetch, sent } = kitFetch()
    const { container } = renderResumed(checkoutAtAmount('OffRamp'), { fetch })
    const field = await screen.findByLabelText('Amount of USDC to sell')
    expect(field.getAttribute('inputmode')).toBe('decimal')
    expect(screen.getByText('You receive between 10 KES and 150,000 KES')).toBeTruthy()
    expect(screen.queryByText(/^Estimate/)).toBeNull()
    await expectNoAxeViolations(container)
    expect(sent.filter((request) => request.path === '/preview')).toEqual([])
  })

  it('refuses 7 decimal places for a 6-decimal token, with the rule in the message', async () => {
    const { user, container } = renderResumed(checkoutAtAmount('OffRamp'))
    await screen.findByLabelText(/to sell/)
    const field = await submit(user, /to sell/, '10.1234567')
    const error = await screen.findByRole('alert')
    expect(error.textContent).toBe('Use at most 6 decimal places for USDC.')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toContain(error.id)
    expect(storedCheckout()).toMatchObject({ step: 'amount' })
    expect(storedCheckout().amountCrypto).toBeUndefined()
    await expectNoAxeViolations(container)
  })

  it('sends the exact amount, every digit the token holds, and no fiat amount', async () => {
    const { user } = renderResumed(checkoutAtAmount('OffRamp'))
    await screen.findByLabelText(/to sell/)
    await submit(user, /to sell/, '1,234.123456')
    await screen.findByRole('heading', { level: 2, name: /your details/i })
    const saved = storedCheckout()
    expect(saved.amountCrypto).toBe('1234.123456')
    expect(saved.amountFiat).toBeUndefined()
  })

  it('refuses zero and an empty amount, and keeps trailing zeros out of the amount', async () => {
    const { user } = renderResumed(checkoutAtAmount('OffRamp'))
    await screen.findByLabelText(/to sell/)
    await submit(user, /to sell/, '0.0000000')
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an amount above 0.')
    await submit(user, /to sell/, '')
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an amount above 0.')
    await submit(user, /to sell/, '12.5000000')
    await screen.findByRole('heading', { level: 2, name: /your details/i })
    expect(storedCheckout().amountCrypto).toBe('12.5')
  })

  it('reads the amount by the locale, and says the rule in it', async () => {
    const { user } = renderResumed(checkoutAtAmount('OffRamp', 'USDT'), {
      props: { locale: 'fr' },
    })
    await screen.findByLabelText('Quantité de USDT à vendre')
    await submit(user, /à vendre/, '0,12345678')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Utilisez au plus 6 décimales pour USDT.',
    )
    await submit(user, /à vendre/, '1 300,5')
    await screen.findByRole('heading', { level: 2, name: /vos informations/i })
    expect(storedCheckout().amountCrypto).toBe('1300.5')
  })

  it('prefills amountCrypto, and does not read the fiat `amount` as tokens', async () => {
    renderResumed(checkoutAtAmount('OffRamp'), { props: { amount: 1300, amountCrypto: '25.5' } })
    const field = (await screen.findByLabelText(/to sell/)) as HTMLInputElement
    expect(field.value).toBe('25.5')
  })
})

describe('amount step, off-ramp estimate: the payout at the indicative sell rate', () => {
  it('estimates what a sale of 10 USDC pays in KES, with the fees said to be in the rate', async () => {
    const data = await sandboxRates('KES')
    const sell = data.rates.find((rate) => rate.currency === 'KES')!.sell
    const { fetch, sent } = kitFetch({ 'GET /rates': () => data })
    const { container } = renderResumed(checkoutAtAmount('OffRamp'), { fetch })
    await userType('Amount of USDC to sell', '10')
    // Every digit the estimate has, grouped: one number format with the quote's.
    const fiat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(
      Math.floor(sell * 10 * 100) / 100,
    )
    const rate = new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format(sell)
    expect(
      await screen.findByText(`Estimate: about ${fiat} KES at ${rate} KES per USDC`, undefined, {
        timeout: 3_000,
      }),
    ).toBeTruthy()
    // The fees are the quote's to state, once: no fee line here to contradict it.
    expect(screen.queryByText('Fees')).toBeNull()
    expect(screen.getByText(/^At the live rate, not binding/)).toBeTruthy()
    expect(sent.filter((request) => request.path === '/preview')).toEqual([])
    await expectNoAxeViolations(container)
  })
})

describe('amount step, EUR/USD bank pay-in: the currency’s limits from the catalog', () => {
  /** An EUR corridor whose bank option came from the banks listing: no limits of its own. */
  function checkoutInEuros() {
    const start = checkoutAtAmount('OnRamp')
    return run(
      {
        ...start,
        step: 'token',
        corridor: { kind: 'international', country: null, currency: 'EUR' },
        paymentMethod: {
          type: 'BankSepa',
          label: 'BankSepa',
          quoteType: 'BankSepa',
          networkSource: 'banks',
        },
        provider: { id: 'sepa', name: 'SEPA Credit Transfer' },
        token: undefined,
      },
      [{ type: 'SELECT_TOKEN', token: TOKENS.USDC }],
    )
  }
  const catalog = () => ({
    disclaimer: '',
    international_bank: {
      currencies: [
        { currency: 'EUR', onramp: true, offramp: false, min_amount: 20, max_amount: 100_000 },
      ],
    },
  })

  it('shows the limits and refuses an amount below them here, not on a later step', async () => {
    const { fetch } = kitFetch({ 'GET /catalog': catalog })
    const { user, container } = renderResumed(checkoutInEuros(), { fetch })
    await screen.findByText('Between 20 EUR and 100,000 EUR')
    await submit(user, /amount in EUR/i, '5')
    expect((await screen.findByRole('alert')).textContent).toBe('The minimum is 20 EUR.')
    expect(storedCheckout()).toMatchObject({ step: 'amount' })
    await submit(user, /amount in EUR/i, '250000')
    expect((await screen.findByRole('alert')).textContent).toBe('The maximum is 100,000 EUR.')
    await expectNoAxeViolations(container)
    await submit(user, /amount in EUR/i, '25')
    await screen.findByRole('heading', { level: 2, name: /your details/i })
    expect(storedCheckout().amountFiat).toBe(25)
  })

  it('shows a 422 the service gave on the amount on the amount field', async () => {
    const state = run(checkoutInEuros(), [{ type: 'SET_AMOUNT', amountFiat: 25 }])
    const atQuote = run(state, [
      { type: 'SUBMIT_DETAILS', details: { name: 'Ana Silva', walletAddress: WALLET } },
      {
        type: 'QUOTE_FAILED',
        error: { message: 'local_amount below minimum', status: 422, field: 'local_amount' },
      },
    ])
    expect(atQuote.step).toBe('amount')
    const { fetch } = kitFetch({ 'GET /catalog': catalog })
    renderResumed(atQuote, { fetch })
    const field = await screen.findByLabelText('Amount in EUR')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe(
      'This amount was not accepted: check the limits.',
    )
  })

  it('names the minimum the service gave with its refusal, in its unit', async () => {
    const state = run(checkoutAtAmount('OffRamp'), [{ type: 'SET_AMOUNT', amountCrypto: '0.1' }])
    const refused = run(state, [
      { type: 'SUBMIT_DETAILS', details: { name: 'Ana Silva', walletAddress: WALLET } },
      {
        type: 'QUOTE_FAILED',
        error: {
          message: 'crypto_amount 0.1 USDC is 12.73 KES',
          status: 422,
          field: 'crypto_amount',
          code: 'below_minimum',
          limits: { min: 0.392739, max: 1178.216169, currency: 'USDC' },
        },
      },
    ])
    expect(refused.step).toBe('amount')
    const { fetch } = kitFetch()
    renderResumed(refused, { fetch })
    await screen.findByLabelText('Amount of USDC to sell')
    expect(screen.getByRole('alert').textContent).toBe(
      'This amount was not accepted: the minimum is 0.392739 USDC.',
    )
  })

  it('refuses a sale under the minimum or over the maximum in tokens, from the limits and the rate', async () => {
    const data = await sandboxRates('KES')
    const { fetch } = kitFetch({ 'GET /rates': () => data })
    const { user } = renderResumed(checkoutAtAmount('OffRamp'), { fetch })
    const hint = await screen.findByText(
      /^Between [\d.]+ and [\d,.]+ USDC \(10 KES to 150,000 KES\)$/,
      undefined,
      { timeout: 3_000 },
    )
    const [min = 0, max = 0] = [...(hint.textContent ?? '').matchAll(/[\d,.]+(?= and| USDC)/g)].map(
      (m) => Number(m[0].replaceAll(',', '')),
    )
    await submit(user, /^Amount of USDC/, String(min / 2))
    expect(screen.getByRole('alert').textContent).toBe(`The minimum is ${min} USDC.`)
    expect(storedCheckout().step).toBe('amount')
    await submit(user, /^Amount of USDC/, String(Math.ceil(max + 1)))
    expect(screen.getByRole('alert').textContent).toMatch(/^The maximum is [\d,.]+ USDC\.$/)
    expect(storedCheckout().step).toBe('amount')
    await submit(user, /^Amount of USDC/, String(min))
    await waitFor(() => expect(storedCheckout().step).toBe('details'))
  })
})

describe('amount step, on-ramp: the fiat the user pays', () => {
  it('refuses a fraction of the currency with the kit’s own words, and takes whole units', async () => {
    const { user, container } = renderResumed(checkoutAtAmount('OnRamp'))
    const field = await screen.findByLabelText('Amount in KES')
    expect(field.getAttribute('inputmode')).toBe('numeric')
    expect(screen.getByText('Between 10 KES and 150,000 KES')).toBeTruthy()
    await submit(user, /amount in KES/i, '1500.50')
    const kit = validateAmountForProvider(
      '1500.50',
      { min_amount: 10, max_amount: 150_000, currency: 'KES' },
      { wholeUnits: true },
    )
    expect(kit).toMatchObject({ ok: false, message: 'Enter a whole number of KES' })
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a whole number of KES.')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(storedCheckout()).toMatchObject({ step: 'amount' })
    await expectNoAxeViolations(container)

    await submit(user, /amount in KES/i, '5')
    expect((await screen.findByRole('alert')).textContent).toBe('The minimum is 10 KES.')
    await submit(user, /amount in KES/i, '1,500.00')
    await screen.findByRole('heading', { level: 2, name: /your details/i })
    const saved = storedCheckout()
    expect(saved.amountFiat).toBe(1500)
    expect(saved.amountCrypto).toBeUndefined()
  })

  it('keeps the indicative preview of what the amount buys', async () => {
    const { fetch, sent } = kitFetch({
      'GET /preview': () => ({
        rate: 129.84,
        token_amount: 11.552680221811,
        fiat_paid: 1500,
        symbol: 'USDC',
        decimals: 6,
      }),
    })
    const { user } = renderResumed(checkoutAtAmount('OnRamp'), { fetch })
    await user.type(await screen.findByLabelText(/amount in KES/i), '1500')
    expect(
      await screen.findByText('Estimate: about 11.55268 USDC at 129.84 KES per USDC', undefined, {
        timeout: 3_000,
      }),
    ).toBeTruthy()
    expect(sent.filter((request) => request.path === '/preview')).toHaveLength(1)
  })

  it('says what is wrong with the value typed now, never the one refused before', async () => {
    const { user } = renderResumed(checkoutAtAmount('OnRamp'))
    const field = await screen.findByLabelText(/amount in KES/i)
    await submit(user, /amount in KES/i, '250000')
    expect((await screen.findByRole('alert')).textContent).toBe('The maximum is 150,000 KES.')
    // Typed, not yet sent: the message follows the value.
    await user.clear(field)
    await user.type(field, 'abc')
    expect(screen.getByRole('alert').textContent).toBe('Write the amount like 1,234.')

    await submit(user, /amount in KES/i, '0')
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount above 0.')
    await user.clear(field)
    await user.type(field, '5')
    expect(screen.getByRole('alert').textContent).toBe('The minimum is 10 KES.')
    await user.clear(field)
    await user.type(field, '500')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(field.getAttribute('aria-invalid')).not.toBe('true')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByRole('heading', { level: 2, name: /your details/i })
    expect(storedCheckout().amountFiat).toBe(500)
  })

  it('explains the format with a whole example', async () => {
    const { user } = renderResumed(checkoutAtAmount('OnRamp'))
    await screen.findByLabelText(/amount in KES/i)
    await submit(user, /amount in KES/i, '1,50')
    expect((await screen.findByRole('alert')).textContent).toBe('Write the amount like 1,234.')
  })
})

const SANDBOX_KEY = 'is_test_amount_rates_1'

/**
 * The sandbox's own GET /partner/rates/indicative answer (its seeded mid rates, its spread),
 * from its app as the package exports it (rates need no chain).
 */
async function sandboxRates(fiat: string) {
  const app = createSandboxApp(createSandboxContext({ speed: 0, apiKeys: [SANDBOX_KEY] }))
  const response = await app.request(`/api/v1/partner/rates/indicative?fiat=${fiat}`, {
    headers: { 'X-API-Key': SANDBOX_KEY },
  })
  expect(response.status).toBe(200)
  const body = (await response.json()) as {
    data: { rates: { currency: string; buy: number; sell: number }[] }
  }
  return body.data
}

/** A checkout of `currency` through the token step, with a provider in that currency. */
function checkoutIn(currency: string, token: keyof typeof TOKENS = 'USDC') {
  const start = checkoutAtAmount('OnRamp', token)
  return run(
    {
      ...start,
      step: 'token',
      corridor: { ...KENYA, currency },
      provider: { ...start.provider!, currency, minAmount: 1, maxAmount: 10_000_000 },
      token: undefined,
    },
    [{ type: 'SELECT_TOKEN', token: TOKENS[token] }],
  )
}

describe('amount step, on-ramp estimate outside KES: the corridor’s own rate', () => {
  it.each([
    ['NGN', '50000', '50,000'],
    ['EUR', '100', '100'],
  ])(
    'estimates %s %s at the service’s indicative rate, never the KES preview',
    async (currency, amount, typed) => {
      const data = await sandboxRates(currency)
      const buy = data.rates.find((rate) => rate.currency === currency)!.buy
      const { fetch, sent } = kitFetch({
        'GET /rates': () => data,
        'GET /preview': () => ({
          rate: 131.1888,
          token_amount: 381.13,
          fiat_paid: 50000,
          symbol: 'USDC',
          decimals: 6,
        }),
      })
      renderResumed(checkoutIn(currency), { fetch })
      await userType(`Amount in ${currency}`, typed)
      // Expected from the sandbox's rate, cut to the token's 6 decimals in integers (no float
      // division), every digit shown and grouped: one number format with the quote's.
      const base =
        (BigInt(Math.round(Number(amount) * 1e6)) * 1_000_000n) / BigInt(Math.round(buy * 1e6))
      const decimal = `${base / 1_000_000n}.${String(base % 1_000_000n).padStart(6, '0')}`
      const format = new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format as (
        value: string | number,
      ) => string
      const tokens = format(decimal)
      const rate = format(buy)
      expect(
        await screen.findByText(
          `Estimate: about ${tokens} USDC at ${rate} ${currency} per USDC`,
          undefined,
          {
            timeout: 3_000,
          },
        ),
      ).toBeTruthy()
      expect(screen.getByText(/^At the live rate, not binding/)).toBeTruthy()
      expect(sent.filter((request) => request.path === '/preview')).toEqual([])
    },
  )

  it('shows no estimate when the rates have none for the currency', async () => {
    const { fetch } = kitFetch({
      'GET /rates': () => ({ requested: ['XOF'], rates: [], fetched_at: '' }),
    })
    renderResumed(checkoutIn('XOF'), { fetch })
    await userType('Amount in XOF', '5000')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(screen.queryByText(/^Estimate/)).toBeNull()
    expect(screen.queryByText(/ per /)).toBeNull()
  })
})

async function userType(label: string, text: string) {
  const { default: userEvent } = await import('@testing-library/user-event')
  await userEvent.setup().type(await screen.findByLabelText(label), text)
}
