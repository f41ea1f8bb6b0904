import type { CheckoutClock } from './adapters.js'
import { quoteTimeLeft } from './machine.js'
import type { CheckoutQuote } from './types.js'

/**
 * The quote's two timers: the expiry, when the service stops honouring it (`onExpire`), and a
 * tick on each whole second left (`onTick`), so the countdown a UI shows is the controller's,
 * never a guess of its own.
 */
export class QuoteClock {
  #clock: CheckoutClock
  #onExpire: () => void
  #onTick: () => void
  #quote: CheckoutQuote | undefined
  #expiry: unknown
  #tick: unknown

  constructor(clock: CheckoutClock, onExpire: () => void, onTick: () => void) {
    this.#clock = clock
    this.#onExpire = onExpire
    this.#onTick = onTick
  }

  /** Follows `quote` (none: stops). */
  follow(quote: CheckoutQuote | undefined): void {
    if (quote === this.#quote) return
    this.stop()
    this.#quote = quote
    if (!quote || quote.expired) return
    const left = quoteTimeLeft(quote, this.#clock.now())
    this.#expiry = this.#clock.setTimeout(() => this.#onExpire(), left)
    this.#armTick()
  }

  /** Whole seconds left, rounded up (0 exactly when it expired): "0:01" is still good. */
  secondsLeft(quote: CheckoutQuote): number {
    return Math.ceil(quoteTimeLeft(quote, this.#clock.now()) / 1000)
  }

  stop(): void {
    this.#clock.clearTimeout(this.#expiry)
    this.#clock.clearTimeout(this.#tick)
    this.#quote = undefined
  }

  // Wakes just after the next whole second is crossed, so the shown seconds move on time.
  #armTick(): void {
    const quote = this.#quote
    if (!quote) return
    const left = quoteTimeLeft(quote, this.#clock.now())
    if (left <= 0) return
    const wait = (left % 1000) + 5
    this.#tick = this.#clock.setTimeout(() => {
      this.#onTick()
      this.#armTick()
    }, wait)
  }
}
