import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { startSandbox } from '@rampkit/sandbox'
import { createRampHandler, memoryBus, memoryStore, type RampHandler } from '@rampkit/server'
// The vault onboarding of the service's published customer example, written once for the tests.
import { submitCustomer } from '@rampkit/test/published'
import { type Context, Hono } from 'hono'
import type { TestProject } from 'vitest/node'

/** What the integration tests get through `inject('ramp')`. */
export type RampTestEnv = {
  /** The server kit's browser API, mounted at /api/ramp (inline customers, as older kits). */
  endpoint: string
  /**
   * A second kit in vault mode (quotes by the user's approved `customer_id`, KYC in the
   * widget), mounted at /api/ramp-vault over the same sandbox with a key of its own.
   */
  vaultEndpoint: string
  vaultApiKey: string
  /** The page origin tests send (jsdom's), allowed by the kit. */
  origin: string
  sandboxUrl: string
  apiKey: string
  rpcUrl: string
  chainId: number
  spender: string
  tokens: {
    symbol: string
    address: string
    decimals: number
    requiresZeroAllowanceReset: boolean
  }[]
  testAccounts: { address: string; privateKey: string }[]
  /**
   * A second kit, with signed accepts (`signedAccepts`), on the sandbox's second key (signed
   * accepts on for that key only), mounted at /api/ramp-signed.
   */
  signed: {
    endpoint: string
    /** The sandbox key of that kit (signed accepts on), for the service's own routes. */
    apiKey: string
    /** Users whose approved vault customers the kit has linked already (KYC done). */
    users: string[]
  }
  /**
   * Two instances of the inline kit on one store and one bus (as two processes share Postgres
   * and Redis) behind one address, as a load balancer's pool: `endpoint` goes to the current
   * instance; `POST {admin}/fail-over` sends new traffic to the second and closes the first (a
   * deploy); `GET {admin}/streams` lists the event streams opened, by instance, with the
   * `Last-Event-ID` each sent.
   */
  balanced: { endpoint: string; admin: string }
}

declare module 'vitest' {
  export interface ProvidedContext {
    ramp: RampTestEnv
  }
}

const ORIGIN = 'http://localhost:3000'
const SIGNED_KEY = 'is_test_react_widget_signed'
const SIGNED_USERS = ['signed-seller', 'signed-revoked', 'signed-keys-owner']

/**
 * Takes a customer through the vault for `owner` with the kit's own client (the published
 * example's profile, both documents, submit, review on the sandbox clock) and links it in the
 * kit's store, as the kit links a user's customer.
 */
async function linkApprovedCustomer(
  kit: RampHandler,
  owner: string,
  review: () => Promise<unknown>,
) {
  const customerId = await submitCustomer(kit.ramp.client, `react-${owner}`)
  await review()
  const now = new Date()
  const links = kit.ramp.store.customerLinks!
  await links.claim({
    owner,
    ref: `ref-${owner}`,
    customerType: 'individual',
    now,
    leaseMs: 10_000,
  })
  await links.attach({
    owner,
    customerId,
    status: 'approved',
    depositAccountStatus: null,
    now,
  })
}

/**
 * The real sandbox (with its anvil chain) and the real server kit (`createRampHandler`) served
 * by @hono/node-server on 127.0.0.1:0, the sandbox's webhooks going to the kit's /webhooks.
 * The end user is named by an `x-test-user` header (Node's fetch keeps no cookies).
 */
export default async function setup(project: TestProject) {
  let handler: ((request: Request) => Response | Promise<Response>) | undefined
  const outer = new Hono()
  outer.all('*', (c) => (handler ? handler(c.req.raw) : c.text('starting', 503)))
  const kitServer = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const server = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(server),
    )
  })
  const kitUrl = `http://127.0.0.1:${(kitServer.address() as AddressInfo).port}`
  const keys = [
    `is_test_${randomBytes(12).toString('hex')}`,
    `is_test_${randomBytes(12).toString('hex')}`,
    SIGNED_KEY,
  ]
  const sandbox = await startSandbox({
    port: 0,
    apiKeys: keys,
    webhookUrl: `${kitUrl}/api/ramp/webhooks`,
    signedAccepts: [SIGNED_KEY],
    timings: { processingAfterMs: 500, settleAfterMs: 1_500 },
  })
  const apiKey = sandbox.apiKeys[0]!
  const chain = sandbox.chain!
  const kitOptions = {
    baseUrl: sandbox.url,
    webhookSecret: sandbox.webhookSecret,
    allowedOrigins: [ORIGIN],
    getEndUser: (c: Context) => c.req.header('x-test-user') ?? 'test-user',
    rateLimit: false,
    cacheTtlMs: 0,
    logger: false,
    // The sandbox ends orders within seconds here, so the backup poll looks as soon: an order no
    // test value decides (no webhook for its pending_settlement) reaches the widget that way.
    poll: { lateAfterMs: 2_000, intervalMs: 500 },
  } as const
  const kit = createRampHandler({ apiKey, ...kitOptions })
  const vaultApiKey = sandbox.apiKeys[1]!
  const vaultKit = createRampHandler({
    apiKey: vaultApiKey,
    ...kitOptions,
    customerMode: 'vault',
    customerRefSecret: randomBytes(48).toString('base64url'),
  })
  const signedKit = createRampHandler({ apiKey: SIGNED_KEY, ...kitOptions, signedAccepts: true })
  // Each sandbox key has its own webhook endpoint: the vault key's and the signed key's
  // deliveries go to their kits.
  sandbox.admin.setWebhook(vaultApiKey, { url: `${kitUrl}/api/ramp-vault/webhooks` })
  sandbox.admin.setWebhook(SIGNED_KEY, { url: `${kitUrl}/api/ramp-signed/webhooks` })
  for (const owner of SIGNED_USERS) {
    await linkApprovedCustomer(signedKit, owner, () => sandbox.admin.advance(4_000))
  }
  const shared = { store: memoryStore(), bus: memoryBus() }
  const pool = [0, 1].map(() =>
    createRampHandler({ apiKey, ...kitOptions, ...shared, basePath: '/api/ramp-balanced' }),
  )
  let current = 0
  const streams: { instance: number; lastEventId: string | null }[] = []
  const app = new Hono()
  app.all('/api/ramp-balanced/*', (c) => {
    if (c.req.path.endsWith('/events')) {
      streams.push({ instance: current, lastEventId: c.req.header('last-event-id') ?? null })
    }
    return pool[current]!.fetch(c.req.raw)
  })
  app.post('/__balancer/fail-over', async (c) => {
    const old = current
    current = 1
    await pool[old]!.ramp.close()
    return c.json({ instance: current })
  })
  app.get('/__balancer/streams', (c) => c.json(streams))
  app.route('/api/ramp', kit)
  app.route('/api/ramp-vault', vaultKit)
  app.route('/api/ramp-signed', signedKit)
  handler = (request) => app.fetch(request)

  project.provide('ramp', {
    endpoint: `${kitUrl}/api/ramp`,
    vaultEndpoint: `${kitUrl}/api/ramp-vault`,
    vaultApiKey,
    origin: ORIGIN,
    sandboxUrl: sandbox.url,
    apiKey,
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    spender: chain.spender,
    tokens: chain.tokens.map((token) => ({
      symbol: token.symbol,
      address: token.address,
      decimals: token.decimals,
      requiresZeroAllowanceReset: token.requiresZeroAllowanceReset,
    })),
    testAccounts: chain.testAccounts.map((account) => ({ ...account })),
    signed: { endpoint: `${kitUrl}/api/ramp-signed`, apiKey: SIGNED_KEY, users: SIGNED_USERS },
    balanced: { endpoint: `${kitUrl}/api/ramp-balanced`, admin: `${kitUrl}/__balancer` },
  })

  return async () => {
    await kit.ramp.close()
    await vaultKit.ramp.close()
    await signedKit.ramp.close()
    for (const instance of pool) await instance.ramp.close()
    await new Promise<void>((resolve) => kitServer.close(() => resolve()))
    await sandbox.stop()
  }
}
