import type { KitClient } from '../kit/client.js'
import type { Quote } from '../schemas/index.js'
import type { CheckoutClock } from './adapters.js'
import { toCheckoutError } from './errors.js'
import type { IdentityGate } from './gate.js'
import { fromQuote, toQuoteRequest } from './requests.js'
import type { CheckoutError, CheckoutEvent, CheckoutState } from './types.js'

// The quote's countdown starts this much before its request left: the service's started later.
const QUOTE_MARGIN_MS = 1000

/** What the quote's lifecycle needs of its controller. */
export type QuotingHost = {
  client: KitClient
  clock: CheckoutClock
  state: () => CheckoutState
  send: (event: CheckoutEvent) => boolean
  /** The host's wallet now: the quote keeps the one it was asked from. */
  wallet: () => string | undefined
  gate: () => IdentityGate
  /** A flag changed: the snapshot follows. */
  changed: () => void
  onQuote: (quote: Quote) => void
  reportError: (error: CheckoutError) => void
}

/**
 * The binding quote's lifecycle: asked once on entering the review (when the identity gate
 * lets it), from the wallet the host has then, and reviewed beside the confirm once it is in.
 */
export class Quoting {
  quoting = false
  #host: QuotingHost

  constructor(host: QuotingHost) {
    this.#host = host
  }

  /** What follows a change: ask for the quote, or mark a fresh one reviewed. */
  decide(): void {
    const host = this.#host
    const state = host.state()
    if (state.step !== 'quote' || state.confirm !== undefined || this.quoting) return
    const quote = state.quote
    if (quote === undefined) {
      if (state.error === undefined && host.gate() === 'pass') void this.ask()
      return
    }
    // A fresh quote is reviewed beside the one button that accepts it.
    if (!quote.expired && !state.error && !state.confirmedQuoteIds.includes(quote.quoteId)) {
      host.send({ type: 'QUOTE_REVIEWED', now: host.clock.now() })
    }
  }

  /** Asks for the binding quote of the state as it is; one request at a time. */
  async ask(): Promise<void> {
    const host = this.#host
    const body = toQuoteRequest(host.state())
    if (!body || this.quoting) return
    this.quoting = true
    host.changed()
    const wallet = host.wallet()
    const from = host.clock.now() - QUOTE_MARGIN_MS
    try {
      const quote = await host.client.request('quotes', { body })
      this.quoting = false
      const kept = { ...fromQuote(quote, from), ...(wallet ? { wallet } : {}) }
      if (host.send({ type: 'QUOTE_RECEIVED', quote: kept })) host.onQuote(quote)
    } catch (error) {
      this.quoting = false
      const checkoutError = toCheckoutError(error)
      host.send({ type: 'QUOTE_FAILED', error: checkoutError })
      host.reportError(checkoutError)
    } finally {
      this.quoting = false
      host.changed()
    }
  }
}
