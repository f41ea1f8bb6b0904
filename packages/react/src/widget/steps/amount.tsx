'use client'
import {
  AMOUNT_FIELDS,
  amountLimits,
  type CheckoutToken,
  indicativeEstimate,
  indicativePayout,
  tokenLimits,
} from '@rampkit/core/checkout'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useCatalog, useIndicativeRates } from '../../hooks/reads.js'
import { useTokenPreview } from '../../hooks/useTokenPreview.js'
import { useRampKit } from '../../provider.js'
import { formatAmountInput, parseLocaleAmount } from '../../utils/amount.js'
import { readTokenAmount } from '../../utils/units.js'
import { useWidget } from '../context.js'
import { fiatDigits, formatFiat } from '../format.js'
import { Field, Loading } from '../parts.js'
import { AmountPreview } from './amountPreview.js'
import {
  amountProblemText,
  canonicalAmount,
  limitsHint,
  readAmount,
  refusedText,
} from './amountRead.js'

/**
 * The amount the binding quote takes. On-ramp: the fiat the user pays, in whole units (the
 * quote's `local_amount` is an integer), checked with core's rules so the message is the kit's,
 * with the live indicative preview of what it buys. Off-ramp: how many tokens the user sells
 * (`crypto_amount`), an exact decimal the token can hold, checked through its base units, never
 * a float, with the payout estimated from the indicative sell rate. The limits are the
 * provider's, or for an EUR/USD bank pay-in the currency's from the catalog; a 422 the service
 * gave on the amount is shown on this field, with the limits it named. A sale's limits are in
 * tokens (the provider's fiat limits at the sell rate). An estimate shows only under an amount
 * the step accepts; the fees are the quote's to state, once.
 */
export function AmountStep(): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout, props } = useWidget()
  const { state, view } = checkout
  const { provider, token } = state
  const sell = state.direction === 'OffRamp'
  const catalog = useCatalog()
  // An international bank option has no limits of its own: its currency's are the catalog's.
  const bounds = amountLimits(catalog.data, state.corridor, provider)
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
  // Errors show once the shopper has tried to go on (or the service refused); what they say is
  // always about the value typed now, never one from before.
  const [tried, setTried] = useState(refused)
  // The service's refusal stays beside the value it refused until that value changes.
  const [refusedValue] = useState(() => (refused ? value : undefined))
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
  // A sale is typed in tokens: the provider's fiat limits at the rate, in tokens.
  const sellLimits =
    sell && min !== undefined
      ? tokenLimits({ min, max, currency, token, rates: rates.data })
      : undefined

  const reading = {
    t,
    locale,
    parsed,
    sell,
    token,
    sellLimits,
    bounds: { min, max, currency },
    limits,
  }
  const next = readAmount(reading)
  // The controller's reading of the value typed now (its own guard), and the widget's finer one
  // of the same value (a token's decimals, a sale's limits in tokens, a currency's catalog
  // limits): an estimate shows only under an amount both accept.
  const typed = canonicalAmount(parsed, value, next)
  const controllerError =
    view.amount?.value === typed && view.amount.error !== undefined
      ? amountProblemText(reading, view.amount.error)
      : undefined
  const valid = typeof next !== 'string' && controllerError === undefined
  const shownError =
    value === refusedValue && refused
      ? refusedText(t, locale, state.error)
      : tried
        ? typeof next === 'string'
          ? next
          : controllerError
        : undefined

  function change(text: string) {
    setValue(text)
    const read = parseLocaleAmount(text, locale)
    checkout.typeAmount(canonicalAmount(read, text, readAmount({ ...reading, parsed: read })))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    // The controller takes the amount only when its guard does; the widget's finer rules first.
    if (typeof next === 'string') checkout.typeAmount(typed)
    else checkout.setAmount(typed)
  }

  const { estimate, payout, live, tokens } = amountEstimates({
    sell,
    kes,
    valid,
    parsed,
    currency,
    token,
    preview,
    rates,
  })
  return (
    <form className="rk-form" onSubmit={submit} noValidate>
      <Field
        label={
          sell ? t('amount.label.offramp', { symbol: token.symbol }) : t('amount.label', limits)
        }
        hint={limitsHint(reading)}
        error={shownError}
      >
        {(ids) => (
          <input
            {...ids}
            className="rk-input"
            inputMode={sell ? 'decimal' : 'numeric'}
            autoComplete="off"
            value={value}
            onChange={(event) => change(event.target.value)}
          />
        )}
      </Field>
      <AmountPreview
        live={live}
        valid={valid}
        estimate={estimate}
        payout={payout}
        sent={sell ? (tokens?.ok ? tokens.value : '0') : undefined}
        total={amount}
        currency={currency}
        symbol={token.symbol}
      />
      <button type="submit" className="rk-button">
        {t('widget.continue')}
      </button>
    </form>
  )
}

/**
 * What the amount step shows under the field for a value both readings accept: a buy's token
 * estimate (the service's KES preview, else core's `indicativeEstimate`), a sale's payout at the
 * indicative rate, the query whose state the preview shows, and a sale's amount in base units.
 */
function amountEstimates(input: {
  sell: boolean
  kes: boolean
  valid: boolean
  parsed: ReturnType<typeof parseLocaleAmount>
  currency: string
  token: CheckoutToken
  preview: ReturnType<typeof useTokenPreview>
  rates: ReturnType<typeof useIndicativeRates>
}) {
  const { sell, kes, valid, parsed, currency, token, preview, rates } = input
  const estimate = sell
    ? undefined
    : kes
      ? preview.data && valid
        ? {
            tokenAmount: preview.data.token_amount,
            rate: preview.data.rate,
            symbol: preview.data.symbol,
          }
        : undefined
      : valid && parsed.ok
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
    tokens?.ok && valid && rates.data
      ? indicativePayout({
          amountCrypto: tokens.value,
          currency,
          token,
          rates: rates.data,
          fiatDigits: fiatDigits(currency),
        })
      : undefined
  return { estimate, payout, live, tokens }
}
