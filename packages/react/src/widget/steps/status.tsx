'use client'
import type { CheckoutOrderStatus } from '@rampkit/core'
import type { ReactNode } from 'react'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { Hash, Loading, Row } from '../parts.js'
import { PaymentInstructions } from './instructions.js'

const PROGRESS: CheckoutOrderStatus[] = ['submitted', 'processing', 'settled']

export function StatusStep(): ReactNode {
  const { t } = useRampKit()
  const { checkout, props } = useWidget()
  const { state, send } = checkout
  const order = state.order
  if (!order) return <Loading />
  const status = order.status
  const reached = PROGRESS.indexOf(status)
  const text =
    status === 'settled'
      ? t('status.settledText')
      : status === 'failed'
        ? t('status.failedText')
        : status === 'refunded'
          ? t('status.refundedText')
          : t('status.waitingText')
  return (
    <div className="rk-stack" data-state={status}>
      <div
        className="rk-status"
        role={status === 'failed' ? 'alert' : 'status'}
        aria-live={status === 'failed' ? 'assertive' : 'polite'}
        data-state={status}
      >
        <p className="rk-status-title">{t('status.current', { status: t(`status.${status}`) })}</p>
        <p>{text}</p>
      </div>
      {order.paymentInstructions && (status === 'submitted' || status === 'processing') ? (
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
        {status === 'settled' || status === 'failed' || status === 'refunded' ? (
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
