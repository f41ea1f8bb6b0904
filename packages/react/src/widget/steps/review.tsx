'use client'
import { lazy, type ReactNode, Suspense } from 'react'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { shortHash } from '../format.js'
import { Alert, Loading } from '../parts.js'
import { ConfirmStep } from './confirm.js'
import { QuoteExpiry, QuoteStep, QuoteSummary } from './quote.js'
import { ApproveStep } from './wallet.js'

/**
 * The host's wallet is no longer the one that quoted: the checkout neither approves nor confirms
 * from it. Said here, with the way out: back to that wallet (in the host's own wallet control),
 * or start over with this one.
 */
function WalletSwitched(): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const wallet = checkout.view.wallet
  if (wallet.status !== 'switched') return null
  const quoted = shortHash(wallet.quoted)
  return (
    <Alert>
      <p data-state="wallet-switched">
        {wallet.connected
          ? t('wallet.switched', { connected: shortHash(wallet.connected), quoted })
          : t('wallet.disconnected', { quoted })}
      </p>
      <button type="button" className="rk-button" onClick={() => checkout.startOver()}>
        {t('widget.startAgain')}
      </button>
    </Alert>
  )
}

// The details form carries the form library and the phone metadata: loaded only when shown.
const DetailsStep = lazy(() => import('./details.js'))

/**
 * The third screen: the details still missing (the lazily loaded form), then, on the same
 * screen, the binding quote with its countdown, a sale's wallet proof and approval, and the one
 * confirm. The machine's steps (`details`, `quote`, `approve`, `confirm`) move within it.
 */
export function ReviewScreen(): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const { state, send } = checkout
  const step = state.step
  const quote = state.quote
  const editable = state.confirm === undefined && step !== 'details'
  return (
    <div className="rk-stack rk-review">
      <WalletSwitched />
      {step === 'details' ? (
        // The screen's heading names this part ("Your details"), and the widget's region is named
        // by it: no second title, no second region of the same name.
        <div className="rk-section">
          <Suspense fallback={<Loading />}>
            <DetailsStep />
          </Suspense>
        </div>
      ) : null}
      {step === 'quote' ? <QuoteStep /> : null}
      {step === 'approve' && quote ? (
        <>
          <QuoteSummary quote={quote} />
          {quote.expired ? null : <QuoteExpiry quote={quote} />}
          <section className="rk-section" aria-label={t('step.approve')}>
            <h3 className="rk-subheading">{t('step.approve')}</h3>
            <ApproveStep />
          </section>
        </>
      ) : null}
      {step === 'confirm' ? <ConfirmStep /> : null}
      {editable ? (
        <button
          type="button"
          className="rk-button rk-button-secondary"
          onClick={() => send({ type: 'GO_TO', step: 'details' })}
        >
          {t('review.editDetails')}
        </button>
      ) : null}
    </div>
  )
}
