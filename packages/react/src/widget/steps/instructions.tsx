'use client'
import type { CheckoutPaymentInstructions } from '@rampkit/core'
import type { ReactNode } from 'react'
import type { MessageKey } from '../../messages/index.js'
import { useRampKit } from '../../provider.js'
import { formatFiat } from '../format.js'
import { Row } from '../parts.js'

/**
 * What the user must do to pay for an accepted order, exactly as the service said: approve the
 * prompt on their phone, pay into a bank account with the reference, or send tokens to a
 * deposit address. Values to type are shown whole and select in one click. Shown on the status
 * step until the order settles.
 */
export function PaymentInstructions(props: {
  instructions: CheckoutPaymentInstructions
}): ReactNode {
  const { t, locale } = useRampKit()
  const pay = props.instructions
  let lead: string | null
  let rows: [MessageKey | 'IBAN' | 'BIC', string | null][]
  if (pay.kind === 'mobile_money') {
    lead = pay.phone ? t('pay.mobileMoney', { phone: pay.phone }) : null
    rows = [
      ['pay.network', pay.network],
      ['pay.reference', pay.reference],
    ]
  } else if (pay.kind === 'bank') {
    const amount =
      pay.amount !== null && pay.currency ? formatFiat(pay.amount, pay.currency, locale) : null
    lead = amount ? t('pay.bank', { amount }) : null
    rows = [
      ['pay.bankName', pay.bankName],
      ['pay.accountName', pay.accountName],
      ['IBAN', pay.iban],
      ['pay.accountNumber', pay.accountNumber],
      ['BIC', pay.bic],
      ['pay.reference', pay.reference],
    ]
  } else {
    const amount = pay.amount === null ? null : `${pay.amount} ${pay.token ?? ''}`.trim()
    lead = amount ? t('pay.deposit', { amount }) : null
    rows = [
      ['pay.address', pay.address],
      ['pay.network', pay.network],
    ]
  }
  return (
    <section className="rk-instructions" aria-labelledby="rk-pay-title" data-kind={pay.kind}>
      <h3 id="rk-pay-title" className="rk-instructions-title">
        {t('pay.title')}
      </h3>
      {lead ? <p>{lead}</p> : null}
      <dl className="rk-summary">
        {rows.map(([label, value]) =>
          value ? (
            <Row key={label} label={label.startsWith('pay.') ? t(label as MessageKey) : label}>
              <code className="rk-copy">{value}</code>
            </Row>
          ) : null,
        )}
      </dl>
    </section>
  )
}
