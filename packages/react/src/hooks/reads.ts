'use client'
import type {
  Banks,
  BanksQuery,
  Catalog,
  CorridorQuery,
  Corridors,
  IndicativeRates,
  MetaTokens,
  OrderRequirements,
  OrderRequirementsQuery,
  PaymentMethods,
  PaymentMethodsQuery,
  RatesQuery,
} from '@rampkit/core'
import type { KitConfig } from '@rampkit/core/kit'
import {
  banksQueryOptions,
  catalogQueryOptions,
  configQueryOptions,
  corridorsQueryOptions,
  indicativeRatesQueryOptions,
  orderRequirementsQueryOptions,
  paymentMethodsQueryOptions,
  tokensQueryOptions,
} from '@rampkit/core/kit/query'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useRampKit } from '../provider.js'

/** Options every read hook takes. */
export type ReadHookOptions = { enabled?: boolean }

/**
 * The kit's configuration: environment, chain id, spender, whether live status streams.
 *
 * @example
 * const { data: config } = useKitConfig()
 */
export function useKitConfig(options: ReadHookOptions = {}): UseQueryResult<KitConfig, Error> {
  const { client } = useRampKit()
  return useQuery({ ...configQueryOptions(client), enabled: options.enabled ?? true })
}

/**
 * The catalog: countries, currencies, payment methods and providers (with their limits).
 *
 * @example
 * const { data } = useCatalog({ order_type: 'OnRamp' })
 * Object.values(data?.onramp?.countries ?? {})
 */
export function useCatalog(
  params: CorridorQuery = {},
  options: ReadHookOptions = {},
): UseQueryResult<Catalog, Error> {
  const { client } = useRampKit()
  return useQuery({ ...catalogQueryOptions(client, params), enabled: options.enabled ?? true })
}

/**
 * The corridors of a country or a currency (spec 4.2); disabled until one is given.
 *
 * @example
 * const { data } = useCorridors({ country: 'KE' })
 */
export function useCorridors(
  params: CorridorQuery,
  options: ReadHookOptions = {},
): UseQueryResult<Corridors, Error> {
  const { client } = useRampKit()
  return useQuery({ ...corridorsQueryOptions(client, params), enabled: options.enabled ?? true })
}

/**
 * The bank networks of a corridor's bank rail; their ids are quote `network_id`s. Pass
 * `undefined` to wait.
 *
 * @example
 * const { data } = useBanks({ country: 'NG', currency: 'NGN', order_type: 'OnRamp', payment_method_type: 'bank' })
 */
export function useBanks(
  params: BanksQuery | undefined,
  options: ReadHookOptions = {},
): UseQueryResult<Banks, Error> {
  const { client } = useRampKit()
  return useQuery({ ...banksQueryOptions(client, params), enabled: options.enabled ?? true })
}

/**
 * The fields a quote of a corridor needs (GET /order-requirements). Pass `undefined` to wait.
 *
 * @example
 * const { data } = useOrderRequirements({ country: 'KE', currency: 'KES', order_type: 'OnRamp' })
 */
export function useOrderRequirements(
  params: OrderRequirementsQuery | undefined,
  options: ReadHookOptions = {},
): UseQueryResult<OrderRequirements, Error> {
  const { client } = useRampKit()
  return useQuery({
    ...orderRequirementsQueryOptions(client, params),
    enabled: options.enabled ?? true,
  })
}

/**
 * The payment methods (rails) of a corridor. Pass `undefined` to wait.
 *
 * @example
 * const { data } = usePaymentMethods({ currency: 'EUR', order_type: 'OnRamp' })
 */
export function usePaymentMethods(
  params: PaymentMethodsQuery | undefined,
  options: ReadHookOptions = {},
): UseQueryResult<PaymentMethods, Error> {
  const { client } = useRampKit()
  return useQuery({
    ...paymentMethodsQueryOptions(client, params),
    enabled: options.enabled ?? true,
  })
}

/**
 * Supported tokens with address, decimals and chain, and the spender off-ramp users approve.
 *
 * @example
 * const { data } = useTokens()
 * data?.tokens.map((token) => token.symbol)
 */
export function useTokens(options: ReadHookOptions = {}): UseQueryResult<MetaTokens, Error> {
  const { client } = useRampKit()
  return useQuery({ ...tokensQueryOptions(client), enabled: options.enabled ?? true })
}

/**
 * The service's indicative (non-binding) rates, fiat per US dollar, `buy` and `sell` (GET
 * /rates). Core's `indicativeEstimate` turns one into a token amount for a dollar token.
 *
 * @example
 * const { data } = useIndicativeRates({ fiat: 'NGN' })
 * indicativeEstimate({ amountFiat: '50000', currency: 'NGN', token, rates: data, orderType: 'OnRamp' })
 */
export function useIndicativeRates(
  params: RatesQuery | undefined,
  options: ReadHookOptions = {},
): UseQueryResult<IndicativeRates, Error> {
  const { client } = useRampKit()
  return useQuery({
    ...indicativeRatesQueryOptions(client, params),
    enabled: options.enabled ?? true,
  })
}
