import type { KitClient } from '../kit/client.js'
import type { KitCustomer, KitOrder } from '../kit/schemas.js'
import { isOrderFinal } from '../kit/status.js'
import type { AcceptQuoteRequest, Quote } from '../schemas/index.js'
import {
  type CheckoutClock,
  type CheckoutNetwork,
  type CheckoutStorage,
  hostNetwork,
  systemClock,
} from './adapters.js'
import { type AmountInput, amountEvent, readAmountInput } from './amount.js'
import { ConfirmRunner, type OrderCheck, randomKey } from './confirmRunner.js'
import {
  type CheckoutDraft,
  type CheckoutDrafts,
  cleanDraft,
  readDrafts,
  writeDrafts,
} from './drafts.js'
import { toCheckoutError } from './errors.js'
import { CHECKOUT_FLOW, type CheckoutScreen, type CheckoutStage } from './flow.js'
import { identityGate, needsVerifiedCustomer } from './gate.js'
import type { CheckoutHistory } from './history.js'
import { HistoryDriver } from './historyDriver.js'
import { customerQueryOf, IdentityReader } from './identity.js'
import { type EventSourceFactory, followOrder, type OrderConnection } from './live.js'
import { canTransition, createCheckout, transition } from './machine.js'
import { parseCheckout, serializeCheckout } from './persist.js'
import { placeBefore, placeEntry } from './places.js'
import { QuoteClock } from './quoteClock.js'
import { fromQuote, toQuoteRequest } from './requests.js'
import { screenEntry } from './screens.js'
import type {
  CheckoutCorridor,
  CheckoutDetails,
  CheckoutDirection,
  CheckoutError,
  CheckoutEvent,
  CheckoutGuardResult,
  CheckoutPaymentMethod,
  CheckoutProvider,
  CheckoutState,
  CheckoutToken,
} from './types.js'
import { type CheckoutView, checkoutView } from './view.js'
import { walletCheck } from './wallet.js'

export type { CheckoutStorage } from './adapters.js'
export type { OrderCheck } from './confirmRunner.js'

/** Options of `confirm`. */
export type ConfirmOptions = { acceptBody?: AcceptQuoteRequest }

/** What the checkout's requests tell the page, as they happen. */
export type CheckoutCallbacks = {
  onQuote?: (quote: Quote) => void
  onOrderCreated?: (order: KitOrder) => void
  onStatusChange?: (order: KitOrder) => void
  onSettled?: (order: KitOrder) => void
  onError?: (error: CheckoutError) => void
}

/** Options of `createCheckoutController`. */
export type CheckoutControllerOptions = CheckoutCallbacks & {
  /** The kit client (`createKitClient` of `@rampkit/core/kit`) the requests go through. */
  client: KitClient
  /** Fix the direction (the direction step is skipped). */
  direction?: CheckoutDirection
  /** Keeps the checkout (and what was typed) so a reload resumes it; none: memory only. */
  storage?: CheckoutStorage
  /** The key in `storage` (default `rampkit:checkout`); one per checkout on the page. */
  storageKey?: string
  /** The browser history the checkout's places go into (`browserHistory`); none: left alone. */
  history?: CheckoutHistory
  /** The clock and timers (default: the host's). */
  clock?: CheckoutClock
  /** Online and offline (default: the browser's `navigator.onLine`; in Node always online). */
  network?: CheckoutNetwork
  /** The event stream's constructor (default: the global `EventSource`; none: polling only). */
  eventSource?: EventSourceFactory
  /** The live order's poll interval while not streaming, in ms (default 2000). */
  pollIntervalMs?: number
  /** The host's wallet at the start (then `setWallet` / `setOptions`), when it has one. */
  wallet?: string
  /** Who the identity step verifies when the kit quotes by customer (default `individual`). */
  customerType?: 'individual' | 'business'
  /** @deprecated The clock's `now`: give `clock` instead. */
  now?: () => number
  /** A new idempotency key per confirm (default `crypto.randomUUID`). */
  newKey?: () => string
}

/** What a checkout controller holds now; the same object until something changes. */
export type CheckoutSnapshot = {
  state: CheckoutState
  /** What a UI renders: screen, stage, counter, gate, amount error, countdown, connection. */
  view: CheckoutView
  /** Whether the state was read back from storage (`hydrate`). */
  hydrated: boolean
  isQuoting: boolean
  isConfirming: boolean
  /**
   * A confirm left and nothing says whether it created an order (a network error, a 5xx, a
   * reload mid-request), and no request is in flight: the shopper must not pay again before
   * `checkOrder` finds the order.
   */
  confirmUnknown: boolean
  isCheckingOrder: boolean
  /** What the last `checkOrder` found when it found nothing. */
  orderCheck: OrderCheck | undefined
}

/** What the host tells the checkout through `setOptions`. */
export type CheckoutHostOptions = {
  wallet?: string | undefined
  screen?: CheckoutScreen | undefined
  /**
   * A sale's allowance already covers the quote from the proven wallet (the host reads its
   * chain): on the approval step the checkout moves on by itself, no transaction needed.
   */
  allowanceCovers?: boolean
}

/** One of the choices of the first screen, as the shopper makes it. */
export type CheckoutChoice =
  | { direction: CheckoutDirection }
  | { corridor: CheckoutCorridor }
  | { paymentMethod: CheckoutPaymentMethod }
  | { provider: CheckoutProvider }
  | { token: CheckoutToken }

function choiceEvent(choice: CheckoutChoice): CheckoutEvent {
  if ('direction' in choice) return { type: 'SELECT_DIRECTION', direction: choice.direction }
  if ('corridor' in choice) return { type: 'SELECT_CORRIDOR', corridor: choice.corridor }
  if ('paymentMethod' in choice) {
    return { type: 'SELECT_PAYMENT_METHOD', paymentMethod: choice.paymentMethod }
  }
  if ('provider' in choice) return { type: 'SELECT_PROVIDER', provider: choice.provider }
  return { type: 'SELECT_TOKEN', token: choice.token }
}

// The quote's countdown starts this much before its request left: the service's started later.
const QUOTE_MARGIN_MS = 1000

/**
 * The checkout with no framework. It owns the flow: a UI calls one method per thing the
 * shopper does (`choose`, `typeAmount` / `setAmount`, `submitDetails`, `submitIdentity`,
 * `review`, `confirm`, `approvalDone`, `back`, `startOver`) and renders `getSnapshot()`. The
 * controller decides when: it asks for the quote on entering the review (once, whatever the
 * UI renders), expires it when the service stops honouring it, re-quotes after the identity
 * step, follows the live order (event stream, polling, offline) and resumes after a reload.
 */
export class CheckoutController {
  #options: CheckoutControllerOptions
  #clock: CheckoutClock
  #listeners = new Set<() => void>()
  #state: CheckoutState
  #hydrated = false
  #destroyed = false
  #quoting = false
  #runner: ConfirmRunner
  #identity: IdentityReader
  #quoteClock: QuoteClock
  #history: HistoryDriver | undefined
  #connection: OrderConnection = 'idle'
  #live: { orderId: string; stop: () => void } | undefined
  #wallet: string | undefined
  #appliedScreen: CheckoutScreen | undefined
  #allowanceCovers = false
  #amount: AmountInput | undefined
  #drafts: CheckoutDrafts = {}
  #syncing = false
  #lookUp = false
  #runKey: string | undefined
  #again = false
  #snapshot: CheckoutSnapshot

  constructor(options: CheckoutControllerOptions) {
    this.#options = options
    const now = options.now
    this.#clock = options.clock ?? (now ? { ...systemClock, now } : systemClock)
    this.#state = createCheckout({ direction: options.direction })
    this.#runner = new ConfirmRunner(this.#runnerHost())
    this.#identity = new IdentityReader(options.client, this.#clock, () => this.#changed())
    this.#quoteClock = new QuoteClock(
      this.#clock,
      () => this.send({ type: 'QUOTE_EXPIRED' }),
      () => this.#emit(),
    )
    if (options.history) {
      this.#history = new HistoryDriver(
        options.history,
        () => this.#historyKey(),
        (place) => this.#moveToPlace(place),
        () => this.#state.confirm !== undefined,
      )
    }
    this.#wallet = options.wallet
    this.#snapshot = this.#makeSnapshot()
  }

  /**
   * Calls `listener` after each change; returns the unsubscribe. Hydrates on first use. The
   * controller decides while subscribed: with no subscriber its timers, reads and stream rest.
   */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    this.#history?.start()
    // The first subscriber hydrates (one change); a later one after a pause starts again.
    if (this.#hydrated) this.#changed()
    else this.hydrate()
    return () => {
      this.#listeners.delete(listener)
      if (this.#listeners.size === 0) this.#changed()
    }
  }

  getSnapshot = (): CheckoutSnapshot => this.#snapshot

  /** Applies an event to the machine; false when a guard refused it. */
  send = (event: CheckoutEvent): boolean => {
    const current = this.#state
    const next = transition(current, event)
    if (next === current) return false
    // Written before any request that depends on it: a reload mid-request sees the confirm.
    this.#state = next
    this.#write(next)
    this.#changed()
    return true
  }

  /** Whether an event would be accepted now, and why not. */
  can = (event: CheckoutEvent): CheckoutGuardResult => canTransition(this.#state, event)

  /**
   * Reads the checkout (and its drafts) back from storage once, of the same direction when one
   * is fixed; no request leaves (a UI may hydrate while rendering). A confirm in flight before
   * the reload is looked up once someone subscribes.
   */
  hydrate = (): void => {
    if (this.#hydrated || this.#destroyed) return
    this.#hydrated = true
    const stored = this.#read()
    const { direction } = this.#options
    if (stored && (direction === undefined || stored.direction === direction)) {
      this.#state = stored
      this.#drafts = readDrafts(this.#options.storage, this.#draftsKey())
    }
    // Looked up by the first subscriber's decisions: reading storage is all hydrating does.
    this.#lookUp = this.#state.confirm?.state === 'sending'
    this.#changed()
  }

  // ---- what the shopper does ------------------------------------------------------------

  /** A choice of the first screen: direction, corridor, payment method, provider or token. */
  choose = (choice: CheckoutChoice): boolean => this.send(choiceEvent(choice))

  /** The amount as typed (canonical digits and `.`): its error is worked out for this value. */
  typeAmount = (value: string): void => {
    this.#amount = readAmountInput(this.#state, value)
    this.setDraft('amount', { amount: value })
  }

  /** Takes the amount (the one typed, or `value`) and moves on; false with its error shown. */
  setAmount = (value?: string): boolean => {
    const text = value ?? this.#amount?.value ?? ''
    const input = readAmountInput(this.#state, text)
    this.#amount = input
    if (input.error !== undefined) {
      this.#changed()
      return false
    }
    return this.send(amountEvent(this.#state, text))
  }

  /** The details form, validated: on to the review, where the quote is asked for. */
  submitDetails = (details: CheckoutDetails): boolean =>
    this.send({ type: 'SUBMIT_DETAILS', details })

  /**
   * The identity step was sent (with the customer the kit answered, when the UI has it): the
   * gate looks again, and the quote is asked once the customer is verified.
   */
  submitIdentity = (customer?: KitCustomer): void => {
    if (customer) this.#identity.take(customer)
    else this.#identity.readCustomer(this.#customerQuery(), true)
  }

  /** "Get a quote" / "New quote": a fresh binding quote for the same order. */
  review = (): boolean => {
    if (this.send({ type: 'REQUOTE' })) return true
    const step = screenEntry(this.#state, 'review')
    return step !== undefined && step !== 'details' && this.send({ type: 'GO_TO', step: 'quote' })
  }

  /**
   * Sends the order once (accepting the quote), from the wallet that quoted only. `acceptBody`
   * goes with the accept (a signed accept's signature), and again with a resend.
   */
  confirm = async (options: ConfirmOptions = {}): Promise<void> => {
    if (this.#walletSwitched()) return
    await this.#runner.confirm(options.acceptBody)
  }

  /** The sale's allowance is in place (approved, or it already covered the order). */
  approvalDone = (): boolean => !this.#walletSwitched() && this.send({ type: 'APPROVAL_CONFIRMED' })

  /**
   * The header's Back: one place back, through the browser's history when its entry before is
   * the checkout's (so both Backs agree). False when there is no place before.
   */
  back = (): boolean => {
    if (this.#state.confirm !== undefined) return false
    if (this.#history?.back()) return true
    const before = placeBefore(this.#place(), this.#state.identity === true)
    return before !== undefined && this.#moveToPlace(before)
  }

  /** Moves to a screen (a partner's router); false when it cannot be shown. */
  goTo = (screen: CheckoutScreen): boolean => {
    const step = screenEntry(this.#state, screen)
    if (step === undefined) return false
    return step === this.#state.step || this.send({ type: 'GO_TO', step })
  }

  /** Starts a new checkout (of the fixed direction, when one is); what was typed is dropped. */
  startOver = (): void => {
    this.#runner.clearCheck()
    this.#drafts = {}
    this.#amount = undefined
    this.#writeDrafts()
    this.send({ type: 'RESET' })
    const { direction } = this.#options
    if (direction) this.send({ type: 'SELECT_DIRECTION', direction })
    this.#changed()
  }

  /** @deprecated `startOver`. */
  reset = (): void => this.startOver()

  /**
   * The host's wallet changed (or was first known): a quote asked from another wallet is not
   * approved or confirmed from this one, and the view says `wallet.status: 'switched'`.
   */
  setWallet = (address: string | undefined): void => {
    if (address === this.#wallet) return
    this.#wallet = address
    this.#changed()
  }

  /**
   * What the host knows and the checkout follows, as a hook hands its props on (TanStack's
   * `setOptions`): the wallet the host has now, and the screen a partner's router shows. A
   * screen is applied when it changes; false when it was refused (it cannot be shown).
   */
  setOptions = (options: CheckoutHostOptions): boolean => {
    if ('wallet' in options) this.setWallet(options.wallet)
    if ('allowanceCovers' in options && options.allowanceCovers !== this.#allowanceCovers) {
      this.#allowanceCovers = options.allowanceCovers === true
      this.#changed()
    }
    if (!('screen' in options) || options.screen === this.#appliedScreen) return true
    this.#appliedScreen = options.screen
    return options.screen === undefined || this.goTo(options.screen)
  }

  /** What the shopper typed on a place, kept through Back, Forward and a reload. */
  setDraft = (place: CheckoutStage, values: Readonly<Record<string, unknown>>): void => {
    const draft: CheckoutDraft = cleanDraft(values)
    this.#drafts = { ...this.#drafts, [place]: draft }
    this.#writeDrafts()
    this.#changed()
  }

  // ---- requests a UI may still start itself ----------------------------------------------

  /** Asks for the binding quote now; the controller does so by itself on entering the review. */
  requestQuote = async (): Promise<void> => {
    const current = this.#state
    if (current.step !== 'quote' || current.confirm || current.quote || this.#quoting) return
    await this.#askQuote()
  }

  /**
   * Looks again for the order of a confirm of unknown outcome: re-sends the accept (idempotent
   * upstream). Never creates an order again.
   */
  checkOrder = (): Promise<void> => this.#runner.checkOrder()

  /**
   * Takes a live order into the checkout when it is the created order and something changed
   * (the controller follows it itself; a host with its own source may feed it too).
   */
  updateOrder = (order: KitOrder): boolean => this.#runner.updateOrder(order)

  /** Reports a failure outside the checkout's own requests (a wallet's) to `onError`. */
  reportError = (error: CheckoutError): void => {
    this.#options.onError?.(error)
  }

  /** Stops every timer, stream and listener; the state stays in storage. */
  destroy = (): void => {
    this.#destroyed = true
    this.#listeners.clear()
    this.#quoteClock.stop()
    this.#identity.stop()
    this.#history?.stop()
    this.#stopLive()
  }

  // ---- what the controller decides -------------------------------------------------------

  /** After any change: decide what follows, then tell the listeners once. */
  #changed(): void {
    if (this.#syncing) {
      this.#again = true
      return
    }
    this.#syncing = true
    try {
      do {
        this.#again = false
        if (this.#hydrated && !this.#destroyed) this.#decide()
      } while (this.#again)
    } finally {
      this.#syncing = false
    }
    this.#emit()
  }

  #decide(): void {
    // Like a query observer, the controller works while it is watched: nobody subscribed (a
    // component gone, a test done), its timers, reads and stream stop, and start again on the
    // next subscribe.
    if (this.#listeners.size === 0) {
      this.#quoteClock.stop()
      this.#identity.stop()
      this.#history?.stop()
      this.#stopLive()
      return
    }
    // The config says whether the kit quotes by verified customer: asked once the shopper is past
    // the choose screen, so the first screen's reads (which the page may preload) go out once.
    if (CHECKOUT_FLOW[this.#state.step].screen !== 'choose') this.#identity.readConfig()
    if (this.#lookUp) {
      this.#lookUp = false
      void this.checkOrder()
    }
    this.#decideIdentity()
    this.#decideQuote()
    if (this.#state.step === 'approve' && this.#allowanceCovers) this.approvalDone()
    this.#quoteClock.follow(this.#state.confirm === undefined ? this.#state.quote : undefined)
    this.#decideLive()
    this.#history?.sync(this.#place())
  }

  #decideIdentity(): void {
    const state = this.#state
    const identity = this.#identity
    if (identity.vault !== true && !needsVerifiedCustomer(state)) return
    if (state.confirm !== undefined || state.step === 'status') {
      identity.stop()
      return
    }
    identity.readCustomer(this.#customerQuery())
    const customer = identity.customer
    if (customer.status === 'read' && !identity.verified) {
      if (state.identity !== true) this.send({ type: 'IDENTITY_REQUIRED' })
    }
    identity.watch(this.#customerQuery(), this.#gate() === 'identity')
    // Verified since the kit refused the quote: ask again, with the same details.
    if (identity.verified && needsVerifiedCustomer(state)) {
      if (state.step === 'quote') this.send({ type: 'REQUOTE' })
      else if (state.step === 'details' && state.details) {
        this.send({ type: 'SUBMIT_DETAILS', details: state.details })
      }
    }
  }

  #decideQuote(): void {
    const state = this.#state
    if (state.step !== 'quote' || state.confirm !== undefined || this.#quoting) return
    const quote = state.quote
    if (quote === undefined) {
      if (state.error === undefined && this.#gate() === 'pass') void this.#askQuote()
      return
    }
    // A fresh quote is reviewed beside the one button that accepts it.
    if (!quote.expired && !state.error && !state.confirmedQuoteIds.includes(quote.quoteId)) {
      this.send({ type: 'QUOTE_REVIEWED', now: this.#clock.now() })
    }
  }

  #decideLive(): void {
    const order = this.#state.order
    const follow =
      this.#state.step === 'status' && order !== undefined && !isOrderFinal(order.status)
    if (!follow || this.#live?.orderId !== order?.id) this.#stopLive()
    if (!follow || this.#live) return
    const stop = followOrder({
      client: this.#options.client,
      orderId: order.id,
      clock: this.#clock,
      network: this.#options.network ?? hostNetwork(),
      eventSource: this.#options.eventSource,
      ...(this.#options.pollIntervalMs ? { pollMs: this.#options.pollIntervalMs } : {}),
      onOrder: (live) => this.updateOrder(live),
      onConnection: (connection) => {
        if (connection === this.#connection) return
        this.#connection = connection
        this.#changed()
      },
    })
    this.#live = { orderId: order.id, stop }
  }

  #stopLive(): void {
    const live = this.#live
    this.#live = undefined
    live?.stop()
    this.#connection = 'idle'
  }

  async #askQuote(): Promise<void> {
    const current = this.#state
    const body = toQuoteRequest(current)
    if (!body || this.#quoting) return
    this.#quoting = true
    this.#changed()
    const wallet = this.#wallet
    const from = this.#clock.now() - QUOTE_MARGIN_MS
    try {
      const quote = await this.#options.client.request('quotes', { body })
      this.#quoting = false
      const kept = { ...fromQuote(quote, from), ...(wallet ? { wallet } : {}) }
      if (this.send({ type: 'QUOTE_RECEIVED', quote: kept })) this.#options.onQuote?.(quote)
    } catch (error) {
      this.#quoting = false
      const checkoutError = toCheckoutError(error)
      this.send({ type: 'QUOTE_FAILED', error: checkoutError })
      this.reportError(checkoutError)
    } finally {
      this.#quoting = false
      this.#changed()
    }
  }

  #gate() {
    return identityGate(this.#state, {
      vault: this.#identity.vault,
      customer: this.#identity.customer,
    })
  }

  #place(): CheckoutStage {
    return this.#makeView().progress.stage
  }

  #moveToPlace(place: CheckoutStage): boolean {
    const step = placeEntry(this.#state, place, this.#identity.verified)
    if (step === undefined) return false
    return step === this.#state.step || this.send({ type: 'GO_TO', step })
  }

  #walletSwitched(): boolean {
    return walletCheck(this.#state, this.#wallet).status === 'switched'
  }

  #customerQuery() {
    return customerQueryOf(this.#state, this.#options.customerType)
  }

  #runnerHost() {
    return {
      client: this.#options.client,
      callbacks: this.#options,
      clock: () => this.#clock,
      newKey: this.#options.newKey,
      state: () => this.#state,
      send: (event: CheckoutEvent) => this.send(event),
      changed: () => this.#changed(),
      reportError: (error: CheckoutError) => this.reportError(error),
    }
  }

  #emit(): void {
    this.#snapshot = this.#makeSnapshot()
    for (const listener of this.#listeners) listener()
  }

  #makeView(): CheckoutView {
    const quote = this.#state.quote
    return checkoutView(this.#state, {
      gate: this.#gate(),
      amount: this.#amount,
      secondsLeft: quote ? this.#quoteClock.secondsLeft(quote) : undefined,
      connection: this.#connection,
      wallet: walletCheck(this.#state, this.#wallet),
      drafts: this.#drafts,
    })
  }

  #makeSnapshot(): CheckoutSnapshot {
    const state = this.#state
    const runner = this.#runner
    return {
      state,
      view: this.#makeView(),
      hydrated: this.#hydrated,
      isQuoting: this.#quoting,
      isConfirming: runner.sending,
      confirmUnknown:
        this.#hydrated &&
        state.confirm?.state === 'sending' &&
        !runner.sending &&
        !runner.checking &&
        !state.order,
      isCheckingOrder: runner.checking,
      orderCheck: runner.orderCheck,
    }
  }

  #storageKey(): string {
    return this.#options.storageKey ?? 'rampkit:checkout'
  }

  // The run of this checkout its history entries carry: kept in storage, so a reload is the
  // same run; a new start (or a cleared storage) is another.
  #historyKey(): string {
    if (this.#runKey) return this.#runKey
    const key = `${this.#storageKey()}:history`
    try {
      this.#runKey = this.#options.storage?.getItem(key) ?? undefined
    } catch {
      // unreadable storage: a run of its own
    }
    if (!this.#runKey) {
      const made = randomKey()
      this.#runKey = made
      try {
        this.#options.storage?.setItem(key, made)
      } catch {
        // storage full or disabled: a reload starts a new run of entries
      }
    }
    return this.#runKey ?? ''
  }

  #draftsKey(): string {
    return `${this.#storageKey()}:drafts`
  }

  #writeDrafts(): void {
    writeDrafts(this.#options.storage, this.#draftsKey(), this.#drafts)
  }

  #read(): CheckoutState | null {
    const { storage } = this.#options
    if (!storage) return null
    try {
      return parseCheckout(storage.getItem(this.#storageKey()))
    } catch {
      return null
    }
  }

  #write(state: CheckoutState): void {
    const { storage } = this.#options
    if (!storage) return
    try {
      storage.setItem(this.#storageKey(), serializeCheckout(state))
    } catch {
      // storage full or disabled: the checkout still works, it just will not survive a reload
    }
  }
}

/**
 * A checkout driven without a framework: `subscribe` / `getSnapshot` for any UI, one method per
 * thing the shopper does, `destroy` when the UI goes. The controller asks for the quote, expires
 * it, follows the order and keeps the browser history by itself.
 *
 * @example
 * const checkout = createCheckoutController({
 *   client: createKitClient({ endpoint: '/api/ramp' }),
 *   direction: 'OnRamp',
 *   storage: window.sessionStorage,
 *   history: browserHistory({ id: 'rampkit:checkout' }),
 * })
 * checkout.subscribe(() => render(checkout.getSnapshot().view))
 * checkout.choose({ corridor: { kind: 'african', country: 'KE', currency: 'KES' } })
 */
export function createCheckoutController(options: CheckoutControllerOptions): CheckoutController {
  return new CheckoutController(options)
}
