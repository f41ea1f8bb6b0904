import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { type ContentSecurityPolicyOptionHandler, secureHeaders } from 'hono/secure-headers'

/**
 * Hashed build output (`/assets/index-B1x2y3.js`): its name changes with its bytes, so a browser
 * keeps it for a year and never asks again.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** The HTML names the current hashed assets: always checked with the server (an ETag or a 200). */
export const REVALIDATE = 'no-cache'

/**
 * Compresses the kit's and the shop's JSON with gzip (Hono's `compress`). Event streams are
 * never compressed: `compress` leaves `text/event-stream` alone, and on Node the kit writes a
 * stream's frames straight to the socket, past every middleware, so each frame leaves at once.
 */
export function compressDynamic(): MiddlewareHandler {
  return compress()
}

function cacheFor(path: string, c: Context) {
  c.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : REVALIDATE)
}

/**
 * The built front end: each file served as the brotli or gzip copy the build wrote beside it
 * (`vite.config.ts`), whichever the browser accepts, hashed assets cached for good and the HTML
 * revalidated; client routes fall back to `index.html`.
 */
export function serveFront(distDir: string): MiddlewareHandler[] {
  return [
    serveStatic({ root: distDir, precompressed: true, onFound: cacheFor }),
    serveStatic({ path: join(distDir, 'index.html'), precompressed: true, onFound: cacheFor }),
  ]
}

/**
 * What the shop's pages may load, as a payments page should: its own scripts and styles only (no
 * inline script, no eval: Vite's build emits none), its own API (the kit is mounted at
 * `/api/ramp`, same origin) and the chain's RPC for the wallet panel, no plugin, no `<base>`,
 * and no framing by any page (`frame-ancestors 'none'`, clickjacking). `rpc` is the chain's RPC
 * origin, when there is a local chain.
 */
export function contentSecurityPolicy(
  rpc: readonly (string | ContentSecurityPolicyOptionHandler)[],
) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    // The identity step previews a chosen document as a blob: URL; the shop's icons may be
    // data: images. The widget's QR code is an inline <svg> element, no image at all.
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...rpc],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  }
}

/**
 * Powerful features the shop never uses, off for it and anything it embeds: a payments page
 * asks for no camera, microphone, location, USB or payment handler.
 */
export const PERMISSIONS_POLICY = {
  camera: [],
  microphone: [],
  geolocation: [],
  usb: [],
  serial: [],
  bluetooth: [],
  hid: [],
  payment: [],
  displayCapture: [],
} satisfies Record<string, never[]>

// The Referrer-Policy: the web's default, said out loud. Not `no-referrer`: under it a browser
// sends `Origin: null` on the shop's own POSTs, and the kit's origin check refuses those.
const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/** The origin of a URL (`http://127.0.0.1:8545`), or null for one that is not http(s). */
function originOf(url: string | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null
  } catch {
    return null
  }
}

/**
 * The headers every answer of the shop carries (Hono's `secureHeaders`): the policy above with
 * the chain's RPC as `rpcUrl()` says today (the chain may come up after the shop), `nosniff`,
 * the Referrer-Policy, the Permissions-Policy and `X-Frame-Options: DENY` for browsers without
 * `frame-ancestors`. A header the kit set on its own answers is kept (`overwrite: false`).
 */
export function shopSecurityHeaders(rpcUrl: () => Promise<string | undefined>): MiddlewareHandler {
  const rpcOrigins = new WeakMap<Context, string>()
  const headers = secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy([(c) => rpcOrigins.get(c) ?? "'self'"]),
    permissionsPolicy: PERMISSIONS_POLICY,
    referrerPolicy: REFERRER_POLICY,
    xFrameOptions: 'DENY',
    overwrite: false,
  })
  return async function shopSecurityHeaders(c, next) {
    const rpc = originOf(await rpcUrl().catch(() => undefined))
    if (rpc) rpcOrigins.set(c, rpc)
    return headers(c, next)
  }
}

/**
 * The same headers for Vite's dev server (`vite.config.ts`), as far as dev allows: its React
 * refresh preamble is an inline script and its CSS arrives as `<style>` elements, and it talks
 * to its own HMR socket, so those are allowed there and only there; the built shop allows none.
 */
export function devSecurityHeaders(): Record<string, string> {
  const policy = {
    ...contentSecurityPolicy(['ws:', 'http://127.0.0.1:*', 'http://localhost:*']),
    scriptSrc: ["'self'", "'unsafe-inline'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
  }
  const directive = (name: string) => name.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`)
  return {
    'Content-Security-Policy': Object.entries(policy)
      .map(([name, values]) => `${directive(name)} ${values.join(' ')}`)
      .join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': Object.keys(PERMISSIONS_POLICY)
      .map((name) => `${directive(name)}=()`)
      .join(', '),
    'X-Frame-Options': 'DENY',
  }
}
