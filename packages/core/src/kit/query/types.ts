import type { DataTag, QueryKey, QueryObserverOptions } from '@tanstack/query-core'

/**
 * What every `*QueryOptions` factory of the kit returns: options any TanStack Query adapter
 * takes (`useQuery`, `queryClient.fetchQuery`, Vue's or Solid's `useQuery`), with the key
 * tagged by the data type so `queryClient.getQueryData(options.queryKey)` is typed. Errors are
 * core's `RampApiError` (with `status` and `field`) or `NetworkError`.
 *
 * @example
 * const options: KitQueryOptions<KitConfig, ReturnType<typeof rampKitKeys.config>> =
 *   configQueryOptions(client)
 */
export type KitQueryOptions<TData, TQueryKey extends QueryKey> = QueryObserverOptions<
  TData,
  Error,
  TData,
  TData,
  TQueryKey
> & { queryKey: DataTag<TQueryKey, TData, Error> }
