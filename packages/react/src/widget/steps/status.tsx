'use client'
import {
  type CheckoutOrderStatus,
  isFinalOrderStatus,
  isKnownOrderStatus,
  orderStatusRank,
  orderStatusText,
} from '@rampkit/core'
import type { ReactNode } from 'react'
import { type RampKitContextValue, useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { Hash, Loading, Row } from '../parts.js'
import { PaymentInstructions } from './instructions.js'

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
  if (!order) return <Loading />
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
      {order.paymentInstructions && !isFinalOrderStatus(status) ? (
        <PaymentInstructions instructions={order.paymentInstructions} />
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
      <dl className="rk-summary">
        {order.orderId ? (
          <Row label={t('status.orderId')}>
            <Hash value={order.orderId} />
          </Row>
        ) : null}
        {order.txHash ? (
          <Row label={t('status.creationTx')}>
            <Hash value={order.txHash} />
          </Row>
        ) : null}
        {order.settlementTxHash ? (
          <Row label={t('status.settlementTx')}>
            <Hash value={order.settlementTxHash} />
          </Row>
        ) : null}
        {state.approval?.txHash ? (
          <Row label={t('status.approvalTx')}>
            <Hash value={state.approval.txHash} />
          </Row>
        ) : null}
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
        {isFinalOrderStatus(status) ? (
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
