import { type MetaTokens, metaTokens } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'

/**
 * What `getTokens` resolves to: the tokens of this environment, with their addresses and decimals.
 */
export type GetTokensReturnType = MetaTokens
/**
 * What `getTokens` can throw: a `RampApiError` for an error answer of `GET /meta/tokens`, or
 * another `RequestErrorType` (network, timeout, unreadable answer).
 */
export type GetTokensErrorType = RequestErrorType

/**
 * The tokens of this environment (`GET /meta/tokens`): addresses and decimals, the live source
 * of truth (never hard-code 6 decimals). The spec does not show the shape; core's schema is
 * tolerant.
 *
 * @example
 * const { tokens } = await getTokens(client)
 * const usdc = tokens.find((token) => token.symbol === 'USDC')
 */
export async function getTokens(
  client: Client,
  options: RequestOptions = {},
): Promise<GetTokensReturnType> {
  const { data } = await client.request({
    operation: 'getTokens',
    method: 'GET',
    scope: 'root',
    path: '/meta/tokens',
    auth: 'apiKey',
    retry: 'idempotent',
    schema: metaTokens,
    signal: options.signal,
  })
  return data
}
