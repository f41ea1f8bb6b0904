import { errorFromResponse, NetworkError } from '../errors/index.js'
import type { KitConfigurationError } from '../errors/kit.js'
import { configurationMistake, configurationReporter } from './client-errors.js'
import { KIT_API, type KitApi, type KitBrowserRoute, type KitRequestRoute } from './routes.js'

/** Query values: `undefined` and `null` are left out of the query string. */
export type KitQuery = Record<string, string | number | boolean | null | undefined>

/** One request to the server kit, untyped: every `KitRequestFor<R>` is one. */
export type KitRequest = {
  params?: Record<string, string> | undefined
  query?: object | undefined
  method?: 'GET' | 'POST'
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
}

// A key the route needs (`T` has a required key), may take (every key optional), or must not
// be given (`undefined`).
type Part<Key extends string, T> = [T] extends [undefined]
  ? { [K in Key]?: undefined }
  : object extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T }

/**
 * The request to `route`, typed from `KIT_API` and `KitApi`: `params` when its path has any,
 * its `query` and `body` (required when the route needs one), and no `method` to pass (it is
 * the route's; one given must be the same).
 *
 * @example
 * const init: KitRequestFor<'order'> = { params: { orderId: 'ord_1' } }
 */
export type KitRequestFor<R extends KitRequestRoute> = {
  method?: (typeof KIT_API)[R]['method']
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
} & Part<'params', KitApi[R]['params']> &
  Part<'query', KitApi[R]['query']> &
  Part<'body', KitApi[R]['body']>

/** `request`'s arguments after the route: the request, optional when nothing in it is required. */
type KitRequestArgs<R extends KitRequestRoute> =
  object extends KitRequestFor<R> ? [init?: KitRequestFor<R>] : [init: KitRequestFor<R>]

/**
 * A small client for the server kit mounted by the partner (`createRampHandler`). It speaks
 * the envelope: a `success` answer resolves to its `data`, anything else rejects with core's
 * `RampApiError` (with `status`, `field`, `code`), and a failed connection with `NetworkError`.
 * It holds no key: the kit adds the partner's key on the server.
 */
export type KitClient = {
  endpoint: string
  /** The headers added to every request (`CreateKitClientOptions.headers`), for a raw upload. */
  headers: Readonly<Record<string, string>>
  url(route: KitBrowserRoute, params?: Record<string, string>, query?: KitQuery): string
  /** Sends `route` with the method `KIT_API` gives it, and resolves to its typed answer. */
  request<R extends KitRequestRoute>(
    route: R,
    ...init: KitRequestArgs<R>
  ): Promise<KitApi[R]['answer']>
}

/** Options of `createKitClient`. */
export type CreateKitClientOptions = {
  /** Where the server kit is mounted, absolute or relative to the page (`/api/ramp`). */
  endpoint: string
  /** A fetch to use instead of the global one (tests, custom credentials). */
  fetch?: typeof fetch
  /** Headers added to every request (a CSRF token, for example). */
  headers?: Record<string, string>
  /**
   * Called once per client for each configuration mistake an answer shows (a wrong endpoint or
   * base path, a refused origin, a missing setting), with the `KitConfigurationError` the
   * request also rejects with. The shopper's message stays plain; this is for the developer.
   */
  onConfigurationError?: (error: KitConfigurationError) => void
  /**
   * Whether to log each configuration mistake once with `console.error`, naming its fix.
   * Default: when `process.env.NODE_ENV` is not `production`.
   */
  development?: boolean
}

function buildUrl(
  endpoint: string,
  route: KitBrowserRoute,
  params: Record<string, string> = {},
  query: object = {},
): string {
  const path = KIT_API[route].path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`Missing route parameter ${name} for ${route}`)
    return encodeURIComponent(value)
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const text = search.toString()
  return `${endpoint.replace(/\/+$/, '')}${path}${text ? `?${text}` : ''}`
}

/**
 * Creates a client of the server kit for the browser: plain `fetch`, no React, no key.
 * `RampKitProvider` makes one from its `endpoint` and every hook shares it.
 *
 * @example
 * const client = createKitClient({ endpoint: '/api/ramp' })
 * const tokens = await client.request('tokens') // MetaTokens
 * const order = await client.request('order', { params: { orderId } }) // KitOrder
 */
export function createKitClient(options: CreateKitClientOptions): KitClient {
  const { endpoint } = options
  const report = configurationReporter({
    development: options.development,
    onError: options.onConfigurationError,
  })
  return {
    endpoint,
    headers: { ...options.headers },
    url: (route, params, query) => buildUrl(endpoint, route, params, query),
    // The types of `KitClient.request` hold at the call; inside, every request is a KitRequest.
    request: (route, ...init) => send(route, init[0] as KitRequest | undefined) as never,
  }

  async function send(route: KitRequestRoute, init: KitRequest = {}): Promise<unknown> {
    const { method } = KIT_API[route]
    if (init.method !== undefined && init.method !== method) {
      // Only an untyped caller gets here: the types allow the route's own method alone.
      throw new TypeError(`${route} is ${method} ${KIT_API[route].path}, not ${init.method}`)
    }
    const doFetch = options.fetch ?? globalThis.fetch
    const url = buildUrl(endpoint, route, init.params, init.query)
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...options.headers,
      ...init.headers,
    }
    // A Blob (a File from an input) goes as its bytes with its own type: a document upload.
    const raw = typeof Blob !== 'undefined' && init.body instanceof Blob
    if (init.body !== undefined) {
      headers['content-type'] = raw
        ? (init.body as Blob).type || 'application/octet-stream'
        : 'application/json'
    }
    let response: Response
    try {
      response = await doFetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        ...(init.body === undefined
          ? {}
          : { body: raw ? (init.body as Blob) : JSON.stringify(init.body) }),
        ...(init.signal ? { signal: init.signal } : {}),
      })
    } catch (cause) {
      if (init.signal?.aborted) throw cause
      throw new NetworkError('Could not reach the ramp. Check your connection and try again.', {
        beforeSend: false,
        cause,
      })
    }
    const text = await response.text()
    if (response.ok) {
      try {
        const body = JSON.parse(text) as { status?: unknown; data?: unknown }
        if (body.status === 'success') return body.data
      } catch {
        // fall through: a 2xx that is not the envelope is an error like any other
      }
    }
    const error = errorFromResponse(response, text)
    const mistake = configurationMistake(error, response.headers.get('content-type'), {
      endpoint: endpoint.replace(/\/+$/, ''),
      method,
      path: url.slice(endpoint.replace(/\/+$/, '').length).split('?')[0] ?? '',
      pageOrigin: globalThis.location?.origin,
    })
    if (mistake === null) throw error
    report(mistake)
    throw mistake
  }
}
