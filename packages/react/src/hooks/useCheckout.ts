'use client'
import type {
  AcceptQuoteRequest,
  CheckoutDirection,
  CheckoutError,
  CheckoutEvent,
  CheckoutGuardResult,
  CheckoutOrder,
  CheckoutState,
  KitOrder,
  Quote,
} from '@rampkit/core'
import {
  canTransition,
  createCheckout,
  fromKitOrder,
  fromQuote,
  parseCheckout,
  serializeCheckout,
  toCreateOrderRequest,
  toQuoteRequest,
  transition,
} from '@rampkit/core/checkout'
import { RampApiError } from '@rampkit/core/errors'
import { isOrderFinal } from '@rampkit/core/kit'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useRampKit } from '../provider.js'
import { isRefusal, toCheckoutError } from '../utils/errors.js'
import { useOrderStatus } from './useOrderStatus.js'
import { useAcceptQuote, useCreateOrder, useQuote } from './writes.js'

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

/** Options of `confirm`. */
export type ConfirmOptions = { acceptBody?: AcceptQuoteRequest }

/** A look-up of an order of unknown outcome that did not find it. */
export type OrderCheck = { status: 'not_found' } | { status: 'failed'; error: CheckoutError }

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

function readStorage(key: string): CheckoutState | null {
  try {
    return parseCheckout(window.sessionStorage.getItem(key))
  } catch {
    return null
  }
}

function writeStorage(key: string, state: CheckoutState): void {
  try {
    window.sessionStorage.setItem(key, serializeCheckout(state))
  } catch {
    // storage full or disabled: the checkout still works, it just will not survive a reload
  }
}

function newKey(): string {
  const crypto = globalThis.crypto
  if (crypto?.randomUUID) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/**
 * The checkout over core's state machine, with the requests wired in: the binding quote, the
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
  const [state, setState] = useState(() => createCheckout({ direction: parameters.direction }))
  const [hydrated, setHydrated] = useState(false)
  // Set before a request leaves and cleared when it settles, in the same render as the state it
  // changes: the "outcome unknown" message never flashes while a request is still running.
  const [sending, setSending] = useState(false)
  const [checking, setChecking] = useState(false)
  const [orderCheck, setOrderCheck] = useState<OrderCheck>()
  const stateRef = useRef(state)
  const confirmingRef = useRef(false)
  // The accept body of each confirmed quote (a signature), for a re-send of the same confirm.
  const callbacks = useRef(parameters)
  callbacks.current = parameters
  const quoteMutation = useQuote()
  const acceptMutation = useAcceptQuote()
  const createMutation = useCreateOrder()

  const commit = useCallback(
    (next: CheckoutState) => {
      stateRef.current = next
      // Written before any request that depends on it: a reload mid-request sees the confirm.
      if (persist && typeof window !== 'undefined') writeStorage(storageKey, next)
      setState(next)
    },
    [persist, storageKey],
  )

  const send = useCallback(
    (event: CheckoutEvent) => {
      const current = stateRef.current
      const next = transition(current, event)
      if (next === current) return false
      commit(next)
      return true
    },
    [commit],
  )

  useIsomorphicLayoutEffect(() => {
    const stored = persist ? readStorage(storageKey) : null
    const direction = callbacks.current.direction
    if (stored && (direction === undefined || stored.direction === direction)) {
      stateRef.current = stored
      setState(stored)
      // A confirm in flight before the reload is looked up straight after (effect below).
      if (stored.confirm?.state === 'sending') setChecking(true)
    }
    setHydrated(true)
  }, [persist, storageKey])

  const reportError = useCallback((error: CheckoutError) => {
    callbacks.current.onError?.(error)
  }, [])

  const requestQuote = useCallback(async () => {
    const current = stateRef.current
    if (current.step !== 'quote' || current.confirm) return
    const body = toQuoteRequest(current)
    if (!body) return
    try {
      const quote = await quoteMutation.mutateAsync(body)
      if (send({ type: 'QUOTE_RECEIVED', quote: fromQuote(quote) })) {
        callbacks.current.onQuote?.(quote)
      }
    } catch (error) {
      const checkoutError = toCheckoutError(error)
      send({ type: 'QUOTE_FAILED', error: checkoutError })
      reportError(checkoutError)
    }
  }, [quoteMutation, send, reportError])

  const settle = useCallback(
    (order: KitOrder) => {
      const checkoutOrder: CheckoutOrder = fromKitOrder(order)
      if (send({ type: 'CONFIRM_SUCCEEDED', order: checkoutOrder })) {
        callbacks.current.onOrderCreated?.(order)
      }
    },
    [send],
  )

  const sendConfirm = useCallback(
    async (current: CheckoutState) => {
      const confirm = current.confirm
      if (!confirm || confirmingRef.current) return
      confirmingRef.current = true
      setSending(true)
      setOrderCheck(undefined)
      try {
        let order: KitOrder
        if (confirm.flow === 'quote') {
          const body = confirm.acceptBody
          order = await acceptMutation.mutateAsync({
            quoteId: confirm.quoteId,
            idempotencyKey: confirm.key,
            ...(body ? { body } : {}),
          })
        } else {
          const body = toCreateOrderRequest(current, confirm.key)
          if (!body) throw new Error('The order is missing a choice.')
          order = await createMutation.mutateAsync({ body, idempotencyKey: confirm.key })
        }
        settle(order)
      } catch (error) {
        // Accepting twice is idempotent upstream: a 409 that names the order is a success.
        if (error instanceof RampApiError && error.status === 409) {
          const orderId = error.data?.order_id
          if (typeof orderId === 'string') {
            settle({ id: orderId, order_id: orderId, status: 'processing' } as KitOrder)
            return
          }
        }
        const checkoutError = toCheckoutError(error)
        send({
          type: 'CONFIRM_FAILED',
          error: checkoutError,
          outcome: isRefusal(error) ? 'refused' : 'unknown',
        })
        reportError(checkoutError)
      } finally {
        confirmingRef.current = false
        setSending(false)
      }
    },
    [acceptMutation, createMutation, settle, send, reportError],
  )

  const confirm = useCallback(
    async (options: ConfirmOptions = {}) => {
      if (confirmingRef.current) return
      const current = stateRef.current
      // A resend is the first request again, body included (the confirm keeps it).
      if (current.confirm?.state === 'sending') {
        if (send({ type: 'CONFIRM_RESEND' })) await sendConfirm(stateRef.current)
        return
      }
      const { acceptBody } = options
      if (
        !send({
          type: 'CONFIRM',
          key: newKey(),
          now: Date.now(),
          ...(acceptBody ? { acceptBody } : {}),
        })
      )
        return
      await sendConfirm(stateRef.current)
    },
    [send, sendConfirm],
  )

  // A direct order is looked up among the user's orders, never created again: by its client_ref
  // when the list carries it, else the off-ramp order of this wallet and amount created since
  // the confirm left. A sale is typed in tokens (`amountFiat` is unset): its fiat is the quote's,
  // the `amount_fiat` the order was created with.
  const findDirectOrder = useCallback(async () => {
    const current = stateRef.current
    const pending = current.confirm
    if (pending?.state !== 'sending' || pending.flow !== 'direct') return
    const wallet = current.details?.walletAddress.toLowerCase()
    const amount = current.quote?.amountFiat ?? current.amountFiat
    try {
      const orders = await client.request('orders', { query: { limit: 20 } })
      const match = orders.find(
        (order) =>
          (order as Record<string, unknown>).client_ref === pending.key ||
          (order.order_type === 'OffRamp' &&
            amount !== undefined &&
            order.amount_fiat === amount &&
            (wallet === undefined || order.wallet_address?.toLowerCase() === wallet) &&
            Date.parse(order.created_at) >= pending.sentAt - 5_000),
      )
      if (match) settle(match)
      else setOrderCheck({ status: 'not_found' })
    } catch (error) {
      const checkoutError = toCheckoutError(error)
      setOrderCheck({ status: 'failed', error: checkoutError })
      reportError(checkoutError)
    }
  }, [client, settle, reportError])

  const checkOrder = useCallback(async () => {
    const pending = stateRef.current.confirm
    if (pending?.state !== 'sending' || confirmingRef.current) return
    setChecking(true)
    setOrderCheck(undefined)
    try {
      if (pending.flow === 'quote') {
        send({ type: 'CONFIRM_RESEND' })
        await sendConfirm(stateRef.current)
      } else {
        await findDirectOrder()
      }
    } finally {
      setChecking(false)
    }
  }, [send, sendConfirm, findDirectOrder])

  // After a reload with a confirm in flight: an accept is re-sent (idempotent); a direct order
  // is looked up, never created again. Whatever it finds, the confirm step says what to do next.
  const resumed = useRef(false)
  useEffect(() => {
    if (!hydrated || resumed.current) return
    resumed.current = true
    if (stateRef.current.confirm?.state !== 'sending') return
    void checkOrder()
  }, [hydrated, checkOrder])

  const orderId = state.order?.id
  const live = useOrderStatus(orderId, {
    enabled: state.step === 'status' && !isOrderFinal(state.order?.status),
  })
  const liveOrder = live.data
  useEffect(() => {
    if (!liveOrder) return
    const { id: _id, ...update } = fromKitOrder(liveOrder)
    const before = stateRef.current.order
    if (!before) return
    const same =
      before.id === liveOrder.id ||
      (before.txHash !== null && before.txHash === liveOrder.tx_hash) ||
      (before.orderId !== null && before.orderId === liveOrder.order_id)
    if (!same) return
    if (
      before.status === update.status &&
      before.settlementTxHash === update.settlementTxHash &&
      before.txHash === update.txHash
    ) {
      return
    }
    if (send({ type: 'ORDER_UPDATED', order: update })) {
      callbacks.current.onStatusChange?.(liveOrder)
      if (update.status === 'settled') callbacks.current.onSettled?.(liveOrder)
    }
  }, [liveOrder, send])

  return {
    state,
    send,
    can: (event) => canTransition(stateRef.current, event),
    requestQuote,
    isQuoting: quoteMutation.isPending,
    confirm,
    isConfirming: sending || acceptMutation.isPending || createMutation.isPending,
    confirmUnknown:
      hydrated && state.confirm?.state === 'sending' && !sending && !checking && !state.order,
    checkOrder,
    isCheckingOrder: checking,
    orderCheck,
    reportError,
    order: liveOrder,
    hydrated,
    reset: () => {
      setOrderCheck(undefined)
      send({ type: 'RESET' })
      const direction = callbacks.current.direction
      if (direction) send({ type: 'SELECT_DIRECTION', direction })
    },
  }
}
