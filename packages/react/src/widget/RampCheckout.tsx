'use client'
import type { CheckoutScreen } from '@rampkit/core/checkout'
import {
  type ComponentType,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
} from 'react'
import { type UseCheckoutReturnType, useCheckout } from '../hooks/useCheckout.js'
import { loadMessages, rampLocale } from '../messages/index.js'
import { RampKitLocale, useRampKit } from '../provider.js'
import { type RampCheckoutProps, WidgetContext } from './context.js'
import { Icon } from './icons.js'
import { useCustomerPrefill } from './identity/gate.js'
import { writeLastChoice } from './last.js'
import { Loading } from './parts.js'
import { STAGE_TITLES } from './progress.js'
import { ChooseScreen } from './steps/select.js'
import { themeStyle } from './theme.js'

// The identity step (KYC, once per user) with its form, document checks and messages: lazy.
const IdentityStep = lazy(() => import('./identity/IdentityStep.js'))

// The screens after the first are chunks of their own, asked for as soon as the first screen is
// up (`useNextScreens`), so the widget's first chunk holds only what the first screen draws and
// a shopper who moves on finds the next screen loaded.
// Each waits for the later screens' English too (`enLater.ts`, one chunk): another locale's
// file has every key, English has them once that chunk is in.
const withEnglish = <T,>(screen: Promise<T>): Promise<T> =>
  Promise.all([screen, loadMessages('en')]).then(([module]) => module)
const loadAmount = () => withEnglish(import('./steps/amount.js'))
const loadReview = () => withEnglish(import('./steps/review.js'))
const loadStatus = () => withEnglish(import('./steps/status.js'))
const AmountStep = lazy(() => loadAmount().then((module) => ({ default: module.AmountStep })))
const ReviewScreen = lazy(() => loadReview().then((module) => ({ default: module.ReviewScreen })))
const StatusStep = lazy(() => loadStatus().then((module) => ({ default: module.StatusStep })))

/** Loads the later screens' chunks once the first screen has painted (a module loads once). */
function useNextScreens(): void {
  useEffect(() => {
    // A failed load here is asked again when its screen renders, which shows the error.
    for (const load of [loadAmount, loadReview, loadStatus]) void load().catch(() => {})
  }, [])
}

const SCREEN_COMPONENTS: Record<CheckoutScreen, ComponentType> = {
  choose: ChooseScreen,
  amount: AmountStep,
  review: ReviewScreen,
  status: StatusStep,
}

/**
 * What the host knows goes to the checkout as options, the way a query hook hands its options
 * to its observer: the wallet it has now, and the screen a partner's router shows (`step`).
 * The controller decides what follows (a switched wallet's notice, a screen it refuses); the
 * partner hears of each screen through `onStepChange`.
 */
function useHostOptions(props: RampCheckoutProps, checkout: UseCheckoutReturnType): void {
  const { setOptions } = checkout
  const wallet = props.walletAddress
  const wanted = props.step
  const screen = checkout.view.screen
  const onStepChange = useRef(props.onStepChange)
  onStepChange.current = props.onStepChange
  const shown = useRef(screen)
  shown.current = screen
  useEffect(() => {
    // A refused screen is answered with where the checkout is: the partner puts its route right.
    if (!setOptions({ wallet, screen: wanted })) onStepChange.current?.(shown.current)
  }, [setOptions, wallet, wanted])
  const announced = useRef<CheckoutScreen | null>(null)
  useEffect(() => {
    if (announced.current === screen) return
    const first = announced.current === null
    announced.current = screen
    if (!first || wanted !== screen) onStepChange.current?.(screen)
  }, [screen, wanted])
}

/**
 * Each new step (a screen, or a step within one: details, identity, quote, status) puts focus
 * on the heading, so a screen reader hears it and the keyboard starts from the top, unless the
 * step already put it somewhere (a field the service refused). Not on first paint: the page
 * decides where focus starts. Rendered after the screen, inside its Suspense boundary, with the
 * step as its key: it runs once the step's screen is shown, after a lazy screen's chunk loaded,
 * and after the screen's own effects.
 */
function HeadingFocus({
  heading,
  shown,
  view,
}: {
  heading: RefObject<HTMLHeadingElement | null>
  shown: RefObject<string | null>
  view: string
}): null {
  useEffect(() => {
    const before = shown.current
    // StrictMode runs a new effect twice: the second finds the view already shown.
    if (before === view) return
    shown.current = view
    if (before === null) return
    const body = heading.current?.closest('.rk-root')?.querySelector('.rk-body')
    const active = document.activeElement
    // A control of the step before can still hold focus while Suspense hides it (a step's chunk
    // is loading inside the screen): hidden, it holds nothing, and the browser drops focus.
    const focusTaken =
      (body?.contains(active) ?? false) &&
      (typeof active?.checkVisibility !== 'function' || active.checkVisibility())
    if (!focusTaken) heading.current?.focus()
  }, [heading, shown, view])
  return null
}

function Checkout(props: RampCheckoutProps): ReactNode {
  const { t, locale, theme: baseTheme } = useRampKit()
  const storageKey = props.storageKey
  const latest = useRef<UseCheckoutReturnType | null>(null)
  const checkout = useCheckout({
    ...(props.direction ? { direction: props.direction } : {}),
    ...(storageKey ? { storageKey } : {}),
    ...(props.walletAddress ? { wallet: props.walletAddress } : {}),
    ...(props.customerType ? { customerType: props.customerType } : {}),
    // Each place an entry of the browser's history, unless a partner's router keeps the screen.
    history: props.history !== false && props.step === undefined,
    ...(props.onQuote ? { onQuote: props.onQuote } : {}),
    onOrderCreated: (order) => {
      // The order just created: its choices are the next checkout's defaults.
      const state = latest.current?.controller.getSnapshot().state
      if (state) writeLastChoice(storageKey, state)
      props.onOrderCreated?.(order)
    },
    ...(props.onStatusChange ? { onStatusChange: props.onStatusChange } : {}),
    ...(props.onSettled ? { onSettled: props.onSettled } : {}),
    ...(props.onError ? { onError: props.onError } : {}),
  })
  latest.current = checkout
  const { state, view } = checkout
  const screen = view.screen
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useHostOptions(props, checkout)
  useCustomerPrefill(state, props)
  useNextScreens()

  const theme = {
    ...baseTheme,
    ...props.theme,
    colors: { ...baseTheme.colors, ...props.theme?.colors },
  }
  // The identity gate, on the review screen before the quote: the controller says when.
  const gate = view.gate
  const gated = screen === 'review' && gate !== 'pass'
  const progress = view.progress
  const title = t(STAGE_TITLES[progress.stage])
  const Screen = gated ? (gate === 'identity' ? IdentityStep : Loading) : SCREEN_COMPONENTS[screen]
  const focusView = gated && gate === 'identity' ? 'identity' : state.step
  const shownView = useRef<string | null>(null)
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
        {view.canGoBack ? (
          <button
            type="button"
            className="rk-icon-button"
            // One place back, through the browser's history when its entry before is ours.
            onClick={() => checkout.back()}
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
            <HeadingFocus key={focusView} heading={heading} shown={shownView} view={focusView} />
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
