import type { KitCustomer } from '@rampkit/core/kit'
import { QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../test/axe.js'
import { eventSourceFor } from '../../../test/eventSource.js'
import { renderCheckout, sandboxAdmin } from '../../../test/render.js'
import { RampAccounts } from '../../accounts/RampAccounts.js'
import { RampKitProvider } from '../../provider.js'

const env = inject('ramp')
const SLOW = { timeout: 20_000 }
/** The sandbox guide's Kenyan test phone: an order paid with it settles. */
const SANDBOX_SETTLES = '+2541111111111'
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const PDF = '%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'

/** The vault kit's answer for `user`, read as the browser would, through its own route. */
async function kitRequest<T>(user: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${env.vaultEndpoint}${path}`, {
    ...init,
    headers: { origin: env.origin, 'x-test-user': user, ...init.headers },
  })
  const body = (await response.json()) as { status: string; data: T }
  if (body.status !== 'success') throw new Error(`${path}: ${JSON.stringify(body)}`)
  return body.data
}

async function step(name: RegExp) {
  return screen.findByRole('heading', { level: 2, name }, SLOW)
}

/** The identity step, once its lazy chunk has loaded and the customer has been read. */
async function identityStep() {
  await step(/verify your identity/i)
  await screen.findByRole('button', { name: /^Send for review$/ }, SLOW)
}

async function click(user: UserEvent, name: RegExp) {
  await user.click(await screen.findByRole('button', { name }, SLOW))
}

/** A KES M-Pesa buy with the amount, token and wallet prefilled, up to "Get a quote". */
async function toQuote(user: UserEvent) {
  await step(/where and how/i)
  await user.click(await screen.findByRole('radio', { name: /^Mobile money/ }, SLOW))
  await user.click(await screen.findByRole('radio', { name: /^M-Pesa/ }, SLOW))
  await click(user, /^Continue$/)
  await step(/how much/i)
  await click(user, /^Continue$/)
  await screen.findByRole('heading', { level: 2, name: /your details/i }, SLOW)
}

const props = (customer?: Record<string, string>) => ({
  direction: 'OnRamp' as const,
  country: 'KE',
  token: 'USDC',
  amount: 1500,
  walletAddress: env.testAccounts[1]!.address,
  ...(customer ? { customer } : {}),
})

beforeEach(() => {
  // jsdom's XMLHttpRequest applies CORS to the kit on another port, which a partner's
  // same-origin kit never meets: the upload goes by fetch here (progress at start and end).
  vi.stubGlobal('XMLHttpRequest', undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** Fills what the identity step asks a Kenyan buyer whose name, birth date and phone it has. */
async function fillIdentity(user: UserEvent) {
  await user.selectOptions(screen.getByLabelText(/^gender$/i), 'f')
  await user.type(screen.getByLabelText(/^street address$/i), '1 Moi Avenue')
  await user.type(screen.getByLabelText(/^city$/i), 'Nairobi')
  await user.selectOptions(screen.getByLabelText(/^identity document$/i), 'passport')
  await user.type(screen.getByLabelText(/^document number$/i), 'A1234567')
  await user.upload(
    screen.getByLabelText(/^photo id/i),
    new File([PNG], 'passport.png', { type: 'image/png' }),
  )
  await user.upload(
    screen.getByLabelText(/^proof of address/i),
    new File([PDF], 'bill.pdf', { type: 'application/pdf' }),
  )
}

describe('the identity step against the vault-mode kit and the sandbox', () => {
  it('verifies a new buyer once, with documents, continues by itself on approval, settles; the next checkout skips it', async () => {
    const shopper = 'kyc-buyer'
    vi.stubGlobal('EventSource', eventSourceFor(shopper))
    const customer = {
      name: 'Amina Njoroge',
      phone: SANDBOX_SETTLES,
      dob: '07/14/1990',
      email: 'amina@example.com',
    }
    // The page's own fetch, watched (it still goes to the kit).
    const requests = vi.spyOn(globalThis, 'fetch')
    const first = renderCheckout({ vault: true, user: shopper, props: props(customer) })
    const { user, container } = first
    await toQuote(user)
    await click(user, /^Get a quote$/)
    await identityStep()
    expect(container.querySelector('.rk-root')?.getAttribute('data-step')).toBe('identity')
    // GET /config said the kit quotes by verified customer: the step came before any quote, not
    // after one refused.
    const quotes = requests.mock.calls.filter(
      ([input, init]) => String(input).endsWith('/quotes') && init?.method === 'POST',
    )
    expect(quotes).toEqual([])
    requests.mockRestore()
    // What the checkout and the partner already gave is not asked again.
    for (const asked of [/^first name$/i, /^last name$/i, /^date of birth$/i, /^email$/i]) {
      expect(screen.queryByLabelText(asked), String(asked)).toBeNull()
    }
    expect(screen.queryByLabelText(/^phone number$/i)).toBeNull()
    // A text file named .pdf is refused by its bytes, before anything is sent.
    await user.upload(
      screen.getByLabelText(/^photo id/i),
      new File(['not a document'], 'passport.pdf', { type: 'application/pdf' }),
    )
    expect(await screen.findByText('This file is not a JPEG, PNG or PDF.')).toBeTruthy()
    await fillIdentity(user)
    expect(screen.queryByText('This file is not a JPEG, PNG or PDF.')).toBeNull()
    expect(screen.getByRole('img', { name: 'Preview of passport.png' })).toBeTruthy()
    await expectNoAxeViolations(container)
    await click(user, /^Send for review$/)
    expect(await screen.findByText('We are checking your details', undefined, SLOW)).toBeTruthy()
    await expectNoAxeViolations(container)
    // The sandbox decides the review a moment later; customer.approved reaches the widget over
    // the kit's stream and the checkout quotes on its own.
    await step(/review and confirm/i)
    await screen.findByText('You receive', undefined, SLOW)

    const onFile = await kitRequest<KitCustomer>(shopper, '/customer')
    expect(onFile.status).toBe('approved')
    expect(onFile.customer_id).toMatch(/^pcus_/)
    expect(onFile.documents.map((document) => [document.category, document.content_type])).toEqual(
      expect.arrayContaining([
        ['identity', 'image/png'],
        ['address', 'application/pdf'],
      ]),
    )
    expect(onFile.profile).toMatchObject({
      first_name: 'Amina',
      last_name: 'Njoroge',
      date_of_birth: '1990-07-14',
      email: 'amina@example.com',
      country_of_residence: 'KE',
      address: { line1: '1 Moi Avenue', city: 'Nairobi', country: 'KE' },
    })
    await click(user, /^Confirm and pay$/)
    await screen.findByText(/Your order has settled/, undefined, { timeout: 30_000 })
    first.unmount()
    window.sessionStorage.clear()

    // The same buyer again, the partner passing nothing about them: no identity step, and the
    // details come prefilled from the verified profile.
    const second = renderCheckout({ vault: true, user: shopper, props: props() })
    await toQuote(second.user)
    const name = (await screen.findByLabelText(/first and last name/i)) as HTMLInputElement
    await waitFor(() => expect(name.value).toBe('Amina Njoroge'))
    expect((screen.getByLabelText(/date of birth/i) as HTMLInputElement).value).toBe('14/07/1990') // day first, as Kenya writes it
    await click(second.user, /^Get a quote$/)
    await screen.findByText('You receive', undefined, SLOW)
    expect(screen.queryByRole('heading', { name: /verify your identity/i })).toBeNull()
  }, 120_000)

  it("shows the service's reason when the review rejects the buyer", async () => {
    const shopper = 'kyc-rejected'
    vi.stubGlobal('EventSource', eventSourceFor(shopper))
    // The sandbox's review rejects a profile name containing "Rejected".
    const view = renderCheckout({
      vault: true,
      user: shopper,
      props: props({
        name: 'Rejected Otieno',
        phone: SANDBOX_SETTLES,
        dob: '03/02/1988',
        email: 'f.otieno@example.com',
      }),
    })
    await toQuote(view.user)
    await click(view.user, /^Get a quote$/)
    await identityStep()
    await fillIdentity(view.user)
    await click(view.user, /^Send for review$/)
    await screen.findByText('We could not verify your identity', undefined, SLOW)
    expect(screen.getByTestId('rejection-reason').textContent).toBe(
      'Reason given: Review declined: the identity could not be verified (sandbox test value)',
    )
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy()
    expect(screen.queryByText('You receive')).toBeNull()
    await expectNoAxeViolations(view.container)
  }, 90_000)
})

/** A verified customer made through the kit's own routes, as the identity step makes one. */
async function verifiedThroughKit(shopper: string) {
  await kitRequest(shopper, '/customer', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customer_type: 'individual',
      profile: {
        first_name: 'Baraka',
        last_name: 'Mwangi',
        email: 'baraka@example.com',
        date_of_birth: '1985-05-20',
        country_of_residence: 'KE',
        gender: 'm',
        phone: '+254712345678',
        address: { line1: '2 Kenyatta Avenue', city: 'Nairobi', country: 'KE' },
        id_type: 'national_id',
        id_number: '12345678',
      },
    }),
  })
  for (const category of ['identity', 'address']) {
    await kitRequest(shopper, `/customer/documents?category=${category}`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: PDF,
    })
  }
  await kitRequest(shopper, '/customer/submit', { method: 'POST' })
  await waitFor(
    async () => {
      const customer = await kitRequest<KitCustomer>(shopper, '/customer')
      expect(customer.deposit_account_status).toBe('ready')
    },
    { timeout: 20_000, interval: 250 },
  )
}

describe('<RampAccounts /> against the vault-mode kit and the sandbox', () => {
  it('opens an account, shows how to fund it with copy buttons, and a credit arrives live', async () => {
    const shopper = 'accounts-holder'
    vi.stubGlobal('EventSource', eventSourceFor(shopper))
    await verifiedThroughKit(shopper)
    const user = userEvent.setup()
    const { container } = render(
      <RampKitProvider
        endpoint={env.vaultEndpoint}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        headers={{ origin: env.origin, 'x-test-user': shopper }}
      >
        <RampAccounts />
      </RampKitProvider>,
    )
    await screen.findByText('You have no accounts yet.', undefined, SLOW)
    await user.selectOptions(screen.getByLabelText('Currency'), 'fiat:KES:')
    await click(user, /^Open account$/)
    const card = await screen.findByTestId('account', undefined, SLOW)
    // Pending at first, active with its coordinates a moment later (account.ready).
    await waitFor(() => expect(card.getAttribute('data-status')).toBe('active'), SLOW)
    const deposit = await within(card).findByRole('region', { name: /^How to add money: / }, SLOW)
    expect(within(deposit).getByText('Baraka Mwangi')).toBeTruthy()
    expect(within(deposit).getByRole('button', { name: 'Copy Account number' })).toBeTruthy()
    expect(within(card).getByTestId('account-balance').textContent).toMatch(/^0(\.0+)? KES$/)
    await expectNoAxeViolations(container)

    const id = Number(card.getAttribute('data-account-id'))
    await sandboxAdmin(`/accounts/${id}/credit`, { amount: '250.00' }, { vault: true })
    await screen.findByText('Money arrived in your KES account.', undefined, SLOW)
    await waitFor(
      () => expect(within(card).getByTestId('account-balance').textContent).toBe('250 KES'),
      SLOW,
    )

    // An NGN account lists the banks it pays out to.
    await user.selectOptions(screen.getByLabelText('Currency'), 'fiat:NGN:')
    await click(user, /^Open account$/)
    await waitFor(() => expect(screen.getAllByTestId('account')).toHaveLength(2), SLOW)
    const naira = screen
      .getAllByTestId('account')
      .find((each) => each.textContent?.includes('NGN'))!
    const banks = await within(naira).findByText(/^Banks it pays out to \(\d+\)$/, undefined, SLOW)
    expect(Number(/\((\d+)\)/.exec(banks.textContent ?? '')?.[1])).toBeGreaterThan(0)
  }, 90_000)
})
