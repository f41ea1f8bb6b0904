import { ConfigurationError, type EnvironmentMismatchError } from '../errors/index.js'
import { type AcceptQuoteParameters, acceptQuote } from './actions/acceptQuote.js'
import { type CreateCustomerParameters, createCustomer } from './actions/createCustomer.js'
import { type CreateOrderParameters, createOrder } from './actions/createOrder.js'
import { type CreateQuoteParameters, createQuote } from './actions/createQuote.js'
import { type GetAccountParameters, getAccount } from './actions/getAccount.js'
import { type GetBanksParameters, getBanks } from './actions/getBanks.js'
import { type GetCatalogParameters, getCatalog } from './actions/getCatalog.js'
import { type GetCorridorsParameters, getCorridors } from './actions/getCorridors.js'
import { type GetCustomerParameters, getCustomer } from './actions/getCustomer.js'
import {
  type GetIndicativeRatesParameters,
  getIndicativeRates,
} from './actions/getIndicativeRates.js'
import { type GetOrderByTxHashParameters, getOrderByTxHash } from './actions/getOrderByTxHash.js'
import { type GetPartnerOrderParameters, getPartnerOrder } from './actions/getPartnerOrder.js'
import { type GetPaymentMethodsParameters, getPaymentMethods } from './actions/getPaymentMethods.js'
import { type GetTokenPreviewParameters, getTokenPreview } from './actions/getTokenPreview.js'
import { type GetTokensParameters, getTokens } from './actions/getTokens.js'
import { type ListAccountsParameters, listAccounts } from './actions/listAccounts.js'
import { type ListMyOrdersParameters, listMyOrders } from './actions/listMyOrders.js'
import { type ListPayoutBanksParameters, listPayoutBanks } from './actions/listPayoutBanks.js'
import { type ListSigningKeysParameters, listSigningKeys } from './actions/listSigningKeys.js'
import { type RevokeSigningKeyParameters, revokeSigningKey } from './actions/revokeSigningKey.js'
import { type SendTestWebhookParameters, sendTestWebhook } from './actions/sendTestWebhook.js'
import { resolveEnvironment } from './environment.js'
import { createTransport, defaultSleep } from './transport.js'
import type { Client, CreateRampClientParameters, RampRetryOptions } from './types.js'

export const DEFAULT_TIMEOUT_MS = 15_000
export const DEFAULT_TOTAL_TIMEOUT_MS = 45_000
export const DEFAULT_RETRY = {
  maxAttempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 20_000,
} as const

/** Every operation of the service, bound to one client. */
export type RampActions = {
  getIndicativeRates: (p: GetIndicativeRatesParameters) => ReturnType<typeof getIndicativeRates>
  getCorridors: (p?: GetCorridorsParameters) => ReturnType<typeof getCorridors>
  getCatalog: (p?: GetCatalogParameters) => ReturnType<typeof getCatalog>
  getBanks: (p: GetBanksParameters) => ReturnType<typeof getBanks>
  getPaymentMethods: (p?: GetPaymentMethodsParameters) => ReturnType<typeof getPaymentMethods>
  createQuote: (p: CreateQuoteParameters) => ReturnType<typeof createQuote>
  acceptQuote: (p: AcceptQuoteParameters) => ReturnType<typeof acceptQuote>
  getPartnerOrder: (p: GetPartnerOrderParameters) => ReturnType<typeof getPartnerOrder>
  createCustomer: (p: CreateCustomerParameters) => ReturnType<typeof createCustomer>
  getCustomer: (p: GetCustomerParameters) => ReturnType<typeof getCustomer>
  listAccounts: (p: ListAccountsParameters) => ReturnType<typeof listAccounts>
  getAccount: (p: GetAccountParameters) => ReturnType<typeof getAccount>
  listPayoutBanks: (p: ListPayoutBanksParameters) => ReturnType<typeof listPayoutBanks>
  listSigningKeys: (p: ListSigningKeysParameters) => ReturnType<typeof listSigningKeys>
  revokeSigningKey: (p: RevokeSigningKeyParameters) => ReturnType<typeof revokeSigningKey>
  getTokenPreview: (p: GetTokenPreviewParameters) => ReturnType<typeof getTokenPreview>
  createOrder: (p: CreateOrderParameters) => ReturnType<typeof createOrder>
  listMyOrders: (p?: ListMyOrdersParameters) => ReturnType<typeof listMyOrders>
  sendTestWebhook: (p: SendTestWebhookParameters) => ReturnType<typeof sendTestWebhook>
  getTokens: (p?: GetTokensParameters) => ReturnType<typeof getTokens>
  getOrderByTxHash: (p: GetOrderByTxHashParameters) => ReturnType<typeof getOrderByTxHash>
}

/** A client of the ramp service: the transport plus every operation as a method. */
export type RampClient = Client & RampActions

export type CreateRampClientReturnType = RampClient
export type CreateRampClientErrorType = ConfigurationError | EnvironmentMismatchError

function positive(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new ConfigurationError('invalid_option', `${name} must be a finite number >= ${min}.`)
  }
  return value
}

function normaliseBaseUrl(baseUrl: unknown): string {
  const hint =
    'baseUrl must be the absolute http(s) address of the service for this environment, such as https://ramp.example.com'
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
    throw new ConfigurationError('invalid_base_url', `${hint} (the spec publishes none).`)
  }
  let url: URL
  try {
    url = new URL(baseUrl.trim())
  } catch {
    throw new ConfigurationError('invalid_base_url', `${hint}.`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError('invalid_base_url', `${hint}.`)
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigurationError(
      'invalid_base_url',
      `${hint}, without credentials, query or fragment.`,
    )
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/**
 * Creates a client of the ramp service. The environment comes from the key's prefix
 * (`is_test_` sandbox, `is_live_` production); a given `environment` that disagrees, or a key
 * with neither prefix, throws `EnvironmentMismatchError` here, before any request.
 *
 * The key is held in a closure: it is on no property, so logging or serialising the client
 * never shows it, and no error, hook or `cause` the client produces carries it. Keep the client
 * on a server: keys must never reach a browser. A client without a key can still call
 * `getTokenPreview` and `sendTestWebhook`.
 *
 * GETs and idempotent POSTs (accept, revoke) are retried on network errors, attempt timeouts,
 * 429 and 503 (after `Retry-After` when sent; never the 503 "corridor not configured", which
 * names the corridor), 502 and 504, with capped exponential backoff and full jitter, within
 * `totalTimeoutMs`. Writes that are not idempotent (create order, quote, customer, test
 * webhook) are retried only when the request provably never left.
 *
 * @example
 * const ramp = createRampClient({
 *   apiKey: process.env.RAMP_API_KEY,
 *   baseUrl: process.env.RAMP_BASE_URL!,
 * })
 * const catalog = await ramp.getCatalog({ country: 'KE' })
 */
export function createRampClient(parameters: CreateRampClientParameters): RampClient {
  const { apiKey, environment } = resolveEnvironment(parameters.apiKey, parameters.environment)
  const baseUrl = normaliseBaseUrl(parameters.baseUrl)
  const retry: RampRetryOptions =
    parameters.retry === false ? { maxAttempts: 1 } : (parameters.retry ?? {})
  const maxAttempts = positive('retry.maxAttempts', retry.maxAttempts, DEFAULT_RETRY.maxAttempts)
  if (!Number.isInteger(maxAttempts)) {
    throw new ConfigurationError('invalid_option', 'retry.maxAttempts must be an integer.')
  }
  const fetchFn = parameters.fetch ?? globalThis.fetch
  if (typeof fetchFn !== 'function') {
    throw new ConfigurationError(
      'invalid_option',
      'No fetch implementation: pass fetch to createRampClient.',
    )
  }

  const request = createTransport({
    apiKey,
    baseUrl,
    // Called unbound: a browser's fetch throws "Illegal invocation" when called as a method.
    fetch: (input, init) => fetchFn(input, init),
    maxAttempts,
    baseDelayMs: positive('retry.baseDelayMs', retry.baseDelayMs, DEFAULT_RETRY.baseDelayMs, 0),
    maxDelayMs: positive('retry.maxDelayMs', retry.maxDelayMs, DEFAULT_RETRY.maxDelayMs, 0),
    maxRetryAfterMs: positive(
      'retry.maxRetryAfterMs',
      retry.maxRetryAfterMs,
      DEFAULT_RETRY.maxRetryAfterMs,
      0,
    ),
    timeoutMs: positive('timeoutMs', parameters.timeoutMs, DEFAULT_TIMEOUT_MS),
    totalTimeoutMs: positive('totalTimeoutMs', parameters.totalTimeoutMs, DEFAULT_TOTAL_TIMEOUT_MS),
    userAgent: parameters.userAgent,
    sleep: parameters.sleep ?? defaultSleep,
    now: parameters.now ?? Date.now,
    random: parameters.random ?? Math.random,
    onRequest: parameters.onRequest,
    onResponse: parameters.onResponse,
  })

  const client: Client = { environment, baseUrl, hasApiKey: apiKey !== undefined, request }
  const actions: RampActions = {
    getIndicativeRates: (p) => getIndicativeRates(client, p),
    getCorridors: (p) => getCorridors(client, p),
    getCatalog: (p) => getCatalog(client, p),
    getBanks: (p) => getBanks(client, p),
    getPaymentMethods: (p) => getPaymentMethods(client, p),
    createQuote: (p) => createQuote(client, p),
    acceptQuote: (p) => acceptQuote(client, p),
    getPartnerOrder: (p) => getPartnerOrder(client, p),
    createCustomer: (p) => createCustomer(client, p),
    getCustomer: (p) => getCustomer(client, p),
    listAccounts: (p) => listAccounts(client, p),
    getAccount: (p) => getAccount(client, p),
    listPayoutBanks: (p) => listPayoutBanks(client, p),
    listSigningKeys: (p) => listSigningKeys(client, p),
    revokeSigningKey: (p) => revokeSigningKey(client, p),
    getTokenPreview: (p) => getTokenPreview(client, p),
    createOrder: (p) => createOrder(client, p),
    listMyOrders: (p) => listMyOrders(client, p),
    sendTestWebhook: (p) => sendTestWebhook(client, p),
    getTokens: (p) => getTokens(client, p),
    getOrderByTxHash: (p) => getOrderByTxHash(client, p),
  }
  return Object.freeze({ ...client, ...actions })
}
