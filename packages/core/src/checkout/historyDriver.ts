import type { CheckoutStage } from './flow.js'
import type { CheckoutHistory, CheckoutHistoryEntry } from './history.js'
import { placeOrder } from './places.js'

/**
 * Keeps the browser history in step with the checkout's place: the first place takes the
 * page's entry (a reload finds its own there), a move on is pushed, a move back the checkout
 * made itself replaces, and a Back or Forward asks `moveTo` for the place it landed on. A place
 * that cannot be shown any more (anything before a sent confirm) leaves the checkout instead:
 * the browser goes back past its entries, as Back leaves any page.
 */
export class HistoryDriver {
  #history: CheckoutHistory
  #key: () => string
  #moveTo: (place: CheckoutStage) => boolean
  #locked: () => boolean
  #place: CheckoutStage | undefined
  #depth = 0
  #popping = false
  #unlisten: (() => void) | undefined

  constructor(
    history: CheckoutHistory,
    key: () => string,
    moveTo: (place: CheckoutStage) => boolean,
    locked: () => boolean,
  ) {
    this.#history = history
    this.#key = key
    this.#moveTo = moveTo
    this.#locked = locked
  }

  /** Hears Back and Forward from now on. */
  start(): void {
    this.#unlisten ??= this.#history.listen((entry) => this.#onPop(entry))
  }

  stop(): void {
    this.#unlisten?.()
    this.#unlisten = undefined
  }

  /** The checkout is now at `place`: an entry is pushed, replaced or left as it is. */
  sync(place: CheckoutStage): void {
    const before = this.#place
    if (place === before) return
    this.#place = place
    if (before === undefined) {
      this.#first(place)
      return
    }
    // A Back or Forward moved the checkout: the browser is on that entry already.
    if (this.#popping) return
    const forward = placeOrder(place) > placeOrder(before) || before === 'status'
    if (forward) {
      this.#depth += 1
      this.#history.push(this.#entry(place))
    } else {
      this.#history.replace(this.#entry(place))
    }
  }

  /** Goes back one entry when the one before is the checkout's; false when there is none. */
  back(): boolean {
    if (this.#depth <= 0 || this.#locked()) return false
    this.#history.go(-1)
    return true
  }

  #entry(place: CheckoutStage): CheckoutHistoryEntry {
    return { place, depth: this.#depth, key: this.#key() }
  }

  #first(place: CheckoutStage): void {
    const current = this.#history.current()
    const ours = current !== undefined && current.key === this.#key()
    this.#depth = ours ? current.depth : 0
    if (!ours || current.place !== place) this.#history.replace(this.#entry(place))
  }

  #onPop(entry: CheckoutHistoryEntry | undefined): void {
    if (!entry || entry.key !== this.#key()) return
    this.#depth = entry.depth
    if (entry.place === this.#place) return
    this.#popping = true
    const moved = this.#moveTo(entry.place)
    this.#popping = false
    if (moved) {
      // Landed elsewhere (the identity place of a shopper verified since): that entry says so.
      if (this.#place && this.#place !== entry.place) {
        this.#history.replace(this.#entry(this.#place))
      }
      return
    }
    // After a confirm the places before it are gone: Back leaves the checkout in one press.
    if (this.#locked()) this.#history.go(-(entry.depth + 1))
    else if (this.#place) this.#history.replace(this.#entry(this.#place))
  }
}
