'use client'
import type { TokenPreview, TokenPreviewQuery } from '@rampkit/core'
import { tokenPreviewQueryOptions } from '@rampkit/core/kit/query'
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useRampKit } from '../provider.js'
import { useDebouncedValue } from './useDebouncedValue.js'

/** Options of `useTokenPreview`. */
export type UseTokenPreviewOptions = {
  /** Wait this long after the last keystroke before asking (default 400 ms). */
  debounceMs?: number
  enabled?: boolean
}

/**
 * A live, indicative rate and token amount for an amount being typed (GET /preview, spec
 * 4.15), debounced so typing `1500` asks once, not four times. Not binding: the quote is.
 *
 * @example
 * const { data } = useTokenPreview({ amount_fiat: amount, token: 'USDC', order_type: 'OnRamp' })
 * data?.token_amount
 */
export function useTokenPreview(
  params: TokenPreviewQuery | undefined,
  options: UseTokenPreviewOptions = {},
): UseQueryResult<TokenPreview, Error> & { isDebouncing: boolean } {
  const { client } = useRampKit()
  const debounced = useDebouncedValue(params, options.debounceMs ?? 400)
  const query = useQuery({
    ...tokenPreviewQueryOptions(client, debounced),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    retry: 1,
  })
  const isDebouncing = JSON.stringify(params) !== JSON.stringify(debounced)
  return Object.assign(query, { isDebouncing })
}
