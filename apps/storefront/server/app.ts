import type { RampHandler } from '@rampkit/server'
import { Hono } from 'hono'
import type { DemoChain } from './config.js'
import { compressDynamic, serveFront, shopSecurityHeaders } from './serving.js'

export interface ShopAppOptions {
  /** The server kit, `createRampHandler(...)` from @rampkit/server, mounted at /api/ramp. */
  ramp: RampHandler
  /** Reads the local chain for the wallet panel; null when the shop talks to a remote environment. */
  chain: () => Promise<DemoChain | null>
  /** The shopper's wallet sign-in (`shopperSignIn(...).routes`), mounted at /api/shop/session. */
  signIn: Hono
  /** The built front end (`vite build`), served with a fallback to index.html for client routes. */
  distDir: string
}

/**
 * The storefront's back end: the ramp kit at `/api/ramp` (webhooks at `/api/ramp/webhooks`), a
 * demo-only route with the local chain's test accounts, the shopper's wallet sign-in at
 * `/api/shop/session` (`server/sign-in.ts`), and the built front end. Answers are
 * compressed (JSON by gzip on the fly, the front end's files by their brotli or gzip copies from
 * the build), event streams never; hashed assets are cached for good, and every answer carries a
 * strict Content-Security-Policy, `nosniff`, a Referrer-Policy and a Permissions-Policy
 * (`server/serving.ts`).
 */
export function createShopApp({ ramp, chain, signIn, distDir }: ShopAppOptions) {
  const app = new Hono()

  // Every answer, pages, assets and the API alike: the headers of a payments page.
  app.use(
    '*',
    shopSecurityHeaders(async () => (await chain())?.rpcUrl),
  )
  app.use('/api/*', compressDynamic())
  app.get('/api/health', (c) => c.json({ ok: true }))

  // Sandbox test accounts only: never the API key or the webhook secret.
  app.get('/api/demo/chain', async (c) => c.json({ chain: await chain() }))

  app.route('/api/shop/session', signIn)
  app.route('/api/ramp', ramp)
  app.all('/api/*', (c) => c.json({ status: 'error', message: 'Not found', data: null }, 404))

  const [files, index] = serveFront(distDir)
  app.use('/*', files!)
  app.get('*', index!)
  return app
}
