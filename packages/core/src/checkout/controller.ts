import { RampApiError } from '../errors/index.js'
import type { KitClient } from '../kit/client.js'
import type { KitOrder } from '../kit/schemas.js'
import type { AcceptQuoteRequest, Quote } from '../schemas/index.js'
import { isRefusal, toCheckoutError } from './errors.js'
import { canTransition, createCheckout, transition } from './machine.js'
import { parseCheckout, serializeCheckout } from './persist.js'
import { fromKitOrder, fromQuote, toCreateOrderRequest, toQuoteRequest } from './requests.js'
import type {
  CheckoutDirection,
  CheckoutError,
  CheckoutEvent,
  CheckoutGuardResult,
  CheckoutOrder,
  CheckoutState,
} from './types.js'

/** Where a checkout is kept between page loads: `window.sessionStorage` fits. */
export type CheckoutStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** A look-up of an order of unknown outcome that did not find it. */
export type OrderCheck = { status: 'not_found' } | { status: 'failed'; error: CheckoutError }

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
  /** Keeps the checkout so a reload resumes it; none: the checkout lives in memory only. */
  storage?: CheckoutStorage
  /** The key in `storage` (default `rampkit:checkout`); one per checkout on the page. */
  storageKey?: string
  /** The clock of the confirm's time (default `Date.now`). */
  now?: () => number
  /** A new idempotency key per confirm (default `crypto.randomUUID`). */
  newKey?: () => string
}

/** What a checkout controller holds now; the same object until something changes. */
export type CheckoutSnapshot = {
  state: CheckoutState
  /** Whether the state was read back from storage (`hydrate`). */
  hydrated: boolean
  isQuoting: boolean
  isConfirming: boolean
  /**
   * A confirm left and nothing says whether it created an order (a network error, a 5xx, a
   * reload mid-request), and no request is in flight: the user must not pay again before
   * `checkOrder` finds the order.
   */
  confirmUnknown: boolean
  isCheckingOrder: boolean
  /** What the last `checkOrder` found when it found nothing. */
  orderCheck: OrderCheck | undefined
}

function randomKey(): string {
  const crypto = globalThis.crypto
  if (crypto?.randomUUID) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/**
 * The checkout's driver, with no framework: core's pure machine (`transition`) plus its effects
 * (the binding quote, the confirm sent once, the look-up of a confirm of unknown outcome, the
 * live order's updates, the state kept in storage). A UI subscribes and renders `getSnapshot()`;
 * React's `useCheckout` is `useSyncExternalStore` over it.
 */
export class CheckoutController {
  #options: CheckoutControllerOptions
  #listeners = new Set<() => void>()
  #state: CheckoutState
  #hydrated = false
  #quoting = false
  #sending = false
  #checking = false
  #orderCheck: OrderCheck | undefined
  #snapshot: CheckoutSnapshot

  constructor(options: CheckoutControllerOptions) {
    this.#options = options
    this.#state = createCheckout({ direction: options.direction })
    this.#snapshot = this.#makeSnapshot()
  }

  /** Calls `listener` after each change; returns the unsubscribe. Hydrates on first use. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    this.hydrate()
    return () => {
      this.#listeners.delete(listener)
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
    this.#emit()
    return true
  }

  /** Whether an event would be accepted now, and why not. */
  can = (event: CheckoutEvent): CheckoutGuardResult => canTransition(this.#state, event)

  /**
   * Reads the checkout back from storage once (of the same direction, when one is fixed); a
   * confirm in flight before the reload is looked up straight after, never sent as new.
   */
  hydrate = (): void => {
    if (this.#hydrated) return
    this.#hydrated = true
    const stored = this.#read()
    const { direction } = this.#options
    if (stored && (direction === undefined || stored.direction === direction)) {
      this.#state = stored
    }
    this.#emit()
    if (this.#state.confirm?.state === 'sending') void this.checkOrder()
  }

  /** Asks for the binding quote of the current choices (on the quote step). */
  requestQuote = async (): Promise<void> => {
    const current = this.#state
    if (current.step !== 'quote' || current.confirm) return
    const body = toQuoteRequest(current)
    if (!body) return
    this.#set(() => {
      this.#quoting = true
    })
    try {
      const quote = await this.#options.client.request('quotes', { body })
      this.#quoting = false
      if (this.send({ type: 'QUOTE_RECEIVED', quote: fromQuote(quote) })) {
        this.#options.onQuote?.(quote)
      }
    } catch (error) {
      this.#quoting = false
      this.#fail({ type: 'QUOTE_FAILED', error: toCheckoutError(error) })
    } finally {
      this.#set(() => {
        this.#quoting = false
      })
    }
  }

  /**
   * Sends the order once: accept (on-ramp) or direct create (off-ramp). `acceptBody` goes with
   * the accept (a signed accept's signature), and again with a re-send of the same confirm.
   */
  confirm = async (options: ConfirmOptions = {}): Promise<void> => {
    if (this.#sending) return
    // A resend is the first request again, body included (the confirm keeps it).
    if (this.#state.confirm?.state === 'sending') {
      if (this.send({ type: 'CONFIRM_RESEND' })) await this.#sendConfirm()
      return
    }
    const { acceptBody } = options
    const now = (this.#options.now ?? Date.now)()
    const key = (this.#options.newKey ?? randomKey)()
    if (!this.send({ type: 'CONFIRM', key, now, ...(acceptBody ? { acceptBody } : {}) })) return
    await this.#sendConfirm()
  }

  /**
   * Looks again for the order of a confirm of unknown outcome: re-sends the accept of a quote
   * (idempotent upstream) or searches the user's orders for a direct order. Never creates an
   * order again.
   */
  checkOrder = async (): Promise<void> => {
    const pending = this.#state.confirm
    if (pending?.state !== 'sending' || this.#sending) return
    this.#set(() => {
      this.#checking = true
      this.#orderCheck = undefined
    })
    try {
      if (pending.flow === 'quote') {
        this.send({ type: 'CONFIRM_RESEND' })
        await this.#sendConfirm()
      } else {
        await this.#findDirectOrder()
      }
    } finally {
      this.#set(() => {
        this.#checking = false
      })
    }
  }

  /**
   * Takes the live order (from a status stream or polling) into the checkout when it is the
   * created order and something changed; calls `onStatusChange` (and `onSettled`).
   */
  updateOrder = (order: KitOrder): boolean => {
    const { id: _id, ...update } = fromKitOrder(order)
    const before = this.#state.order
    if (!before) return false
    const same =
      before.id === order.id ||
      (before.txHash !== null && before.txHash === order.tx_hash) ||
      (before.orderId !== null && before.orderId === order.order_id)
    if (!same) return false
    if (
      before.status === update.status &&
      before.settlementTxHash === update.settlementTxHash &&
      before.txHash === update.txHash
    ) {
      return false
    }
    if (!this.send({ type: 'ORDER_UPDATED', order: update })) return false
    this.#options.onStatusChange?.(order)
    if (update.status === 'settled') this.#options.onSettled?.(order)
    return true
  }

  /**
   * Reports a failure outside the checkout's own requests (an approval in the wallet) to
   * `onError`, as the quote and confirm failures are.
   */
  reportError = (error: CheckoutError): void => {
    this.#options.onError?.(error)
  }

  /** Starts a new checkout (of the fixed direction, when one is). */
  reset = (): void => {
    this.#set(() => {
      this.#orderCheck = undefined
    })
    this.send({ type: 'RESET' })
    const { direction } = this.#options
    if (direction) this.send({ type: 'SELECT_DIRECTION', direction })
  }

  /** Drops every listener; a request in flight still settles into the state. */
  destroy = (): void => {
    this.#listeners.clear()
  }

  async #sendConfirm(): Promise<void> {
    const current = this.#state
    const confirm = current.confirm
    if (!confirm || this.#sending) return
    this.#set(() => {
      this.#sending = true
      this.#orderCheck = undefined
    })
    const { client } = this.#options
    try {
      let order: KitOrder
      if (confirm.flow === 'quote') {
        order = await client.request('acceptQuote', {
          params: { quoteId: confirm.quoteId },
          body: confirm.acceptBody ?? {},
          headers: { 'idempotency-key': confirm.key },
        })
      } else {
        const body = toCreateOrderRequest(current, confirm.key)
        if (!body) throw new Error('The order is missing a choice.')
        order = await client.request('createOrder', {
          body,
          headers: { 'idempotency-key': confirm.key },
        })
      }
      this.#sending = false
      this.#settle(order)
    } catch (error) {
      this.#sending = false
      // Accepting twice is idempotent upstream: a 409 that names the order is a success.
      const orderId = error instanceof RampApiError && error.status === 409 && error.data?.order_id
      if (typeof orderId === 'string') {
        this.#settle({ id: orderId, order_id: orderId, status: 'processing' } as KitOrder)
        return
      }
      const outcome = isRefusal(error) ? 'refused' : 'unknown'
      this.#fail({ type: 'CONFIRM_FAILED', error: toCheckoutError(error), outcome })
    } finally {
      this.#set(() => {
        this.#sending = false
      })
    }
  }

  // A direct order is looked up among the user's orders, never created again: by its client_ref
  // when the list carries it, else the off-ramp order of this wallet and amount created since
  // the confirm left. A sale is typed in tokens (`amountFiat` is unset): its fiat is the quote's,
  // the `amount_fiat` the order was created with.
  async #findDirectOrder(): Promise<void> {
    const current = this.#state
    const pending = current.confirm
    if (pending?.state !== 'sending' || pending.flow !== 'direct') return
    const wallet = current.details?.walletAddress.toLowerCase()
    const amount = current.quote?.amountFiat ?? current.amountFiat
    try {
      const orders = await this.#options.client.request('orders', { query: { limit: 20 } })
      const match = orders.find(
        (order) =>
          (order as Record<string, unknown>).client_ref === pending.key ||
          (order.order_type === 'OffRamp' &&
            amount !== undefined &&
            order.amount_fiat === amount &&
            (wallet === undefined || order.wallet_address?.toLowerCase() === wallet) &&
            Date.parse(order.created_at) >= pending.sentAt - 5_000),
      )
      if (match) this.#settle(match)
      else this.#set(() => (this.#orderCheck = { status: 'not_found' }))
    } catch (error) {
      const checkoutError = toCheckoutError(error)
      this.#set(() => (this.#orderCheck = { status: 'failed', error: checkoutError }))
      this.reportError(checkoutError)
    }
  }

  #settle(order: KitOrder): void {
    const checkoutOrder: CheckoutOrder = fromKitOrder(order)
    if (this.send({ type: 'CONFIRM_SUCCEEDED', order: checkoutOrder })) {
      this.#options.onOrderCreated?.(order)
    }
  }

  #fail(event: Extract<CheckoutEvent, { type: 'QUOTE_FAILED' | 'CONFIRM_FAILED' }>): void {
    this.send(event)
    this.reportError(event.error)
  }

  /** Applies a change of the request flags and tells the listeners when the snapshot moved. */
  #set(change: () => void): void {
    change()
    this.#emit()
  }

  #emit(): void {
    const next = this.#makeSnapshot()
    const before = this.#snapshot
    if (
      (Object.keys(next) as (keyof CheckoutSnapshot)[]).every((key) => next[key] === before[key])
    ) {
      return
    }
    this.#snapshot = next
    for (const listener of this.#listeners) listener()
  }

  #makeSnapshot(): CheckoutSnapshot {
    const state = this.#state
    return {
      state,
      hydrated: this.#hydrated,
      isQuoting: this.#quoting,
      isConfirming: this.#sending,
      confirmUnknown:
        this.#hydrated &&
        state.confirm?.state === 'sending' &&
        !this.#sending &&
        !this.#checking &&
        !state.order,
      isCheckingOrder: this.#checking,
      orderCheck: this.#orderCheck,
    }
  }

  #read(): CheckoutState | null {
    const { storage, storageKey = 'rampkit:checkout' } = this.#options
    if (!storage) return null
    try {
      return parseCheckout(storage.getItem(storageKey))
    } catch {
      return null
    }
  }

  #write(state: CheckoutState): void {
    const { storage, storageKey = 'rampkit:checkout' } = this.#options
    if (!storage) return
    try {
      storage.setItem(storageKey, serializeCheckout(state))
    } catch {
      // storage full or disabled: the checkout still works, it just will not survive a reload
    }
  }
}

/**
 * A checkout driven without a framework: `subscribe` / `getSnapshot` for any UI, `send` for the
 * shopper's choices, `requestQuote` / `confirm` / `checkOrder` for the requests through the kit
 * client, `updateOrder` for the live order, `destroy` when the UI goes.
 *
 * @example
 * const checkout = createCheckoutController({
 *   client: createKitClient({ endpoint: '/api/ramp' }),
 *   direction: 'OnRamp',
 *   storage: window.sessionStorage,
 * })
 * checkout.subscribe(() => render(checkout.getSnapshot()))
 * checkout.send({ type: 'SELECT_CORRIDOR', corridor: { kind: 'african', country: 'KE', currency: 'KES' } })
 */
export function createCheckoutController(options: CheckoutControllerOptions): CheckoutController {
  return new CheckoutController(options)
}
