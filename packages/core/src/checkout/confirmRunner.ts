import { RampApiError } from '../errors/index.js'
import type { KitClient } from '../kit/client.js'
import type { KitOrder } from '../kit/schemas.js'
import type { AcceptQuoteRequest } from '../schemas/index.js'
import type { CheckoutClock } from './adapters.js'
import { isRefusal, toCheckoutError } from './errors.js'
import { fromKitOrder, toCreateOrderRequest } from './requests.js'
import type { CheckoutError, CheckoutEvent, CheckoutState } from './types.js'

/** A look-up of an order of unknown outcome that did not find it. */
export type OrderCheck = { status: 'not_found' } | { status: 'failed'; error: CheckoutError }

/** What the runner needs of its controller. */
export type ConfirmRunnerHost = {
  client: KitClient
  callbacks: {
    onOrderCreated?: ((order: KitOrder) => void) | undefined
    onStatusChange?: ((order: KitOrder) => void) | undefined
    onSettled?: ((order: KitOrder) => void) | undefined
  }
  clock: () => CheckoutClock
  newKey: (() => string) | undefined
  state: () => CheckoutState
  send: (event: CheckoutEvent) => boolean
  /** A flag of the runner changed: the snapshot follows. */
  changed: () => void
  reportError: (error: CheckoutError) => void
}

/** A random id: `crypto.randomUUID` where there is one. */
export function randomKey(): string {
  const crypto = globalThis.crypto
  if (crypto?.randomUUID) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/**
 * The confirm, sent once: its idempotency key written with the state before the request
 * leaves, a resend of the same request after an unknown outcome (accepting a quote is
 * idempotent upstream), the look-up of an older direct order, and the live order taken in.
 */
export class ConfirmRunner {
  sending = false
  checking = false
  orderCheck: OrderCheck | undefined
  #host: ConfirmRunnerHost

  constructor(host: ConfirmRunnerHost) {
    this.#host = host
  }

  clearCheck(): void {
    this.orderCheck = undefined
  }

  async confirm(acceptBody: AcceptQuoteRequest | undefined): Promise<void> {
    if (this.sending) return
    const host = this.#host
    // A resend is the first request again, body included (the confirm keeps it).
    if (host.state().confirm?.state === 'sending') {
      if (host.send({ type: 'CONFIRM_RESEND' })) await this.#send()
      return
    }
    const now = host.clock().now()
    const key = (host.newKey ?? randomKey)()
    if (!host.send({ type: 'CONFIRM', key, now, ...(acceptBody ? { acceptBody } : {}) })) return
    await this.#send()
  }

  async checkOrder(): Promise<void> {
    const pending = this.#host.state().confirm
    if (pending?.state !== 'sending' || this.sending) return
    this.#set(() => {
      this.checking = true
      this.orderCheck = undefined
    })
    try {
      if (pending.flow === 'quote') {
        this.#host.send({ type: 'CONFIRM_RESEND' })
        await this.#send()
      } else {
        await this.#findDirectOrder()
      }
    } finally {
      this.#set(() => (this.checking = false))
    }
  }

  updateOrder(order: KitOrder): boolean {
    const { id: _id, ...update } = fromKitOrder(order)
    const before = this.#host.state().order
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
    if (!this.#host.send({ type: 'ORDER_UPDATED', order: update })) return false
    this.#host.callbacks.onStatusChange?.(order)
    if (update.status === 'settled') this.#host.callbacks.onSettled?.(order)
    return true
  }

  async #send(): Promise<void> {
    const host = this.#host
    const current = host.state()
    const confirm = current.confirm
    if (!confirm || this.sending) return
    this.#set(() => {
      this.sending = true
      this.orderCheck = undefined
    })
    try {
      const order = await this.#request(current)
      this.sending = false
      this.#settle(order)
    } catch (error) {
      this.sending = false
      // Accepting twice is idempotent upstream: a 409 that names the order is a success.
      const orderId = error instanceof RampApiError && error.status === 409 && error.data?.order_id
      if (typeof orderId === 'string') {
        this.#settle({ id: orderId, order_id: orderId, status: 'processing' } as KitOrder)
        return
      }
      const outcome = isRefusal(error) ? 'refused' : 'unknown'
      const checkoutError = toCheckoutError(error)
      host.send({ type: 'CONFIRM_FAILED', error: checkoutError, outcome })
      host.reportError(checkoutError)
    } finally {
      this.#set(() => (this.sending = false))
    }
  }

  #request(state: CheckoutState): Promise<KitOrder> {
    const confirm = state.confirm!
    const { client } = this.#host
    const headers = { 'idempotency-key': confirm.key }
    if (confirm.flow === 'quote') {
      return client.request('acceptQuote', {
        params: { quoteId: confirm.quoteId },
        body: confirm.acceptBody ?? {},
        headers,
      })
    }
    const body = toCreateOrderRequest(state, confirm.key)
    if (!body) return Promise.reject(new Error('The order is missing a choice.'))
    return client.request('createOrder', { body, headers })
  }

  // A direct order (an earlier version's, in flight over a reload) is looked up among the
  // user's orders, never created again: by its client_ref when the list carries it, else the
  // off-ramp order of this wallet and amount created since the confirm left.
  async #findDirectOrder(): Promise<void> {
    const current = this.#host.state()
    const pending = current.confirm
    if (pending?.state !== 'sending' || pending.flow !== 'direct') return
    const wallet = current.details?.walletAddress.toLowerCase()
    const amount = current.quote?.amountFiat ?? current.amountFiat
    try {
      const orders = await this.#host.client.request('orders', { query: { limit: 20 } })
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
      else this.#set(() => (this.orderCheck = { status: 'not_found' }))
    } catch (error) {
      const checkoutError = toCheckoutError(error)
      this.#set(() => (this.orderCheck = { status: 'failed', error: checkoutError }))
      this.#host.reportError(checkoutError)
    }
  }

  #settle(order: KitOrder): void {
    if (this.#host.send({ type: 'CONFIRM_SUCCEEDED', order: fromKitOrder(order) })) {
      this.#host.callbacks.onOrderCreated?.(order)
    }
  }

  #set(change: () => void): void {
    change()
    this.#host.changed()
  }
}
