'use client'
import type { Quote } from '@rampkit/core'
import type {
  CheckoutDirection,
  CheckoutError,
  CheckoutEvent,
  CheckoutGuardResult,
  CheckoutState,
} from '@rampkit/core/checkout'
import {
  type CheckoutStorage,
  type ConfirmOptions,
  createCheckoutController,
  type OrderCheck,
} from '@rampkit/core/checkout'
import type { KitOrder } from '@rampkit/core/kit'
import { isOrderFinal } from '@rampkit/core/kit'
import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { useRampKit } from '../provider.js'
import { useOrderStatus } from './useOrderStatus.js'

export type { ConfirmOptions, OrderCheck } from '@rampkit/core/checkout'

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** Parameters of `useCheckout`. */
export type UseCheckoutParameters = {
  /** Fix the direction (the direction step is skipped). */
  direction?: CheckoutDirection
  /** sessionStorage key; one per checkout on the page (default `rampkit:checkout`). */
  storageKey?: string
  /** Keep the checkout in sessionStorage so a reload resumes it (default true). */
  persist?: boolean
  onQuote?: (quote: Quote) => void
  onOrderCreated?: (order: KitOrder) => void
  onStatusChange?: (order: KitOrder) => void
  onSettled?: (order: KitOrder) => void
  onError?: (error: CheckoutError) => void
}

/** What `useCheckout` returns. */
export type UseCheckoutReturnType = {
  state: CheckoutState
  /** Applies an event to the machine; false when a guard refused it. */
  send: (event: CheckoutEvent) => boolean
  /** Whether an event would be accepted now, and why not. */
  can: (event: CheckoutEvent) => CheckoutGuardResult
  /** Asks for the binding quote of the current choices (on the quote step). */
  requestQuote: () => Promise<void>
  isQuoting: boolean
  /**
   * Sends the order once: accept (on-ramp) or direct create (off-ramp). `acceptBody` is sent
   * with the accept (signed accepts: `{ signed_accept: { signature } }`), and again with a
   * re-send of the same confirm.
   */
  confirm: (options?: ConfirmOptions) => Promise<void>
  isConfirming: boolean
  /**
   * A confirm left the browser and nothing says whether it created an order (a network error,
   * a 5xx, a reload mid-request), and no request is in flight. The user must not pay again
   * before `checkOrder` finds the order; `reset` starts a new checkout.
   */
  confirmUnknown: boolean
  /**
   * Looks again for the order of a confirm of unknown outcome: re-sends the accept of an
   * on-ramp quote (idempotent upstream) or searches the user's orders for an off-ramp order.
   * Never creates an order again.
   */
  checkOrder: () => Promise<void>
  isCheckingOrder: boolean
  /** What the last `checkOrder` (or the lookup after a reload) found when it found nothing. */
  orderCheck: OrderCheck | undefined
  /**
   * Reports a failure outside the checkout's own requests (an approval in the wallet) to
   * `onError`, as the quote and confirm failures are.
   */
  reportError: (error: CheckoutError) => void
  /** The live order (SSE or polling) once created. */
  order: KitOrder | undefined
  /** Whether the state was read back from sessionStorage (after the first effect). */
  hydrated: boolean
  reset: () => void
}

/** The tab's sessionStorage, read when used (a server has none; a browser may refuse it). */
const SESSION_STORAGE: CheckoutStorage = {
  getItem: (key) => window.sessionStorage.getItem(key),
  setItem: (key, value) => window.sessionStorage.setItem(key, value),
}

/**
 * The checkout over core's state machine, driven by core's `createCheckoutController`, with the
 * requests wired in: the binding quote, the
 * confirm (accept for on-ramp, direct create for off-ramp) and the live order status. The state
 * lives in sessionStorage, so a reload resumes on the same step, and a confirm can never be sent
 * twice: the machine refuses a second confirm of a quote, the in-flight confirm is written to
 * storage before the request leaves, and a confirm of unknown outcome is re-sent only when it
 * is idempotent (accepting a quote).
 *
 * @example
 * const checkout = useCheckout({ direction: 'OnRamp' })
 * checkout.state.step // 'corridor'
 * checkout.send({ type: 'SELECT_CORRIDOR', corridor: { kind: 'african', country: 'KE', currency: 'KES' } })
 */
export function useCheckout(parameters: UseCheckoutParameters = {}): UseCheckoutReturnType {
  const { client } = useRampKit()
  const storageKey = parameters.storageKey ?? 'rampkit:checkout'
  const persist = parameters.persist ?? true
  const callbacks = useRef(parameters)
  callbacks.current = parameters
  const controller = useMemo(
    () =>
      createCheckoutController({
        client,
        direction: callbacks.current.direction,
        storageKey,
        ...(persist ? { storage: SESSION_STORAGE } : {}),
        onQuote: (quote) => callbacks.current.onQuote?.(quote),
        onOrderCreated: (order) => callbacks.current.onOrderCreated?.(order),
        onStatusChange: (order) => callbacks.current.onStatusChange?.(order),
        onSettled: (order) => callbacks.current.onSettled?.(order),
        onError: (error) => callbacks.current.onError?.(error),
      }),
    [client, persist, storageKey],
  )
  const snapshot = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
    controller.getSnapshot,
  )
  // Read back before the first paint, as the state kept in the tab is the state to show.
  useIsomorphicLayoutEffect(() => controller.hydrate(), [controller])
  useEffect(() => controller.destroy, [controller])

  const { state } = snapshot
  const live = useOrderStatus(state.order?.id, {
    enabled: state.step === 'status' && !isOrderFinal(state.order?.status),
  })
  const liveOrder = live.data
  useEffect(() => {
    if (liveOrder) controller.updateOrder(liveOrder)
  }, [controller, liveOrder])

  return {
    state,
    send: controller.send,
    can: controller.can,
    requestQuote: controller.requestQuote,
    isQuoting: snapshot.isQuoting,
    confirm: controller.confirm,
    isConfirming: snapshot.isConfirming,
    confirmUnknown: snapshot.confirmUnknown,
    checkOrder: controller.checkOrder,
    isCheckingOrder: snapshot.isCheckingOrder,
    orderCheck: snapshot.orderCheck,
    reportError: controller.reportError,
    order: liveOrder,
    hydrated: snapshot.hydrated,
    reset: controller.reset,
  }
}
