import type { z } from 'zod'
import type {
  ConfigurationError,
  NetworkError,
  RampApiError,
  RampInputError,
  TimeoutError,
  UnexpectedResponseError,
} from '../errors/index.js'
import { RESERVED_REQUEST_KEYS } from '../schemas/request.js'

/** The service's two environments; each has its own base address and its own keys. */
export type RampEnvironment = 'sandbox' | 'production'

/** Retry policy of GETs and idempotent POSTs. `false` turns retries off. */
export type RampRetryOptions = {
  /** Attempts in all, the first included. Default 3. */
  maxAttempts?: number | undefined
  /** Backoff base: attempt n waits a random time in [0, min(maxDelayMs, baseDelayMs * 2^(n-1))). Default 250. */
  baseDelayMs?: number | undefined
  /** Cap of one backoff wait. Default 4000. */
  maxDelayMs?: number | undefined
  /** Longest `Retry-After` honoured; a longer one ends the retries at once. Default 20000. */
  maxRetryAfterMs?: number | undefined
}

/** What `onRequest` sees of a request: never the API key (the header is left out). */
export type RampRequestInfo = {
  operation: string
  method: 'GET' | 'POST' | 'PATCH'
  url: string
  headers: Readonly<Record<string, string>>
  /** 1 for the first try. */
  attempt: number
}

/** What `onResponse` sees of a response. The body is read by the client, not by the hook. */
export type RampResponseInfo = RampRequestInfo & {
  status: number
  responseHeaders: Headers
  durationMs: number
}

/**
 * Options of `createRampClient`: the API key, environment and base address, and the transport's
 * fetch, retry and timeouts.
 */
export type CreateRampClientParameters = {
  /**
   * The partner API key (`is_test_...` sandbox, `is_live_...` production). Server-side only:
   * never ship it to a browser. Optional: without it only `getTokenPreview` and
   * `sendTestWebhook` work.
   */
  apiKey?: string | undefined
  /** Must match the key's prefix when both are given. Defaults to the key's environment. */
  environment?: RampEnvironment | undefined
  /**
   * The service's base address for this environment: the published form ending in `/api/v1`
   * (`https://sandbox.elementpay.net/api/v1`) or the bare host; both reach the same URLs. A
   * trailing slash is fine; a path prefix in front of `/api/v1` is kept.
   */
  baseUrl: string
  /** A fetch implementation. Defaults to the global `fetch`. */
  fetch?: typeof fetch | undefined
  retry?: RampRetryOptions | false | undefined
  /** Timeout of one attempt, ms. Default 15000. */
  timeoutMs?: number | undefined
  /** Budget of one operation across attempts and waits, ms. Default 45000. */
  totalTimeoutMs?: number | undefined
  /** Sent as `User-Agent` when given (browsers may ignore it). */
  userAgent?: string | undefined
  /** Waits between attempts; inject for tests. Must reject when `signal` aborts. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined
  /** Clock in ms for budgets and HTTP-date `Retry-After`; inject for tests. */
  now?: (() => number) | undefined
  /** Source of jitter in [0, 1); inject for tests. */
  random?: (() => number) | undefined
  /** Called before each attempt. Never receives the API key. */
  onRequest?: ((info: RampRequestInfo) => void | Promise<void>) | undefined
  /** Called after each attempt that got a response. Never receives the API key. */
  onResponse?: ((info: RampResponseInfo) => void | Promise<void>) | undefined
}

/**
 * Options of one call, kept apart from the service's fields: every operation takes them as its
 * last argument, optional. An operation with parameters takes `(client, parameters, options?)`;
 * one without (`getTokens`) takes `(client, options?)`. The bound methods of `createRampClient`
 * drop the client and keep the rest. Parameters hold only the service's fields: an option put
 * among them (say a `signal` copied from a browser body) is refused as an unknown key, never
 * read as an option nor sent.
 *
 * @example
 * const quote = await createQuote(client, parameters, { signal: AbortSignal.timeout(5_000) })
 * const { tokens } = await getTokens(client, { signal })
 */
export type RequestOptions = {
  /** Cancels the operation, its retries and waits; the promise rejects with `signal.reason`. */
  signal?: AbortSignal | undefined
}

/**
 * The names of every key of `RequestOptions`. No request schema has a field of these names, so
 * they are refused wherever a body or parameters hold one (tests try each of them).
 */
export const REQUEST_OPTION_NAMES: readonly Reserved<keyof RequestOptions>[] = RESERVED_REQUEST_KEYS

/** A key the request schemas refuse: a new option fails to compile until they list it. */
type Reserved<K extends (typeof RESERVED_REQUEST_KEYS)[number]> = K

/**
 * How a failed attempt may be retried:
 * - `idempotent`: network errors, attempt timeouts, 429, 502, 503 (not the 503 "corridor not
 *   configured", `CorridorNotConfiguredError`), 504.
 * - `beforeSend`: only when the request provably never left (no connection was opened).
 */
export type RetryMode = 'idempotent' | 'beforeSend'

/** One call of the service, as an action describes it to `client.request`. */
export type RampRequest<T> = {
  /** The operation's name, for messages and hooks. */
  operation: string
  method: 'GET' | 'POST' | 'PATCH'
  /**
   * `partner` routes live under `{root}/api/v1/partner`; `root` routes (`/orders`, `/quote`,
   * `/meta`, `/webhooks`) directly under the service root, never under `/api/v1`.
   */
  scope: 'partner' | 'root'
  /** Path below the scope, starting with `/`, path parameters already encoded. */
  path: string
  query?: Readonly<Record<string, string | number | undefined>> | undefined
  /** A JSON body, or `{ raw }` to send a string byte for byte (signed webhook tests). */
  body?: { json: unknown } | { raw: string } | undefined
  headers?: Readonly<Record<string, string>> | undefined
  /** `apiKey` sends `X-API-Key` (and needs a key); `none` never sends it. */
  auth: 'apiKey' | 'none'
  retry: RetryMode
  /** Schema of the success envelope's `data`. */
  schema: z.ZodType<T>
  signal?: AbortSignal | undefined
  /**
   * A success answer parsed before. When the new answer's body is that one's `text` byte for
   * byte, it is returned as is, not parsed and validated again: a proxy passing the same
   * catalog on keeps one parsed copy and the bytes it validated.
   */
  known?: RampResponse<T> | undefined
}

/** A parsed success answer. */
export type RampResponse<T> = {
  data: T
  message: string
  status: number
  headers: Headers
  /** The body exactly as the service sent it (the envelope that `data` was parsed from). */
  text: string
}

/**
 * The transport every action takes as its first argument: the environment, the base address
 * and `request`, which holds the API key in a closure (the key is on no property).
 */
export type Client = {
  readonly environment: RampEnvironment | undefined
  /** The service root: the given base address without a trailing slash or `/api/v1`. */
  readonly baseUrl: string
  readonly hasApiKey: boolean
  request<T>(request: RampRequest<T>): Promise<RampResponse<T>>
}

/** Errors any operation can throw. */
export type RequestErrorType =
  | RampApiError
  | NetworkError
  | TimeoutError
  | UnexpectedResponseError
  | RampInputError
  | ConfigurationError
