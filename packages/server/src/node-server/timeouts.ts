import { ConfigurationError } from '@rampkit/core'

/**
 * Timeouts of a Node HTTP server in milliseconds, under the names `http.createServer` and
 * `serve({ serverOptions })` of `@hono/node-server` take them. Typed here rather than imported
 * from `node:http` so this entry stays free of Node APIs (it runs on edge runtimes too).
 */
export type NodeServerTimeouts = {
  /** Time to receive a request's headers, from its first byte (a new connection: from connect). */
  headersTimeout: number
  /** Time to receive a whole request, headers and body. A response may take longer (SSE). */
  requestTimeout: number
  /** How long an idle keep-alive connection stays open after a response. */
  keepAliveTimeout: number
  /** How often Node looks for connections past the two limits above. */
  connectionsCheckingInterval: number
}

/**
 * The kit's limits: 10 s for headers and 30 s for a whole request. The largest body the kit takes
 * is a 256 KiB webhook (browser routes: 16 KiB), which needs about 70 kbit/s to arrive in 30 s; a
 * body trickled a byte at a time is cut off instead of holding a connection for as long as bytes
 * come. Keep-alive stays at Node's 5 s. Node checks the limits every 30 s by default, which would
 * let a slow client stay up to 30 s longer; once a second bounds that.
 */
const DEFAULTS: NodeServerTimeouts = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
}

/**
 * The server options that cut a slow client off within seconds (Node's own defaults allow a
 * request 5 minutes): headers within 10 s, the whole request within 30 s, checked every second,
 * idle keep-alive connections closed after 5 s. Only the request is timed, never the response,
 * so live-status streams stay open. Pass `overrides` to change one; a lower `requestTimeout`
 * lowers the default `headersTimeout` with it. Behind a load balancer that reuses connections,
 * set `keepAliveTimeout` above its idle timeout (60 s on many), or it may send to a closed one.
 *
 * @example
 * import { serve } from '@hono/node-server'
 * serve({ fetch: app.fetch, port: 3000, serverOptions: nodeServerTimeouts() })
 * // or: http.createServer(nodeServerTimeouts(), listener)
 */
export function nodeServerTimeouts(
  overrides: Partial<NodeServerTimeouts> = {},
): NodeServerTimeouts {
  const requestTimeout = overrides.requestTimeout ?? DEFAULTS.requestTimeout
  const timeouts: NodeServerTimeouts = {
    requestTimeout,
    headersTimeout: overrides.headersTimeout ?? Math.min(DEFAULTS.headersTimeout, requestTimeout),
    keepAliveTimeout: overrides.keepAliveTimeout ?? DEFAULTS.keepAliveTimeout,
    connectionsCheckingInterval:
      overrides.connectionsCheckingInterval ?? DEFAULTS.connectionsCheckingInterval,
  }
  for (const [name, value] of Object.entries(timeouts)) {
    // 0 would turn a limit off, which is what these options are here to prevent.
    if (!Number.isInteger(value) || value <= 0) {
      throw new ConfigurationError('invalid_option', `${name} must be a whole number of ms > 0.`)
    }
  }
  if (timeouts.headersTimeout > timeouts.requestTimeout) {
    throw new ConfigurationError(
      'invalid_option',
      'headersTimeout must not exceed requestTimeout: the headers are part of the request.',
    )
  }
  return timeouts
}
