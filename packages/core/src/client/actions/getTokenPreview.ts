import { type TokenPreview, tokenPreview, tokenPreviewQuery } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

/** What `getTokenPreview` takes: the fiat amount, the token, and the direction. */
export type GetTokenPreviewParameters = {
  /** Fiat amount (KES), greater than 0. */
  amount_fiat: number
  /** Token symbol: `USDC`, `USDT` or `WXM` (others answer 400 `unknown_token`). */
  token: string
  /** `OnRamp` (the service's default), `OffRamp`, or their codes `0` / `1`. */
  order_type?: 'OnRamp' | 'OffRamp' | '0' | '1' | 0 | 1 | undefined
}
/**
 * What `getTokenPreview` resolves to: the indicative rate and token amount, with the token's
 * symbol and decimals.
 */
export type GetTokenPreviewReturnType = TokenPreview
/**
 * What `getTokenPreview` can throw: a `RampApiError` for an error answer of `GET /quote` (429 when
 * rate limited, retried after `Retry-After`), or another `RequestErrorType` (network, timeout, bad
 * parameters).
 */
export type GetTokenPreviewErrorType = RequestErrorType

const parametersSchema = tokenPreviewQuery.strict()

/**
 * A token preview (`GET /quote`): rate, `token_amount` in human units, symbol and decimals.
 * Needs no authentication and never sends the API key, so a key-less client can call it.
 * Rate limited (429, retried after `Retry-After`).
 *
 * @example
 * const preview = await getTokenPreview(client, { amount_fiat: 1500, token: 'USDC' })
 */
export async function getTokenPreview(
  client: Client,
  parameters: GetTokenPreviewParameters,
  options: RequestOptions = {},
): Promise<GetTokenPreviewReturnType> {
  const given = {
    ...parameters,
    order_type:
      typeof parameters.order_type === 'number'
        ? String(parameters.order_type)
        : parameters.order_type,
  }
  const parsed = parseParameters(parametersSchema, given)
  const { data } = await client.request({
    operation: 'getTokenPreview',
    method: 'GET',
    scope: 'root',
    path: '/quote',
    query: givenQuery(parsed, given),
    auth: 'none',
    retry: 'idempotent',
    schema: tokenPreview,
    signal: options.signal,
  })
  return data
}
