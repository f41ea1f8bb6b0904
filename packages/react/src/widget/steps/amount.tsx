'use client'
import type { CheckoutEvent } from '@rampkit/core'
import { AMOUNT_FIELDS, indicativeEstimate, indicativePayout } from '@rampkit/core/checkout'
import { validateAmountForProvider, validateFiatAmount } from '@rampkit/core/validation'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useCatalog, useIndicativeRates } from '../../hooks/reads.js'
import { useTokenPreview } from '../../hooks/useTokenPreview.js'
import type { MessageKey } from '../../messages/index.js'
import { useRampKit } from '../../provider.js'
import { amountExample, formatAmountInput, parseLocaleAmount } from '../../utils/amount.js'
import { readTokenAmount } from '../../utils/units.js'
import { useWidget } from '../context.js'
import { fiatDigits, formatEstimate, formatFiat } from '../format.js'
import { Field, Loading, Row } from '../parts.js'
import { internationalLimits } from './select.js'

const AMOUNT_MESSAGES: Partial<Record<string, MessageKey>> = {
  required: 'validation.amount',
  not_positive: 'validation.amount',
  invalid_format: 'validation.amount',
  too_many_decimals: 'validation.amount.whole',
  below_minimum: 'validation.amount.min',
  above_maximum: 'validation.amount.max',
}

/**
 * The amount the binding quote takes. On-ramp: the fiat the user pays, in whole units (the
 * quote's `local_amount` is an integer), checked with core's rules so the message is the kit's,
 * with the live indicative preview of what it buys. Off-ramp: how many tokens the user sells
 * (`crypto_amount`), an exact decimal the token can hold, checked through its base units, never
 * a float, with the payout estimated from the indicative sell rate. The limits are the
 * provider's, or for an EUR/USD bank pay-in the currency's from the catalog; a 422 the service
 * gave on the amount is shown on this field. The total (what the user pays) and a line saying
 * the fees are in the rate sit under the estimate; the quote gives them exactly.
 */
export function AmountStep(): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout, props } = useWidget()
  const { state, send } = checkout
  const { provider, token } = state
  const sell = state.direction === 'OffRamp'
  const catalog = useCatalog()
  // An international bank option has no limits of its own: its currency's are the catalog's.
  const bounds =
    provider?.minAmount !== undefined
      ? provider
      : (internationalLimits(catalog.data, state.corridor) ?? provider)
  const currency = bounds?.currency ?? state.corridor?.currency ?? ''
  const min = bounds?.minAmount
  const max = bounds?.maxAmount
  const limits = {
    currency,
    min: formatFiat(min ?? 0, currency, locale),
    max: formatFiat(max ?? 0, currency, locale),
  }
  const initial = sell
    ? (state.amountCrypto ?? props.amountCrypto)
    : (state.amountFiat ?? props.amount)
  const [value, setValue] = useState(
    initial === undefined ? '' : formatAmountInput(initial, locale),
  )
  // The service refused the amount itself (a 422 on `local_amount`...): said here, where it is typed.
  const refused = Object.keys(state.fieldErrors).some((field) => AMOUNT_FIELDS.includes(field))
  const [error, setError] = useState<string | undefined>(() =>
    refused ? t('amount.refused') : undefined,
  )
  // Read by the locale's own separators: "1,500" is 1500 in English, 1.5 in French.
  const parsed = parseLocaleAmount(value, locale)
  const amount = parsed.ok ? Number(parsed.value) : Number.NaN
  // The service's token preview prices KES only; every other currency is estimated from its
  // indicative rate (fiat per US dollar), or not at all.
  const kes = currency === 'KES'
  const preview = useTokenPreview(
    !sell && kes && token && amount > 0
      ? { amount_fiat: amount, token: token.symbol, order_type: 'OnRamp' }
      : undefined,
  )
  const rates = useIndicativeRates((sell || !kes) && currency ? { fiat: currency } : undefined)
  // The token is chosen on the step before; its decimals decide what an amount may be.
  if (!token) return <Loading />

  // The event the typed amount makes, or what is wrong with it.
  const read = (): CheckoutEvent | string => {
    if (!parsed.ok) {
      return parsed.reason === 'empty'
        ? t('validation.amount')
        : t('validation.amount.format', { example: amountExample(locale, sell ? 2 : 0) })
    }
    if (sell) {
      const tokens = readTokenAmount(parsed.value, token.decimals)
      if (tokens.ok) return { type: 'SET_AMOUNT', amountCrypto: tokens.value }
      return tokens.reason === 'too_many_decimals'
        ? t('validation.tokenAmount.decimals', { symbol: token.symbol, decimals: token.decimals })
        : t('validation.amount')
    }
    const options = { wholeUnits: true }
    const result =
      min !== undefined && max !== undefined
        ? validateAmountForProvider(
            parsed.value,
            { min_amount: min, max_amount: max, currency },
            options,
          )
        : validateFiatAmount(parsed.value, currency, options)
    return result.ok
      ? { type: 'SET_AMOUNT', amountFiat: Number(result.value) }
      : t(AMOUNT_MESSAGES[result.code] ?? 'validation.amount', limits)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const next = read()
    setError(typeof next === 'string' ? next : undefined)
    if (typeof next !== 'string') send(next)
  }

  const estimate = sell
    ? undefined
    : kes
      ? preview.data && amount > 0
        ? {
            tokenAmount: preview.data.token_amount,
            rate: preview.data.rate,
            symbol: preview.data.symbol,
          }
        : undefined
      : parsed.ok && amount > 0
        ? indicativeEstimate({
            amountFiat: parsed.value,
            currency,
            token,
            rates: rates.data,
            orderType: 'OnRamp',
          })
        : undefined
  const live = kes && !sell ? preview : rates
  const tokens = sell && parsed.ok ? readTokenAmount(parsed.value, token.decimals) : undefined
  const payout =
    tokens?.ok && rates.data
      ? indicativePayout({
          amountCrypto: tokens.value,
          currency,
          token,
          rates: rates.data,
          fiatDigits: fiatDigits(currency),
        })
      : undefined
  const shown = sell ? payout : estimate
  return (
    <form className="rk-form" onSubmit={submit} noValidate>
      <Field
        label={
          sell ? t('amount.label.offramp', { symbol: token.symbol }) : t('amount.label', limits)
        }
        hint={
          min === undefined || max === undefined
            ? undefined
            : t(sell ? 'amount.limits.offramp' : 'amount.limits', limits)
        }
        error={error}
      >
        {(ids) => (
          <input
            {...ids}
            className="rk-input"
            inputMode={sell ? 'decimal' : 'numeric'}
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </Field>
      <div className="rk-preview" aria-live="polite" data-state={live.status}>
        {live.isFetching && !shown && (sell ? tokens?.ok : amount > 0) ? (
          <p>{t('amount.previewLoading')}</p>
        ) : null}
        {estimate && !sell ? (
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
            {sell ? (
              <Row label={t('quote.youSend')}>
                {`${formatEstimate(tokens?.ok ? tokens.value : '0', locale)} ${token.symbol}`}
              </Row>
            ) : (
              <Row label={t('amount.total')}>{formatFiat(amount, currency, locale)}</Row>
            )}
            <Row label={t('quote.fee')}>{t('amount.feesIncluded')}</Row>
          </dl>
        ) : null}
        {shown ? <p className="rk-hint">{t('amount.previewIndicative')}</p> : null}
        {live.isError ? <p className="rk-hint">{t('amount.previewError')}</p> : null}
      </div>
      <button type="submit" className="rk-button">
        {t('widget.continue')}
      </button>
    </form>
  )
}
