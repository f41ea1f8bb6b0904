import type { KitCustomer, KitOrder } from '../kit/schemas.js'
import { type AmountInput, amountEvent, readAmountInput } from './amount.js'
import {
  type CheckoutChoice,
  type CheckoutControllerOptions,
  type CheckoutHostOptions,
  type CheckoutSnapshot,
  type ConfirmOptions,
  choiceEvent,
} from './controllerOptions.js'
import {
  type ControllerParts,
  controllerParts,
  gateOf,
  snapshotOf,
  viewOf,
} from './controllerParts.js'
import { CHECKOUT_FLOW, type CheckoutScreen, type CheckoutStage } from './flow.js'
import { customerQueryOf } from './identity.js'
import { canTransition, createCheckout, transition } from './machine.js'
import { placeBefore, placeEntry } from './places.js'
import { screenEntry } from './screens.js'
import { Subscribable } from './subscribable.js'
import type {
  CheckoutDetails,
  CheckoutError,
  CheckoutEvent,
  CheckoutGuardResult,
  CheckoutState,
} from './types.js'
import { HostState } from './wallet.js'

export type { CheckoutStorage } from './adapters.js'
export type { OrderCheck } from './confirmRunner.js'
export type {
  CheckoutCallbacks,
  CheckoutChoice,
  CheckoutControllerOptions,
  CheckoutHostOptions,
  CheckoutSnapshot,
  ConfirmOptions,
} from './controllerOptions.js'

/**
 * The checkout with no framework. It owns the flow: a UI calls one method per thing the
 * shopper does (`choose`, `typeAmount` / `setAmount`, `submitDetails`, `submitIdentity`,
 * `review`, `confirm`, `approvalDone`, `back`, `startOver`) and renders `getSnapshot()`. The
 * controller decides when: it asks for the quote on entering the review (once, whatever the
 * UI renders), expires it when the service stops honouring it, re-quotes after the identity
 * step, follows the live order (event stream, polling, offline) and resumes after a reload.
 * Each of those is a part of its own (`Quoting`, `QuoteClock`, `IdentityReader`, `LiveOrder`,
 * `ConfirmRunner`, `HistoryDriver`, `CheckoutStore`); this class holds the state and decides.
 */
export class CheckoutController extends Subscribable<CheckoutSnapshot> {
  #options: CheckoutControllerOptions
  #parts: ControllerParts
  #state: CheckoutState
  #hydrated = false
  #destroyed = false
  #host: HostState
  #amount: AmountInput | undefined
  #lookUp = false

  constructor(options: CheckoutControllerOptions) {
    super()
    this.#options = options
    this.#state = createCheckout({ direction: options.direction })
    this.#host = new HostState(options.wallet)
    this.#parts = controllerParts(options, {
      state: () => this.#state,
      send: this.send,
      changed: () => this.changed(),
      emit: () => this.emit(),
      wallet: () => this.#host.wallet,
      gate: () => this.#gate(),
      moveToPlace: (place) => this.#moveToPlace(place),
      updateOrder: this.updateOrder,
      reportError: this.reportError,
    })
  }

  /** Applies an event to the machine; false when a guard refused it. */
  send = (event: CheckoutEvent): boolean => {
    const current = this.#state
    const next = transition(current, event)
    if (next === current) return false
    // Written before any request that depends on it: a reload mid-request sees the confirm.
    this.#state = next
    this.#parts.store.write(next)
    this.changed()
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
    const stored = this.#parts.store.read()
    const { direction } = this.#options
    if (stored && (direction === undefined || stored.direction === direction)) {
      this.#state = stored
      this.#parts.store.readDrafts()
    }
    // Looked up by the first subscriber's decisions: reading storage is all hydrating does.
    this.#lookUp = this.#state.confirm?.state === 'sending'
    this.changed()
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
      this.changed()
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
    if (customer) this.#parts.identity.take(customer)
    else this.#parts.identity.readCustomer(this.#customerQuery(), true)
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
    if (this.#host.switched(this.#state)) return
    await this.#parts.runner.confirm(options.acceptBody)
  }

  /** The sale's allowance is in place (approved, or it already covered the order). */
  approvalDone = (): boolean =>
    !this.#host.switched(this.#state) && this.send({ type: 'APPROVAL_CONFIRMED' })

  /**
   * The header's Back: one place back, through the browser's history when its entry before is
   * the checkout's (so both Backs agree). False when there is no place before.
   */
  back = (): boolean => {
    if (this.#state.confirm !== undefined) return false
    if (this.#parts.history?.back()) return true
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
    this.#parts.runner.clearCheck()
    this.#parts.store.clearDrafts()
    this.#amount = undefined
    this.send({ type: 'RESET' })
    const { direction } = this.#options
    if (direction) this.send({ type: 'SELECT_DIRECTION', direction })
    this.changed()
  }

  /** @deprecated `startOver`. */
  reset = (): void => this.startOver()

  /**
   * The host's wallet changed (or was first known): a quote asked from another wallet is not
   * approved or confirmed from this one, and the view says `wallet.status: 'switched'`.
   */
  setWallet = (address: string | undefined): void => {
    this.setOptions({ wallet: address })
  }

  /**
   * What the host knows and the checkout follows, as a hook hands its props on (TanStack's
   * `setOptions`): the wallet the host has now, and the screen a partner's router shows. A
   * screen is applied when it changes; false when it was refused (it cannot be shown).
   */
  setOptions = (options: CheckoutHostOptions): boolean => {
    const { changed, screen } = this.#host.set(options)
    if (changed) this.changed()
    return screen === undefined || this.goTo(screen)
  }

  /**
   * What the shopper typed on a place and has not submitted, kept through Back, Forward and a
   * reload (plain values only: a file, an object or a field named like a secret is dropped).
   */
  setDraft = (place: CheckoutStage, values: Readonly<Record<string, unknown>>): void => {
    this.#parts.store.setDraft(place, values)
    this.changed()
  }

  // ---- requests a UI may still start itself ----------------------------------------------

  /** Asks for the binding quote now; the controller does so by itself on entering the review. */
  requestQuote = async (): Promise<void> => {
    const current = this.#state
    if (current.step !== 'quote' || current.confirm || current.quote) return
    await this.#parts.quoting.ask()
  }

  /**
   * Looks again for the order of a confirm of unknown outcome: re-sends the accept (idempotent
   * upstream). Never creates an order again.
   */
  checkOrder = (): Promise<void> => this.#parts.runner.checkOrder()

  /**
   * Takes a live order into the checkout when it is the created order and something changed
   * (the controller follows it itself; a host with its own source may feed it too).
   */
  updateOrder = (order: KitOrder): boolean => this.#parts.runner.updateOrder(order)

  /** Reports a failure outside the checkout's own requests (a wallet's) to `onError`. */
  reportError = (error: CheckoutError): void => {
    this.#options.onError?.(error)
  }

  /** Stops every timer, stream and listener; the state stays in storage. */
  destroy = (): void => {
    this.#destroyed = true
    this.clearListeners()
    this.#rest()
  }

  // ---- what the controller decides -------------------------------------------------------

  /** The first subscriber hydrates (one change); a later one after a pause starts again. */
  protected onSubscribe(): void {
    this.#parts.history?.start()
    if (this.#hydrated) this.changed()
    else this.hydrate()
  }

  protected decide(): void {
    if (!this.#hydrated || this.#destroyed) return
    // Like a query observer, the controller works while it is watched: nobody subscribed (a
    // component gone, a test done), its timers, reads and stream stop, and start again on the
    // next subscribe.
    if (!this.hasListeners()) {
      this.#rest()
      return
    }
    // The config says whether the kit quotes by verified customer: asked once the shopper is past
    // the choose screen, so the first screen's reads (which the page may preload) go out once.
    if (CHECKOUT_FLOW[this.#state.step].screen !== 'choose') this.#parts.identity.readConfig()
    if (this.#lookUp) {
      this.#lookUp = false
      void this.checkOrder()
    }
    this.#parts.identity.decide(this.#state, this.#customerQuery(), () => this.#gate(), this.send)
    this.#parts.quoting.decide()
    if (this.#state.step === 'approve' && this.#host.allowanceCovers) this.approvalDone()
    this.#parts.quoteClock.follow(this.#state.confirm === undefined ? this.#state.quote : undefined)
    this.#parts.live.decide(this.#state)
    this.#parts.history?.sync(this.#place())
  }

  /** Stops what runs in the background: timers, reads, the stream, the history's listener. */
  #rest(): void {
    this.#parts.quoteClock.stop()
    this.#parts.identity.stop()
    this.#parts.history?.stop()
    this.#parts.live.stop()
  }

  #gate() {
    return gateOf(this.#state, this.#parts)
  }

  #place(): CheckoutStage {
    return viewOf(this.#state, this.#parts, this.#known()).progress.stage
  }

  #moveToPlace(place: CheckoutStage): boolean {
    const step = placeEntry(this.#state, place, this.#parts.identity.verified)
    if (step === undefined) return false
    return step === this.#state.step || this.send({ type: 'GO_TO', step })
  }

  #customerQuery() {
    return customerQueryOf(this.#state, this.#options.customerType)
  }

  #known() {
    return { hydrated: this.#hydrated, amount: this.#amount, wallet: this.#host.wallet }
  }

  protected makeSnapshot(): CheckoutSnapshot {
    return snapshotOf(this.#state, this.#parts, this.#known())
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
