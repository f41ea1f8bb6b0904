import { ConfigurationError, type EnvironmentMismatchError } from '../errors/index.js'
import { acceptQuote } from './actions/acceptQuote.js'
import { completeSigningKeyEnrollment } from './actions/completeSigningKeyEnrollment.js'
import { createCustomer } from './actions/createCustomer.js'
import { createOrder } from './actions/createOrder.js'
import { createQuote } from './actions/createQuote.js'
import { createSigningKeyChallenge } from './actions/createSigningKeyChallenge.js'
import { getAccount } from './actions/getAccount.js'
import { getBanks } from './actions/getBanks.js'
import { getCatalog } from './actions/getCatalog.js'
import { getCorridors } from './actions/getCorridors.js'
import { getCustomer } from './actions/getCustomer.js'
import { getCustomerRequirements } from './actions/getCustomerRequirements.js'
import { getDepositInstructions } from './actions/getDepositInstructions.js'
import { getIndicativeRates } from './actions/getIndicativeRates.js'
import { getOrderByTxHash } from './actions/getOrderByTxHash.js'
import { getOrderRequirements } from './actions/getOrderRequirements.js'
import { getPartnerOrder } from './actions/getPartnerOrder.js'
import { getPaymentMethods } from './actions/getPaymentMethods.js'
import { getTokenPreview } from './actions/getTokenPreview.js'
import { getTokens } from './actions/getTokens.js'
import { listAccounts } from './actions/listAccounts.js'
import { listCustomers } from './actions/listCustomers.js'
import { listMyOrders } from './actions/listMyOrders.js'
import { listPayoutBanks } from './actions/listPayoutBanks.js'
import { listSigningKeys } from './actions/listSigningKeys.js'
import { openAccount } from './actions/openAccount.js'
import { retryDepositAccount } from './actions/retryDepositAccount.js'
import { revokeCustomer } from './actions/revokeCustomer.js'
import { revokeSigningKey } from './actions/revokeSigningKey.js'
import { sendTestWebhook } from './actions/sendTestWebhook.js'
import { submitCustomer } from './actions/submitCustomer.js'
import { updateCustomer } from './actions/updateCustomer.js'
import { uploadCustomerDocument } from './actions/uploadCustomerDocument.js'
import { resolveEnvironment } from './environment.js'
import { API_PREFIX, createTransport, defaultSleep } from './transport.js'
import type { Client, CreateRampClientParameters, RampRetryOptions } from './types.js'

/** Timeout of one attempt when `timeoutMs` is not given: 15 s. */
export const DEFAULT_TIMEOUT_MS = 15_000
/**
 * Budget of one operation across its attempts and waits when `totalTimeoutMs` is not given: 45 s.
 */
export const DEFAULT_TOTAL_TIMEOUT_MS = 45_000
/**
 * The retry policy when `retry` is not given: 3 attempts, backoff from 250 ms up to 4 s, and a
 * `Retry-After` of at most 20 s honoured.
 */
export const DEFAULT_RETRY = {
  maxAttempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 20_000,
} as const

/** An action with its client bound: the same parameters and options, in the same order. */
type Bound<Action> = Action extends (client: Client, ...rest: infer Rest) => infer Return
  ? (...rest: Rest) => Return
  : never

/**
 * Every operation of the service, bound to one client: `ramp.createQuote(parameters, options?)`
 * is `createQuote(client, parameters, options?)`, and `ramp.getTokens(options?)` is
 * `getTokens(client, options?)` (see `RequestOptions`).
 */
export type RampActions = {
  getIndicativeRates: Bound<typeof getIndicativeRates>
  getCorridors: Bound<typeof getCorridors>
  getCatalog: Bound<typeof getCatalog>
  getBanks: Bound<typeof getBanks>
  getOrderRequirements: Bound<typeof getOrderRequirements>
  getPaymentMethods: Bound<typeof getPaymentMethods>
  createQuote: Bound<typeof createQuote>
  acceptQuote: Bound<typeof acceptQuote>
  getPartnerOrder: Bound<typeof getPartnerOrder>
  getCustomerRequirements: Bound<typeof getCustomerRequirements>
  createCustomer: Bound<typeof createCustomer>
  listCustomers: Bound<typeof listCustomers>
  getCustomer: Bound<typeof getCustomer>
  updateCustomer: Bound<typeof updateCustomer>
  uploadCustomerDocument: Bound<typeof uploadCustomerDocument>
  submitCustomer: Bound<typeof submitCustomer>
  revokeCustomer: Bound<typeof revokeCustomer>
  retryDepositAccount: Bound<typeof retryDepositAccount>
  openAccount: Bound<typeof openAccount>
  listAccounts: Bound<typeof listAccounts>
  getAccount: Bound<typeof getAccount>
  getDepositInstructions: Bound<typeof getDepositInstructions>
  listPayoutBanks: Bound<typeof listPayoutBanks>
  createSigningKeyChallenge: Bound<typeof createSigningKeyChallenge>
  completeSigningKeyEnrollment: Bound<typeof completeSigningKeyEnrollment>
  listSigningKeys: Bound<typeof listSigningKeys>
  revokeSigningKey: Bound<typeof revokeSigningKey>
  getTokenPreview: Bound<typeof getTokenPreview>
  createOrder: Bound<typeof createOrder>
  listMyOrders: Bound<typeof listMyOrders>
  sendTestWebhook: Bound<typeof sendTestWebhook>
  getTokens: Bound<typeof getTokens>
  getOrderByTxHash: Bound<typeof getOrderByTxHash>
}

/** A client of the ramp service: the transport plus every operation as a method. */
export type RampClient = Client & RampActions

/** What `createRampClient` returns: the client with every action bound to it. */
export type CreateRampClientReturnType = RampClient
/**
 * What `createRampClient` can throw, before any request: `ConfigurationError` for a bad option,
 * `EnvironmentMismatchError` when the key's prefix and `environment` disagree.
 */
export type CreateRampClientErrorType = ConfigurationError | EnvironmentMismatchError

function positive(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new ConfigurationError('invalid_option', `${name} must be a finite number >= ${min}.`)
  }
  return value
}

/**
 * The service root every URL is built from: origin and path, without trailing slashes and
 * without a trailing `/api/v1`. Partners paste either the documented base address
 * (`https://sandbox.elementpay.net/api/v1`) or the bare host; both give the same root, so a
 * partner route is `{root}/api/v1/partner/...` and a root route (`/orders/create`,
 * `/meta/tokens`, `/quote`) is `{root}/orders/create` either way. A path prefix in front (a
 * proxy's `/ramp`) is kept.
 */
function normaliseBaseUrl(baseUrl: unknown): string {
  const hint =
    'baseUrl must be the absolute http(s) address of the service for this environment, such as https://sandbox.elementpay.net/api/v1'
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
    throw new ConfigurationError('invalid_base_url', `${hint}.`)
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
  const path = url.pathname.replace(/\/+$/, '')
  const root = path.toLowerCase().endsWith(API_PREFIX) ? path.slice(0, -API_PREFIX.length) : path
  return `${url.origin}${root.replace(/\/+$/, '')}`
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
 * GETs and idempotent writes (accept, revoke, customer create and patch, submit, account open)
 * are retried on network errors, attempt timeouts, 429 and 503 (after `Retry-After` when sent;
 * never the 503 "corridor not configured", which names the corridor), 502 and 504, with capped
 * exponential backoff and full jitter, within `totalTimeoutMs`. Writes that are not idempotent
 * (create order, quote, document upload, signing-key enrollment, deposit-account retry, test
 * webhook) are retried only when the request provably never left.
 *
 * `baseUrl` is the published base address (`https://sandbox.elementpay.net/api/v1`) or the
 * bare host (`https://sandbox.elementpay.net`): both reach the same URLs, and `client.baseUrl`
 * holds the service root without `/api/v1`.
 *
 * @example
 * const ramp = createRampClient({
 *   apiKey: process.env.RAMP_API_KEY,
 *   baseUrl: process.env.RAMP_BASE_URL!, // e.g. https://sandbox.elementpay.net/api/v1
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
    getIndicativeRates: (p, options) => getIndicativeRates(client, p, options),
    getCorridors: (p, options) => getCorridors(client, p, options),
    getCatalog: (p, options) => getCatalog(client, p, options),
    getBanks: (p, options) => getBanks(client, p, options),
    getOrderRequirements: (p, options) => getOrderRequirements(client, p, options),
    getPaymentMethods: (p, options) => getPaymentMethods(client, p, options),
    createQuote: (p, options) => createQuote(client, p, options),
    acceptQuote: (p, options) => acceptQuote(client, p, options),
    getPartnerOrder: (p, options) => getPartnerOrder(client, p, options),
    getCustomerRequirements: (p, options) => getCustomerRequirements(client, p, options),
    createCustomer: (p, options) => createCustomer(client, p, options),
    listCustomers: (p, options) => listCustomers(client, p, options),
    getCustomer: (p, options) => getCustomer(client, p, options),
    updateCustomer: (p, options) => updateCustomer(client, p, options),
    uploadCustomerDocument: (p, options) => uploadCustomerDocument(client, p, options),
    submitCustomer: (p, options) => submitCustomer(client, p, options),
    revokeCustomer: (p, options) => revokeCustomer(client, p, options),
    retryDepositAccount: (p, options) => retryDepositAccount(client, p, options),
    openAccount: (p, options) => openAccount(client, p, options),
    listAccounts: (p, options) => listAccounts(client, p, options),
    getAccount: (p, options) => getAccount(client, p, options),
    getDepositInstructions: (p, options) => getDepositInstructions(client, p, options),
    listPayoutBanks: (p, options) => listPayoutBanks(client, p, options),
    createSigningKeyChallenge: (p, options) => createSigningKeyChallenge(client, p, options),
    completeSigningKeyEnrollment: (p, options) => completeSigningKeyEnrollment(client, p, options),
    listSigningKeys: (p, options) => listSigningKeys(client, p, options),
    revokeSigningKey: (p, options) => revokeSigningKey(client, p, options),
    getTokenPreview: (p, options) => getTokenPreview(client, p, options),
    createOrder: (p, options) => createOrder(client, p, options),
    listMyOrders: (p, options) => listMyOrders(client, p, options),
    sendTestWebhook: (p, options) => sendTestWebhook(client, p, options),
    getTokens: (options) => getTokens(client, options),
    getOrderByTxHash: (p, options) => getOrderByTxHash(client, p, options),
  }
  return Object.freeze({ ...client, ...actions })
}
