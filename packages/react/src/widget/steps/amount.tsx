'use client'
import { validateAmountForProvider, validateFiatAmount } from '@rampkit/core'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useTokenPreview } from '../../hooks/useTokenPreview.js'
import type { MessageKey } from '../../messages/index.js'
import { useRampKit } from '../../provider.js'
import { amountExample, formatAmountInput, parseLocaleAmount } from '../../utils/amount.js'
import { useWidget } from '../context.js'
import { formatFiat, formatNumber } from '../format.js'
import { Field } from '../parts.js'

const AMOUNT_MESSAGES: Partial<Record<string, MessageKey>> = {
  required: 'validation.amount',
  not_positive: 'validation.amount',
  invalid_format: 'validation.amount',
  too_many_decimals: 'validation.amount.decimals',
  below_minimum: 'validation.amount.min',
  above_maximum: 'validation.amount.max',
}

export function AmountStep(): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout, props } = useWidget()
  const { state, send } = checkout
  const provider = state.provider
  const currency = provider?.currency ?? state.corridor?.currency ?? ''
  const initial = state.amountFiat ?? props.amount
  const [value, setValue] = useState(
    initial === undefined ? '' : formatAmountInput(initial, locale),
  )
  const [error, setError] = useState<string>()
  // Read by the locale's own separators: "1,500" is 1500 in English, 1.5 in French.
  const parsed = parseLocaleAmount(value, locale)
  const amount = parsed.ok ? Number(parsed.value) : Number.NaN
  const preview = useTokenPreview(
    state.token && Number.isFinite(amount) && amount > 0
      ? { amount_fiat: amount, token: state.token.symbol, order_type: state.direction ?? 'OnRamp' }
      : undefined,
  )
  const min = provider?.minAmount
  const max = provider?.maxAmount
  const limits =
    min !== undefined && max !== undefined
      ? t('amount.limits', {
          min: formatFiat(min, currency, locale),
          max: formatFiat(max, currency, locale),
        })
      : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!parsed.ok) {
      setError(
        parsed.reason === 'empty'
          ? t('validation.amount')
          : t('validation.amount.format', { example: amountExample(locale) }),
      )
      return
    }
    const input = parsed.value
    const result =
      min !== undefined && max !== undefined
        ? validateAmountForProvider(input, { min_amount: min, max_amount: max, currency })
        : validateFiatAmount(input, currency)
    if (!result.ok) {
      setError(
        t(AMOUNT_MESSAGES[result.code] ?? 'validation.amount', {
          min: formatFiat(min ?? 0, currency, locale),
          max: formatFiat(max ?? 0, currency, locale),
        }),
      )
      return
    }
    setError(undefined)
    send({ type: 'SET_AMOUNT', amountFiat: Number(result.value) })
  }

  const data = preview.data
  return (
    <form className="rk-form" onSubmit={submit} noValidate>
      <Field label={t('amount.label', { currency })} hint={limits} error={error}>
        {(ids) => (
          <input
            {...ids}
            className="rk-input"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </Field>
      <div className="rk-preview" aria-live="polite" data-state={preview.status}>
        {preview.isFetching && !data ? <p>{t('amount.previewLoading')}</p> : null}
        {data && amount > 0 ? (
          <>
            <p className="rk-preview-amount">
              {t('amount.preview', {
                tokenAmount: formatNumber(data.token_amount, locale, 6),
                symbol: data.symbol,
                rate: formatNumber(data.rate, locale, 4),
                currency,
              })}
            </p>
            <p className="rk-hint">{t('amount.previewIndicative')}</p>
          </>
        ) : null}
        {preview.isError ? <p className="rk-hint">{t('amount.previewError')}</p> : null}
      </div>
      <button type="submit" className="rk-button">
        {t('widget.continue')}
      </button>
    </form>
  )
}
