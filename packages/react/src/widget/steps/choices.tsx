'use client'
import type {
  CheckoutCorridor,
  CheckoutDirection,
  CheckoutPaymentMethod,
  CheckoutProvider,
  CheckoutToken,
} from '@rampkit/core/checkout'
import { tokenDisplayName } from '@rampkit/core/checkout'
import { type ReactNode, useState } from 'react'
import { ENGLISH_MESSAGES, type MessageKey } from '../../messages/index.js'
import { useRampKit } from '../../provider.js'
import { countryLabel, formatFiat } from '../format.js'
import { tokenKey } from '../last.js'
import { LoadError, Loading } from '../parts.js'

// The fields of the choose screen (corridor, payment method, provider, token) and their parts.

export function messageOr(t: (key: MessageKey) => string, key: string, fallback: string): string {
  return key in ENGLISH_MESSAGES ? t(key as MessageKey) : fallback
}

/** A corridor's key in the lists of the choose screen. */
export function corridorKey(corridor: Pick<CheckoutCorridor, 'country' | 'currency'>): string {
  return `${corridor.country ?? 'intl'}-${corridor.currency}`
}

/**
 * The flag of a corridor as an emoji, drawn by the system's font: two regional indicator
 * letters (KE, and EU / US for the euro and the dollar). No image is fetched.
 */
export function corridorFlag(corridor: Pick<CheckoutCorridor, 'country' | 'currency'>): string {
  const code = (corridor.country ?? corridor.currency.slice(0, 2)).toUpperCase()
  if (!/^[A-Z]{2}$/.test(code)) return ''
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65))
}

let flagsShown: boolean | undefined

/**
 * Whether this system's fonts draw flags: a drawn flag has colour, while a font without flags
 * draws two grey letters or empty boxes (Windows, a bare Linux). Asked once, in the browser.
 */
export function systemDrawsFlags(): boolean {
  if (flagsShown !== undefined) return flagsShown
  flagsShown = false
  try {
    if (typeof OffscreenCanvas === 'undefined') return flagsShown
    const context = new OffscreenCanvas(16, 16).getContext('2d', { willReadFrequently: true })
    if (!context) return flagsShown
    context.font = '14px sans-serif'
    context.textBaseline = 'top'
    context.fillText(corridorFlag({ country: 'KE', currency: 'KES' }), 0, 0)
    const pixels = context.getImageData(0, 0, 16, 16).data
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i] !== pixels[i + 1] || pixels[i + 1] !== pixels[i + 2]) flagsShown = true
    }
  } catch {
    // a canvas that cannot be read: no flags
  }
  return flagsShown
}

/** A provider's mark: its initials on a colour drawn from its name. No image is fetched. */
export function ProviderMark(props: { name: string }): ReactNode {
  const words = props.name.split(/[^A-Za-z0-9]+/).filter(Boolean)
  const letters = (
    words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? props.name).slice(0, 2)
  ).toUpperCase()
  let hue = 0
  for (const char of props.name) hue = (hue * 31 + char.charCodeAt(0)) % 360
  return (
    <span className="rk-mark" aria-hidden="true" style={{ '--rk-mark-hue': hue } as never}>
      {letters}
    </span>
  )
}

/** One radio of a choice group, laid out as a card (at least 44 px high). */
export function Choice(props: {
  name: string
  value: string
  checked: boolean
  onChange: () => void
  label: string
  hint?: string | undefined
  mark?: ReactNode
}): ReactNode {
  return (
    <label className="rk-choice" data-state={props.checked ? 'selected' : 'idle'}>
      <input
        type="radio"
        className="rk-choice-input"
        name={props.name}
        value={props.value}
        checked={props.checked}
        onChange={props.onChange}
      />
      {props.mark}
      <span className="rk-choice-text">
        <span className="rk-option-label">{props.label}</span>
        {props.hint ? <span className="rk-option-hint">{props.hint}</span> : null}
      </span>
    </label>
  )
}

export function ChoiceGroup(props: {
  legend: string
  children: ReactNode
  inline?: boolean
}): ReactNode {
  return (
    <fieldset className="rk-choices" data-layout={props.inline ? 'inline' : 'list'}>
      <legend className="rk-label">{props.legend}</legend>
      {props.children}
    </fieldset>
  )
}

/** Buy or sell, as radio cards. */
export function DirectionChoices(props: {
  name: string
  direction: CheckoutDirection
  onChange: (direction: CheckoutDirection) => void
}): ReactNode {
  const { t } = useRampKit()
  return (
    <ChoiceGroup legend={t('choose.direction')} inline>
      {(['OnRamp', 'OffRamp'] as const).map((each) => (
        <Choice
          key={each}
          name={props.name}
          value={each}
          checked={props.direction === each}
          onChange={() => props.onChange(each)}
          label={t(`direction.${each}`)}
        />
      ))}
    </ChoiceGroup>
  )
}

/** What a list of the kit answers with, as the choose screen shows it. */
type ListQuery = {
  isPending: boolean
  isError: boolean
  error: Error | null
  refetch: () => unknown
}

/** The corridor select: a flag when the system draws flags, the country and its currency. */
export function CorridorField(props: {
  id: string
  corridors: (CheckoutCorridor & { countryName?: string | null | undefined })[]
  corridor: CheckoutCorridor | undefined
  onChange: (key: string) => void
}): ReactNode {
  const { t, locale } = useRampKit()
  const [flags] = useState(() => typeof window !== 'undefined' && systemDrawsFlags())
  const { id, corridor } = props
  if (props.corridors.length === 0) return <p>{t('corridor.none')}</p>
  return (
    <div className="rk-field">
      <label className="rk-label" htmlFor={id}>
        {t('choose.corridor')}
      </label>
      <select
        id={id}
        className="rk-input rk-select"
        value={corridor ? corridorKey(corridor) : ''}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {corridor ? null : (
          <option value="" disabled>
            {t('choose.corridor.placeholder')}
          </option>
        )}
        {props.corridors.map((each) => (
          <option key={corridorKey(each)} value={corridorKey(each)}>
            {`${flags ? corridorFlag(each) : ''} ${
              each.kind === 'african'
                ? `${countryLabel(each.country ?? '', locale, each.countryName)} · ${each.currency}`
                : t('corridor.international', { currency: each.currency })
            }`.trim()}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The payment methods of the corridor, as radio cards. */
export function MethodChoices(props: {
  name: string
  offRamp: boolean
  query: ListQuery
  methods: CheckoutPaymentMethod[]
  method: CheckoutPaymentMethod | undefined
  onChange: (type: string) => void
}): ReactNode {
  const { t } = useRampKit()
  const { query, methods } = props
  if (query.isPending) return <Loading />
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />
  if (methods.length === 0) return <p>{t('paymentMethod.none')}</p>
  return (
    <ChoiceGroup
      legend={t(props.offRamp ? 'step.paymentMethod.offramp' : 'step.paymentMethod')}
      inline
    >
      {methods.map((each) => (
        <Choice
          key={each.type}
          name={props.name}
          value={each.type}
          checked={props.method?.type === each.type}
          onChange={() => props.onChange(each.type)}
          label={messageOr(t, `paymentMethod.${each.type}`, each.label)}
        />
      ))}
    </ChoiceGroup>
  )
}

/** The providers of the method, as radio cards with their mark and limits. */
export function ProviderChoices(props: {
  name: string
  query: ListQuery
  providers: CheckoutProvider[]
  provider: CheckoutProvider | undefined
  onChange: (id: string) => void
}): ReactNode {
  const { t, locale } = useRampKit()
  const { query, providers } = props
  if (query.isPending) return <Loading />
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />
  if (providers.length === 0) return <p>{t('provider.none')}</p>
  const limitsOf = (each: CheckoutProvider) =>
    each.minAmount !== undefined && each.maxAmount !== undefined
      ? t('provider.limits', {
          min: formatFiat(each.minAmount, each.currency ?? '', locale),
          max: formatFiat(each.maxAmount, each.currency ?? '', locale),
        })
      : undefined
  return (
    <ChoiceGroup legend={t('choose.provider')}>
      {providers.map((each) => (
        <Choice
          key={each.id}
          name={props.name}
          value={each.id}
          checked={props.provider?.id === each.id}
          onChange={() => props.onChange(each.id)}
          label={each.name}
          hint={limitsOf(each)}
          mark={<ProviderMark name={each.name} />}
        />
      ))}
    </ChoiceGroup>
  )
}

/** The token select, each token named with its network. */
export function TokenField(props: {
  id: string
  offRamp: boolean
  tokens: CheckoutToken[]
  token: CheckoutToken | undefined
  onChange: (key: string) => void
}): ReactNode {
  const { t } = useRampKit()
  const { id, token } = props
  if (props.tokens.length === 0) return <p>{t('token.none')}</p>
  return (
    <div className="rk-field">
      <label className="rk-label" htmlFor={id}>
        {t(props.offRamp ? 'choose.token.offramp' : 'choose.token')}
      </label>
      <select
        id={id}
        className="rk-input rk-select"
        value={token ? tokenKey(token) : ''}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.tokens.map((each) => (
          <option key={tokenKey(each)} value={tokenKey(each)}>
            {tokenDisplayName(each, ({ symbol, network }) =>
              t('token.onChain', { symbol, chain: network }),
            )}
          </option>
        ))}
      </select>
    </div>
  )
}
