import type { Catalog, MetaTokens, Quote } from '@rampkit/core'
import {
  type CheckoutEvent,
  createCheckout,
  fromQuote,
  serializeCheckout,
  toCheckoutToken,
  toCreateOrderRequest,
  toQuoteRequest,
  transition,
} from '@rampkit/core/checkout'
import { type RenderResult, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { EventSource as EventSourcePolyfill } from 'eventsource'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { createConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import { expectNoAxeViolations } from '../../test/axe.js'
import { KENYA, MOBILE_MONEY } from '../../test/offline.js'
import {
  connectedWagmi,
  type RenderedCheckout,
  renderCheckout,
  sandboxAdmin,
} from '../../test/render.js'
import { choose, click, pick, review, SLOW, section, step } from '../../test/walk.js'
import type { RampCheckoutProps } from './context.js'

const env = inject('ramp')
const publicClient = createPublicClient({ transport: http(env.rpcUrl) })

/** Presses Tab until `element` has focus: the test fails if the keyboard cannot reach it. */
async function tabTo(user: UserEvent, element: Element) {
  for (let i = 0; i < 40 && document.activeElement !== element; i++) await user.tab()
  expect(document.activeElement).toBe(element)
}

async function keyboardChoose(user: UserEvent, name: RegExp) {
  await tabTo(user, await screen.findByRole('button', { name }, SLOW))
  await user.keyboard('{Enter}')
}

/** Tabs to a radio (the group's checked one takes the Tab) and checks it with Space. */
async function keyboardRadio(user: UserEvent, name: RegExp) {
  const radio = (await screen.findByRole('radio', { name }, SLOW)) as HTMLInputElement
  await tabTo(user, radio)
  await user.keyboard(' ')
  expect(radio.checked).toBe(true)
}

async function keyboardType(user: UserEvent, label: RegExp, text: string) {
  const field = await screen.findByLabelText(label, undefined, SLOW)
  await tabTo(user, field)
  await user.keyboard(text)
}

/** Picks an option of a select by the start of its text (`Kenya`, `USDT`). */
async function selectOption(user: UserEvent, label: RegExp, text: RegExp) {
  const select = (await screen.findByLabelText(label, undefined, SLOW)) as HTMLSelectElement
  await waitFor(
    () => expect([...select.options].some((o) => text.test(o.textContent ?? ''))).toBe(true),
    SLOW,
  )
  const option = [...select.options].find((o) => text.test(o.textContent ?? ''))!
  await user.selectOptions(select, option.value)
}

/**
 * The sandbox guide's Kenyan test phones: in the sandbox an order with the first settles, with
 * the second fails; any other number leaves it in `pending_settlement`.
 */
const SANDBOX_SETTLES = '+2541111111111'
const SANDBOX_FAILS = '+2540000000000'
const customer = { name: 'Amina Njoroge', phone: SANDBOX_SETTLES, dob: '07/14/1990' }

/** A KES mobile-money on-ramp with everything prefilled, up to the quote. */
async function quickOnRampToQuote(user: UserEvent, view: RenderResult) {
  await choose(user, /^Mobile money/, /^M-Pesa/)
  await step(/how much/i)
  await click(user, /^Continue$/)
  await section(/your details/i)
  await click(user, /^Get a quote$/)
  await screen.findByText('You receive', undefined, SLOW)
  await review()
  return view
}

function quickProps(extra: Record<string, unknown> = {}) {
  return {
    direction: 'OnRamp' as const,
    country: 'KE',
    token: 'USDC',
    amount: 1500,
    walletAddress: env.testAccounts[1]!.address,
    customer,
    ...extra,
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('<RampCheckout /> against the sandbox through the server kit', () => {
  it('completes a KES mobile-money on-ramp to settled, by keyboard, with no axe violations', async () => {
    vi.stubGlobal('EventSource', EventSourcePolyfill)
    const onOrderCreated = vi.fn()
    const onSettled = vi.fn()
    const onStatusChange = vi.fn()
    const view = renderCheckout({
      user: 'onramp-user',
      props: { onOrderCreated, onSettled, onStatusChange },
    })
    const { user, container } = view
    await step(/where and how/i, container)
    expect(screen.getByText('Step 1 of 4')).toBeTruthy()
    await keyboardRadio(user, /^Buy crypto/)
    const corridor = await screen.findByLabelText('Country or currency', undefined, SLOW)
    await tabTo(user, corridor)
    await selectOption(user, /^Country or currency$/, /Kenya · KES/)
    await keyboardRadio(user, /^Mobile money/)
    await keyboardRadio(user, /^M-Pesa/)
    await tabTo(user, screen.getByLabelText('Token to buy'))
    await selectOption(user, /^Token to buy$/, /^USDC/)
    await expectNoAxeViolations(container)
    await keyboardChoose(user, /^Continue$/)
    const amountHeading = await step(/how much/i, container)
    // Focus moves to the heading once the amount screen's chunk has loaded and shows.
    await waitFor(() => expect(document.activeElement).toBe(amountHeading))
    await keyboardType(user, /amount in KES/i, '1500')
    await screen.findByText(/^Estimate: about .* USDC at/, undefined, SLOW)
    await expectNoAxeViolations(container)
    await keyboardChoose(user, /^Continue$/)
    await section(/your details/i)
    await keyboardType(user, /first and last name/i, customer.name)
    await keyboardType(user, /date of birth/i, '14/07/1990') // as Kenya writes it
    // A real number is formatted as it is typed; the sandbox's success number then replaces it,
    // so that the order settles.
    await keyboardType(user, /mobile money number/i, '0712345678')
    const phone = screen.getByLabelText(/mobile money number/i) as HTMLInputElement
    expect(phone.value).toMatch(/^0712 ?345 ?678$/)
    expect(phone.value).toContain(' ')
    await user.clear(phone)
    await user.keyboard(customer.phone)
    await keyboardType(user, /wallet address/i, env.testAccounts[1]!.address)
    await expectNoAxeViolations(container)
    await keyboardChoose(user, /^Get a quote$/)
    await screen.findByText('You receive', undefined, SLOW)
    await review(container)
    await keyboardChoose(user, /^Confirm and pay$/)
    await step(/order status/i)
    // Until it settles, the user is told how to pay: the provider's prompt for the amount, on
    // the phone the quote named.
    expect(
      await screen.findByText('Check your phone and approve the M-Pesa prompt for 1,500 KES.'),
    ).toBeTruthy()
    expect(screen.getByText(/^\+254 ?1111111111$/)).toBeTruthy()
    await screen.findByText(/Your order has settled/, undefined, SLOW)
    expect(screen.queryByText('How to pay')).toBeNull()
    await expectNoAxeViolations(container)
    expect(onOrderCreated).toHaveBeenCalledTimes(1)
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(onStatusChange.mock.calls.map(([order]) => order.status)).toContain('settled')
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ status: 'settled', order_type: 'OnRamp' })
  }, 90_000)

  it("accepts the sandbox's documented test phone, because the kit's GET /config says sandbox", async () => {
    const config = await fetch(`${env.endpoint}/config`, { headers: { 'x-test-user': 'cfg' } })
    expect(((await config.json()) as { data: { environment: string } }).data.environment).toBe(
      'sandbox',
    )
    const view = renderCheckout({
      user: 'test-phone-user',
      props: quickProps({ customer: { name: customer.name, dob: customer.dob } }),
    })
    const { user } = view
    await choose(user, /^Mobile money/, /^M-Pesa/)
    await click(user, /^Continue$/)
    await section(/your details/i)
    const phone = await screen.findByLabelText(/mobile money number/i)
    // Not a real Kenyan number (too long): only the sandbox rule lets it through.
    await user.type(phone, '+254 111 111 1111')
    await click(user, /^Get a quote$/)
    await screen.findByText('You receive', undefined, SLOW)
    const saved = JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!)
    expect(saved.details.phone).toBe(SANDBOX_SETTLES)
    await expectNoAxeViolations(view.container)
  }, 90_000)

  it('off-ramps USDT with a reset-to-0 approval of the exact amount, and the tokens leave the wallet', async () => {
    const account = env.testAccounts[3]!
    const usdt = env.tokens.find((token) => token.symbol === 'USDT')!
    expect(usdt.requiresZeroAllowanceReset).toBe(true)
    // An abandoned approval from an earlier sale: USDT refuses to change it without a reset.
    const wallet = createWalletClient({
      account: privateKeyToAccount(account.privateKey as `0x${string}`),
      transport: http(env.rpcUrl),
    })
    const seeded = await wallet.writeContract({
      address: usdt.address as Address,
      abi: erc20Abi,
      functionName: 'approve',
      args: [env.spender as Address, 1n],
      chain: null,
    })
    await publicClient.waitForTransactionReceipt({ hash: seeded })
    const balance = () =>
      publicClient.readContract({
        address: usdt.address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address as Address],
      })
    const allowance = () =>
      publicClient.readContract({
        address: usdt.address as Address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address as Address, env.spender as Address],
      })
    const before = await balance()
    const wagmiConfig = await connectedWagmi(account.address)
    const onSettled = vi.fn()
    const { user, container } = renderCheckout({
      user: 'offramp-user',
      wagmiConfig,
      props: { onSettled, customer },
    })
    await step(/where and how/i)
    await pick(user, /^Sell crypto/)
    await selectOption(user, /^Country or currency$/, /Kenya · KES/)
    await pick(user, /^Mobile money/)
    await pick(user, /^M-Pesa/)
    await selectOption(user, /^Token to sell$/, /^USDT/)
    await click(user, /^Continue$/)
    // A sale is typed in tokens: how many the user sends, exactly.
    await user.type(await screen.findByLabelText(/amount of USDT to sell/i), '10')
    await click(user, /^Continue$/)
    await section(/your details/i)
    const walletField = (await screen.findByLabelText(/wallet that sends/i)) as HTMLInputElement
    await waitFor(() => expect(walletField.value.toLowerCase()).toBe(account.address.toLowerCase()))
    await click(user, /^Get a quote$/)
    await screen.findByText('You send', undefined, SLOW)
    expect(JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!).amountCrypto).toBe('10')
    await section(/allow the token transfer/i, container)
    // One signature first: the kit sells only from a wallet this session has proven.
    expect(screen.queryByRole('button', { name: /^Reset allowance/ })).toBeNull()
    await click(user, /^Sign to confirm$/)
    await screen.findByText(/^Wallet confirmed:/, undefined, SLOW)
    await click(user, /^Reset allowance to 0, then approve/)
    await review()
    const saved = JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!)
    expect(saved.approval).toMatchObject({ confirmed: true })
    expect(saved.approval.resetTxHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(saved.approval.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    // Exactly the quote's token amount in USDT's own base units, not an unlimited approval.
    const approved = await allowance()
    expect(approved).toBe(BigInt(saved.approval.amount))
    expect(Number(approved) / 10 ** usdt.decimals).toBeCloseTo(saved.quote.amountCrypto, 6)
    await click(user, /^Confirm and sell$/)
    await step(/order status/i)
    await screen.findByText(/Your order has settled/, undefined, SLOW)
    expect(within(container).getAllByTitle(/^0x[0-9a-f]{64}$/i).length).toBeGreaterThan(0)
    expect(before - (await balance())).toBe(approved)
    expect(await allowance()).toBe(0n)
    // The sale accepted its quote: the order carries exactly the quoted amounts.
    expect(onSettled.mock.calls[0]![0]).toMatchObject({
      order_type: 'OffRamp',
      flow: 'quote',
      amount_crypto: saved.quote.amountCrypto,
      amount_fiat: saved.quote.amountFiat,
    })
  }, 90_000)

  it('refuses a Nigerian bank order on the BVN field, in the form and from the service', async () => {
    const first = renderCheckout({
      user: 'ng-user',
      props: { direction: 'OnRamp', country: 'NG', token: 'USDC', amount: 50_000, customer },
    })
    const { user } = first
    await step(/where and how/i)
    await pick(user, /^Bank transfer/)
    const providers = await screen.findByRole('group', { name: 'Provider' }, SLOW)
    const banks = await within(providers).findAllByRole('radio', undefined, SLOW)
    await user.click(banks[0]!)
    await click(user, /^Continue$/)
    await click(user, /^Continue$/)
    await section(/your details/i)
    await user.type(await screen.findByLabelText(/bank account number/i), '0123456784') // a NUBAN of Access Bank (044)
    await user.type(screen.getByLabelText(/BVN/), '1234')
    await user.clear(screen.getByLabelText(/wallet address/i))
    await user.type(screen.getByLabelText(/wallet address/i), env.testAccounts[1]!.address)
    await click(user, /^Get a quote$/)
    const bvn = screen.getByLabelText(/BVN/)
    await waitFor(() => expect(bvn.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('A BVN has exactly 11 digits.')).toBeTruthy()
    await expectNoAxeViolations(first.container)

    // Details that skipped the BVN (a partner's own form, an older saved session) reach the
    // service, which answers 422 with data.field; the widget puts the error on the BVN field.
    const stored = JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!)
    first.unmount()
    window.sessionStorage.setItem(
      'rampkit:checkout',
      JSON.stringify({
        ...stored,
        step: 'quote',
        details: {
          name: customer.name,
          dob: customer.dob,
          accountNumber: '0123456784',
          walletAddress: env.testAccounts[1]!.address,
        },
      }),
    )
    const second = renderCheckout({ user: 'ng-user', props: { direction: 'OnRamp' } })
    await section(/your details/i)
    const refused = await screen.findByLabelText(/BVN/, undefined, SLOW)
    await waitFor(() => expect(refused.getAttribute('aria-invalid')).toBe('true'), SLOW)
    expect(document.activeElement).toBe(refused)
    const describedBy = refused.getAttribute('aria-describedby') ?? ''
    const message = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
    expect(message).toMatch(/BVN|verification/i)
    await expectNoAxeViolations(second.container)
  }, 90_000)

  it('re-quotes in one click after the sandbox clock expires the quote (410 on accept)', async () => {
    const onQuote = vi.fn()
    const onOrderCreated = vi.fn()
    const view = renderCheckout({
      user: 'expiry-user',
      props: quickProps({ onQuote, onOrderCreated }),
    })
    const { user } = view
    await quickOnRampToQuote(user, view)
    await sandboxAdmin('/clock/advance', { ms: 180_000 })
    await click(user, /^Confirm and pay$/)
    await review()
    await screen.findByText('This quote has expired.', undefined, SLOW)
    await expectNoAxeViolations(view.container)
    expect(onOrderCreated).not.toHaveBeenCalled()
    await click(user, /^Get a new quote$/)
    await screen.findByText('You receive', undefined, SLOW)
    await waitFor(() => expect(onQuote).toHaveBeenCalledTimes(2))
    expect(onQuote.mock.calls[0]![0].quote_id).not.toBe(onQuote.mock.calls[1]![0].quote_id)
    await click(user, /^Confirm and pay$/)
    await step(/order status/i)
    await waitFor(() => expect(onOrderCreated).toHaveBeenCalledTimes(1))
    expect(onOrderCreated.mock.calls[0]![0].quote_id).toBe(onQuote.mock.calls[1]![0].quote_id)
  }, 90_000)

  it('shows a failed order with a change of details, and a refunded one with a new order', async () => {
    // The sandbox guide's failure number fails the order; a refund has no test value, so the
    // sandbox's admin control forces that one.
    const failed = renderCheckout({
      user: 'fail-user',
      props: quickProps({ customer: { ...customer, phone: SANDBOX_FAILS } }),
    })
    await quickOnRampToQuote(failed.user, failed)
    await click(failed.user, /^Confirm and pay$/)
    await screen.findByText('Your order did not go through.', undefined, SLOW)
    expect(screen.getByRole('alert').textContent).toMatch(/Failed/)
    await expectNoAxeViolations(failed.container)
    // No "You receive" on an order that delivered nothing; the next step changes the details.
    expect(screen.queryByText('You receive')).toBeNull()
    await click(failed.user, /^Change your details$/)
    await section(/your details/i)
    await click(failed.user, /^Get a quote$/)
    await review()
    await screen.findByText('You receive', undefined, SLOW)
    failed.unmount()
    window.sessionStorage.clear()

    await sandboxAdmin('/orders/next', { outcome: 'refund' })
    const refunded = renderCheckout({ user: 'refund-user', props: quickProps() })
    await quickOnRampToQuote(refunded.user, refunded)
    await click(refunded.user, /^Confirm and pay$/)
    await screen.findByText('Your order was refunded.', undefined, SLOW)
    await expectNoAxeViolations(refunded.container)
    await click(refunded.user, /^Start a new order$/)
    // Starting again is the first screen, with the corridor of the props chosen.
    await step(/where and how/i)
    expect(((await screen.findByLabelText('Country or currency')) as HTMLSelectElement).value).toBe(
      'KE-KES',
    )
  }, 90_000)

  it('shows an order no test value decides as waiting to settle, with how to pay, until it settles', async () => {
    const onOrderCreated = vi.fn()
    const view = renderCheckout({
      user: 'waiting-user',
      props: quickProps({ customer: { ...customer, phone: '+254712345678' }, onOrderCreated }),
    })
    await quickOnRampToQuote(view.user, view)
    await click(view.user, /^Confirm and pay$/)
    // The sandbox leaves it in pending_settlement, with no webhook: the kit's backup poll
    // reads it, and the widget names it instead of showing it as processing.
    await screen.findByText('Your order: Waiting to settle.', undefined, SLOW)
    expect(screen.getByText(/waiting for its payment to arrive/)).toBeTruthy()
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('pending_settlement')
    expect(screen.getByText('How to pay')).toBeTruthy()
    // The progress names the step by the order's own status, as the text does.
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toBe('Waiting to settle')
    await expectNoAxeViolations(view.container)
    view.unmount()

    // A word the service may add, as a reload finds it saved: shown as in progress, in words,
    // and the kit's pending_settlement (an older move for the lifecycle) does not replace it.
    const saved = JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!)
    saved.order.status = 'awaiting_review'
    window.sessionStorage.setItem('rampkit:checkout', JSON.stringify(saved))
    const reloaded = renderCheckout({ user: 'waiting-user', props: quickProps({ onOrderCreated }) })
    await screen.findByText('Your order: In progress (awaiting review).', undefined, SLOW)
    expect(screen.getByText(/can take a few minutes/)).toBeTruthy()
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toBe(
      'In progress (awaiting review)',
    )
    await expectNoAxeViolations(reloaded.container)

    const order = onOrderCreated.mock.calls[0]![0] as { order_id: string }
    await sandboxAdmin(`/orders/${order.order_id}/settle`)
    await screen.findByText(/Your order has settled/, undefined, SLOW)
  }, 90_000)

  it('resumes after a reload, and never sends a confirm twice', async () => {
    const onOrderCreated = vi.fn()
    const first = renderCheckout({ user: 'reload-user', props: quickProps({ onOrderCreated }) })
    await quickOnRampToQuote(first.user, first)
    const quoteText = screen.getByText(/per USDC/).textContent
    first.unmount()

    // Same sessionStorage, fresh React tree and query cache: the quote step comes back as it was.
    const second = renderCheckout({ user: 'reload-user', props: quickProps({ onOrderCreated }) })
    await review()
    expect(screen.getByText(/per USDC/).textContent).toBe(quoteText)
    const confirmButton = await screen.findByRole('button', { name: /^Confirm and pay$/ })
    await second.user.dblClick(confirmButton)
    await second.user.click(confirmButton)
    await step(/order status/i)
    await waitFor(() => expect(onOrderCreated).toHaveBeenCalledTimes(1))
    second.unmount()

    // A reload on the status page resumes the order, and the list holds exactly one order.
    const third = renderCheckout({ user: 'reload-user', props: quickProps({ onOrderCreated }) })
    await step(/order status/i)
    await screen.findByText(/Your order has settled/, undefined, SLOW)
    const response = await fetch(`${env.endpoint}/orders`, {
      headers: { 'x-test-user': 'reload-user' },
    })
    const body = (await response.json()) as { data: unknown[] }
    expect(body.data).toHaveLength(1)
    expect(onOrderCreated).toHaveBeenCalledTimes(1)
    third.unmount()
  }, 90_000)
})

describe('<RampCheckout /> review fixes, against the sandbox through the server kit', () => {
  it('takes an EUR international bank pay-in through the bank listing to a settled order, and lists USD banks', async () => {
    const onError = vi.fn()
    const eur = renderCheckout({
      user: 'eur-user',
      props: {
        direction: 'OnRamp',
        token: 'USDC',
        walletAddress: env.testAccounts[1]!.address,
        customer: { name: customer.name },
        onError,
      },
    })
    const { user, container } = eur
    await step(/where and how/i)
    await selectOption(user, /^Country or currency$/, /EUR international bank transfer/)
    await pick(user, /^SEPA bank transfer/)
    // The bank listing answered (no 422 for a missing country): the sandbox's SEPA options,
    // with the currency's limits from the catalog.
    await pick(user, /^SEPA Credit Transfer/)
    await expectNoAxeViolations(container)
    await click(user, /^Continue$/)
    await step(/how much/i)
    expect(await screen.findByText('Between 20 EUR and 100,000 EUR')).toBeTruthy()
    await user.type(await screen.findByLabelText(/amount in EUR/i), '100')
    await click(user, /^Continue$/)
    await section(/your details/i)
    expect(screen.queryByLabelText(/date of birth/i)).toBeNull()
    // The sandbox guide's success account number: the pay-in settles (an IBAN would leave it in
    // pending_settlement, as any account the guide does not name).
    await user.type(await screen.findByLabelText(/^IBAN/), '1111111111')
    await click(user, /^Get a quote$/)
    // The kit checks quotes with core's validateQuoteInput, which today asks every corridor for
    // a date of birth (the spec asks it on African retail corridors only). Whichever answers,
    // the user is never stuck: a field the service asks for appears, with the error on it.
    const asked = await Promise.race([
      screen.findByText('You receive', undefined, SLOW).then(() => false),
      screen.findByLabelText(/date of birth/i, undefined, SLOW).then(() => true),
    ])
    if (asked) {
      const dob = screen.getByLabelText(/date of birth/i)
      await waitFor(() => expect(dob.getAttribute('aria-invalid')).toBe('true'))
      await user.type(dob, customer.dob)
      await click(user, /^Get a quote$/)
    }
    await screen.findByText('You receive', undefined, SLOW)
    expect(screen.getByText(/EUR per USDC/)).toBeTruthy()
    await click(user, /^Confirm and pay$/)
    await step(/order status/i)
    // The account to pay into, with its BIC and the reference that matches the transfer.
    const how = (await screen.findByText('How to pay')).closest('section') as HTMLElement
    expect(within(how).getByText(/^Pay exactly 100 EUR into this account/)).toBeTruthy()
    expect(within(how).getByText('SNDBDEFF')).toBeTruthy()
    // Shown in groups of four (boxes, not spaces): the value as a whole is the reference.
    expect(
      within(how).getByText(
        (_, element) =>
          element?.tagName === 'CODE' && /^SBX[0-9A-F]{10}$/.test(element.textContent ?? ''),
      ),
    ).toBeTruthy()
    await expectNoAxeViolations(container)
    await screen.findByText(/Your order has settled/, undefined, SLOW)
    expect(onError).toHaveBeenCalledTimes(asked ? 1 : 0)
    eur.unmount()
    window.sessionStorage.clear()

    const usd = renderCheckout({
      user: 'usd-user',
      props: { direction: 'OnRamp', currency: 'USD' },
    })
    await pick(usd.user, /^SWIFT bank transfer/)
    expect(await screen.findByRole('radio', { name: /^SWIFT wire transfer/ }, SLOW)).toBeTruthy()
  }, 90_000)

  it('keeps a typed or given on-ramp wallet over the connected one, fills an empty field and follows an account switch, and reads "1,500" as 1500', async () => {
    const given = env.testAccounts[1]!.address
    const connected = env.testAccounts[2]!.address
    const wagmiConfig = await connectedWagmi(connected)
    const first = renderCheckout({ user: 'wallet-user', wagmiConfig, props: quickProps() })
    await choose(first.user, /^Mobile money/, /^M-Pesa/)
    await step(/how much/i)
    const amount = await screen.findByLabelText(/amount in KES/i)
    await first.user.clear(amount)
    await first.user.type(amount, '1,500')
    await click(first.user, /^Continue$/)
    await section(/your details/i)
    const stored = () => JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!)
    // An English thousands comma, never a decimal point: 1500 KES, not 1.5.
    expect(stored().amountFiat).toBe(1500)
    const field = (await screen.findByLabelText(/wallet address/i)) as HTMLInputElement
    expect(field.value).toBe(given)
    // Buying to an address that is not the connected wallet is allowed, and said plainly.
    const typedHint = /^Sending to an address you typed/
    expect(screen.getByText(typedHint).id).toBe(field.getAttribute('aria-describedby'))
    await click(first.user, /^Get a quote$/)
    await review()
    expect(stored().details.walletAddress.toLowerCase()).toBe(given.toLowerCase())
    first.unmount()
    window.sessionStorage.clear()

    const second = renderCheckout({
      user: 'wallet-user',
      wagmiConfig,
      props: quickProps({ walletAddress: undefined }),
    })
    await choose(second.user, /^Mobile money/, /^M-Pesa/)
    await click(second.user, /^Continue$/)
    await section(/your details/i)
    const empty = (await screen.findByLabelText(/wallet address/i)) as HTMLInputElement
    await waitFor(() => expect(empty.value.toLowerCase()).toBe(connected.toLowerCase()))
    // The connected wallet itself needs no warning.
    expect(screen.queryByText(/^Sending to an address you typed/)).toBeNull()
    // Switching account in the wallet moves the filled address to the new account...
    const switched = env.testAccounts[3]!.address
    const connector = wagmiConfig.connectors[0]!
    connector.emitter.emit('change', { accounts: [switched as Address] })
    await waitFor(() => expect(empty.value.toLowerCase()).toBe(switched.toLowerCase()))
    expect(screen.queryByText(/^Sending to an address you typed/)).toBeNull()
    // ...but never one the user typed.
    await second.user.clear(empty)
    await second.user.type(empty, given)
    connector.emitter.emit('change', { accounts: [connected as Address] })
    const account = () => wagmiConfig.state.connections.get(wagmiConfig.state.current!)?.accounts[0]
    await waitFor(() => expect(account()).toBe(connected))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(empty.value).toBe(given)
  }, 90_000)

  it('explains a declined wallet signature, sends no approval, and asks once per wallet and session', async () => {
    const account = env.testAccounts[7]!
    const usdc = env.tokens.find((token) => token.symbol === 'USDC')!
    const allowance = () =>
      publicClient.readContract({
        address: usdc.address as Address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address as Address, env.spender as Address],
      })
    const before = await allowance()
    const chain = defineChain({
      id: env.chainId,
      name: 'Sandbox',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [env.rpcUrl] } },
    })
    const declining = createConfig({
      chains: [chain],
      connectors: [
        mock({
          accounts: [account.address as Address],
          features: { reconnect: true, signMessageError: true },
        }),
      ],
      transports: { [chain.id]: http(env.rpcUrl) },
    })
    await connect(declining, { connector: declining.connectors[0]! })
    const onError = vi.fn()
    const props: RampCheckoutProps = {
      direction: 'OffRamp',
      country: 'KE',
      token: 'USDC',
      amountCrypto: '10',
      customer,
      onError,
    }
    const sell = async (checkout: RenderedCheckout) => {
      await choose(checkout.user, /^Mobile money/, /^M-Pesa/)
      await click(checkout.user, /^Continue$/)
      await section(/your details/i)
      const wallet = (await screen.findByLabelText(/wallet that sends/i)) as HTMLInputElement
      await waitFor(() => expect(wallet.value.toLowerCase()).toBe(account.address.toLowerCase()))
      await click(checkout.user, /^Get a quote$/)
      await screen.findByText('You send', undefined, SLOW)
      await section(/allow the token transfer/i, checkout.container)
    }
    const first = renderCheckout({ user: 'declining-user', wagmiConfig: declining, props })
    await sell(first)
    await click(first.user, /^Sign to confirm$/)
    const declined = await screen.findByText(/^You declined the signature/, undefined, SLOW)
    expect(declined.closest('[role="alert"]')).toBeTruthy()
    expect(onError.mock.calls.at(-1)![0]).toMatchObject({ code: 'rejected' })
    expect(screen.queryByRole('button', { name: /^Approve / })).toBeNull()
    expect(await allowance()).toBe(before)
    await expectNoAxeViolations(first.container)
    first.unmount()
    window.sessionStorage.clear()

    // Signed in this session (another tab, say): the same wallet is not asked again.
    const signing = await connectedWagmi(account.address)
    const second = renderCheckout({ user: 'declining-user', wagmiConfig: signing, props })
    await sell(second)
    await click(second.user, /^Sign to confirm$/)
    await screen.findByText(/^Wallet confirmed:/, undefined, SLOW)
    second.unmount()
    window.sessionStorage.clear()
    const third = renderCheckout({ user: 'declining-user', wagmiConfig: signing, props })
    await sell(third)
    await screen.findByRole('button', { name: /^Approve / }, SLOW)
    expect(screen.queryByRole('button', { name: /^Sign to confirm$/ })).toBeNull()
    expect(screen.getByText(/^Wallet confirmed:/)).toBeTruthy()
  }, 90_000)

  it('speaks French for a refused approval, reports it to onError, and reads "12,5" by French rules', async () => {
    const account = env.testAccounts[6]!
    const sandboxChain = defineChain({
      id: env.chainId,
      name: 'Sandbox',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [env.rpcUrl] } },
    })
    // The wallet starts on another chain and the user declines the switch to the token's chain.
    const otherChain = defineChain({ ...sandboxChain, id: env.chainId + 1, name: 'Other' })
    const wagmiConfig = createConfig({
      chains: [otherChain, sandboxChain],
      connectors: [
        mock({
          accounts: [account.address as Address],
          features: { reconnect: true, switchChainError: true },
        }),
      ],
      transports: { [otherChain.id]: http(env.rpcUrl), [sandboxChain.id]: http(env.rpcUrl) },
    })
    await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! })
    const onError = vi.fn()
    const { user, container } = renderCheckout({
      user: 'fr-approval-user',
      wagmiConfig,
      props: {
        direction: 'OffRamp',
        country: 'KE',
        token: 'USDC',
        customer,
        locale: 'fr',
        onError,
      },
    })
    await step(/où et comment/i)
    await pick(user, /^Mobile money/)
    await pick(user, /^M-Pesa/)
    await click(user, /^Continuer$/)
    await step(/quel montant/i)
    const amount = await screen.findByLabelText(/quantité de USDC à vendre/i)
    // A point before three digits reads as thousands in French: refused, with an example.
    await user.type(amount, '12.500')
    await click(user, /^Continuer$/)
    expect(await screen.findByText('Écrivez le montant comme 1 234,56.')).toBeTruthy()
    await user.clear(amount)
    await user.type(amount, '12,5')
    await click(user, /^Continuer$/)
    await section(/vos informations/i)
    expect(JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!).amountCrypto).toBe('12.5')
    const wallet = (await screen.findByLabelText(/portefeuille qui envoie/i)) as HTMLInputElement
    await waitFor(() => expect(wallet.value.toLowerCase()).toBe(account.address.toLowerCase()))
    await click(user, /^Obtenir un devis$/)
    await screen.findByText('Vous envoyez', undefined, SLOW)
    await section(/autoriser le transfert/i)
    await click(user, /^Signer pour confirmer$/)
    await click(user, /^Autoriser /)
    const alert = await screen.findByText("L'autorisation n'a pas abouti.", undefined, SLOW)
    expect(alert.closest('[role="alert"]')?.textContent).toContain(
      'Vous avez refusé la demande dans votre portefeuille.',
    )
    expect(container.textContent).not.toMatch(/rejected|switch chain|Failed/i)
    await expectNoAxeViolations(container)
    expect(onError).toHaveBeenCalledTimes(1)
    expect(onError.mock.calls[0]![0]).toMatchObject({ code: 'rejected' })
  }, 90_000)

  it('after a reload mid-create, says the outcome is unknown, checks again and finds the order, or starts again', async () => {
    const account = env.testAccounts[5]!
    const usdc = env.tokens.find((token) => token.symbol === 'USDC')!
    const user = 'unknown-user'
    const kit = async <T,>(path: string, init: RequestInit = {}): Promise<T> => {
      const response = await fetch(`${env.endpoint}${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          origin: env.origin,
          'x-test-user': user,
          ...init.headers,
        },
      })
      const body = (await response.json()) as { data: T }
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`)
      return body.data
    }
    // The state the widget writes just before POST /orders leaves, built with core's machine
    // from a real off-ramp quote of the kit.
    const catalog = await kit<Catalog>('/catalog')
    const mpesa = catalog.offramp?.countries.KE?.payment_methods.mobile_money?.providers.find(
      (provider) => provider.name === 'M-Pesa',
    )
    if (!mpesa) throw new Error('the sandbox catalog has no off-ramp M-Pesa')
    // The token as the widget takes it from the kit's list (its label names the quote's network).
    const listed = (await kit<MetaTokens>('/tokens')).tokens.find(
      (token) => token.address.toLowerCase() === usdc.address.toLowerCase(),
    )
    if (!listed) throw new Error('the kit lists no sandbox USDC')
    let state = createCheckout({ direction: 'OffRamp' })
    const events: CheckoutEvent[] = [
      { type: 'SELECT_CORRIDOR', corridor: KENYA },
      { type: 'SELECT_PAYMENT_METHOD', paymentMethod: MOBILE_MONEY },
      { type: 'SELECT_PROVIDER', provider: { id: mpesa.id, name: mpesa.name, code: mpesa.code } },
      { type: 'SELECT_TOKEN', token: toCheckoutToken(listed) },
      { type: 'SET_AMOUNT', amountCrypto: '10' },
      {
        type: 'SUBMIT_DETAILS',
        details: {
          name: customer.name,
          dob: customer.dob,
          phone: '+254712345678',
          walletAddress: account.address,
        },
      },
    ]
    for (const event of events) state = transition(state, event)
    const quote = await kit<Quote>('/quotes', {
      method: 'POST',
      body: JSON.stringify(toQuoteRequest(state)),
    })
    for (const event of [
      { type: 'QUOTE_RECEIVED', quote: fromQuote(quote) },
      { type: 'QUOTE_REVIEWED', now: Date.now() },
      { type: 'APPROVAL_REQUIRED', amount: '0', spender: env.spender },
      { type: 'APPROVAL_CONFIRMED' },
      { type: 'CONFIRM', key: 'reload-mid-create', now: Date.now() },
    ] as CheckoutEvent[]) {
      state = transition(state, event)
    }
    // An earlier version created a sale directly: its confirm, in flight at the upgrade, says so.
    expect(state.confirm).toMatchObject({ flow: 'quote', state: 'sending' })
    state = { ...state, confirm: { ...state.confirm!, flow: 'direct' } }
    window.sessionStorage.setItem('rampkit:checkout', serializeCheckout(state))

    // The reload: nothing in the user's orders yet, so the outcome is unknown, and said so.
    const first = renderCheckout({ user, props: { direction: 'OffRamp' } })
    await review()
    await screen.findByText(/could not tell whether your order went through/i, undefined, SLOW)
    expect(screen.getByText(/not found your order yet/i)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Confirm and sell$/ })).toBeNull()
    await expectNoAxeViolations(first.container)

    // The create had reached the service after all: the order shows up, and "check again" finds it.
    const wallet = createWalletClient({
      account: privateKeyToAccount(account.privateKey as `0x${string}`),
      transport: http(env.rpcUrl),
    })
    const approval = await wallet.writeContract({
      address: usdc.address as Address,
      abi: erc20Abi,
      functionName: 'approve',
      args: [env.spender as Address, 10n ** BigInt(usdc.decimals + 3)],
      chain: null,
    })
    await publicClient.waitForTransactionReceipt({ hash: approval })
    // The widget had proven the wallet before its create (Sign-In with Ethereum), as here.
    const challenge = await kit<{ message: string }>('/wallets/challenge', {
      method: 'POST',
      body: JSON.stringify({ address: account.address, chain_id: env.chainId }),
    })
    await kit('/wallets/proofs', {
      method: 'POST',
      body: JSON.stringify({
        message: challenge.message,
        signature: await wallet.account.signMessage({ message: challenge.message }),
      }),
    })
    await kit('/orders', {
      method: 'POST',
      headers: { 'idempotency-key': state.confirm!.key },
      body: JSON.stringify(toCreateOrderRequest(state, state.confirm!.key)),
    })
    await click(first.user, /^Check again$/)
    await step(/order status/i)
    expect(await kit<unknown[]>('/orders')).toHaveLength(1)
    first.unmount()

    // The same reload with nothing to find: "start again" leaves the dead end, creating nothing.
    window.sessionStorage.setItem(
      'rampkit:checkout',
      serializeCheckout({
        ...state,
        confirm: { ...state.confirm!, key: 'never-sent', sentAt: Date.now() + 60_000 },
      }),
    )
    const second = renderCheckout({ user, props: { direction: 'OffRamp' } })
    await screen.findByText(/not found your order yet/i, undefined, SLOW)
    await click(second.user, /^Start again$/)
    await step(/where and how/i)
    expect(JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!).confirm).toBeUndefined()
    expect(await kit<unknown[]>('/orders')).toHaveLength(1)
  }, 90_000)
})
