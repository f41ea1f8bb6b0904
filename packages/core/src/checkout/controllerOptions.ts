import type { KitClient } from '../kit/client.js'
import type { KitConfig, KitOrder } from '../kit/schemas.js'
import type { AcceptQuoteRequest, Quote } from '../schemas/index.js'
import type { CheckoutClock, CheckoutNetwork, CheckoutStorage } from './adapters.js'
import type { OrderCheck } from './confirmRunner.js'
import type { CheckoutHistory } from './history.js'
import type { EventSourceFactory } from './live.js'
import type {
  CheckoutCorridor,
  CheckoutDirection,
  CheckoutError,
  CheckoutEvent,
  CheckoutPaymentMethod,
  CheckoutProvider,
  CheckoutState,
  CheckoutToken,
} from './types.js'
import type { CheckoutView } from './view.js'

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
  /**
   * Where the kit's config comes from (default: GET /config through `client`, once). A page
   * that reads the config itself hands over its own read, so the page asks once: with TanStack
   * Query, `() => queryClient.ensureQueryData(configQueryOptions(client))`.
   */
  config?: () => Promise<KitConfig>
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

export type { CheckoutHostOptions } from './wallet.js'

/** One of the choices of the first screen, as the shopper makes it. */
export type CheckoutChoice =
  | { direction: CheckoutDirection }
  | { corridor: CheckoutCorridor }
  | { paymentMethod: CheckoutPaymentMethod }
  | { provider: CheckoutProvider }
  | { token: CheckoutToken }

/** The machine's event of a choice of the first screen. */
export function choiceEvent(choice: CheckoutChoice): CheckoutEvent {
  if ('direction' in choice) return { type: 'SELECT_DIRECTION', direction: choice.direction }
  if ('corridor' in choice) return { type: 'SELECT_CORRIDOR', corridor: choice.corridor }
  if ('paymentMethod' in choice) {
    return { type: 'SELECT_PAYMENT_METHOD', paymentMethod: choice.paymentMethod }
  }
  if ('provider' in choice) return { type: 'SELECT_PROVIDER', provider: choice.provider }
  return { type: 'SELECT_TOKEN', token: choice.token }
}
