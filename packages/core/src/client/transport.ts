import {
  ConfigurationError,
  CorridorNotConfiguredError,
  errorFromResponse,
  NetworkError,
  RampApiError,
  redactSecrets,
  sanitizeCause,
  TimeoutError,
  toInputIssues,
  UnexpectedResponseError,
} from '../errors/index.js'
import { successEnvelope } from '../schemas/envelope.js'
import type {
  CreateRampClientParameters,
  RampRequest,
  RampRequestInfo,
  RampResponse,
  RetryMode,
} from './types.js'

/**
 * The versioned API prefix. The published base address ends with it
 * (`https://sandbox.elementpay.net/api/v1`); the interface description writes partner routes as
 * `{base_url}/api/v1/partner/...` and root routes (`/orders`, `/quote`, `/meta`, `/webhooks`)
 * directly under `{base_url}`. The client keeps the address without it (see `createRampClient`).
 */
export const API_PREFIX = '/api/v1'

/** Partner routes live under this prefix (spec section 9). */
export const PARTNER_PREFIX = `${API_PREFIX}/partner`

/** Statuses retried on idempotent requests (REFERENCES "Client retries"). */
export const RETRYABLE_STATUSES: readonly number[] = [429, 502, 503, 504]

/**
 * Error codes a runtime gives when no connection was ever opened, so not one byte of the
 * request left: the only network failures after which a non-idempotent request may be retried.
 * (Node/undici codes; browsers give a bare `TypeError`, which counts as "may have been sent".)
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])

export type TransportConfig = {
  apiKey: string | undefined
  baseUrl: string
  fetch: typeof fetch
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
  maxRetryAfterMs: number
  timeoutMs: number
  totalTimeoutMs: number
  userAgent: string | undefined
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  now: () => number
  random: () => number
  onRequest: CreateRampClientParameters['onRequest']
  onResponse: CreateRampClientParameters['onResponse']
}

/** The default wait: a timer that rejects with the signal's reason when it aborts. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function errorCodes(error: unknown): string[] {
  const codes: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
    current = (current as { cause?: unknown }).cause
  }
  return codes
}

/** Whether a fetch failure provably happened before the request was sent. */
export function failedBeforeSend(error: unknown): boolean {
  return errorCodes(error).some((code) => NOT_SENT_CODES.has(code))
}

/** Whether a failed attempt may be tried again under `mode` (see {@link RetryMode}). */
export function isRetryable(error: unknown, mode: RetryMode): boolean {
  if (error instanceof NetworkError) return mode === 'idempotent' || error.beforeSend
  if (mode !== 'idempotent') return false
  if (error instanceof TimeoutError) return error.scope === 'attempt'
  // A 503 naming a corridor means "corridor not configured": waiting does not fix it. Any other
  // 503 (ServiceUnavailableError) is transient and falls through to the status list.
  if (error instanceof CorridorNotConfiguredError) return false
  return error instanceof RampApiError && RETRYABLE_STATUSES.includes(error.status)
}

/**
 * The wait before attempt `attempt + 1`: `Retry-After` when the answer carried one (undefined
 * when it exceeds `maxRetryAfterMs`: give up now rather than retry early into another 429),
 * otherwise capped exponential backoff with full jitter.
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  config: Pick<TransportConfig, 'baseDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs' | 'random'>,
): number | undefined {
  if (error instanceof RampApiError && error.retryAfter !== undefined) {
    const ms = Math.ceil(error.retryAfter * 1000)
    return ms > config.maxRetryAfterMs ? undefined : ms
  }
  const cap = Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** (attempt - 1))
  return Math.floor(config.random() * cap)
}

function buildUrl(baseUrl: string, request: RampRequest<unknown>): string {
  const prefix = request.scope === 'partner' ? PARTNER_PREFIX : ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) search.append(key, String(value))
  }
  const query = search.toString()
  return `${baseUrl}${prefix}${request.path}${query ? `?${query}` : ''}`
}

/**
 * The request's address, body and headers: `publicHeaders` are what the hooks see, `headers`
 * add the key when the operation needs it.
 */
function encodeRequest(config: TransportConfig, request: RampRequest<unknown>) {
  const { apiKey } = config
  const url = buildUrl(config.baseUrl, request)
  const publicHeaders: Record<string, string> = { Accept: 'application/json' }
  let bodyText: string | undefined
  if (request.body && 'json' in request.body) {
    publicHeaders['Content-Type'] = 'application/json'
    bodyText = JSON.stringify(request.body.json)
  } else if (request.body) {
    bodyText = request.body.raw
  }
  if (config.userAgent) publicHeaders['User-Agent'] = config.userAgent
  Object.assign(publicHeaders, request.headers)
  const headers =
    request.auth === 'apiKey' && apiKey ? { ...publicHeaders, 'X-API-Key': apiKey } : publicHeaders
  return { url, publicHeaders, headers, bodyText }
}

/**
 * Builds `request`, the one place that talks HTTP: headers, the key, timeouts, retries, hooks,
 * envelope parsing and error mapping. The key lives only in this closure.
 */
export function createTransport(config: TransportConfig) {
  const { apiKey } = config
  const secrets = apiKey ? [apiKey] : []

  return async function send<T>(request: RampRequest<T>): Promise<RampResponse<T>> {
    if (request.auth === 'apiKey' && !apiKey) {
      throw new ConfigurationError(
        'missing_api_key',
        `${request.operation} needs an API key: pass apiKey to createRampClient (on a server, never in a browser).`,
      )
    }
    const { signal } = request
    signal?.throwIfAborted()

    const { url, publicHeaders, headers, bodyText } = encodeRequest(config, request)
    const where = `${request.method} ${request.scope === 'partner' ? PARTNER_PREFIX : ''}${request.path}`
    const unsafeNote =
      request.retry === 'beforeSend'
        ? ' The request may have reached the service and was not retried: check before repeating it.'
        : ''

    const attemptOnce = async (attempt: number, timeoutMs: number, scope: 'attempt' | 'total') => {
      const info: RampRequestInfo = {
        operation: request.operation,
        method: request.method,
        url,
        headers: { ...publicHeaders },
        attempt,
      }
      await config.onRequest?.(info)
      const controller = new AbortController()
      let timedOut = false
      const timer = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, timeoutMs)
      const onAbort = () => controller.abort(signal?.reason)
      signal?.addEventListener('abort', onAbort, { once: true })
      const started = config.now()

      const failure = (error: unknown): unknown => {
        if (signal?.aborted) return signal.reason
        if (timedOut) {
          return new TimeoutError(
            scope === 'attempt'
              ? `The ramp service did not answer within ${timeoutMs} ms.`
              : `The ramp service did not answer within the total budget of ${config.totalTimeoutMs} ms.`,
            {
              timeoutMs: scope === 'attempt' ? timeoutMs : config.totalTimeoutMs,
              scope,
              // The path carries caller input (ids), which may hold the key: redact as below.
              details: redactSecrets(`${where} (attempt ${attempt}).${unsafeNote}`, secrets),
            },
          )
        }
        const beforeSend = failedBeforeSend(error)
        const reason = error instanceof Error ? error.message : String(error)
        return new NetworkError('Could not reach the ramp service.', {
          beforeSend,
          cause: sanitizeCause(error, secrets),
          details: redactSecrets(
            `${where} (attempt ${attempt}): ${reason}${[...new Set(errorCodes(error))]
              .map((code) => ` [${code}]`)
              .join('')}.${beforeSend ? '' : unsafeNote}`,
            secrets,
          ),
        })
      }

      try {
        let response: Response
        let text: string
        try {
          response = await config.fetch(url, {
            method: request.method,
            headers,
            body: bodyText,
            signal: controller.signal,
          })
          text = await response.text()
        } catch (error) {
          throw failure(error)
        }
        await config.onResponse?.({
          ...info,
          status: response.status,
          responseHeaders: response.headers,
          durationMs: config.now() - started,
        })
        if (!response.ok) throw errorFromResponse(response, text, { secrets, now: config.now })
        const { known } = request
        if (known !== undefined && known.text === text && known.status === response.status) {
          return { ...known, headers: response.headers }
        }
        return parseSuccess(request, response, text, secrets)
      } finally {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
      }
    }

    const deadline = config.now() + config.totalTimeoutMs
    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - config.now()
      const budgetLimited = remaining < config.timeoutMs
      try {
        return await attemptOnce(
          attempt,
          Math.max(1, Math.min(config.timeoutMs, remaining)),
          budgetLimited ? 'total' : 'attempt',
        )
      } catch (error) {
        if (signal?.aborted) throw signal.reason
        if (attempt >= config.maxAttempts || !isRetryable(error, request.retry)) throw error
        const delay = retryDelay(error, attempt, config)
        if (delay === undefined || config.now() + delay >= deadline) throw error
        await config.sleep(delay, signal)
        signal?.throwIfAborted()
      }
    }
  }
}

/** A 2xx answer read against its operation's schema, in the service's success envelope. */
function parseSuccess<T>(
  request: RampRequest<T>,
  response: Response,
  text: string,
  secrets: readonly string[],
) {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new UnexpectedResponseError(
      `The ramp service answered ${request.operation} with HTTP ${response.status} but no JSON body.`,
      {
        status: response.status,
        details: `content type ${response.headers.get('content-type')}`,
      },
    )
  }
  const parsed = successEnvelope(request.schema).safeParse(json)
  if (!parsed.success) {
    const issues = toInputIssues(parsed.error.issues).map((issue) => ({
      field: redactSecrets(issue.field, secrets),
      message: redactSecrets(issue.message, secrets),
    }))
    throw new UnexpectedResponseError(
      `The ramp service's answer to ${request.operation} does not have the expected shape.`,
      {
        status: response.status,
        issues,
        details: issues.map((issue) => issue.message).join('; '),
      },
    )
  }
  const body = parsed.data as { data: T; message: string }
  return {
    data: body.data,
    message: body.message,
    status: response.status,
    headers: response.headers,
    text,
  }
}
