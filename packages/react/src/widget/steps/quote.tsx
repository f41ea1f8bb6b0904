'use client'
import type { CheckoutQuote } from '@rampkit/core/checkout'
import { quoteNetworkName } from '@rampkit/core/checkout'
import type { ReactNode } from 'react'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { errorText } from '../errors.js'
import { formatDuration, formatExact } from '../format.js'
import { Alert, Loading, Row } from '../parts.js'

/**
 * The quote's figures, shared by the quote and confirm steps: each exactly as the service quoted
 * it (no digit cut, none recomputed), the crypto side with the network its token lives on
 * (`quoteNetworkName`: the chain the token list names for the chosen token).
 */
export function QuoteSummary(props: { quote: CheckoutQuote }): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout } = useWidget()
  const { quote } = props
  const offRamp = checkout.state.direction === 'OffRamp'
  const fiat = `${formatExact(quote.amountFiat, locale)} ${quote.currency}`
  const tokens = `${formatExact(quote.amountCrypto, locale)} ${quote.token}`
  // The network as the token list named the chosen token: the chain it lives on.
  const network = quoteNetworkName(quote, checkout.state.token)
  const crypto = network ? t('quote.onNetwork', { amount: tokens, network }) : tokens
  return (
    <dl className="rk-summary">
      <Row label={offRamp ? t('quote.youSend') : t('quote.youPay')}>{offRamp ? crypto : fiat}</Row>
      <Row label={t('quote.youReceive')}>{offRamp ? fiat : crypto}</Row>
      {quote.feeFiat !== undefined ? (
        <Row
          label={t('quote.fee')}
        >{`${formatExact(quote.feeFiat, locale)} ${quote.currency}`}</Row>
      ) : null}
      <Row label={t('quote.rate')}>
        {t('quote.rateValue', {
          rate: formatExact(quote.rate, locale),
          currency: quote.currency,
          symbol: quote.token,
        })}
      </Row>
    </dl>
  )
}

/** The one-click re-quote: a fresh binding quote for the same order. */
export function RequoteButton(): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  return (
    <button type="button" className="rk-button" onClick={() => checkout.review()}>
      {t('quote.requote')}
    </button>
  )
}

/** The quote has expired: say so, with the re-quote beside it. */
export function QuoteExpiredAlert(): ReactNode {
  const { t } = useRampKit()
  return (
    <Alert>
      <p>{t('quote.expired')}</p>
      <RequoteButton />
    </Alert>
  )
}

/**
 * Expiry line with the controller's countdown (the seconds the service still honours the quote),
 * or the expired alert with the one-click re-quote.
 */
export function QuoteExpiry(props: { quote: CheckoutQuote }): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const left = checkout.view.quote
  if (props.quote.expired || !left || left.expired || left.secondsLeft <= 0) {
    return <QuoteExpiredAlert />
  }
  return (
    <p className="rk-expiry" data-state="active">
      {/* Announcing every second would drown a screen reader: the timer is not a live region. */}
      {t('quote.expiresIn', { time: formatDuration(left.secondsLeft * 1000) })}
    </p>
  )
}

/**
 * The binding quote: the checkout asks for it on entering the review, and a fresh one moves on
 * to the approval (a sale) or the confirm, on the same screen, as soon as it arrives. This only
 * renders it, and the wait before it.
 */
export function QuoteStep(): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const { state } = checkout
  const quote = state.quote
  const error = state.error
  if (error && !quote) {
    return (
      <Alert>
        <p>{t('quote.error')}</p>
        <p className="rk-hint">{errorText(t, error)}</p>
        <button type="button" className="rk-button" onClick={() => checkout.review()}>
          {t('widget.tryAgain')}
        </button>
      </Alert>
    )
  }
  if (!quote) return <Loading label={t('quote.loading')} />
  const spent = state.confirmedQuoteIds.includes(quote.quoteId)
  return (
    <div className="rk-stack">
      <QuoteSummary quote={quote} />
      {/* A 410 is the expired quote the expiry alert below already tells. */}
      {error && error.status !== 410 ? (
        <Alert>
          <p>{errorText(t, error)}</p>
        </Alert>
      ) : null}
      {spent && !quote.expired ? <RequoteButton /> : <QuoteExpiry quote={quote} />}
    </div>
  )
}
