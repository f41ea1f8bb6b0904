import { errorFromResponse, NetworkError } from '../errors/index.js'
import { KIT_ROUTES, type KitBrowserRoute } from './routes.js'

/** Query values: `undefined` and `null` are left out of the query string. */
export type KitQuery = Record<string, string | number | boolean | null | undefined>

/** One request to the server kit. */
export type KitRequest = {
  params?: Record<string, string>
  query?: KitQuery | undefined
  method?: 'GET' | 'POST'
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
}

/**
 * A small client for the server kit mounted by the partner (`createRampHandler`). It speaks
 * the envelope: a `success` answer resolves to its `data`, anything else rejects with core's
 * `RampApiError` (with `status`, `field`, `code`), and a failed connection with `NetworkError`.
 * It holds no key: the kit adds the partner's key on the server.
 */
export type KitClient = {
  endpoint: string
  url(route: KitBrowserRoute, params?: Record<string, string>, query?: KitQuery): string
  request<T>(route: KitBrowserRoute, init?: KitRequest): Promise<T>
}

/** Options of `createKitClient`. */
export type CreateKitClientOptions = {
  /** Where the server kit is mounted, absolute or relative to the page (`/api/ramp`). */
  endpoint: string
  /** A fetch to use instead of the global one (tests, custom credentials). */
  fetch?: typeof fetch
  /** Headers added to every request (a CSRF token, for example). */
  headers?: Record<string, string>
}

function buildUrl(
  endpoint: string,
  route: KitBrowserRoute,
  params: Record<string, string> = {},
  query: KitQuery = {},
): string {
  const path = KIT_ROUTES[route].replace(/:(\w+)/g, (_, name: string) => {
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
 * const tokens = await client.request<MetaTokens>('tokens')
 */
export function createKitClient(options: CreateKitClientOptions): KitClient {
  const { endpoint } = options
  return {
    endpoint,
    url: (route, params, query) => buildUrl(endpoint, route, params, query),
    async request<T>(route: KitBrowserRoute, init: KitRequest = {}): Promise<T> {
      const doFetch = options.fetch ?? globalThis.fetch
      const url = buildUrl(endpoint, route, init.params, init.query)
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...options.headers,
        ...init.headers,
      }
      if (init.body !== undefined) headers['content-type'] = 'application/json'
      let response: Response
      try {
        response = await doFetch(url, {
          method: init.method ?? 'GET',
          headers,
          credentials: 'same-origin',
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
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
          if (body.status === 'success') return body.data as T
        } catch {
          // fall through: a 2xx that is not the envelope is an error like any other
        }
      }
      throw errorFromResponse(response, text)
    },
  }
}
