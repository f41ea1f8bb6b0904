'use client'
import type { CheckoutScreen } from '@rampkit/core/checkout'
import { screenEntry, screenOf } from '@rampkit/core/checkout'
import {
  type ComponentType,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
} from 'react'
import { useCheckout } from '../hooks/useCheckout.js'
import { rampLocale } from '../messages/index.js'
import { RampKitLocale, useRampKit } from '../provider.js'
import { type RampCheckoutProps, WidgetContext } from './context.js'
import { useScreenHistory } from './history.js'
import { Icon } from './icons.js'
import { useIdentityGate } from './identity/gate.js'
import { writeLastChoice } from './last.js'
import { Loading } from './parts.js'
import { useCheckoutProgress } from './progress.js'
import { AmountStep } from './steps/amount.js'
import { ReviewScreen } from './steps/review.js'
import { ChooseScreen } from './steps/select.js'
import { StatusStep } from './steps/status.js'
import { themeStyle } from './theme.js'

// The identity step (KYC, once per user) with its form, document checks and messages: lazy.
const IdentityStep = lazy(() => import('./identity/IdentityStep.js'))

const SCREEN_COMPONENTS: Record<CheckoutScreen, ComponentType> = {
  choose: ChooseScreen,
  amount: AmountStep,
  review: ReviewScreen,
  status: StatusStep,
}

/** The screens the header's Back moves between: the status follows them. */
const COUNTED: CheckoutScreen[] = ['choose', 'amount', 'review']

/**
 * A partner with its own router drives the screen with `step` and hears of each change through
 * `onStepChange`.
 */
function useControlledStep(
  props: RampCheckoutProps,
  screen: CheckoutScreen,
  moveTo: (target: CheckoutScreen) => boolean,
  hydrated: boolean,
): void {
  const wanted = props.step
  const onStepChange = useRef(props.onStepChange)
  onStepChange.current = props.onStepChange
  // Only a change of the prop moves the checkout: a partner that does not follow onStepChange
  // keeps an old `step`, which must not pull the user back from the screen they went on to.
  const applied = useRef<CheckoutScreen | undefined>(undefined)
  useEffect(() => {
    if (!hydrated || wanted === applied.current) return
    applied.current = wanted
    if (wanted === undefined || wanted === screen) return
    // A screen that cannot be shown (before a sent confirm) is refused: the partner hears where
    // the checkout is, to put its own route right.
    if (!moveTo(wanted)) onStepChange.current?.(screen)
  }, [wanted, screen, moveTo, hydrated])
  const announced = useRef<CheckoutScreen | null>(null)
  useEffect(() => {
    if (!hydrated || announced.current === screen) return
    const first = announced.current === null
    announced.current = screen
    if (!first || wanted !== screen) onStepChange.current?.(screen)
  }, [screen, wanted, hydrated])
}

/**
 * Each new step (a screen, or a step within one: details, identity, quote, status) puts focus
 * on the heading, so a screen reader hears it and the keyboard starts from the top, unless the
 * step already put it somewhere (a field the service refused). Not on first paint: the page
 * decides where focus starts.
 */
function useHeadingFocus(heading: RefObject<HTMLHeadingElement | null>, view: string): void {
  const previousView = useRef<string | null>(null)
  useEffect(() => {
    const body = heading.current?.closest('.rk-root')?.querySelector('.rk-body')
    const active = document.activeElement
    // A control of the step before can still hold focus while Suspense hides it (the next step's
    // chunk is loading): hidden, it holds nothing, and the browser drops focus to <body>.
    const focusTaken =
      (body?.contains(active) ?? false) &&
      (typeof active?.checkVisibility !== 'function' || active.checkVisibility())
    if (previousView.current !== null && previousView.current !== view && !focusTaken) {
      heading.current?.focus()
    }
    previousView.current = view
  }, [heading, view])
}

function Checkout(props: RampCheckoutProps): ReactNode {
  const { t, locale, theme: baseTheme } = useRampKit()
  const checkout = useCheckout({
    ...(props.direction ? { direction: props.direction } : {}),
    ...(props.storageKey ? { storageKey: props.storageKey } : {}),
    ...(props.onQuote ? { onQuote: props.onQuote } : {}),
    ...(props.onOrderCreated ? { onOrderCreated: props.onOrderCreated } : {}),
    ...(props.onStatusChange ? { onStatusChange: props.onStatusChange } : {}),
    ...(props.onSettled ? { onSettled: props.onSettled } : {}),
    ...(props.onError ? { onError: props.onError } : {}),
  })
  const { state, send } = checkout
  const screen = screenOf(state.step)
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // The order just created: its choices are the next checkout's defaults.
  const orderId = state.order?.id
  const storageKey = props.storageKey
  const latestState = useRef(state)
  latestState.current = state
  useEffect(() => {
    if (orderId) writeLastChoice(storageKey, latestState.current)
  }, [orderId, storageKey])

  const moveTo = useCallback(
    (target: CheckoutScreen) => {
      const current = checkout.state
      const step = screenEntry(current, target)
      if (step === undefined) return false
      return step === current.step || send({ type: 'GO_TO', step })
    },
    [checkout.state, send],
  )
  // A partner with its own router drives the screen with `step` and hears of each change.
  const controlled = props.step !== undefined
  const history = useScreenHistory({
    id: props.storageKey ?? 'rampkit:checkout',
    screen,
    enabled: props.history !== false && !controlled,
    ready: checkout.hydrated,
    moveTo,
  })
  useControlledStep(props, screen, moveTo, checkout.hydrated)

  const theme = {
    ...baseTheme,
    ...props.theme,
    colors: { ...baseTheme.colors, ...props.theme?.colors },
  }
  const index = COUNTED.indexOf(screen)
  const locked = state.confirm !== undefined
  const canGoBack = !locked && index > 0
  // The identity gate, on the review screen before the quote: a user the kit cannot quote yet
  // (no verified customer) sees the identity step there, once; everyone else the screen itself.
  const gate = useIdentityGate(checkout, props)
  const gated = screen === 'review' && gate !== 'pass'
  const progress = useCheckoutProgress(checkout, props, screen, gate)
  const title = t(progress.title)
  const Screen = gated ? (gate === 'identity' ? IdentityStep : Loading) : SCREEN_COMPONENTS[screen]
  const view = gated && gate === 'identity' ? 'identity' : state.step
  useHeadingFocus(heading, view)
  const context = useMemo(() => ({ checkout, props }), [checkout, props])

  return (
    <section
      className={['rk-root', props.className].filter(Boolean).join(' ')}
      lang={rampLocale(locale)}
      data-theme={theme.mode ?? 'light'}
      data-step={gated && gate === 'identity' ? 'identity' : state.step}
      data-screen={screen}
      data-direction={state.direction}
      style={themeStyle(theme)}
      aria-labelledby={headingId}
    >
      <header className="rk-header">
        {canGoBack ? (
          <button
            type="button"
            className="rk-icon-button"
            onClick={() => {
              // Through the browser's history when the screen before is an entry of it, so the
              // browser's Back and this one agree; otherwise straight to the screen before.
              if (!history.back()) moveTo(COUNTED[index - 1]!)
            }}
            aria-label={t('widget.back')}
          >
            <Icon name="back" />
          </button>
        ) : null}
        <div className="rk-heading-group">
          {progress.current !== undefined ? (
            <p className="rk-progress-text">
              {t('widget.progress', { current: progress.current, total: progress.total })}
            </p>
          ) : null}
          <h2 id={headingId} ref={heading} tabIndex={-1} className="rk-heading">
            {title}
          </h2>
        </div>
        {props.onClose ? (
          <button
            type="button"
            className="rk-icon-button"
            onClick={props.onClose}
            aria-label={t('widget.close')}
          >
            <Icon name="close" />
          </button>
        ) : null}
      </header>
      <div className="rk-body">
        <WidgetContext.Provider value={context}>
          <Suspense fallback={<Loading />}>
            <Screen />
          </Suspense>
        </WidgetContext.Provider>
      </div>
    </section>
  )
}

/**
 * The ramp checkout in three screens and a status: where and how (direction, corridor, payment
 * method, provider and token together), how much (with a live estimate, the limits, the fee and
 * the total), review and pay (the details still missing, the binding quote with its countdown, a
 * sale's approval, one confirm), then the live status. Each screen is an entry of the browser's
 * history. Built only from the public hooks; styled by `@rampkit/react/styles.css` and the
 * theme's CSS variables. Resumes after a reload and never sends a confirm twice. Every prop is
 * optional.
 *
 * @example
 * import '@rampkit/react/styles.css'
 *
 * <RampKitProvider endpoint="/api/ramp">
 *   <RampCheckout direction="OnRamp" country="KE" token="USDC" onSettled={(order) => console.log(order.id)} />
 * </RampKitProvider>
 */
export function RampCheckout(props: RampCheckoutProps): ReactNode {
  return (
    <RampKitLocale locale={props.locale}>
      <WhenMessagesReady {...props} />
    </RampKitLocale>
  )
}

export { themeStyle } from './theme.js'

/** The checkout once its locale's messages are there (another language loads on first use). */
function WhenMessagesReady(props: RampCheckoutProps): ReactNode {
  const { ready, theme } = useRampKit()
  if (ready) return <Checkout {...props} />
  const mode = props.theme?.mode ?? theme.mode ?? 'light'
  return (
    <section
      className={['rk-root', props.className].filter(Boolean).join(' ')}
      data-theme={mode}
      aria-busy="true"
    >
      <div className="rk-body">
        <Loading />
      </div>
    </section>
  )
}
