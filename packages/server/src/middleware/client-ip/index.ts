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
 * The entry of a comma-separated forwarding header that the trusted proxies wrote: each proxy
 * appends what it saw, so the entry `trusted` from the end is the last one a proxy of the
 * partner's wrote. The left-most entries are whatever the client chose to send. Null without
 * the header (or without trust).
 */
function trustedEntry(c: Context, name: string, trusted: number): string | null {
  if (trusted === 0) return null
  const entries = (c.req.header(name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return null
  return entries[Math.max(0, entries.length - trusted)] ?? null
}

/**
 * The address of the client that sent the request. `X-Forwarded-For` is read only when
 * `trustProxy` says so, and then from the right (see `trustedEntry`): a raw left-most entry is
 * whatever the client chose to send.
 *
 * @example
 * const ip = clientIp(c, true) // behind one load balancer
 */
export function clientIp(c: Context, trustProxy?: TrustProxy): string {
  return trustedEntry(c, 'x-forwarded-for', hops(trustProxy)) ?? socketAddress(c) ?? 'unknown'
}

/**
 * The origin (`scheme://host[:port]`) the client used to reach this app, for the same-origin
 * check of browser writes and the session cookie's `Secure` flag; never for anything a user
 * signs or is shown as the app's identity (the wallet check names the configured origins).
 *
 * - The host is the `Host` header the client sent (a browser cannot forge its own request's
 *   Host), not the URL the framework rebuilt: `next start -H 127.0.0.1` reports
 *   `localhost:PORT` in the URL while the browser's Host says `127.0.0.1:PORT`.
 * - With `trustProxy`, `X-Forwarded-Host` and `X-Forwarded-Proto` win, each by the entry the
 *   partner's own proxies appended (the last one with `trustProxy: true`, the n-th from the end
 *   with `n`), never the client's first entry. `Forwarded` (RFC 7239) is not read.
 */
export function requestOrigin(c: Context, trustProxy?: TrustProxy): string {
  const url = new URL(c.req.url)
  const trusted = hops(trustProxy)
  const proto = trustedEntry(c, 'x-forwarded-proto', trusted)
  const protocol = proto === 'http' || proto === 'https' ? `${proto}:` : url.protocol
  const hosts = [trustedEntry(c, 'x-forwarded-host', trusted), c.req.header('host') ?? null]
  for (const host of hosts) {
    // A bare host[:port]: a header smuggling a path, a user or a query is not one.
    if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) continue
    try {
      return new URL(`${protocol}//${host}`).origin
    } catch {
      // A malformed header falls back to the next source.
    }
  }
  return new URL(`${protocol}//${url.host}`).origin
}
