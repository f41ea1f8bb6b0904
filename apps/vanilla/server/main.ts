/**
 * The example's back end: the server kit mounted in Hono at /api/ramp, the embedded sandbox
 * (anvil and the service) it talks to, and the built page. One process, one port:
 * `pnpm --filter vanilla-example build && pnpm --filter vanilla-example start`.
 *
 * Environment: PORT (3100), HOST (127.0.0.1), RAMP_SANDBOX_SPEED (2), VANILLA_DIST (./dist).
 * With RAMP_BASE_URL, RAMP_API_KEY and RAMP_WEBHOOK_SECRET set it talks to that service instead
 * and starts no sandbox (then the page has no test wallet to sell from).
 */
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { anonymousSession, createRampHandler, nodeServerTimeouts } from '@rampkit/server'
import { Hono } from 'hono'
import { createPublicClient, http, type PublicClient } from 'viem'
import type { LocalChain } from '../src/chain.js'

const env = process.env
const port = Number(env.PORT ?? 3100)
const host = env.HOST ?? '127.0.0.1'
const origin = `http://${host}:${port}`
const distDir = resolve(env.VANILLA_DIST ?? './dist')

const service = await connect()
const local = service.chain
let chainClient: PublicClient | undefined

const ramp = createRampHandler({
  apiKey: service.apiKey,
  baseUrl: service.url,
  webhookSecret: service.webhookSecret,
  // `vite` (the dev server) proxies /api here, and its page sends its own origin.
  allowedOrigins: [origin, `http://localhost:${port}`, 'http://localhost:5173'],
  // One anonymous shopper per browser (a signed cookie); a real shop passes its own sign-in.
  getEndUser: anonymousSession({ secret: env.SESSION_SECRET || randomBytes(32).toString('hex') }),
  // Inline customers: the example's checkouts quote without the identity step. (The vault's
  // key is per process here: a restart starts new customers, which an example does not mind.)
  customerMode: 'inline',
  customerRefSecret: env.CUSTOMER_REF_SECRET || randomBytes(32).toString('hex'),
  // A sale's wallet proof is checked on the sandbox's chain.
  walletProof: {
    publicClients: async (chainId) => {
      if (!local || local.chainId !== chainId) return null
      chainClient ??= createPublicClient({ transport: http(local.rpcUrl) })
      return chainClient
    },
  },
})
ramp.ramp.start()

const app = new Hono()
app.get('/api/health', (c) => c.json({ ok: true }))
// The sandbox's chain and one of anvil's dev accounts (throwaway keys of a local chain, never
// real funds): the page's viem wallet. Never the API key or the webhook secret.
app.get('/api/chain', (c) => c.json({ chain: local }))
app.route('/api/ramp', ramp)
app.use('/*', serveStatic({ root: distDir }))
app.get('*', serveStatic({ path: resolve(distDir, 'index.html') }))

const server = serve(
  { fetch: app.fetch, port, hostname: host, serverOptions: nodeServerTimeouts() },
  () => console.log(`VANILLA_READY ${JSON.stringify({ url: origin, rpcUrl: local?.rpcUrl })}`),
)

/** The service: the one in the environment, else the embedded sandbox, on a free port. */
async function connect(): Promise<{
  url: string
  apiKey: string
  webhookSecret: string
  chain: LocalChain | null
  stop?: () => Promise<void>
}> {
  if (env.RAMP_BASE_URL && env.RAMP_API_KEY && env.RAMP_WEBHOOK_SECRET) {
    return {
      url: env.RAMP_BASE_URL,
      apiKey: env.RAMP_API_KEY,
      webhookSecret: env.RAMP_WEBHOOK_SECRET,
      chain: null,
    }
  }
  // A dev dependency: a shop on a real service never loads it.
  const { startSandbox } = await import('@rampkit/sandbox')
  const sandbox = await startSandbox({
    port: 0,
    host,
    webhookUrl: `${origin}/api/ramp/webhooks`,
    speed: Number(env.RAMP_SANDBOX_SPEED ?? 2),
  })
  const chain = sandbox.chain
  const account = chain?.testAccounts[0]
  return {
    url: sandbox.url,
    apiKey: sandbox.apiKeys[0]!,
    webhookSecret: sandbox.webhookSecret,
    chain:
      chain && account
        ? {
            rpcUrl: chain.rpcUrl,
            chainId: chain.chainId,
            account: { address: account.address, privateKey: account.privateKey },
          }
        : null,
    stop: () => sandbox.stop(),
  }
}

let closing = false
async function shutdown() {
  if (closing) return
  closing = true
  server.close()
  await ramp.ramp.close()
  await service.stop?.()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
