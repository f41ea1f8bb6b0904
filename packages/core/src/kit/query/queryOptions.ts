import type { QueryKey, QueryObserverOptions } from '@tanstack/query-core'
import { RampApiError } from '../../errors/api.js'
import { KitConfigurationError } from '../../errors/kit.js'
import type { KitQueryOptions } from './types.js'

/** TanStack's default number of retries, kept for every error but a configuration mistake. */
const RETRIES = 3

/**
 * Retries a failed read as often as TanStack does by default, but only what may pass: a
 * network failure, a 5xx or a 429. A 4xx answers the same on every try, and a
 * `KitConfigurationError` (a wrong endpoint, a refused origin, a missing setting) too: four
 * tries only keep the shopper waiting before the error shows. The `QueryClient` the widget
 * creates for itself retries so; an app that brings its own sets it in its defaults (a query's
 * own option would override the app's policy, `retry: false` included).
 *
 * @example
 * new QueryClient({ defaultOptions: { queries: { retry: retryKitRead } } })
 */
export function retryKitRead(failureCount: number, error: Error): boolean {
  if (failureCount >= RETRIES || error instanceof KitConfigurationError) return false
  if (!(error instanceof RampApiError)) return true
  return error.status >= 500 || error.status === 429 || error.status === 408
}

/**
 * Types a query's options the way react-query's `queryOptions` does (the key tagged with the
 * data type) without importing an adapter: core stays free of React. Returns its argument.
 */
export function queryOptions<TData, TQueryKey extends QueryKey>(
  options: QueryObserverOptions<TData, Error, TData, TData, TQueryKey>,
): KitQueryOptions<TData, TQueryKey> {
  return options as KitQueryOptions<TData, TQueryKey>
}
