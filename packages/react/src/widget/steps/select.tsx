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
import { tokenDisplayName } from '@rampkit/core'
import { type ReactNode, useEffect } from 'react'
import { useBanks, useCatalog, usePaymentMethods, useTokens } from '../../hooks/reads.js'
import { type MessageKey, RAMP_LOCALES } from '../../messages/index.js'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { formatFiat } from '../format.js'
import { LoadError, Loading, OptionList } from '../parts.js'

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

function messageOr(t: (key: MessageKey) => string, key: string, fallback: string): string {
  return key in RAMP_LOCALES.en ? t(key as MessageKey) : fallback
}

export function DirectionStep(): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const directions: CheckoutDirection[] = ['OnRamp', 'OffRamp']
  return (
    <OptionList
      label={t('step.direction')}
      options={directions.map((direction) => ({
        key: direction,
        label: t(`direction.${direction}`),
        hint: t(`direction.${direction}.hint`),
        selected: checkout.state.direction === direction,
        onSelect: () => checkout.send({ type: 'SELECT_DIRECTION', direction }),
      }))}
    />
  )
}

export function CorridorStep(): ReactNode {
  const { t } = useRampKit()
  const { checkout, props } = useWidget()
  const { state, send } = checkout
  const catalog = useCatalog()
  const direction = state.direction
  const corridors: CheckoutCorridor[] = [
    ...catalogCountries(catalog.data, direction).map((country) => ({
      kind: 'african' as const,
      country: country.country_code,
      currency: country.currency,
      countryName: country.country_name,
    })),
    ...(catalog.data?.international_bank?.currencies ?? [])
      .filter((entry) => (direction === 'OffRamp' ? entry.offramp : entry.onramp))
      .map((entry) => ({
        kind: 'international' as const,
        country: null,
        currency: entry.currency,
      })),
  ]
  const wanted = props.country
    ? corridors.find((c) => c.country === props.country?.toUpperCase())
    : props.currency
      ? corridors.find((c) => c.kind === 'international' && c.currency === props.currency)
      : undefined
  useEffect(() => {
    if (wanted && state.corridor === undefined) send({ type: 'SELECT_CORRIDOR', corridor: wanted })
  }, [wanted, state.corridor, send])

  if (catalog.isPending) return <Loading />
  if (catalog.isError) return <LoadError error={catalog.error} onRetry={() => catalog.refetch()} />
  if (corridors.length === 0) return <p>{t('corridor.none')}</p>
  return (
    <OptionList
      label={t('step.corridor')}
      options={corridors.map((corridor) => ({
        key: `${corridor.country ?? 'intl'}-${corridor.currency}`,
        label:
          corridor.kind === 'african'
            ? `${corridor.countryName ?? corridor.country} · ${corridor.currency}`
            : t('corridor.international', { currency: corridor.currency }),
        selected:
          state.corridor?.country === corridor.country &&
          state.corridor?.currency === corridor.currency,
        onSelect: () => send({ type: 'SELECT_CORRIDOR', corridor }),
      }))}
    />
  )
}

function useCatalogCountry(): {
  country: CatalogCountry | undefined
  catalog: ReturnType<typeof useCatalog>
} {
  const { checkout } = useWidget()
  const catalog = useCatalog()
  const code = checkout.state.corridor?.country
  const country = catalogCountries(catalog.data, checkout.state.direction).find(
    (entry) => entry.country_code === code,
  )
  return { country, catalog }
}

export function PaymentMethodStep(): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const { state, send } = checkout
  const corridor = state.corridor
  const international = corridor?.kind === 'international'
  const { country, catalog } = useCatalogCountry()
  const listed = usePaymentMethods(
    international && corridor && state.direction
      ? { currency: corridor.currency, order_type: state.direction }
      : undefined,
  )
  const methods: CheckoutPaymentMethod[] = international
    ? (listed.data?.[state.direction === 'OffRamp' ? 'offramp' : 'onramp'] ?? [])
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
  const query = international ? listed : catalog
  if (query.isPending) return <Loading />
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />
  if (methods.length === 0) return <p>{t('paymentMethod.none')}</p>
  return (
    <OptionList
      label={t(state.direction === 'OffRamp' ? 'step.paymentMethod.offramp' : 'step.paymentMethod')}
      options={methods.map((method) => ({
        key: method.type,
        label: messageOr(t, `paymentMethod.${method.type}`, method.label),
        selected: state.paymentMethod?.type === method.type,
        onSelect: () => send({ type: 'SELECT_PAYMENT_METHOD', paymentMethod: method }),
      }))}
    />
  )
}

export function ProviderStep(): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout, props } = useWidget()
  const { state, send } = checkout
  const { country, catalog } = useCatalogCountry()
  const method = state.paymentMethod
  const corridor = state.corridor
  const fromBanks = method?.networkSource === 'banks'
  const bucket = method
    ? country?.payment_methods[method.type as 'mobile_money' | 'bank']
    : undefined
  const catalogProviders = (bucket?.providers ?? []).filter((provider) => provider.enabled)
  const banks = useBanks(
    fromBanks && corridor && method && state.direction
      ? {
          country: banksCountry(corridor, props.bankCountry),
          currency: corridor.currency,
          order_type: state.direction,
          payment_method_type: method.type,
        }
      : undefined,
  )
  const providers: CheckoutProvider[] = fromBanks
    ? (banks.data?.banks ?? []).map((bank) => {
        // Bank networks carry no limits; the catalog's bank providers do when they list the id.
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
            : {}),
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
  const query = fromBanks ? banks : catalog
  if (query.isPending) return <Loading />
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />
  if (providers.length === 0) return <p>{t('provider.none')}</p>
  return (
    <OptionList
      label={t('step.provider')}
      options={providers.map((provider) => ({
        key: provider.id,
        label: provider.name,
        hint:
          provider.minAmount !== undefined && provider.maxAmount !== undefined
            ? t('provider.limits', {
                min: formatFiat(provider.minAmount, provider.currency ?? '', locale),
                max: formatFiat(provider.maxAmount, provider.currency ?? '', locale),
              })
            : undefined,
        selected: state.provider?.id === provider.id,
        onSelect: () => send({ type: 'SELECT_PROVIDER', provider }),
      }))}
    />
  )
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

export function TokenStep(): ReactNode {
  const { t } = useRampKit()
  const { checkout, props } = useWidget()
  const { state, send } = checkout
  const tokens = useTokens()
  const list = tokens.data?.tokens ?? []
  const wanted = props.token
    ? list.find((token) => token.symbol === props.token || token.label === props.token)
    : undefined
  useEffect(() => {
    if (wanted && state.token === undefined) {
      send({ type: 'SELECT_TOKEN', token: toCheckoutToken(wanted) })
    }
  }, [wanted, state.token, send])
  if (tokens.isPending) return <Loading />
  if (tokens.isError) return <LoadError error={tokens.error} onRetry={() => tokens.refetch()} />
  if (list.length === 0) return <p>{t('token.none')}</p>
  return (
    <OptionList
      label={t('step.token')}
      options={list.map((token) => ({
        key: `${token.chain_id}-${token.address}`,
        label: tokenDisplayName(toCheckoutToken(token), ({ symbol, network }) =>
          t('token.onChain', { symbol, chain: network }),
        ),
        selected: state.token?.address === token.address,
        onSelect: () => send({ type: 'SELECT_TOKEN', token: toCheckoutToken(token) }),
      }))}
    />
  )
}
