'use client'
import type { CheckoutOrderStatus } from '@rampkit/core'
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

export function StatusStep(): ReactNode {
  const { t } = useRampKit()
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
  const references: [MessageKey, string, boolean][] = []
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
      </div>
      {instructions ? (
        <PaymentInstructions
          instructions={instructions}
          provider={state.provider?.name}
          overdue={overdue}
        />
      ) : null}
      {status === 'failed' || status === 'refunded' ? null : (
        <ol className="rk-progress">
          {PROGRESS.map((step, index) => (
            <li
              key={step}
              data-state={index < reached ? 'done' : index === reached ? 'current' : 'upcoming'}
              aria-current={index === reached ? 'step' : undefined}
            >
              {t(`status.${step}`)}
            </li>
          ))}
        </ol>
      )}
      {state.quote ? <QuoteSummary quote={state.quote} /> : null}
      <dl className="rk-summary">
        {references.map(([label, value, isTx]) => (
          <Row key={label} label={t(label)}>
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
      <div className="rk-actions">
        {status === 'failed' || status === 'refunded' ? (
          <button type="button" className="rk-button" onClick={() => send({ type: 'RETRY' })}>
            {t('status.retry')}
          </button>
        ) : null}
        {status === 'settled' && props.onClose ? (
          <button type="button" className="rk-button" onClick={props.onClose}>
            {t('status.done')}
          </button>
        ) : null}
        {/* An overdue prompt may never come (a wrong number): the user can begin a new order. */}
        {isFinalOrderStatus(status) || overdue ? (
          <button
            type="button"
            className="rk-button rk-button-secondary"
            onClick={() => checkout.reset()}
          >
            {t('widget.startAgain')}
          </button>
        ) : null}
      </div>
    </div>
  )
}
