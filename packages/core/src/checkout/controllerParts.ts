import type { KitOrder } from '../kit/schemas.js'
import { type CheckoutClock, systemClock } from './adapters.js'
import type { AmountInput } from './amount.js'
import { ConfirmRunner } from './confirmRunner.js'
import type { CheckoutControllerOptions, CheckoutSnapshot } from './controllerOptions.js'
import type { CheckoutStage } from './flow.js'
import { type IdentityGate, identityGate } from './gate.js'
import { HistoryDriver } from './historyDriver.js'
import { IdentityReader } from './identity.js'
import { LiveOrder } from './liveOrder.js'
import { QuoteClock } from './quoteClock.js'
import { Quoting } from './quoting.js'
import { CheckoutStore } from './store.js'
import type { CheckoutError, CheckoutEvent, CheckoutState } from './types.js'
import { type CheckoutView, checkoutView } from './view.js'
import { walletCheck } from './wallet.js'

/** What the controller's parts call back into it for. */
export type ControllerHooks = {
  state: () => CheckoutState
  send: (event: CheckoutEvent) => boolean
  /** Something changed: decide what follows, then tell the listeners. */
  changed: () => void
  /** Only the view changed (a second of the countdown): tell the listeners. */
  emit: () => void
  wallet: () => string | undefined
  gate: () => IdentityGate
  moveToPlace: (place: CheckoutStage) => boolean
  updateOrder: (order: KitOrder) => boolean
  reportError: (error: CheckoutError) => void
}

/** The parts a controller runs, one responsibility each. */
export type ControllerParts = {
  clock: CheckoutClock
  /** The state, drafts and history run kept in storage. */
  store: CheckoutStore
  /** The binding quote's request. */
  quoting: Quoting
  /** The quote's expiry and countdown. */
  quoteClock: QuoteClock
  /** The kit's config and the shopper's customer, for the identity gate. */
  identity: IdentityReader
  /** The confirm sent once, and the look-up of one of unknown outcome. */
  runner: ConfirmRunner
  /** The created order, followed live. */
  live: LiveOrder
  /** The browser history, when the host gave one. */
  history: HistoryDriver | undefined
}

/** Makes a controller's parts from its options, each calling back through `hooks`. */
export function controllerParts(
  options: CheckoutControllerOptions,
  hooks: ControllerHooks,
): ControllerParts {
  const { client, now } = options
  const clock = options.clock ?? (now ? { ...systemClock, now } : systemClock)
  const { state, send, changed, reportError } = hooks
  const store = new CheckoutStore(options.storage, options.storageKey)
  return {
    clock,
    store,
    quoting: new Quoting({
      client,
      clock,
      state,
      send,
      wallet: hooks.wallet,
      gate: hooks.gate,
      changed,
      onQuote: (quote) => options.onQuote?.(quote),
      reportError,
    }),
    quoteClock: new QuoteClock(clock, () => send({ type: 'QUOTE_EXPIRED' }), hooks.emit),
    identity: new IdentityReader(client, clock, changed, options.config),
    runner: new ConfirmRunner({
      client,
      callbacks: options,
      clock: () => clock,
      newKey: options.newKey,
      state,
      send,
      changed,
      reportError,
    }),
    live: new LiveOrder({
      client,
      clock,
      network: options.network,
      eventSource: options.eventSource,
      pollIntervalMs: options.pollIntervalMs,
      onOrder: hooks.updateOrder,
      changed,
    }),
    history: options.history
      ? new HistoryDriver(
          options.history,
          () => store.runKey(),
          hooks.moveToPlace,
          () => state().confirm !== undefined,
        )
      : undefined,
  }
}

/** The identity gate of `state`, by what the identity reader knows now. */
export function gateOf(state: CheckoutState, parts: ControllerParts): IdentityGate {
  const { identity } = parts
  return identityGate(state, { vault: identity.vault, customer: identity.customer })
}

/** What the controller knows beside its parts, for its view. */
export type ControllerKnown = {
  hydrated: boolean
  amount: AmountInput | undefined
  /** The host's wallet now. */
  wallet: string | undefined
}

/** The view of the controller's state and what its parts know now. */
export function viewOf(
  state: CheckoutState,
  parts: ControllerParts,
  known: ControllerKnown,
): CheckoutView {
  return checkoutView(state, {
    gate: gateOf(state, parts),
    amount: known.amount,
    secondsLeft: state.quote ? parts.quoteClock.secondsLeft(state.quote) : undefined,
    connection: parts.live.connection,
    wallet: walletCheck(state, known.wallet),
    drafts: parts.store.drafts,
  })
}

/** The snapshot a controller hands its listeners, a new object per change. */
export function snapshotOf(
  state: CheckoutState,
  parts: ControllerParts,
  known: ControllerKnown,
): CheckoutSnapshot {
  const { runner } = parts
  return {
    state,
    view: viewOf(state, parts, known),
    hydrated: known.hydrated,
    isQuoting: parts.quoting.quoting,
    isConfirming: runner.sending,
    confirmUnknown:
      known.hydrated &&
      state.confirm?.state === 'sending' &&
      !runner.sending &&
      !runner.checking &&
      !state.order,
    isCheckingOrder: runner.checking,
    orderCheck: runner.orderCheck,
  }
}
