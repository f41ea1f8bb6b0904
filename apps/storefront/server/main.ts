import { serve } from '@hono/node-server'
import { anonymousSession, createRampHandler, nodeServerTimeouts } from '@rampkit/server'
import { createPublicClient, http, type PublicClient } from 'viem'
import { createShopApp } from './app.js'
import { demoChain, readConfig } from './config.js'
import { customerRefSecret, sessionSecret } from './session.js'
import { shopperSignIn } from './sign-in.js'
import { openStore } from './store.js'

const config = readConfig()
const storage = await openStore(config)
const origin = `http://${config.host}:${config.port}`

const chain = demoChain(config.chainFile)
let chainClient: { chainId: number; client: PublicClient } | undefined
/** The local chain's client, for the chain it runs; null for any other chain. */
async function localClient(chainId: number): Promise<PublicClient | null> {
  const local = await chain()
  if (!local || local.chainId !== chainId) return null
  chainClient ??= { chainId, client: createPublicClient({ transport: http(local.rpcUrl) }) }
  return chainClient.client
}
const origins = [origin, `http://localhost:${config.port}`]
const secret = await sessionSecret(config.dataDir)
// One wallet is one shopper in any browser: the shopper signs in with their wallet (Sign-In with
// Ethereum, verified here), and the kit's end user is that wallet; before that, an anonymous
// signed-cookie session. A shop with a login of its own returns its own user id instead.
const signIn = shopperSignIn({ secret, origins, store: storage.store, publicClient: localClient })

const ramp = createRampHandler({
  apiKey: config.apiKey,
  baseUrl: config.baseUrl,
  webhookSecret: config.webhookSecret,
  store: storage.store,
  ...(storage.bus ? { bus: storage.bus } : {}),
  allowedOrigins: origins,
  getEndUser: signIn.endUser(anonymousSession({ secret })),
  // Quotes by the shopper's verified vault customer (KYC once, in the widget) unless
  // RAMP_CUSTOMER_MODE=inline; the keyed hash that names shoppers in the vault keeps its key.
  customerMode: config.customerMode,
  customerRefSecret: await customerRefSecret(config.dataDir),
  signedAccepts: config.signedAccepts,
  // Wallet proofs are checked on the local chain itself, smart-contract wallets included.
  walletProof: {
    publicClients: localClient,
  },
})
ramp.ramp.start()

const app = createShopApp({ ramp, chain, signIn: signIn.routes, distDir: config.distDir })
// A slow client is cut off within seconds (headers 10 s, whole request 30 s), not 5 minutes.
const server = serve(
  {
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    serverOptions: nodeServerTimeouts(),
  },
  () => {
    console.log(`storefront listening on ${origin}`)
  },
)

let closing = false
async function shutdown() {
  if (closing) return
  closing = true
  server.close()
  await ramp.ramp.close()
  await storage.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
