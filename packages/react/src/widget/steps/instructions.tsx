'use client'
import type { CheckoutPaymentInstructions } from '@rampkit/core/checkout'
import { lazy, type ReactNode, Suspense, use, useEffect, useState } from 'react'
import { loadMessages, type MessageKey } from '../../messages/index.js'
import { useRampKit } from '../../provider.js'
import { CopyButton } from '../copy.js'
import { formatExact, formatFiat } from '../format.js'
import { Row } from '../parts.js'

// The deposit address's QR code (and its encoder) load only for a sale that shows one.
const QrCode = lazy(() => import('../qr.js'))

/**
 * How long a mobile-money prompt may take before the status step says what to do without one.
 * Prompts usually arrive within seconds; two minutes is past any slow network's delay.
 */
export const PROMPT_TIMEOUT_MS = 2 * 60_000

/**
 * Whether a mobile-money prompt is overdue: still `waiting` `PROMPT_TIMEOUT_MS` after `since`,
 * the confirm that created the order (kept in the checkout, so a reload after two minutes shows
 * the hint at once), or after the step mounted when the checkout has no confirm time.
 */
export function usePromptOverdue(waiting: boolean, since: number | undefined): boolean {
  const [mountedAt] = useState(() => Date.now())
  const deadline = (since ?? mountedAt) + PROMPT_TIMEOUT_MS
  const [overdue, setOverdue] = useState(() => Date.now() >= deadline)
  useEffect(() => {
    if (!waiting) return
    const left = deadline - Date.now()
    if (left <= 0) {
      setOverdue(true)
      return
    }
    const timer = setTimeout(() => setOverdue(true), left)
    return () => clearTimeout(timer)
  }, [waiting, deadline])
  return waiting && overdue
}

type Label = MessageKey | 'IBAN' | 'BIC'

/**
 * A value to type elsewhere, in groups of four (`DE89 3704 0044…`) so the eye keeps its place;
 * the groups are boxes, not spaces, so selecting or copying the value gives it as the service
 * sent it. A line breaks only between groups, never inside one.
 */
function GroupedValue(props: { value: string }): ReactNode {
  const { value } = props
  const groups = value.length > 8 && !/\s/.test(value) ? value.match(/.{1,4}/g) : null
  if (!groups) return <code className="rk-copy">{value}</code>
  return (
    <code className="rk-copy" data-grouped="">
      {groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one value, in order
        <span key={index}>{group}</span>
      ))}
    </code>
  )
}

/**
 * What the user must do to pay for an accepted order, exactly as the service said: approve the
 * prompt on their phone, pay into a bank account with the reference, or send tokens to a
 * deposit address. Values to type are shown whole, select in one click and have a copy button.
 * Shown on the status step until the order settles. `provider` names the mobile-money network
 * when the service's instructions do not; `overdue` adds what to do when no prompt came.
 */
export function PaymentInstructions(props: {
  instructions: CheckoutPaymentInstructions
  provider?: string | undefined
  overdue?: boolean
  /**
   * The prompt's phone grouped as its country writes it (`+254 712 345678`), when the page has
   * it: the checkout passes the one its details step kept. Without it the phone shows as sent.
   */
  phoneDisplay?: string | undefined
}): ReactNode {
  const { t, locale } = useRampKit()
  // Its English is the later screens' chunk: shown where it has not loaded yet (on their own, an
  // account's deposit, a language still loading), it waits for it as a lazy component would.
  use(loadMessages('en'))
  const pay = props.instructions
  const fiat =
    pay.kind !== 'crypto_deposit' && pay.amount !== null && pay.currency
      ? formatFiat(pay.amount, pay.currency, locale)
      : null
  let lead: string | null
  // [label, value, whether the user types it somewhere and so gets a copy button]
  let rows: [Label, string | null, boolean][]
  if (pay.kind === 'mobile_money') {
    const network = pay.network ?? props.provider
    // No-break spaces between the groups: a narrow screen never splits the number.
    const phone = (pay.phone && props.phoneDisplay?.replaceAll(' ', '\u00a0')) || pay.phone
    lead =
      network && fiat
        ? t('pay.prompt', { network, amount: fiat })
        : phone
          ? t('pay.mobileMoney', { phone })
          : null
    // No reference: the prompt on the phone carries the order, the user types nothing.
    rows = [
      ['pay.phone', phone, false],
      ['pay.network', pay.network, false],
    ]
  } else if (pay.kind === 'bank') {
    lead = fiat ? t('pay.bank', { amount: fiat }) : null
    rows = [
      ['pay.bankName', pay.bankName, false],
      ['pay.accountName', pay.accountName, false],
      ['IBAN', pay.iban, true],
      ['pay.accountNumber', pay.accountNumber, true],
      ['BIC', pay.bic, true],
      ['pay.reference', pay.reference, true],
    ]
  } else {
    const amount =
      pay.amount === null ? null : `${formatExact(pay.amount, locale)} ${pay.token ?? ''}`.trim()
    lead = amount ? t('pay.deposit', { amount }) : null
    rows = [
      ['pay.address', pay.address, true],
      ['pay.network', pay.network, false],
    ]
  }
  return (
    <section className="rk-instructions" aria-labelledby="rk-pay-title" data-kind={pay.kind}>
      <h3 id="rk-pay-title" className="rk-instructions-title">
        {t('pay.title')}
      </h3>
      {lead ? <p>{lead}</p> : null}
      <dl className="rk-summary">
        {rows.map(([key, value, copy]) => {
          if (!value) return null
          const label = key === 'IBAN' || key === 'BIC' ? key : t(key)
          return (
            <Row key={key} label={label} {...(copy ? { layout: 'copy' as const } : {})}>
              <span className="rk-reference">
                {copy ? <GroupedValue value={value} /> : <code className="rk-copy">{value}</code>}
                {copy ? <CopyButton value={value} label={label} /> : null}
              </span>
            </Row>
          )
        })}
      </dl>
      {pay.kind === 'crypto_deposit' && pay.address ? (
        <Suspense fallback={null}>
          <QrCode value={pay.address} label={t('pay.qr')} />
        </Suspense>
      ) : null}
      {pay.kind === 'mobile_money' ? (
        // Present before the hint, so screen readers announce it when it appears.
        <div aria-live="polite">
          {props.overdue ? <p className="rk-hint">{t('pay.noPrompt')}</p> : null}
        </div>
      ) : null}
    </section>
  )
}
