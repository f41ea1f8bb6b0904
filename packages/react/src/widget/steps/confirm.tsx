'use client'
import type { ReactNode } from 'react'
import { useKitConfig } from '../../hooks/reads.js'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { errorText } from '../errors.js'
import { formatExact, recipientOf } from '../format.js'
import { Alert, Hash, Loading, Row } from '../parts.js'
import { QuoteExpiry, QuoteSummary } from './quote.js'
import { SellerCheck, SignedConfirm } from './wallet.js'

export function ConfirmStep(): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout } = useWidget()
  const { state, isConfirming, confirmUnknown: unknown, orderCheck } = checkout
  const quote = state.quote
  if (!quote) return <Loading />
  const pending = state.confirm?.state === 'sending'
  const guard = checkout.can({ type: 'CONFIRM', key: 'check', now: Date.now() })
  const disabled = isConfirming || pending || !guard.ok
  const details = state.details
  return (
    <div className="rk-stack">
      <p>{t('confirm.summary')}</p>
      <QuoteSummary quote={quote} />
      <dl className="rk-summary">
        {details ? (
          <Row label={t('confirm.wallet')}>
            <Hash value={details.walletAddress} />
          </Row>
        ) : null}
        {details?.phone || details?.accountNumber ? (
          <Row label={t(state.direction === 'OffRamp' ? 'confirm.recipient' : 'confirm.payer')}>
            {state.provider?.name} · {recipientOf(details)}
          </Row>
        ) : null}
      </dl>
      {state.direction === 'OffRamp' ? (
        // What leaves the seller's wallet, said at the confirm too: an allowance that already
        // covered it skipped the approval, where this line is first shown.
        <p>
          {t('approve.intro', {
            amount: formatExact(quote.amountCrypto, locale),
            symbol: quote.token,
          })}
        </p>
      ) : null}
      {!pending ? <QuoteExpiry quote={quote} /> : null}
      <div role="status" aria-live="polite" className="rk-live">
        {isConfirming
          ? t('confirm.sending')
          : checkout.isCheckingOrder
            ? t('confirm.checking')
            : ''}
      </div>
      {unknown ? null : <LegalLinks />}
      {unknown ? (
        <Alert>
          <p>{t('confirm.unknown')}</p>
          {state.error ? <p className="rk-hint">{errorText(t, state.error)}</p> : null}
          {orderCheck?.status === 'not_found' ? (
            <p className="rk-hint">{t('confirm.notFound')}</p>
          ) : null}
          {orderCheck?.status === 'failed' ? (
            <p className="rk-hint">{errorText(t, orderCheck.error)}</p>
          ) : null}
          <div className="rk-actions">
            <button type="button" className="rk-button" onClick={() => void checkout.checkOrder()}>
              {t('confirm.resend')}
            </button>
            <button
              type="button"
              className="rk-button rk-button-secondary"
              onClick={() => checkout.reset()}
            >
              {t('widget.startAgain')}
            </button>
          </div>
        </Alert>
      ) : (
        <ConfirmButton disabled={disabled} pending={pending} />
      )}
    </div>
  )
}

/** The partner's terms and privacy links (`legal`), before the confirm; nothing without them. */
function LegalLinks(): ReactNode {
  const { t } = useRampKit()
  const { props } = useWidget()
  const links = [
    ['confirm.terms', props.legal?.termsUrl],
    ['confirm.privacy', props.legal?.privacyUrl],
  ] as const
  const given = links.filter(([, url]) => typeof url === 'string' && /^(https?:\/\/|\/)/.test(url))
  if (given.length === 0) return null
  return (
    <p className="rk-legal">
      {t('confirm.legal')}{' '}
      {given.map(([key, url], index) => (
        <span key={key}>
          {index > 0 ? ' · ' : null}
          <a className="rk-link" href={url} target="_blank" rel="noopener noreferrer">
            {t(key)}
          </a>
        </span>
      ))}
    </p>
  )
}

/**
 * Confirm of a sale sells from the checkout's wallet: under wagmi, another connected account
 * holds it (`SellerCheck`). Buying needs no wallet here.
 */
function ConfirmButton(props: { disabled: boolean; pending: boolean }): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const { state, confirm, isConfirming } = checkout
  const { disabled, pending } = props
  const signedAccepts = useKitConfig().data?.signed_accepts === true
  const label = isConfirming
    ? t('confirm.sending')
    : t(state.direction === 'OffRamp' ? 'confirm.button.OffRamp' : 'confirm.button.OnRamp')
  if (signedAccepts) {
    // The kit asks the user's wallet to approve each order: it signs, then the accept is sent
    // (with no wagmi, `SignedConfirm` says there is no wallet).
    const gate = <SignedConfirm disabled={disabled} label={label} />
    return state.direction === 'OffRamp' ? <SellerCheck>{gate}</SellerCheck> : gate
  }
  const button = (
    <button
      type="button"
      className="rk-button"
      disabled={disabled}
      aria-disabled={disabled}
      data-state={pending ? 'sending' : 'idle'}
      onClick={() => void confirm()}
    >
      {label}
    </button>
  )
  return state.direction === 'OffRamp' ? <SellerCheck>{button}</SellerCheck> : button
}
