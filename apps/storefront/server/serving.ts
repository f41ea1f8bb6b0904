import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'

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
