'use client'
import { type CheckoutStep, checkoutSteps } from '@rampkit/core'
import {
  type ComponentType,
  type CSSProperties,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
} from 'react'
import { useCheckout } from '../hooks/useCheckout.js'
import type { MessageKey } from '../messages/index.js'
import { RampKitLocale, type RampTheme, useRampKit } from '../provider.js'
import { type RampCheckoutProps, WidgetContext } from './context.js'
import { Loading } from './parts.js'
import { AmountStep } from './steps/amount.js'
import { ApproveStep } from './steps/approve.js'
import { ConfirmStep } from './steps/confirm.js'
import { QuoteStep } from './steps/quote.js'
import {
  CorridorStep,
  DirectionStep,
  PaymentMethodStep,
  ProviderStep,
  TokenStep,
} from './steps/select.js'
import { StatusStep } from './steps/status.js'

// The details step carries the form library and the phone metadata: loaded only when reached.
const DetailsStep = lazy(() => import('./steps/details.js'))

const STEP_COMPONENTS: Record<CheckoutStep, ComponentType> = {
  direction: DirectionStep,
  corridor: CorridorStep,
  paymentMethod: PaymentMethodStep,
  provider: ProviderStep,
  token: TokenStep,
  amount: AmountStep,
  details: DetailsStep,
  quote: QuoteStep,
  approve: ApproveStep,
  confirm: ConfirmStep,
  status: StatusStep,
}

const THEME_VARIABLES = {
  accent: '--rk-accent',
  accentText: '--rk-accent-text',
  background: '--rk-background',
  surface: '--rk-surface',
  text: '--rk-text',
  muted: '--rk-muted',
  border: '--rk-border',
  danger: '--rk-danger',
  success: '--rk-success',
} as const

/** The CSS variables of a theme, for the widget's root `style`. */
export function themeStyle(theme: RampTheme): CSSProperties {
  const style: Record<string, string> = {}
  for (const [key, value] of Object.entries(theme.colors ?? {})) {
    const variable = THEME_VARIABLES[key as keyof typeof THEME_VARIABLES]
    if (variable && value) style[variable] = value
  }
  if (theme.radius) style['--rk-radius'] = theme.radius
  if (theme.font) style['--rk-font'] = theme.font
  return style as CSSProperties
}

function Checkout(props: RampCheckoutProps): ReactNode {
  const { t, theme: baseTheme } = useRampKit()
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
  const step = state.step
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const previousStep = useRef<CheckoutStep | null>(null)
  useEffect(() => {
    // Focus follows the step (not on first paint: the page decides where focus starts), unless
    // the new step already put it somewhere (a field the service refused).
    const body = heading.current?.closest('.rk-root')?.querySelector('.rk-body')
    const focusTaken = body?.contains(document.activeElement) ?? false
    if (previousStep.current !== null && previousStep.current !== step && !focusTaken) {
      heading.current?.focus()
    }
    previousStep.current = step
  }, [step])

  const theme = {
    ...baseTheme,
    ...props.theme,
    colors: { ...baseTheme.colors, ...props.theme?.colors },
  }
  const steps = checkoutSteps(state.direction).filter(
    (each) => !(props.direction && each === 'direction'),
  )
  const index = steps.indexOf(step)
  const locked = state.confirm !== undefined
  const canGoBack = !locked && step !== 'status' && index > 0 && checkout.can({ type: 'BACK' }).ok
  const title =
    step === 'paymentMethod' && state.direction === 'OffRamp'
      ? t('step.paymentMethod.offramp')
      : t(`step.${step}` as MessageKey)
  const Step = STEP_COMPONENTS[step]
  const context = useMemo(() => ({ checkout, props }), [checkout, props])

  return (
    <section
      className={['rk-root', props.className].filter(Boolean).join(' ')}
      data-theme={theme.mode ?? 'light'}
      data-step={step}
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
              const back = steps[index - 1]
              if (back === 'direction' && props.direction) return
              send({ type: 'BACK' })
            }}
            aria-label={t('widget.back')}
          >
            <span aria-hidden="true">←</span>
          </button>
        ) : null}
        <div className="rk-heading-group">
          <p className="rk-progress-text">
            {t('widget.progress', { current: Math.max(index, 0) + 1, total: steps.length })}
          </p>
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
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </header>
      <div className="rk-body">
        <WidgetContext.Provider value={context}>
          <Suspense fallback={<Loading />}>
            <Step />
          </Suspense>
        </WidgetContext.Provider>
      </div>
    </section>
  )
}

/**
 * The ramp checkout: direction, corridor, payment method, provider, token, amount (with a live
 * preview), details, binding quote, approval (off-ramp), confirm and live status. Built only
 * from the public hooks; styled by `@rampkit/react/styles.css` and the theme's CSS variables.
 * Resumes after a reload and never sends a confirm twice. Every prop is optional.
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
      <Checkout {...props} />
    </RampKitLocale>
  )
}
