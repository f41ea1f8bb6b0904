import type { QueryKey, QueryObserverOptions } from '@tanstack/query-core'
import type { KitQueryOptions } from './types.js'

/**
 * Types a query's options the way react-query's `queryOptions` does (the key tagged with the
 * data type) without importing an adapter: core stays free of React. Returns its argument.
 */
export function queryOptions<TData, TQueryKey extends QueryKey>(
  options: QueryObserverOptions<TData, Error, TData, TData, TQueryKey>,
): KitQueryOptions<TData, TQueryKey> {
  return options as KitQueryOptions<TData, TQueryKey>
}
