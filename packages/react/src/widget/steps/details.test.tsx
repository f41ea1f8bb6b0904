import { type CheckoutState, createCheckout } from '@rampkit/core/checkout'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  checkoutAtAmount,
  kitFetch,
  renderResumed,
  run,
  storedCheckout,
  TOKENS,
  WALLET,
} from '../../../test/offline.js'
import type { RampCheckoutProps } from '../context.js'

const CONFIG = { environment: 'sandbox', chain_id: 8453, spender: null, sse: false }

/** A KES M-Pesa buy of 800 KES at the details step. */
const kenyaDetails = (): CheckoutState =>
  run(checkoutAtAmount('OnRamp'), [{ type: 'SET_AMOUNT', amountFiat: 800 }])

/** An EUR international bank pay-in (SEPA) at the details step. */
const euroDetails = (): CheckoutState =>
  run(createCheckout({ direction: 'OnRamp' }), [
    {
      type: 'SELECT_CORRIDOR',
      corridor: { kind: 'international', country: null, currency: 'EUR' },
    },
    {
      type: 'SELECT_PAYMENT_METHOD',
      paymentMethod: { type: 'BankSepa', label: 'SEPA', quoteType: 'bank', networkSource: 'banks' },
    },
    { type: 'SELECT_PROVIDER', provider: { id: 'sepa-bank', name: 'SEPA bank', currency: 'EUR' } },
    { type: 'SELECT_TOKEN', token: TOKENS.USDC },
    { type: 'SET_AMOUNT', amountFiat: 100 },
  ])

/** The details step resumed on `state`, once its lazy chunk (the form library) has loaded. */
async function renderDetails(state = kenyaDetails(), props: RampCheckoutProps = {}) {
  const { fetch } = kitFetch({ 'GET /config': () => CONFIG })
  const view = renderResumed(state, { fetch, props })
  await screen.findByRole('button', { name: SUBMIT }, { timeout: 10_000 })
  return view
}

const SUBMIT = /^(Get a quote|Obtenir un devis)$/
const submit = () => screen.getByRole('button', { name: SUBMIT })
const errorOf = (field: HTMLElement) =>
  field.closest('.rk-field')?.querySelector('.rk-error')?.textContent ?? null

describe('details step: date of birth', () => {
  // A Kenyan corridor in English: the date is written as in Kenya, day first.
  it.each([
    ['30/02/2000', 'This date does not exist: check the day and month.'],
    ['31/12/2030', 'Your date of birth cannot be in the future.'],
    ['01/01/1890', 'Check the year of your date of birth.'],
    ['1990-07-14', 'Enter your date of birth as dd/mm/yyyy.'],
  ])('says what is wrong with %s', async (dob, message) => {
    const { user } = await renderDetails()
    const field = await screen.findByLabelText(/date of birth/i)
    await user.type(field, dob)
    await user.click(submit())
    await waitFor(() => expect(errorOf(field)).toBe(message))
  })

  it('refuses an under-age customer with the minimum age', async () => {
    const { user } = await renderDetails()
    const field = await screen.findByLabelText(/date of birth/i)
    const year = new Date().getUTCFullYear() - 10
    await user.type(field, `01/01/${year}`)
    await user.click(submit())
    await waitFor(() => expect(errorOf(field)).toBe('You must be 18 or older.'))
  })

  it('inserts the slashes as the digits are typed, and keeps them out of the way of a delete', async () => {
    const { user } = await renderDetails()
    const field = (await screen.findByLabelText(/date of birth/i)) as HTMLInputElement
    await user.type(field, '07')
    expect(field.value).toBe('07/')
    await user.type(field, '141990')
    expect(field.value).toBe('07/14/1990')
    await user.type(field, '5')
    expect(field.value).toBe('07/14/1990')
    await user.clear(field)
    await user.type(field, '7/4/')
    expect(field.value).toBe('07/04/')
    await user.type(field, '{Backspace}{Backspace}')
    expect(field.value).toBe('07/0')
  })

  it('reads the day first in French and sends mm/dd/yyyy', async () => {
    const { user } = await renderDetails(kenyaDetails(), { locale: 'fr' })
    const field = (await screen.findByLabelText(/date de naissance/i)) as HTMLInputElement
    expect(screen.getByText('jj/mm/aaaa')).toBeTruthy()
    await user.type(screen.getByLabelText(/prénom et nom/i), 'Amina Njoroge')
    await user.type(field, '14071990')
    expect(field.value).toBe('14/07/1990')
    await user.type(screen.getByLabelText(/numéro mobile money/i), '+254712345678')
    await user.type(screen.getByLabelText(/portefeuille/i), WALLET)
    await user.click(submit())
    await waitFor(() => expect(storedCheckout().step).toBe('quote'))
    expect(storedCheckout().details?.dob).toBe('07/14/1990')
  })

  it('reads 31/12/1990 day first for a Kenyan shopper in English, and sends 12/31/1990', async () => {
    const { user } = await renderDetails()
    expect(await screen.findByText('dd/mm/yyyy')).toBeTruthy()
    await user.type(screen.getByLabelText(/first and last name/i), 'Amina Njoroge')
    await user.type(screen.getByLabelText(/date of birth/i), '31/12/1990')
    await user.type(screen.getByLabelText(/mobile money number/i), '0712 345 678')
    await user.type(screen.getByLabelText(/wallet address/i), WALLET)
    await user.click(submit())
    await waitFor(() => expect(storedCheckout().step).toBe('quote'))
    expect(storedCheckout().details?.dob).toBe('12/31/1990')
  })

  it('shows a given mm/dd/yyyy date of birth day first in French', async () => {
    await renderDetails(kenyaDetails(), { locale: 'fr', customer: { dob: '07/14/1990' } })
    const field = (await screen.findByLabelText(/date de naissance/i)) as HTMLInputElement
    expect(field.value).toBe('14/07/1990')
  })
})

describe('details step: errors', () => {
  it('focuses the first invalid field in the order of the form', async () => {
    const { user } = await renderDetails()
    await screen.findByLabelText(/date of birth/i)
    await user.type(screen.getByLabelText(/mobile money number/i), '12345')
    await user.click(submit())
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText(/first and last name/i)),
    )
  })

  it("gives an example number of the corridor's country in the phone error, and takes a local number", async () => {
    const { user } = await renderDetails()
    const phone = await screen.findByLabelText(/mobile money number/i)
    await user.type(phone, '0712')
    await user.click(submit())
    await waitFor(() =>
      expect(errorOf(phone)).toBe('Enter a valid mobile number from Kenya, like 0712 123456.'),
    )
    await user.type(phone, '345678')
    await waitFor(() => expect(errorOf(phone)).toBeNull())
  })

  it('clears a fixed error as the valid value is typed, before the field is left, so the button does not move under the click', async () => {
    const { user } = await renderDetails()
    const name = await screen.findByLabelText(/first and last name/i)
    await user.click(submit())
    await waitFor(() => expect(errorOf(name)).toBe('Enter your first and last name.'))
    await user.type(name, 'Amina')
    // Still invalid: the message stays, so nothing moves.
    expect(errorOf(name)).toBe('Enter your first and last name.')
    await user.type(name, ' Njoroge')
    expect(document.activeElement).toBe(name)
    await waitFor(() => expect(errorOf(name)).toBeNull())
  })

  it('takes the quote on the first click once every field is fixed', async () => {
    const { user } = await renderDetails()
    const name = await screen.findByLabelText(/first and last name/i)
    await user.click(submit())
    await waitFor(() => expect(errorOf(name)).not.toBeNull())
    await user.type(name, 'Amina Njoroge')
    await user.type(screen.getByLabelText(/date of birth/i), '14071990')
    await user.type(screen.getByLabelText(/mobile money number/i), '+254712345678')
    await user.type(screen.getByLabelText(/wallet address/i), WALLET)
    await user.click(submit())
    await waitFor(() => expect(storedCheckout().step).toBe('quote'))
  })
})

describe('details step: phone', () => {
  it('sends a local number as E.164 and keeps it grouped as Kenya writes it for the later screens', async () => {
    const { user } = await renderDetails()
    await user.type(await screen.findByLabelText(/first and last name/i), 'Amina Njoroge')
    await user.type(screen.getByLabelText(/date of birth/i), '14071990')
    await user.type(screen.getByLabelText(/mobile money number/i), '0712345678')
    await user.type(screen.getByLabelText(/wallet address/i), WALLET)
    await user.click(submit())
    await waitFor(() => expect(storedCheckout().step).toBe('quote'))
    expect(storedCheckout().details).toMatchObject({
      phone: '+254712345678',
      phoneDisplay: '+254 712 345678',
    })
  })
})

describe('details step: IBAN', () => {
  it('asks for an IBAN by name, with a text keyboard in capitals', async () => {
    await renderDetails(euroDetails())
    const field = await screen.findByLabelText(/^IBAN/)
    expect(field.getAttribute('inputmode')).toBe('text')
    expect(field.getAttribute('autocapitalize')).toBe('characters')
    expect(screen.queryByLabelText(/bank account number/i)).toBeNull()
  })

  it('refuses an IBAN with a typo and sends a valid one without spaces', async () => {
    const { user } = await renderDetails(euroDetails())
    const field = await screen.findByLabelText(/^IBAN/)
    await user.type(screen.getByLabelText(/first and last name/i), 'Jean Dupont')
    await user.type(screen.getByLabelText(/wallet address/i), WALLET)
    await user.type(field, 'DE89 3704 0044 0532 0130 01')
    await user.click(submit())
    await waitFor(() =>
      expect(errorOf(field)).toBe('This IBAN has a typo: check each letter and digit.'),
    )
    await user.clear(field)
    await user.type(field, 'de89 3704 0044 0532 0130 00')
    await user.click(submit())
    await waitFor(() => expect(storedCheckout().step).toBe('quote'))
    expect(storedCheckout().details?.accountNumber).toBe('DE89370400440532013000')
  })
})

describe('details step: what was typed and not sent', () => {
  it('is kept through Back and a reload, in the order it was shown', async () => {
    const first = await renderDetails()
    const { user } = first
    await user.type(screen.getByLabelText(/first and last name/i), 'Amina Njoroge')
    await user.type(screen.getByLabelText(/date of birth/i), '31/12/1990')
    expect(JSON.parse(window.sessionStorage.getItem('rampkit:checkout:drafts')!)).toMatchObject({
      details: { name: 'Amina Njoroge', dob: '31/12/1990' },
    })
    // Back to the amount and on again: the form comes back as it was left.
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(await screen.findByRole('button', { name: 'Continue' }, { timeout: 10_000 }))
    await screen.findByRole('button', { name: SUBMIT }, { timeout: 10_000 })
    expect((screen.getByLabelText(/first and last name/i) as HTMLInputElement).value).toBe(
      'Amina Njoroge',
    )
    // A reload on the same step: the same values, the date still day first.
    first.unmount()
    await renderDetails(storedCheckout())
    expect((screen.getByLabelText(/first and last name/i) as HTMLInputElement).value).toBe(
      'Amina Njoroge',
    )
    expect((screen.getByLabelText(/date of birth/i) as HTMLInputElement).value).toBe('31/12/1990')
  })
})
