'use client'
import type {
  Catalog,
  CatalogCountry,
  CheckoutCorridor,
  CheckoutDirection,
  CheckoutPaymentMethod,
  CheckoutProvider,
  CheckoutToken,
  MetaToken,
} from '@rampkit/core'
import { tokenDisplayName } from '@rampkit/core/checkout'
import { type ReactNode, useId, useState } from 'react'
import { useBanks, useCatalog, usePaymentMethods, useTokens } from '../../hooks/reads.js'
import { ENGLISH_MESSAGES, type MessageKey } from '../../messages/index.js'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { formatFiat } from '../format.js'
import { readLastChoice, sameCorridor, tokenKey } from '../last.js'
import { LoadError, Loading } from '../parts.js'

/** The catalog's countries for a direction (off-ramp provider lists can differ, spec 4.3). */
export function catalogCountries(
  catalog: Catalog | undefined,
  direction: CheckoutDirection | undefined,
): CatalogCountry[] {
  const tree = direction === 'OffRamp' ? (catalog?.offramp ?? catalog?.onramp) : catalog?.onramp
  return Object.values(tree?.countries ?? {}).filter((country) => country.enabled)
}

/**
 * The `country` of GET /banks. The listing needs a two-letter country on every rail (spec 4.4:
 * `country` length 2, also for the international types `BankSepa` and `BankSwift`), while an
 * EUR/USD pay-in corridor is chosen by currency alone and has none. For those: the partner's
 * `bankCountry` (the payer's bank), else the issuer of the currency, whose ISO 4217 code starts
 * with its ISO 3166 code (USD -> US; EUR -> EU, the code ISO 3166 reserves for the European
 * Union). The international options are best-effort and keyed by rail and currency.
 *
 * @example
 * banksCountry({ kind: 'international', country: null, currency: 'USD' }) // 'US'
 */
export function banksCountry(corridor: CheckoutCorridor, bankCountry?: string): string {
  if (corridor.country) return corridor.country
  const given = bankCountry?.trim().toUpperCase()
  if (given && /^[A-Z]{2}$/.test(given)) return given
  return corridor.currency.slice(0, 2).toUpperCase()
}

/** The checkout's token from a token of GET /tokens. */
export function toCheckoutToken(token: MetaToken): CheckoutToken {
  return {
    symbol: token.symbol,
    label: token.label,
    address: token.address,
    decimals: token.decimals,
    chainId: token.chain_id,
    ...(token.chain ? { chain: token.chain } : {}),
    requiresZeroAllowanceReset: token.requires_zero_allowance_reset ?? false,
  }
}

function messageOr(t: (key: MessageKey) => string, key: string, fallback: string): string {
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
function systemDrawsFlags(): boolean {
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

/** The corridors of a direction: the catalog's countries, then the international currencies. */
function corridorsOf(
  catalog: Catalog | undefined,
  direction: CheckoutDirection | undefined,
): CheckoutCorridor[] {
  return [
    ...catalogCountries(catalog, direction).map((country) => ({
      kind: 'african' as const,
      country: country.country_code,
      currency: country.currency,
      countryName: country.country_name,
    })),
    ...(catalog?.international_bank?.currencies ?? [])
      .filter((entry) => (direction === 'OffRamp' ? entry.offramp : entry.onramp))
      .map((entry) => ({
        kind: 'international' as const,
        country: null,
        currency: entry.currency,
      })),
  ]
}

/**
 * The pay-in limits of an international bank corridor, from the catalog's currency entry: its
 * bank options carry none, so without these an EUR or USD amount would be unbounded until the
 * quote refused it.
 */
export function internationalLimits(
  catalog: Catalog | undefined,
  corridor: CheckoutCorridor | undefined,
): Pick<CheckoutProvider, 'minAmount' | 'maxAmount' | 'currency'> | undefined {
  if (corridor?.kind !== 'international') return undefined
  const entry = catalog?.international_bank?.currencies?.find(
    (each) => each.currency.toUpperCase() === corridor.currency.toUpperCase(),
  )
  if (typeof entry?.min_amount !== 'number' || typeof entry.max_amount !== 'number') {
    return undefined
  }
  return { minAmount: entry.min_amount, maxAmount: entry.max_amount, currency: entry.currency }
}

/** The payment methods of a corridor: the catalog's buckets, or the listing of an international one. */
function usePaymentMethodOptions(
  direction: CheckoutDirection | undefined,
  corridor: CheckoutCorridor | undefined,
) {
  const catalog = useCatalog()
  const international = corridor?.kind === 'international'
  const listed = usePaymentMethods(
    international && corridor && direction
      ? { currency: corridor.currency, order_type: direction }
      : undefined,
  )
  const country = catalogCountries(catalog.data, direction).find(
    (entry) => entry.country_code === corridor?.country,
  )
  const methods: CheckoutPaymentMethod[] = international
    ? (listed.data?.[direction === 'OffRamp' ? 'offramp' : 'onramp'] ?? [])
        .filter((method) => method.status === 'active')
        .map((method) => ({
          type: method.type,
          label: method.type,
          // The quote of an international pay-in names its rail type (`BankSepa`), the same id
          // the banks listing takes (spec 4.4); its networks come from the banks listing.
          quoteType: method.type,
          networkSource: 'banks' as const,
        }))
    : (['mobile_money', 'bank'] as const).flatMap((type) => {
        const bucket = country?.payment_methods[type]
        if (!bucket?.enabled) return []
        return [
          {
            type,
            label: bucket.label,
            quoteType: bucket.quote_type,
            networkSource: type === 'mobile_money' ? ('catalog' as const) : ('banks' as const),
          },
        ]
      })
  return { methods, query: international ? listed : catalog, country }
}

/** The providers of a payment method: the catalog's, or the banks listing's with their limits. */
function useProviderOptions(
  direction: CheckoutDirection | undefined,
  corridor: CheckoutCorridor | undefined,
  method: CheckoutPaymentMethod | undefined,
  bankCountry: string | undefined,
) {
  const catalog = useCatalog()
  const country = catalogCountries(catalog.data, direction).find(
    (entry) => entry.country_code === corridor?.country,
  )
  const fromBanks = method?.networkSource === 'banks'
  const bucket = method
    ? country?.payment_methods[method.type as 'mobile_money' | 'bank']
    : undefined
  const catalogProviders = (bucket?.providers ?? []).filter((provider) => provider.enabled)
  const banks = useBanks(
    fromBanks && corridor && method && direction
      ? {
          country: banksCountry(corridor, bankCountry),
          currency: corridor.currency,
          order_type: direction,
          payment_method_type: method.type,
        }
      : undefined,
  )
  const currencyLimits = internationalLimits(catalog.data, corridor)
  const providers: CheckoutProvider[] = fromBanks
    ? (banks.data?.banks ?? []).map((bank) => {
        // Bank networks carry no limits; the catalog's bank providers do when they list the id,
        // and an international corridor's currency entry does for all its options.
        const limits = catalogProviders.find((provider) => provider.id === bank.id)
        return {
          id: bank.id,
          name: bank.name,
          ...(limits
            ? {
                code: limits.code,
                minAmount: limits.min_amount,
                maxAmount: limits.max_amount,
                currency: limits.currency,
              }
            : (currencyLimits ?? {})),
        }
      })
    : catalogProviders.map((provider) => ({
        id: provider.id,
        name: provider.name,
        code: provider.code,
        minAmount: provider.min_amount,
        maxAmount: provider.max_amount,
        currency: provider.currency,
      }))
  return { providers, query: fromBanks ? banks : catalog }
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
function Choice(props: {
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

function ChoiceGroup(props: { legend: string; children: ReactNode; inline?: boolean }): ReactNode {
  return (
    <fieldset className="rk-choices" data-layout={props.inline ? 'inline' : 'list'}>
      <legend className="rk-label">{props.legend}</legend>
      {props.children}
    </fieldset>
  )
}

/** What the user picked on the choose screen, before Continue hands it to the machine. */
type Draft = {
  direction?: CheckoutDirection
  corridor?: string
  method?: string
  provider?: string
  token?: string
}

/** The first key of `candidates` that names one of `options`. */
function pick<T>(options: T[], key: (option: T) => string, ...candidates: (string | undefined)[]) {
  for (const candidate of candidates) {
    if (candidate === undefined) continue
    const found = options.find((option) => key(option) === candidate)
    if (found) return found
  }
  return undefined
}

/**
 * The first screen: direction (unless the partner fixed it), corridor, payment method, provider
 * and token together. Each starts from what this checkout already chose, then the partner's
 * props, then the user's last order, then the only (or, for methods and tokens, the first)
 * option; Continue hands all of them to the machine in order.
 */
export function ChooseScreen(): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout, props } = useWidget()
  const { state, send } = checkout
  const id = useId()
  const [draft, setDraft] = useState<Draft>({})
  const last = readLastChoice(props.storageKey)
  const direction: CheckoutDirection =
    props.direction ?? draft.direction ?? state.direction ?? last?.direction ?? 'OnRamp'
  const lastHere = last?.direction === direction ? last : undefined
  const sameDirection = state.direction === direction

  const catalog = useCatalog()
  const corridors = corridorsOf(catalog.data, direction)
  const wantedCorridor = props.country
    ? `${props.country.toUpperCase()}-`
    : props.currency
      ? `intl-${props.currency.toUpperCase()}`
      : undefined
  const corridor = pick(
    corridors,
    corridorKey,
    draft.corridor,
    sameDirection && state.corridor ? corridorKey(state.corridor) : undefined,
    ...(wantedCorridor?.endsWith('-')
      ? corridors.map(corridorKey).filter((key) => key.startsWith(wantedCorridor))
      : [wantedCorridor]),
    lastHere ? corridorKey(lastHere.corridor) : undefined,
    corridors.length === 1 ? corridorKey(corridors[0]!) : undefined,
  )
  const keepCorridor = (chosen: { country: string | null; currency: string } | undefined) =>
    corridor !== undefined && chosen !== undefined && sameCorridor(chosen, corridor)

  const { methods, query: methodQuery } = usePaymentMethodOptions(direction, corridor)
  const method = pick(
    methods,
    (each) => each.type,
    draft.method,
    sameDirection && keepCorridor(state.corridor) ? state.paymentMethod?.type : undefined,
    keepCorridor(lastHere?.corridor) ? lastHere?.paymentMethod : undefined,
    methods[0]?.type,
  )
  const { providers, query: providerQuery } = useProviderOptions(
    direction,
    corridor,
    method,
    props.bankCountry,
  )
  const sameMethod = (type: string | undefined) => type !== undefined && type === method?.type
  const provider = pick(
    providers,
    (each) => each.id,
    draft.provider,
    sameDirection && keepCorridor(state.corridor) && sameMethod(state.paymentMethod?.type)
      ? state.provider?.id
      : undefined,
    keepCorridor(lastHere?.corridor) && sameMethod(lastHere?.paymentMethod)
      ? lastHere?.provider
      : undefined,
    providers.length === 1 ? providers[0]!.id : undefined,
  )

  const tokens = useTokens()
  const tokenList = (tokens.data?.tokens ?? []).map(toCheckoutToken)
  const wantedToken = props.token
    ? tokenList.find((token) => token.symbol === props.token || token.label === props.token)
    : undefined
  const token = pick(
    tokenList,
    tokenKey,
    draft.token,
    sameDirection && state.token ? tokenKey(state.token) : undefined,
    wantedToken ? tokenKey(wantedToken) : undefined,
    lastHere?.token,
    tokenList[0] ? tokenKey(tokenList[0]) : undefined,
  )

  const [flags] = useState(() => typeof window !== 'undefined' && systemDrawsFlags())
  const complete = corridor && method && provider && token
  function next() {
    if (!corridor || !method || !provider || !token) return
    const current = checkout.state
    if (!props.direction) {
      if (current.step !== 'direction') send({ type: 'GO_TO', step: 'direction' })
      send({ type: 'SELECT_DIRECTION', direction })
    } else if (current.step !== 'corridor') {
      send({ type: 'GO_TO', step: 'corridor' })
    }
    send({ type: 'SELECT_CORRIDOR', corridor })
    send({ type: 'SELECT_PAYMENT_METHOD', paymentMethod: method })
    send({ type: 'SELECT_PROVIDER', provider })
    send({ type: 'SELECT_TOKEN', token })
  }

  const offRamp = direction === 'OffRamp'
  const limitsOf = (each: CheckoutProvider) =>
    each.minAmount !== undefined && each.maxAmount !== undefined
      ? t('provider.limits', {
          min: formatFiat(each.minAmount, each.currency ?? '', locale),
          max: formatFiat(each.maxAmount, each.currency ?? '', locale),
        })
      : undefined
  return (
    <div className="rk-form rk-choose">
      {props.direction ? null : (
        <ChoiceGroup legend={t('choose.direction')} inline>
          {(['OnRamp', 'OffRamp'] as const).map((each) => (
            <Choice
              key={each}
              name={`${id}-direction`}
              value={each}
              checked={direction === each}
              onChange={() => setDraft({ direction: each })}
              label={t(`direction.${each}`)}
            />
          ))}
        </ChoiceGroup>
      )}
      {catalog.isError || tokens.isError ? (
        // One alert for the lists this screen starts from, and one retry for both.
        <LoadError
          error={catalog.error ?? tokens.error}
          onRetry={() => {
            if (catalog.isError) void catalog.refetch()
            if (tokens.isError) void tokens.refetch()
          }}
        />
      ) : catalog.isPending ? (
        <Loading />
      ) : corridors.length === 0 ? (
        <p>{t('corridor.none')}</p>
      ) : (
        <div className="rk-field">
          <label className="rk-label" htmlFor={`${id}-corridor`}>
            {t('choose.corridor')}
          </label>
          <select
            id={`${id}-corridor`}
            className="rk-input rk-select"
            value={corridor ? corridorKey(corridor) : ''}
            onChange={(event) =>
              setDraft((before) => ({
                direction: before.direction,
                token: before.token,
                corridor: event.target.value,
              }))
            }
          >
            {corridor ? null : (
              <option value="" disabled>
                {t('choose.corridor.placeholder')}
              </option>
            )}
            {corridors.map((each) => (
              <option key={corridorKey(each)} value={corridorKey(each)}>
                {`${flags ? corridorFlag(each) : ''} ${
                  each.kind === 'african'
                    ? `${each.countryName ?? each.country} · ${each.currency}`
                    : t('corridor.international', { currency: each.currency })
                }`.trim()}
              </option>
            ))}
          </select>
        </div>
      )}
      {corridor ? (
        methodQuery.isPending ? (
          <Loading />
        ) : methodQuery.isError ? (
          <LoadError error={methodQuery.error} onRetry={() => methodQuery.refetch()} />
        ) : methods.length === 0 ? (
          <p>{t('paymentMethod.none')}</p>
        ) : (
          <ChoiceGroup
            legend={t(offRamp ? 'step.paymentMethod.offramp' : 'step.paymentMethod')}
            inline
          >
            {methods.map((each) => (
              <Choice
                key={each.type}
                name={`${id}-method`}
                value={each.type}
                checked={method?.type === each.type}
                onChange={() =>
                  setDraft((before) => ({ ...before, method: each.type, provider: undefined }))
                }
                label={messageOr(t, `paymentMethod.${each.type}`, each.label)}
              />
            ))}
          </ChoiceGroup>
        )
      ) : null}
      {corridor && method ? (
        providerQuery.isPending ? (
          <Loading />
        ) : providerQuery.isError ? (
          <LoadError error={providerQuery.error} onRetry={() => providerQuery.refetch()} />
        ) : providers.length === 0 ? (
          <p>{t('provider.none')}</p>
        ) : (
          <ChoiceGroup legend={t('choose.provider')}>
            {providers.map((each) => (
              <Choice
                key={each.id}
                name={`${id}-provider`}
                value={each.id}
                checked={provider?.id === each.id}
                onChange={() => setDraft((before) => ({ ...before, provider: each.id }))}
                label={each.name}
                hint={limitsOf(each)}
                mark={<ProviderMark name={each.name} />}
              />
            ))}
          </ChoiceGroup>
        )
      ) : null}
      {tokens.isError || tokens.isPending ? null : tokenList.length === 0 ? (
        <p>{t('token.none')}</p>
      ) : (
        <div className="rk-field">
          <label className="rk-label" htmlFor={`${id}-token`}>
            {t(offRamp ? 'choose.token.offramp' : 'choose.token')}
          </label>
          <select
            id={`${id}-token`}
            className="rk-input rk-select"
            value={token ? tokenKey(token) : ''}
            onChange={(event) => setDraft((before) => ({ ...before, token: event.target.value }))}
          >
            {tokenList.map((each) => (
              <option key={tokenKey(each)} value={tokenKey(each)}>
                {tokenDisplayName(each, ({ symbol, network }) =>
                  t('token.onChain', { symbol, chain: network }),
                )}
              </option>
            ))}
          </select>
        </div>
      )}
      <button
        type="button"
        className="rk-button"
        disabled={!complete}
        aria-disabled={!complete}
        onClick={next}
      >
        {t('widget.continue')}
      </button>
    </div>
  )
}
