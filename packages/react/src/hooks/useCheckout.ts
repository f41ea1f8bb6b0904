'use client'
import type { Quote } from '@rampkit/core'
import type {
  CheckoutController,
  CheckoutDirection,
  CheckoutError,
  CheckoutEvent,
  CheckoutGuardResult,
  CheckoutSnapshot,
  CheckoutState,
  CheckoutStorage,
  CheckoutView,
  ConfirmOptions,
} from '@rampkit/core/checkout'
import { browserHistory, createCheckoutController } from '@rampkit/core/checkout'
import type { KitOrder } from '@rampkit/core/kit'
import { configQueryOptions } from '@rampkit/core/kit/query'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, useSyncExternalStore } from 'react'
import { useRampKit } from '../provider.js'

export type { ConfirmOptions, OrderCheck } from '@rampkit/core/checkout'

/** Parameters of `useCheckout`, read when the checkout is made (a new `storageKey` is not). */
export type UseCheckoutParameters = {
  /** Fix the direction (the direction step is skipped). */
  direction?: CheckoutDirection
  /** sessionStorage key; one per checkout on the page (default `rampkit:checkout`). */
  storageKey?: string
  /** Keep the checkout in sessionStorage so a reload resumes it (default true). */
  persist?: boolean
  /** Each place of the checkout as an entry of the browser history (default false). */
  history?: boolean
  /** The shopper's wallet as the host knows it when the checkout starts. */
  wallet?: string
  /** Who the identity step verifies when the kit quotes by customer. */
  customerType?: 'individual' | 'business'
  onQuote?: (quote: Quote) => void
  onOrderCreated?: (order: KitOrder) => void
  onStatusChange?: (order: KitOrder) => void
  onSettled?: (order: KitOrder) => void
  onError?: (error: CheckoutError) => void
}

/** What `useCheckout` returns: the snapshot, and the controller's methods. */
export type UseCheckoutReturnType = Omit<CheckoutSnapshot, 'state' | 'view'> & {
  state: CheckoutState
  /** What a UI renders: screen, stage and counter, gate, amount error, countdown, connection. */
  view: CheckoutView
  /** The controller itself, for a method not listed here. */
  controller: CheckoutController
  send: (event: CheckoutEvent) => boolean
  can: (event: CheckoutEvent) => CheckoutGuardResult
  requestQuote: () => Promise<void>
  confirm: (options?: ConfirmOptions) => Promise<void>
  checkOrder: () => Promise<void>
  reportError: (error: CheckoutError) => void
  /** @deprecated `startOver`. */
  reset: () => void
} & Pick<
    CheckoutController,
    | 'choose'
    | 'typeAmount'
    | 'setAmount'
    | 'submitDetails'
    | 'submitIdentity'
    | 'review'
    | 'approvalDone'
    | 'back'
    | 'goTo'
    | 'startOver'
    | 'setDraft'
    | 'setOptions'
  >

/** The tab's sessionStorage, read when used (a server has none; a browser may refuse it). */
const SESSION_STORAGE: CheckoutStorage = {
  getItem: (key) => window.sessionStorage.getItem(key),
  setItem: (key, value) => window.sessionStorage.setItem(key, value),
}

function makeController(
  client: ReturnType<typeof useRampKit>['client'],
  queryClient: QueryClient,
  parameters: UseCheckoutParameters,
  callbacks: { current: UseCheckoutParameters },
): CheckoutController {
  const storageKey = parameters.storageKey ?? 'rampkit:checkout'
  const browser = typeof window !== 'undefined'
  return createCheckoutController({
    client,
    // The kit's config is the page's one query (the widget's steps and the hooks read it too):
    // the controller takes it from the cache, or joins the request already in flight.
    config: () => queryClient.ensureQueryData(configQueryOptions(client)),
    storageKey,
    ...(parameters.direction ? { direction: parameters.direction } : {}),
    ...(parameters.wallet ? { wallet: parameters.wallet } : {}),
    ...(parameters.customerType ? { customerType: parameters.customerType } : {}),
    ...(browser && (parameters.persist ?? true) ? { storage: SESSION_STORAGE } : {}),
    ...(browser && parameters.history ? { history: browserHistory({ id: storageKey }) } : {}),
    onQuote: (quote) => callbacks.current.onQuote?.(quote),
    onOrderCreated: (order) => callbacks.current.onOrderCreated?.(order),
    onStatusChange: (order) => callbacks.current.onStatusChange?.(order),
    onSettled: (order) => callbacks.current.onSettled?.(order),
    onError: (error) => callbacks.current.onError?.(error),
  })
}

/**
 * The checkout: `useSyncExternalStore` over core's `createCheckoutController`, which owns the
 * flow (it asks for the quote, expires it, follows the order, keeps the history and resumes after
 * a reload). A component renders `view` and `state` and calls one method per thing the shopper
 * did; no effect moves the flow on, so React's StrictMode changes nothing.
 *
 * @example
 * const checkout = useCheckout({ direction: 'OnRamp' })
 * checkout.view.screen // 'choose'
 * checkout.choose({ corridor: { kind: 'african', country: 'KE', currency: 'KES' } })
 */
export function useCheckout(parameters: UseCheckoutParameters = {}): UseCheckoutReturnType {
  const { client } = useRampKit()
  const queryClient = useQueryClient()
  const callbacks = useRef(parameters)
  callbacks.current = parameters
  // One controller per mounted checkout; StrictMode's second one is never subscribed, so it
  // never asks for anything.
  const [{ controller, server }] = useState(() => {
    const made = makeController(client, queryClient, parameters, callbacks)
    // The server renders (and a hydrating client first renders) the checkout not read back;
    // a browser reads the tab's checkout at once, so its first paint is the stored step.
    const first = made.getSnapshot()
    if (typeof window !== 'undefined') made.hydrate()
    return { controller: made, server: first }
  })
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, () => server)
  return {
    ...snapshot,
    controller,
    send: controller.send,
    can: controller.can,
    requestQuote: controller.requestQuote,
    confirm: controller.confirm,
    checkOrder: controller.checkOrder,
    reportError: controller.reportError,
    reset: controller.startOver,
    choose: controller.choose,
    typeAmount: controller.typeAmount,
    setAmount: controller.setAmount,
    submitDetails: controller.submitDetails,
    submitIdentity: controller.submitIdentity,
    review: controller.review,
    approvalDone: controller.approvalDone,
    back: controller.back,
    goTo: controller.goTo,
    startOver: controller.startOver,
    setDraft: controller.setDraft,
    setOptions: controller.setOptions,
  }
}
