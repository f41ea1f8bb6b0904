import { randomBytes } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { startSandbox } from '@rampkit/sandbox'
import { createRampHandler } from '@rampkit/server'
import { Hono } from 'hono'

/**
 * The part of Vite's plugin and dev server this plugin uses, written out: the site runs on
 * VitePress's Vite while the recipes' type check installs another major, and one name `vite`
 * cannot give both.
 */
type DevServer = {
  middlewares: {
    use(handler: (req: IncomingMessage, res: ServerResponse, next: () => void) => void): unknown
  }
  httpServer: Server | import('node:http2').Http2SecureServer | null
}
type DevPlugin = { name: string; apply: 'serve'; configureServer(server: DevServer): void }

/** Where the live examples find the kit under `pnpm docs`. */
export const DEV_KIT_PATH = '/api/ramp'

/**
 * Under `vitepress dev`, a real server kit (`createRampHandler`) over the embedded sandbox
 * (anvil, its tokens, the service), mounted at `/api/ramp` on the docs' own dev server, the way
 * `pnpm demo` runs the storefront: the live examples run the widget against it, same origin,
 * so the kit needs no CORS. Both start with the dev server and stop with it. A static build
 * leaves this out (`apply: 'serve'`).
 */
export function devKit(): DevPlugin {
  return {
    name: 'rampkit-docs:dev-kit',
    apply: 'serve',
    configureServer(server) {
      // A failed start (anvil too slow on a loaded machine) must not end the docs' dev server:
      // the live examples then show the kit's 503 and the log says why.
      const ready = start(server.httpServer).catch((error: unknown): DevKit => {
        console.error(`[docs] the live examples' kit did not start: ${String(error)}`)
        return unavailable(String(error))
      })
      const listener = getRequestListener(async (request) => (await ready).fetch(request))
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith(`${DEV_KIT_PATH}/`)) void listener(req, res)
        else next()
      })
      server.httpServer?.once('close', () => {
        void ready.then((kit) => kit.close())
      })
    },
  }
}

type DevKit = { fetch: (request: Request) => Response | Promise<Response>; close(): Promise<void> }

/**
 * The sandbox, with its chain: anvil is given 10 s to listen, which a machine busy with other
 * builds can miss, so a start that failed is tried twice more before the examples give up.
 */
async function startSandboxRetrying(apiKey: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSandbox({ port: 0, apiKeys: [apiKey] })
    } catch (error) {
      if (attempt >= attempts) throw error
      console.warn(`[docs] the sandbox did not start (${String(error)}); trying again`)
    }
  }
}

/** What the examples' kit answers when it could not start: the service's envelope, 503. */
function unavailable(reason: string): DevKit {
  const body = JSON.stringify({
    status: 'error',
    message: `The docs' sandbox did not start (${reason}). Restart pnpm docs.`,
    data: { code: 'sandbox_unavailable' },
  })
  return {
    fetch: () =>
      new Response(body, { status: 503, headers: { 'content-type': 'application/json' } }),
    close: async () => {},
  }
}

async function start(httpServer: DevServer['httpServer']): Promise<DevKit> {
  const apiKey = `is_test_${randomBytes(12).toString('hex')}`
  const sandbox = await startSandboxRetrying(apiKey)
  const ramp = createRampHandler({
    apiKey,
    baseUrl: sandbox.url,
    webhookSecret: sandbox.webhookSecret,
    // The docs are a guest checkout: the kit's anonymous session, with a secret for this run.
    sessionSecret: randomBytes(32).toString('base64url'),
    logger: false,
  })
  ramp.ramp.start()
  const app = new Hono().route(DEV_KIT_PATH, ramp)
  // The sandbox delivers its webhooks to this dev server once its port is known.
  const setWebhook = () => {
    const address = httpServer?.address() as AddressInfo | null
    if (address) {
      sandbox.admin.setWebhook(apiKey, {
        url: `http://127.0.0.1:${address.port}${DEV_KIT_PATH}/webhooks`,
      })
    }
  }
  if (httpServer?.listening) setWebhook()
  else httpServer?.once('listening', setWebhook)
  return {
    fetch: (request) => app.fetch(request),
    async close() {
      await ramp.ramp.close()
      await sandbox.stop()
    },
  }
}
