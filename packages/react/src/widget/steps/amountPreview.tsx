'use client'
import type { ReactNode } from 'react'
import { useRampKit } from '../../provider.js'
import { formatEstimate, formatFiat } from '../format.js'
import { Row } from '../parts.js'

/** Props of `AmountPreview`. */
export type AmountPreviewProps = {
  /** The request the estimate comes from (the token preview or the indicative rates). */
  live: { status: string; isFetching: boolean; isError: boolean }
  /** Whether the typed amount is one the step accepts (no estimate under another). */
  valid: boolean
  /** A purchase's estimate: the tokens the amount buys. */
  estimate: { tokenAmount: string | number; rate: string | number; symbol: string } | undefined
  /** A sale's estimate: the fiat the tokens pay out. */
  payout: { fiatAmount: string | number; rate: string | number; symbol: string } | undefined
  /** A sale's tokens as typed; undefined when buying. */
  sent: string | undefined
  /** A purchase's fiat total. */
  total: number
  currency: string
  symbol: string
}

/**
 * The amount step's estimate, live as the amount is typed: what it buys (or pays out) at the
 * indicative rate, and the total, said to be an estimate; the fees are the quote's to state.
 */
export function AmountPreview(props: AmountPreviewProps): ReactNode {
  const { t, locale } = useRampKit()
  const { live, valid, estimate, payout, sent, currency } = props
  const shown = sent === undefined ? estimate : payout
  return (
    <div className="rk-preview" aria-live="polite" data-state={live.status}>
      {live.isFetching && !shown && valid ? <p>{t('amount.previewLoading')}</p> : null}
      {estimate && sent === undefined ? (
        <p className="rk-preview-amount">
          {t('amount.preview', {
            tokenAmount: formatEstimate(estimate.tokenAmount, locale),
            symbol: estimate.symbol,
            rate: formatEstimate(estimate.rate, locale),
            currency,
          })}
        </p>
      ) : null}
      {payout ? (
        <p className="rk-preview-amount">
          {t('amount.preview.offramp', {
            fiatAmount: formatEstimate(payout.fiatAmount, locale),
            symbol: payout.symbol,
            rate: formatEstimate(payout.rate, locale),
            currency,
          })}
        </p>
      ) : null}
      {shown ? (
        <dl className="rk-summary rk-amount-summary">
          {sent === undefined ? (
            <Row label={t('amount.total')}>{formatFiat(props.total, currency, locale)}</Row>
          ) : (
            <Row
              label={t('quote.youSend')}
            >{`${formatEstimate(sent, locale)} ${props.symbol}`}</Row>
          )}
        </dl>
      ) : null}
      {shown ? <p className="rk-hint">{t('amount.previewIndicative')}</p> : null}
      {live.isError ? <p className="rk-hint">{t('amount.previewError')}</p> : null}
    </div>
  )
}
