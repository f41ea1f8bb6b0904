import type { Context } from 'hono'

/**
 * How far to trust forwarding headers. `false` (default) never reads them; `true` trusts one
 * reverse proxy in front of the app; a number trusts that many hops.
 */
export type TrustProxy = boolean | number

function hops(trustProxy: TrustProxy | undefined): number {
  if (trustProxy === true) return 1
  if (typeof trustProxy === 'number' && Number.isInteger(trustProxy) && trustProxy > 0) {
    return trustProxy
  }
  return 0
}

/**
 * The socket address when the runtime exposes one on `c.env` (@hono/node-server passes the
 * Node request as `incoming`), read by shape so no runtime module is imported.
 */
function socketAddress(c: Context): string | null {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined
  const address = env?.incoming?.socket?.remoteAddress
  return typeof address === 'string' && address ? address : null
}

/**
 * The address of the client that sent the request. Forwarding headers are read only when
 * `trustProxy` says so, and then from the right: each trusted proxy appends the address it
 * saw, so the entry `hops` from the end is the last one a trusted proxy wrote. A raw
 * left-most `X-Forwarded-For` is whatever the client chose to send.
 *
 * @example
 * const ip = clientIp(c, true) // behind one load balancer
 */
export function clientIp(c: Context, trustProxy?: TrustProxy): string {
  const trusted = hops(trustProxy)
  if (trusted > 0) {
    const header = c.req.header('x-forwarded-for')
    if (header) {
      const entries = header
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
      const entry = entries[Math.max(0, entries.length - trusted)]
      if (entry) return entry
    }
  }
  return socketAddress(c) ?? 'unknown'
}

/**
 * The origin (`scheme://host[:port]`) the client used to reach this app. Behind trusted
 * proxies the forwarded protocol and host win over what the app itself saw.
 */
export function requestOrigin(c: Context, trustProxy?: TrustProxy): string {
  const url = new URL(c.req.url)
  if (hops(trustProxy) > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim()
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim()
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`
    if (host) {
      try {
        return new URL(`${url.protocol}//${host}`).origin
      } catch {
        // A malformed forwarded host falls back to what the app saw.
      }
    }
  }
  return url.origin
}
