/**
 * The four screens, drawn from the controller's snapshot. Every control sends one thing the
 * shopper did to the controller (`choose`, `typeAmount`, `setAmount`, `submitDetails`, `review`,
 * `confirm`, `back`, `startOver`); what follows (the quote, its expiry, the live order) the
 * controller decides.
 */
import type {
  CheckoutController,
  CheckoutDetails,
  CheckoutSnapshot,
  CheckoutState,
} from '@rampkit/core/checkout'
import { isOrderFinal, orderStatusText } from '@rampkit/core/kit'
import { field, formValues, h } from './dom.js'
import { corridorsOf, methodsOf, type Offer, providersOf, tokensOf } from './options.js'

/** What the screens need beside the snapshot. */
export type Page = {
  checkout: CheckoutController
  offer: Offer
  /** The address of the page's wallet (the sandbox's test account), when it has one. */
  wallet: string | null
  /** What the page itself is doing now (the sale's approval), for a live note. */
  busy: string | undefined
  /** The page's own last failure (the wallet's), shown until the next try. */
  failure: string | undefined
  /** Proves the wallet, approves the spender, then tells the controller. */
  approve: () => void
}

/** A drawn screen, and how to refresh what changes under it (the countdown, an amount error). */
export type Drawn = { node: HTMLElement; update: (snapshot: CheckoutSnapshot) => void }

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 6 })

function heading(text: string) {
  return h('h2', { tabindex: -1 }, text)
}

function backButton(page: Page, snapshot: CheckoutSnapshot) {
  if (!snapshot.view.canGoBack) return null
  return h(
    'button',
    { type: 'button', class: 'secondary', onclick: () => page.checkout.back() },
    'Back',
  )
}

function radios<T>(
  legend: string,
  name: string,
  items: T[],
  label: (item: T) => string,
  isChecked: (item: T) => boolean,
  pick: (item: T) => void,
) {
  return h(
    'fieldset',
    {},
    h('legend', {}, legend),
    ...items.map((item, index) =>
      h(
        'label',
        { class: 'choice' },
        h('input', {
          type: 'radio',
          name,
          id: `${name}-${index}`,
          checked: isChecked(item),
          onchange: () => pick(item),
        }),
        label(item),
      ),
    ),
  )
}

function chooseScreen(page: Page, snapshot: CheckoutSnapshot): HTMLElement {
  const { checkout, offer } = page
  const { direction, corridor, paymentMethod, provider, token } = snapshot.state
  const selling = direction === 'OffRamp'
  const form = h('form', { class: 'stack', novalidate: true })
  form.append(
    radios(
      'I want to',
      'direction',
      ['OnRamp', 'OffRamp'] as const,
      (each) => (each === 'OnRamp' ? 'Buy crypto' : 'Sell crypto'),
      (each) => each === direction,
      (each) => checkout.choose({ direction: each }),
    ),
  )
  if (direction) {
    const corridors = corridorsOf(offer, direction)
    const select = h(
      'select',
      {
        id: 'corridor',
        onchange: () => {
          const chosen = corridors[Number(select.value)]
          if (chosen) checkout.choose({ corridor: chosen })
        },
      },
      h('option', { value: '', disabled: true, selected: !corridor }, 'Choose…'),
      ...corridors.map((each, index) =>
        h(
          'option',
          { value: index, selected: each.country === corridor?.country },
          `${each.countryName ?? each.country} (${each.currency})`,
        ),
      ),
    )
    form.append(field('Country', select))
  }
  if (corridor) {
    form.append(
      radios(
        selling ? 'Get paid by' : 'Pay with',
        'method',
        methodsOf(offer, direction, corridor),
        (each) => each.label,
        (each) => each.type === paymentMethod?.type,
        (each) => checkout.choose({ paymentMethod: each }),
      ),
    )
  }
  if (paymentMethod) {
    form.append(
      radios(
        'Provider',
        'provider',
        providersOf(offer, direction, corridor, paymentMethod),
        (each) => each.name,
        (each) => each.id === provider?.id,
        (each) => checkout.choose({ provider: each }),
      ),
    )
  }
  if (provider) {
    const tokens = tokensOf(offer)
    const select = h(
      'select',
      { id: 'token', name: 'token' },
      ...tokens.map((each, index) =>
        h('option', { value: index, selected: each.address === token?.address }, each.symbol),
      ),
    )
    form.append(
      field(selling ? 'Token to sell' : 'Token to buy', select),
      h('button', { type: 'submit' }, 'Continue'),
    )
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const chosen = tokens[Number(select.value)]
      if (chosen) checkout.choose({ token: chosen })
    })
  }
  return h('section', {}, heading(selling ? 'Sell crypto' : 'Buy crypto'), form)
}

const AMOUNT_ERRORS = {
  required: () => 'Enter an amount.',
  invalid_amount: () => 'Enter an amount above 0, in digits.',
  below_minimum: (min?: number, currency?: string) => `The minimum is ${min} ${currency ?? ''}.`,
  above_maximum: (_min?: number, _currency?: string, max?: number) =>
    `The maximum is ${number.format(max ?? 0)}.`,
} as const

function amountError(snapshot: CheckoutSnapshot): string {
  const amount = snapshot.view.amount
  if (!amount?.error) return ''
  const { min, max, currency } = amount.limits ?? {}
  return AMOUNT_ERRORS[amount.error](min, currency, max)
}

function amountScreen(page: Page, snapshot: CheckoutSnapshot): Drawn {
  const { state, view } = snapshot
  const selling = state.direction === 'OffRamp'
  const label = selling
    ? `Amount of ${state.token?.symbol} to sell`
    : `Amount in ${state.corridor?.currency}`
  const typed =
    view.amount?.value ??
    (view.drafts.amount?.amount as string | undefined) ??
    String((selling ? state.amountCrypto : state.amountFiat) ?? '')
  const input = h('input', {
    id: 'amount',
    name: 'amount',
    inputmode: 'decimal',
    autocomplete: 'off',
    value: typed,
    oninput: () => page.checkout.typeAmount(input.value.trim()),
  })
  const limits = state.provider
  const hint =
    !selling && limits?.minAmount !== undefined && limits.maxAmount !== undefined
      ? `From ${number.format(limits.minAmount)} to ${number.format(limits.maxAmount)} ${limits.currency ?? ''}.`
      : ''
  const error = h('p', { class: 'error', id: 'amount-error', 'aria-live': 'polite' })
  const form = h(
    'form',
    {
      class: 'stack',
      novalidate: true,
      onsubmit: (event) => {
        event.preventDefault()
        page.checkout.setAmount(input.value.trim())
      },
    },
    field(label, input, hint),
    error,
    h(
      'div',
      { class: 'actions' },
      backButton(page, snapshot),
      h('button', { type: 'submit' }, 'Continue'),
    ),
  )
  input.setAttribute('aria-describedby', `amount-hint amount-error`)
  const update = (next: CheckoutSnapshot) => {
    const text = amountError(next)
    error.textContent = text
    input.setAttribute('aria-invalid', String(text !== ''))
  }
  update(snapshot)
  return { node: h('section', {}, heading('How much?'), form), update }
}

/** `dd/mm/yyyy` as typed to the service's `mm/dd/yyyy`; anything else as it is. */
function serviceDob(value: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim())
  return match ? `${match[2]}/${match[1]}/${match[3]}` : value.trim()
}

function detailsScreen(page: Page, snapshot: CheckoutSnapshot): HTMLElement {
  const { state, view } = snapshot
  const draft = (view.drafts.details ?? {}) as Record<string, string | undefined>
  const mobile = state.paymentMethod?.type === 'mobile_money'
  const input = (id: keyof CheckoutDetails, props: Record<string, string | boolean> = {}) =>
    h('input', {
      id,
      name: id,
      required: true,
      value: draft[id] ?? (state.details?.[id] as string | undefined) ?? '',
      ...props,
    })
  const wallet = page.wallet ?? draft.walletAddress ?? ''
  // What the service refused, by its `data.field` (a 422 sends the shopper back here).
  const refused = Object.values(state.fieldErrors)
  const form = h(
    'form',
    { class: 'stack' },
    refused.length > 0 ? h('p', { role: 'alert', class: 'error' }, refused.join(' ')) : null,
    field('First and last name', input('name', { autocomplete: 'name' })),
    field(
      'Date of birth',
      input('dob', {
        placeholder: 'DD/MM/YYYY',
        pattern: '\\d{2}/\\d{2}/\\d{4}',
        autocomplete: 'bday',
      }),
      'DD/MM/YYYY',
    ),
    mobile
      ? field(
          'Mobile money number',
          input('phone', { type: 'tel', autocomplete: 'tel' }),
          'With the country code: +254…',
        )
      : field('Account number', input('accountNumber', { inputmode: 'numeric' })),
    field(
      state.direction === 'OffRamp' ? 'Wallet you sell from' : 'Wallet that receives the tokens',
      input('walletAddress', { value: wallet, readonly: page.wallet !== null, spellcheck: false }),
    ),
    h(
      'div',
      { class: 'actions' },
      backButton(page, snapshot),
      h('button', { type: 'submit' }, 'Get a quote'),
    ),
  )
  form.addEventListener('input', () => page.checkout.setDraft('details', formValues(form)))
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (!form.reportValidity()) return
    const values = formValues(form)
    page.checkout.submitDetails({
      name: values.name ?? '',
      dob: serviceDob(values.dob ?? ''),
      walletAddress: values.walletAddress ?? '',
      ...(mobile ? { phone: values.phone ?? '' } : { accountNumber: values.accountNumber ?? '' }),
    })
  })
  return h('section', {}, heading('Your details'), form)
}

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

function quoteSummary(state: CheckoutState) {
  const quote = state.quote
  if (!quote) return null
  const fiat = `${number.format(quote.amountFiat)} ${quote.currency}`
  const crypto = `${number.format(quote.amountCrypto)} ${quote.token}`
  const selling = state.direction === 'OffRamp'
  const row = (term: string, value: string) => [h('dt', {}, term), h('dd', {}, value)]
  return h(
    'dl',
    { class: 'summary' },
    ...row('You pay', selling ? crypto : fiat),
    ...row('You get', selling ? fiat : crypto),
    ...row('Rate', `1 ${quote.token} = ${number.format(quote.rate)} ${quote.currency}`),
    ...(quote.feeFiat === undefined
      ? []
      : row('Fees', `${number.format(quote.feeFiat)} ${quote.currency}`)),
  )
}

function reviewActions(page: Page, snapshot: CheckoutSnapshot): HTMLElement[] {
  const { state, view, isQuoting, isConfirming } = snapshot
  const quote = view.quote
  if (isQuoting || (!quote && !state.error))
    return [h('p', { role: 'status' }, 'Getting your quote…')]
  if (!quote || quote.expired || quote.spent || state.error) {
    return [h('button', { type: 'button', onclick: () => page.checkout.review() }, 'New quote')]
  }
  if (view.wallet.status === 'switched') {
    return [
      h(
        'p',
        { role: 'alert' },
        `This quote was asked from ${view.wallet.quoted}. Switch back or start over.`,
      ),
    ]
  }
  if (state.step === 'approve') {
    const amount = `${number.format(state.quote?.amountCrypto ?? 0)} ${state.quote?.token}`
    return [
      h(
        'button',
        { type: 'button', disabled: page.busy !== undefined, onclick: page.approve },
        `Approve ${amount}`,
      ),
    ]
  }
  const label = state.direction === 'OffRamp' ? 'Confirm and sell' : 'Confirm and pay'
  return [
    h(
      'button',
      { type: 'button', disabled: isConfirming, onclick: () => void page.checkout.confirm() },
      isConfirming ? 'Confirming…' : label,
    ),
  ]
}

function reviewScreen(page: Page, snapshot: CheckoutSnapshot): Drawn {
  const { state, view } = snapshot
  if (state.step === 'details') return { node: detailsScreen(page, snapshot), update: () => {} }
  if (view.gate === 'identity') {
    const note =
      'This shop quotes verified customers only: verify your identity with the shop first.'
    return {
      node: h(
        'section',
        {},
        heading('Verify your identity'),
        h('p', {}, note),
        backButton(page, snapshot),
      ),
      update: () => {},
    }
  }
  const countdown = h('p', { class: 'hint', 'data-countdown': true })
  const update = (next: CheckoutSnapshot) => {
    const left = next.view.quote
    countdown.textContent =
      left && !left.expired && !left.spent ? `Price held for ${clock(left.secondsLeft)}` : ''
  }
  update(snapshot)
  const node = h(
    'section',
    {},
    heading('Review'),
    quoteSummary(state),
    countdown,
    state.error ? h('p', { role: 'alert', class: 'error' }, state.error.message) : null,
    view.quote?.expired
      ? h('p', { role: 'alert' }, 'This price has expired. Ask for a new quote.')
      : null,
    page.busy ? h('p', { role: 'status' }, page.busy) : null,
    page.failure ? h('p', { role: 'alert', class: 'error' }, page.failure) : null,
    state.step === 'approve' && view.quote && !view.quote.expired
      ? h(
          'p',
          {},
          `The ramp takes exactly ${number.format(state.quote?.amountCrypto ?? 0)} ${state.quote?.token} from your wallet once you allow it.`,
        )
      : null,
    h('div', { class: 'actions' }, backButton(page, snapshot), ...reviewActions(page, snapshot)),
  )
  return { node, update }
}

function statusScreen(page: Page, snapshot: CheckoutSnapshot): HTMLElement {
  const { state, view } = snapshot
  const order = state.order
  const status = orderStatusText(order?.status)
  const words = status ? status[0]!.toUpperCase() + status.slice(1) : 'Sending'
  const pay = order?.paymentInstructions
  return h(
    'section',
    {},
    heading('Your order'),
    h('p', { role: 'status', 'data-status': order?.status ?? 'sending' }, `Your order: ${words}.`),
    pay?.kind === 'mobile_money' && !isOrderFinal(order?.status)
      ? h('p', {}, `Approve the payment prompt on ${pay.phone ?? 'your phone'}.`)
      : null,
    view.connection === 'reconnecting' ? h('p', { role: 'status' }, 'Reconnecting…') : null,
    order?.failureReason ? h('p', { class: 'error' }, order.failureReason) : null,
    h(
      'button',
      { type: 'button', class: 'secondary', onclick: () => page.checkout.startOver() },
      'Start over',
    ),
  )
}

/** The screen of a snapshot. */
export function drawScreen(page: Page, snapshot: CheckoutSnapshot): Drawn {
  switch (snapshot.view.screen) {
    case 'choose':
      return { node: chooseScreen(page, snapshot), update: () => {} }
    case 'amount':
      return amountScreen(page, snapshot)
    case 'review':
      return reviewScreen(page, snapshot)
    case 'status':
      return { node: statusScreen(page, snapshot), update: () => {} }
  }
}

/**
 * What a screen is drawn from, beyond what `update` refreshes in place: a change here redraws
 * the screen, and none leaves the shopper's typing and focus alone.
 */
export function screenKey(page: Page, snapshot: CheckoutSnapshot): string {
  const { state, view } = snapshot
  return JSON.stringify([
    view.step,
    view.gate,
    state.direction,
    state.corridor?.country,
    state.paymentMethod?.type,
    state.provider?.id,
    state.quote?.quoteId,
    view.quote?.expired,
    view.quote?.spent,
    state.error?.message,
    state.fieldErrors,
    state.order?.status,
    view.connection,
    view.wallet.status,
    snapshot.isQuoting,
    snapshot.isConfirming,
    page.busy,
    page.failure,
  ])
}
