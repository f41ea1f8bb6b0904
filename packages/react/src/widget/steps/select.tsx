'use client'
import type { Catalog, CatalogCountry, MetaToken } from '@rampkit/core'
import type {
  CheckoutCorridor,
  CheckoutDirection,
  CheckoutPaymentMethod,
  CheckoutProvider,
  CheckoutToken,
} from '@rampkit/core/checkout'
import { type ReactNode, useId, useState } from 'react'
import { useBanks, useCatalog, usePaymentMethods, useTokens } from '../../hooks/reads.js'
import type { UseCheckoutReturnType } from '../../hooks/useCheckout.js'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { readLastChoice, sameCorridor, tokenKey } from '../last.js'
import { LoadError, Loading } from '../parts.js'
import {
  CorridorField,
  corridorKey,
  DirectionChoices,
  MethodChoices,
  ProviderChoices,
  TokenField,
} from './choices.js'

export { corridorFlag, corridorKey, ProviderMark } from './choices.js'

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

/** The corridor keys the partner's `country` or `currency` prop asks for. */
function wantedCorridors(
  corridors: CheckoutCorridor[],
  props: { country?: string | undefined; currency?: string | undefined },
): (string | undefined)[] {
  if (props.country) {
    const prefix = `${props.country.toUpperCase()}-`
    return corridors.map(corridorKey).filter((key) => key.startsWith(prefix))
  }
  return [props.currency ? `intl-${props.currency.toUpperCase()}` : undefined]
}

/** The key of the token the partner's `token` prop names (a symbol or a label). */
function wantedTokenKey(tokens: CheckoutToken[], wanted: string | undefined): string | undefined {
  const token = wanted
    ? tokens.find((each) => each.symbol === wanted || each.label === wanted)
    : undefined
  return token ? tokenKey(token) : undefined
}

/**
 * Hands the choose screen's choices to the machine in order, from the direction step (unless the
 * partner fixed it) or the corridor step.
 */
function sendChoices(
  checkout: Pick<UseCheckoutReturnType, 'state' | 'send'>,
  direction: CheckoutDirection | undefined,
  choices: {
    corridor: CheckoutCorridor
    method: CheckoutPaymentMethod
    provider: CheckoutProvider
    token: CheckoutToken
  },
): void {
  const { state, send } = checkout
  if (direction) {
    if (state.step !== 'direction') send({ type: 'GO_TO', step: 'direction' })
    send({ type: 'SELECT_DIRECTION', direction })
  } else if (state.step !== 'corridor') {
    send({ type: 'GO_TO', step: 'corridor' })
  }
  send({ type: 'SELECT_CORRIDOR', corridor: choices.corridor })
  send({ type: 'SELECT_PAYMENT_METHOD', paymentMethod: choices.method })
  send({ type: 'SELECT_PROVIDER', provider: choices.provider })
  send({ type: 'SELECT_TOKEN', token: choices.token })
}

/**
 * The first screen: direction (unless the partner fixed it), corridor, payment method, provider
 * and token together. Each starts from what this checkout already chose, then the partner's
 * props, then the user's last order, then the only (or, for methods and tokens, the first)
 * option; Continue hands all of them to the machine in order.
 */
export function ChooseScreen(): ReactNode {
  const { t } = useRampKit()
  const { checkout, props } = useWidget()
  const { state } = checkout
  const id = useId()
  const [draft, setDraft] = useState<Draft>({})
  const last = readLastChoice(props.storageKey)
  const direction: CheckoutDirection =
    props.direction ?? draft.direction ?? state.direction ?? last?.direction ?? 'OnRamp'
  const lastHere = last?.direction === direction ? last : undefined
  const sameDirection = state.direction === direction

  const catalog = useCatalog()
  const corridors = corridorsOf(catalog.data, direction)
  const corridor = pick(
    corridors,
    corridorKey,
    draft.corridor,
    sameDirection && state.corridor ? corridorKey(state.corridor) : undefined,
    ...wantedCorridors(corridors, props),
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
  const token = pick(
    tokenList,
    tokenKey,
    draft.token,
    sameDirection && state.token ? tokenKey(state.token) : undefined,
    wantedTokenKey(tokenList, props.token),
    lastHere?.token,
    tokenList[0] ? tokenKey(tokenList[0]) : undefined,
  )

  const chosen =
    corridor && method && provider && token ? { corridor, method, provider, token } : undefined
  const next = () =>
    chosen && sendChoices(checkout, props.direction ? undefined : direction, chosen)
  const offRamp = direction === 'OffRamp'
  return (
    <div className="rk-form rk-choose">
      {props.direction ? null : (
        <DirectionChoices
          name={`${id}-direction`}
          direction={direction}
          onChange={(each) => setDraft({ direction: each })}
        />
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
      ) : (
        <CorridorField
          id={`${id}-corridor`}
          corridors={corridors}
          corridor={corridor}
          onChange={(key) =>
            setDraft(({ direction, token }) => ({ direction, token, corridor: key }))
          }
        />
      )}
      {corridor ? (
        <MethodChoices
          name={`${id}-method`}
          offRamp={offRamp}
          query={methodQuery}
          methods={methods}
          method={method}
          onChange={(type) =>
            setDraft((before) => ({ ...before, method: type, provider: undefined }))
          }
        />
      ) : null}
      {corridor && method ? (
        <ProviderChoices
          name={`${id}-provider`}
          query={providerQuery}
          providers={providers}
          provider={provider}
          onChange={(providerId) => setDraft((before) => ({ ...before, provider: providerId }))}
        />
      ) : null}
      {tokens.isError || tokens.isPending ? null : (
        <TokenField
          id={`${id}-token`}
          offRamp={offRamp}
          tokens={tokenList}
          token={token}
          onChange={(key) => setDraft((before) => ({ ...before, token: key }))}
        />
      )}
      <button
        type="button"
        className="rk-button"
        disabled={!chosen}
        aria-disabled={!chosen}
        onClick={next}
      >
        {t('widget.continue')}
      </button>
    </div>
  )
}
