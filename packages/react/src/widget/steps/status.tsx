'use client'
import type { CheckoutOrderStatus, CheckoutQuote } from '@rampkit/core/checkout'
import {
  isFinalOrderStatus,
  isKnownOrderStatus,
  orderStatusRank,
  orderStatusText,
} from '@rampkit/core/kit'
import type { ReactNode } from 'react'
import type { MessageKey } from '../../messages/index.js'
import { type RampKitContextValue, useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { CopyButton, useBlockExplorer } from '../copy.js'
import { formatExact, recipientOf } from '../format.js'
import { Icon } from '../icons.js'
import { Hash, Loading, Row } from '../parts.js'
import { PaymentInstructions, usePromptOverdue } from './instructions.js'
import { QuoteSummary } from './quote.js'

const PROGRESS = ['submitted', 'processing', 'settled'] as const

/**
 * Which step of the progress list an order is on: the order lifecycle's rank decides, so
 * `pending` sits with `submitted`, and `pending_settlement` or a status the kit does not know
 * with `processing`.
 */
function progressOf(status: CheckoutOrderStatus): number {
  if (status === 'settled') return 2
  return orderStatusRank(status) >= orderStatusRank('processing') ? 1 : 0
}

/** A status's label: its own message when known, else a neutral "in progress" with its words. */
function statusLabel(t: RampKitContextValue['t'], status: CheckoutOrderStatus): string {
  return isKnownOrderStatus(status)
    ? t(`status.${status}`)
    : t('status.other', { status: orderStatusText(status) })
}

/** What arrived, in the quote's own digits: the tokens bought, or the fiat a sale pays out. */
function Arrived(props: { quote: CheckoutQuote }): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout } = useWidget()
  const { quote } = props
  const { state } = checkout
  if (state.direction === 'OffRamp') {
    const recipient = [state.provider?.name, recipientOf(state.details)].filter(Boolean).join(' · ')
    return (
      <p className="rk-status-amount">
        {t('status.receivedFiat', {
          amount: `${formatExact(quote.amountFiat, locale)} ${quote.currency}`,
          recipient,
        })}
      </p>
    )
  }
  return (
    <p className="rk-status-amount">
      {t('status.received', {
        amount: `${formatExact(quote.amountCrypto, locale)} ${quote.token}`,
      })}
    </p>
  )
}

type Reference = [MessageKey, string, boolean]

/** The order id and its transactions, each once, to copy (and, on a chain with one, to explore). */
function OrderReferences(props: {
  references: Reference[]
  explorer: { name: string; url: string } | undefined
  children?: ReactNode
}): ReactNode {
  const { t } = useRampKit()
  const { explorer } = props
  return (
    <dl className="rk-summary">
      {props.children}
      {props.references.map(([label, value, isTx]) => (
        <Row key={label} label={t(label)} layout="copy">
          <span className="rk-reference">
            <Hash value={value} />
            <CopyButton value={value} label={t(label)} />
            {isTx && explorer ? (
              <a
                className="rk-link"
                href={`${explorer.url.replace(/\/$/, '')}/tx/${value}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${t('status.explorer', { explorer: explorer.name })} ${t(label)}`}
              >
                {t('status.explorer', { explorer: explorer.name })}
                <Icon name="external" />
              </a>
            ) : null}
          </span>
        </Row>
      ))}
    </dl>
  )
}

/** A moment for people, in the locale (the receipt's date). */
function formatDate(ms: number, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms)
  } catch {
    return new Date(ms).toISOString()
  }
}

export function StatusStep(): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout, props } = useWidget()
  const { state, send } = checkout
  const order = state.order
  const explorer = useBlockExplorer(state.token?.chainId)
  // A mobile-money order waits on a prompt on the user's phone until it ends; the two minutes
  // run from the confirm that created the order, which the checkout keeps across a reload.
  const instructions =
    order && !isFinalOrderStatus(order.status) ? order.paymentInstructions : undefined
  const overdue = usePromptOverdue(instructions?.kind === 'mobile_money', state.confirm?.sentAt)
  if (!order) return <Loading />
  // Each value once: a service may give one hash as the order's and the settlement's; the
  // settlement names it then.
  const references: Reference[] = []
  for (const [label, value, isTx] of [
    ['status.orderId', order.orderId, false],
    ['status.approvalTx', state.approval?.txHash, true],
    ['status.settlementTx', order.settlementTxHash, true],
    ['status.creationTx', order.txHash, true],
  ] as const) {
    const seen = references.some(([, other]) => other.toLowerCase() === value?.toLowerCase())
    if (value && !seen) references.push([label, value, isTx])
  }
  const status = order.status
  const reached = progressOf(status)
  const final = isFinalOrderStatus(status)
  // A failed or refunded order delivered nothing: no "You receive", its reason and a next step.
  const ended = status === 'failed' || status === 'refunded'
  const text =
    status === 'settled'
      ? t('status.settledText')
      : status === 'failed'
        ? t('status.failedText')
        : status === 'refunded'
          ? t('status.refundedText')
          : status === 'pending_settlement'
            ? t('status.pendingSettlementText')
            : t('status.waitingText')
  return (
    <div className="rk-stack" data-state={status}>
      <div
        className="rk-status"
        role={status === 'failed' ? 'alert' : 'status'}
        aria-live={status === 'failed' ? 'assertive' : 'polite'}
        data-state={status}
      >
        <p className="rk-status-title">{t('status.current', { status: statusLabel(t, status) })}</p>
        <p>{text}</p>
        {status === 'failed' && order.failureReason ? (
          <p>{t('status.failedReason', { reason: order.failureReason })}</p>
        ) : null}
        {ended ? <p className="rk-hint">{t('status.failedNext')}</p> : null}
        {status === 'settled' && state.quote ? <Arrived quote={state.quote} /> : null}
      </div>
      {checkout.view.connection === 'reconnecting' && !final ? (
        // Said once as it happens, not every poll: the note stays until the order is heard again.
        <p className="rk-hint rk-reconnecting" role="status" data-state="reconnecting">
          {t('status.reconnecting')}
        </p>
      ) : null}
      {instructions ? (
        <PaymentInstructions
          instructions={instructions}
          provider={state.provider?.name}
          overdue={overdue}
          phoneDisplay={
            instructions.kind === 'mobile_money' && instructions.phone === state.details?.phone
              ? state.details?.phoneDisplay
              : undefined
          }
        />
      ) : null}
      {ended ? null : (
        <ol className="rk-progress">
          {PROGRESS.map((step, index) => (
            <li
              key={step}
              data-state={index < reached ? 'done' : index === reached ? 'current' : 'upcoming'}
              aria-current={index === reached ? 'step' : undefined}
            >
              {/* The current step is named by the order's own status, as the text above is. */}
              {index === reached ? statusLabel(t, status) : t(`status.${step}`)}
            </li>
          ))}
        </ol>
      )}
      {final ? null : <p className="rk-hint">{t('status.leave')}</p>}
      {state.quote && !ended && status !== 'settled' ? <QuoteSummary quote={state.quote} /> : null}
      {status === 'settled' && state.quote ? (
        <section className="rk-section rk-receipt" aria-labelledby="rk-receipt-title">
          <h3 id="rk-receipt-title" className="rk-subheading">
            {t('status.receipt')}
          </h3>
          <QuoteSummary quote={state.quote} />
          <OrderReferences references={references} explorer={explorer}>
            {state.confirm?.sentAt ? (
              <Row label={t('status.date')}>{formatDate(state.confirm.sentAt, locale)}</Row>
            ) : null}
          </OrderReferences>
        </section>
      ) : (
        <OrderReferences references={references} explorer={explorer} />
      )}
      <div className="rk-actions">
        {ended ? (
          <button
            type="button"
            className="rk-button"
            onClick={() => send({ type: 'RETRY', step: 'details' })}
          >
            {t('status.changeDetails')}
          </button>
        ) : null}
        {status === 'settled' && props.onClose ? (
          <button type="button" className="rk-button" onClick={props.onClose}>
            {t('status.done')}
          </button>
        ) : null}
        {/* An order in progress can be left: it stays in the user's orders, live there. */}
        <button
          type="button"
          className="rk-button rk-button-secondary"
          onClick={() => checkout.reset()}
        >
          {t('status.newOrder')}
        </button>
      </div>
    </div>
  )
}
