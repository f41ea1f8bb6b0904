import type { KitClient } from '../kit/client.js'
import type { KitConfig, KitCustomer, KitCustomerQuery } from '../kit/schemas.js'
import { isCustomerVerified } from '../kit/status.js'
import type { CheckoutClock } from './adapters.js'
import { type CustomerRead, type IdentityGate, needsVerifiedCustomer } from './gate.js'
import type { CheckoutEvent, CheckoutState } from './types.js'

/**
 * Which package a shopper without a customer yet is shown: the partner's `customerType`, and
 * the corridor's country (a Nigerian resident also needs a BVN).
 */
export function customerQueryOf(
  state: Pick<CheckoutState, 'corridor'>,
  customerType: 'individual' | 'business' | undefined,
): KitCustomerQuery {
  const country = state.corridor?.country ?? undefined
  return {
    ...(customerType ? { customer_type: customerType } : {}),
    ...(country ? { country } : {}),
  }
}

/**
 * What the controller knows for the identity gate: the kit's `customer_mode` (read once) and
 * the shopper's customer (read when the kit quotes by customer, then again every few seconds
 * while the gate waits on a review).
 */
export class IdentityReader {
  vault: boolean | undefined
  customer: CustomerRead = { status: 'unknown' }
  #client: KitClient
  #clock: CheckoutClock
  #changed: () => void
  #config: () => Promise<KitConfig>
  #configAsked = false
  #reading = false
  #poll: unknown

  /** `config` is where the kit's config comes from (default: GET /config through `client`). */
  constructor(
    client: KitClient,
    clock: CheckoutClock,
    changed: () => void,
    config?: () => Promise<KitConfig>,
  ) {
    this.#client = client
    this.#clock = clock
    this.#changed = changed
    this.#config = config ?? (() => client.request('config'))
  }

  get verified(): boolean {
    return this.customer.status === 'read' && isCustomerVerified(this.customer.customer.status)
  }

  /** Reads the kit's config once; a kit that cannot say is taken as not quoting by customer. */
  readConfig(): void {
    if (this.#configAsked) return
    this.#configAsked = true
    // A reader that throws before its promise is a kit that cannot say, as a refused request.
    new Promise<KitConfig>((resolve) => resolve(this.#config())).then(
      (config) => this.#set(() => (this.vault = config.customer_mode === 'vault')),
      () => this.#set(() => (this.vault = false)),
    )
  }

  /** Reads the customer when not read yet (or again, `force`). */
  readCustomer(query: KitCustomerQuery, force = false): void {
    if (this.#reading) return
    if (!force && this.customer.status !== 'unknown') return
    this.#reading = true
    // A read again keeps what was read meanwhile: the identity step stays on screen.
    if (this.customer.status === 'unknown') this.customer = { status: 'loading' }
    this.#client.request('customer', { query }).then(
      (customer) => this.#set(() => (this.customer = { status: 'read', customer })),
      () =>
        this.#set(() => {
          if (this.customer.status !== 'read') this.customer = { status: 'error' }
        }),
    )
  }

  /** Takes a customer the shopper's own submit answered with. */
  take(customer: KitCustomer): void {
    this.#set(() => (this.customer = { status: 'read', customer }))
  }

  /** While the gate waits on a review, the customer is read again every `ms`. */
  watch(query: KitCustomerQuery, on: boolean, ms = 3000): void {
    if (!on) {
      this.#clock.clearTimeout(this.#poll)
      this.#poll = undefined
      return
    }
    if (this.#poll !== undefined) return
    this.#poll = this.#clock.setTimeout(() => {
      this.#poll = undefined
      this.readCustomer(query, true)
    }, ms)
  }

  stop(): void {
    this.watch({}, false)
  }

  /**
   * The gate's decisions on a change: read the customer once the kit quotes by customer (or
   * refused a quote for want of one), mark the checkout as having an identity stage, read again
   * while the gate waits on a review, and ask again once verified, with the same details.
   */
  decide(
    state: CheckoutState,
    query: KitCustomerQuery,
    gate: () => IdentityGate,
    send: (event: CheckoutEvent) => boolean,
  ): void {
    if (this.vault !== true && !needsVerifiedCustomer(state)) return
    if (state.confirm !== undefined || state.step === 'status') {
      this.stop()
      return
    }
    this.readCustomer(query)
    if (this.customer.status === 'read' && !this.verified && state.identity !== true) {
      send({ type: 'IDENTITY_REQUIRED' })
    }
    this.watch(query, gate() === 'identity')
    // Verified since the kit refused the quote: ask again, with the same details.
    if (this.verified && needsVerifiedCustomer(state)) {
      if (state.step === 'quote') send({ type: 'REQUOTE' })
      else if (state.step === 'details' && state.details) {
        send({ type: 'SUBMIT_DETAILS', details: state.details })
      }
    }
  }

  #set(change: () => void): void {
    this.#reading = false
    change()
    this.#changed()
  }
}
