import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { startSandbox } from '@rampkit/sandbox'
import { createRampHandler } from '@rampkit/server'
import { Hono } from 'hono'
import type { TestProject } from 'vitest/node'

/** What the integration tests get through `inject('ramp')`. */
export type RampTestEnv = {
  /** The server kit's browser API, mounted at /api/ramp. */
  endpoint: string
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
}

declare module 'vitest' {
  export interface ProvidedContext {
    ramp: RampTestEnv
  }
}

const ORIGIN = 'http://localhost:3000'

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
  const sandbox = await startSandbox({
    port: 0,
    webhookUrl: `${kitUrl}/api/ramp/webhooks`,
    timings: { processingAfterMs: 500, settleAfterMs: 1_500 },
  })
  const apiKey = sandbox.apiKeys[0]!
  const chain = sandbox.chain!
  const kit = createRampHandler({
    apiKey,
    baseUrl: sandbox.url,
    webhookSecret: sandbox.webhookSecret,
    allowedOrigins: [ORIGIN],
    getEndUser: (c) => c.req.header('x-test-user') ?? 'test-user',
    rateLimit: false,
    cacheTtlMs: 0,
    logger: false,
    // The sandbox ends orders within seconds here, so the backup poll looks as soon: an order no
    // test value decides (no webhook for its pending_settlement) reaches the widget that way.
    poll: { lateAfterMs: 2_000, intervalMs: 500 },
  })
  const app = new Hono()
  app.route('/api/ramp', kit)
  handler = (request) => app.fetch(request)

  project.provide('ramp', {
    endpoint: `${kitUrl}/api/ramp`,
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
  })

  return async () => {
    await kit.ramp.close()
    await new Promise<void>((resolve) => kitServer.close(() => resolve()))
    await sandbox.stop()
  }
}
