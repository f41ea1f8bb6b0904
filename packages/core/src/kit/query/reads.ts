import { skipToken } from '@tanstack/query-core'
import type {
  BanksQuery,
  CorridorQuery,
  OrderRequirementsQuery,
  PaymentMethodsQuery,
  RatesQuery,
  TokenPreviewQuery,
} from '../../schemas/index.js'
import type { KitClient } from '../client.js'
import type { OrdersQuery } from '../routes.js'
import { rampKitKeys } from './keys.js'
import { queryOptions } from './queryOptions.js'

export type { OrdersQuery } from '../routes.js'

// Catalog-like reads change rarely; the kit caches them too.
const CATALOG_STALE_MS = 5 * 60_000

/**
 * Query options of GET /config (environment, chain, spender, whether SSE is on).
 *
 * @example
 * const { data } = useQuery(configQueryOptions(client))
 */
export function configQueryOptions(client: KitClient) {
  return queryOptions({
    queryKey: rampKitKeys.config(client.endpoint),
    queryFn: ({ signal }) => client.request('config', { signal }),
    staleTime: CATALOG_STALE_MS,
  })
}

/**
 * Query options of GET /catalog: countries, payment methods and providers per direction.
 *
 * @example
 * useQuery(catalogQueryOptions(client, { order_type: 'OnRamp' }))
 */
export function catalogQueryOptions(client: KitClient, params: CorridorQuery = {}) {
  return queryOptions({
    queryKey: rampKitKeys.catalog(client.endpoint, params),
    queryFn: ({ signal }) => client.request('catalog', { query: params, signal }),
    staleTime: CATALOG_STALE_MS,
  })
}

/**
 * Query options of GET /corridors (needs a country or a currency, spec 4.2).
 *
 * @example
 * useQuery(corridorsQueryOptions(client, { country: 'KE' }))
 */
export function corridorsQueryOptions(client: KitClient, params: CorridorQuery) {
  const enabled = Boolean(params.country || params.currency)
  return queryOptions({
    queryKey: rampKitKeys.corridors(client.endpoint, params),
    queryFn: enabled
      ? ({ signal }) => client.request('corridors', { query: params, signal })
      : skipToken,
    staleTime: CATALOG_STALE_MS,
  })
}

/**
 * Query options of GET /banks: the bank networks of a corridor's bank rail, whose ids are the
 * quote's `payment_method.network_id`.
 *
 * @example
 * useQuery(banksQueryOptions(client, { country: 'NG', currency: 'NGN', order_type: 'OnRamp', payment_method_type: 'bank' }))
 */
export function banksQueryOptions(client: KitClient, params: BanksQuery | undefined) {
  return queryOptions({
    queryKey: rampKitKeys.banks(client.endpoint, params ?? {}),
    queryFn: params
      ? ({ signal }) => client.request('banks', { query: params, signal })
      : skipToken,
    staleTime: CATALOG_STALE_MS,
  })
}

/**
 * Query options of GET /payment-methods: the rails of a corridor.
 *
 * @example
 * useQuery(paymentMethodsQueryOptions(client, { currency: 'EUR', order_type: 'OnRamp' }))
 */
export function paymentMethodsQueryOptions(
  client: KitClient,
  params: PaymentMethodsQuery | undefined,
) {
  return queryOptions({
    queryKey: rampKitKeys.paymentMethods(client.endpoint, params ?? {}),
    queryFn: params
      ? ({ signal }) => client.request('paymentMethods', { query: params, signal })
      : skipToken,
    staleTime: CATALOG_STALE_MS,
  })
}

/**
 * Query options of GET /order-requirements: the fields a quote of a corridor needs, by part
 * (`customer`, `payment_method`, `order`).
 *
 * @example
 * useQuery(orderRequirementsQueryOptions(client, { country: 'KE', currency: 'KES', order_type: 'OnRamp' }))
 */
export function orderRequirementsQueryOptions(
  client: KitClient,
  params: OrderRequirementsQuery | undefined,
) {
  return queryOptions({
    queryKey: rampKitKeys.orderRequirements(client.endpoint, params ?? {}),
    queryFn: params
      ? ({ signal }) => client.request('orderRequirements', { query: params, signal })
      : skipToken,
    staleTime: CATALOG_STALE_MS,
  })
}

/**
 * Query options of GET /tokens: addresses, decimals, chains and the spender off-ramp users
 * approve.
 *
 * @example
 * useQuery(tokensQueryOptions(client))
 */
export function tokensQueryOptions(client: KitClient) {
  return queryOptions({
    queryKey: rampKitKeys.tokens(client.endpoint),
    queryFn: ({ signal }) => client.request('tokens', { signal }),
    staleTime: CATALOG_STALE_MS,
  })
}

/**
 * Query options of GET /rates, the service's indicative (non-binding) fiat-per-USD rates, `buy`
 * and `sell`, for comma-separated currencies. Core's `indicativeEstimate` turns one into a token
 * amount; the token preview (GET /preview) prices KES only.
 *
 * @example
 * useQuery(indicativeRatesQueryOptions(client, { fiat: 'NGN' }))
 */
export function indicativeRatesQueryOptions(client: KitClient, params: RatesQuery | undefined) {
  return queryOptions({
    queryKey: rampKitKeys.rates(client.endpoint, params ?? {}),
    queryFn: params?.fiat
      ? ({ signal }) => client.request('rates', { query: params, signal })
      : skipToken,
    // A ticker: fresh enough for an estimate, and the kit caches it as well.
    staleTime: 60_000,
  })
}

/**
 * Query options of GET /preview, the indicative (non-binding) rate and token amount.
 *
 * @example
 * useQuery(tokenPreviewQueryOptions(client, { amount_fiat: 1500, token: 'USDC', order_type: 'OnRamp' }))
 */
export function tokenPreviewQueryOptions(client: KitClient, params: TokenPreviewQuery | undefined) {
  const valid =
    params !== undefined &&
    Number.isFinite(Number(params.amount_fiat)) &&
    Number(params.amount_fiat) > 0
  return queryOptions({
    queryKey: rampKitKeys.preview(client.endpoint, params ?? {}),
    queryFn:
      valid && params
        ? ({ signal }) => client.request('preview', { query: params, signal })
        : skipToken,
    staleTime: 15_000,
  })
}

/**
 * Query options of GET /orders/:orderId, the backup poll of one order (by `order_id` or by the
 * creation `tx_hash` of a direct order).
 *
 * @example
 * useQuery({ ...orderQueryOptions(client, id), refetchInterval: 3000 })
 */
export function orderQueryOptions(client: KitClient, orderId: string | undefined) {
  return queryOptions({
    queryKey: rampKitKeys.order(client.endpoint, orderId ?? ''),
    queryFn: orderId
      ? ({ signal }) => client.request('order', { params: { orderId }, signal })
      : skipToken,
  })
}

/**
 * Query options of GET /orders, the end user's own orders.
 *
 * @example
 * useQuery(ordersQueryOptions(client, { limit: 10 }))
 */
export function ordersQueryOptions(client: KitClient, params: OrdersQuery = {}) {
  return queryOptions({
    queryKey: rampKitKeys.orders(client.endpoint, params),
    queryFn: ({ signal }) => client.request('orders', { query: params, signal }),
  })
}

/**
 * Query options of GET /wallets/proofs/:address: whether this session has proven it controls
 * the wallet (Sign-In with Ethereum) on `chainId` (else the service's own chain); a proof counts
 * on the chain it was signed on only. The kit refuses to sell from a wallet that is not proven.
 *
 * @example
 * const { data } = useQuery(walletProofQueryOptions(client, address, chainId))
 * if (data && !data.proven) await prove.mutateAsync({ address, chainId, signMessage })
 */
export function walletProofQueryOptions(
  client: KitClient,
  address: string | undefined,
  chainId?: number,
) {
  const query = chainId === undefined ? {} : { chain_id: chainId }
  return queryOptions({
    queryKey: rampKitKeys.walletProof(client.endpoint, address ?? '', chainId),
    queryFn: address
      ? ({ signal }) => client.request('walletProof', { params: { address }, query, signal })
      : skipToken,
    // A proof lasts hours, and the kit says until when; no need to ask again on every focus.
    staleTime: 60_000,
  })
}
