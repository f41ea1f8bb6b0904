import { createServer } from 'node:net'
import type { Quote } from '@rampkit/core'
import { KIT_ROUTES } from '@rampkit/core/kit'
import { buildWebhookHeaders } from '@rampkit/core/webhooks'
import { type Sandbox, startSandbox } from '@rampkit/sandbox'
import { Hono } from 'hono'
import { handle } from 'hono/vercel'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ALLOWED_ORIGIN,
  browser,
  type KitHarness,
  leakedSecrets,
  SESSION_SECRET,
  seen,
  startKit,
  TRANSPORTS,
  validQuote,
  waitFor,
} from '../test/kit.js'
import { createRampHandler } from './handler.js'
import type { RampLogger } from './logger.js'
import { memoryStore } from './store/memory/store.js'
import { pgliteStore } from './store/pglite/store.js'
import type { RampStore } from './store/types.js'
import { ingestWebhook } from './webhooks/ingest.js'

const WRONG_KEY = 'is_test_not_a_registered_key'
let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    speed: 0,
    apiKeys: ['is_test_handler_key_one', 'is_test_handler_key_two'],
  })
})
afterAll(async () => {
  if (!sandbox) return // startSandbox failed: its error is the one to read
  const secrets = [...sandbox.apiKeys, WRONG_KEY, sandbox.webhookSecret, SESSION_SECRET]
  expect(seen.bodies.length).toBeGreaterThan(20)
  expect(leakedSecrets(secrets)).toEqual([])
  await sandbox.stop()
})

const LIVE_KEY = 'is_live_abcdefgh12345'

/** A logger that keeps each warning and error line, message and fields, as text. */
function linesLogger(): { lines: string[]; logger: RampLogger } {
  const lines: string[] = []
  const write = (level: string) => (message: string, fields?: unknown) => {
    lines.push(`${level} ${message} ${fields === undefined ? '' : JSON.stringify(fields)}`)
  }
  return { lines, logger: { info() {}, warn: write('warn'), error: write('error') } }
}

const base = () => ({
  apiKey: sandbox.apiKeys[0]!,
  baseUrl: sandbox.url,
  webhookSecret: sandbox.webhookSecret,
  sessionSecret: SESSION_SECRET,
  logger: false as const,
})

describe('createRampHandler options', () => {
  it('refuses a wildcard or malformed allowed origin', () => {
    expect(() => createRampHandler({ ...base(), allowedOrigins: ['*'] })).toThrow(/never "\*"/)
    expect(() => createRampHandler({ ...base(), allowedOrigins: ['shop.example'] })).toThrow()
  })

  it('refuses an empty secret in a rotation list and a short session secret', () => {
    const secrets = [sandbox.webhookSecret, ' ']
    expect(() => createRampHandler({ ...base(), webhookSecret: secrets })).toThrow(/webhookSecret/)
    expect(() => createRampHandler({ ...base(), sessionSecret: 'short' })).toThrow(/openssl/)
  })

  it('needs getEndUser or a sessionSecret in production (503 naming SESSION_SECRET without)', async () => {
    const live = { ...base(), apiKey: LIVE_KEY, sessionSecret: undefined }
    const ramp = createRampHandler(live)
    const response = await ramp.request('/config')
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      status: 'error',
      message:
        "The ramp kit is not configured: set sessionSecret (SESSION_SECRET) in the server's environment.",
      data: { code: 'configuration_error' },
    })
    expect(() => createRampHandler({ ...live, getEndUser: () => 'user_1' })).not.toThrow()
  })

  it('draws no random secret while it is created (edge runtimes refuse it at module scope)', () => {
    const draw = vi.spyOn(crypto, 'getRandomValues')
    try {
      const ramp = createRampHandler({ ...base(), sessionSecret: undefined, customerMode: 'vault' })
      expect(draw).not.toHaveBeenCalled()
      void ramp.ramp.close()
    } finally {
      draw.mockRestore()
    }
  })

  it('warns once in development when it has to invent the session secret', async () => {
    const kit = await startKit(sandbox, 'app.request', {
      sessionSecret: undefined,
      pointWebhooks: false,
    })
    await kit.call(KIT_ROUTES.config)
    await kit.call(KIT_ROUTES.config)
    expect(seen.logs.filter((line) => line.includes('No sessionSecret'))).toHaveLength(1)
    await kit.close()
  })
})

describe('createRampHandler without its settings (a build with no secret in its environment)', () => {
  // The README's Next.js route file, evaluated as `next build` does when the variables are unset.
  const unset = (env: Record<string, string | undefined>, logger: RampLogger) =>
    createRampHandler({
      apiKey: env.RAMP_API_KEY as string,
      baseUrl: env.RAMP_BASE_URL as string,
      webhookSecret: env.RAMP_WEBHOOK_SECRET as string,
      basePath: '/api/ramp',
      logger,
    })

  it('loads, warns once, and answers every route 503 configuration_error naming the variables', async () => {
    const { lines, logger } = linesLogger()
    const ramp = unset({}, logger)
    expect(lines).toEqual([
      "warn The ramp kit is not configured: set apiKey (RAMP_API_KEY), baseUrl (RAMP_BASE_URL), webhookSecret (RAMP_WEBHOOK_SECRET) in the server's environment. Every request is answered 503 until then. ",
    ])
    const GET = handle(ramp)
    const POST = handle(ramp)
    for (const response of [
      await GET(new Request('http://shop.test/api/ramp/config')),
      await POST(new Request('http://shop.test/api/ramp/webhooks', { method: 'POST', body: '{}' })),
      await POST(
        new Request('http://shop.test/api/ramp/quotes', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://shop.test' },
          body: '{}',
        }),
      ),
    ]) {
      expect(response.status).toBe(503)
      const body = await response.json()
      expect(body.data).toEqual({ code: 'configuration_error' })
      for (const variable of ['RAMP_API_KEY', 'RAMP_BASE_URL', 'RAMP_WEBHOOK_SECRET']) {
        expect(body.message).toContain(variable)
      }
    }
    expect(() => ramp.ramp.client).toThrow(/RAMP_API_KEY/)
    ramp.ramp.start()
    await ramp.ramp.close()
  })

  it('names only what is missing, and never the value of what is set', async () => {
    const { lines, logger } = linesLogger()
    const ramp = unset(
      { RAMP_API_KEY: sandbox.apiKeys[0], RAMP_BASE_URL: sandbox.url, RAMP_WEBHOOK_SECRET: '' },
      logger,
    )
    const response = await ramp.request('/api/ramp/orders')
    const text = await response.text()
    expect(response.status).toBe(503)
    expect(text).toContain('webhookSecret (RAMP_WEBHOOK_SECRET)')
    expect(text).not.toContain('RAMP_API_KEY')
    expect(text).not.toContain(sandbox.apiKeys[0])
    expect(lines.join('\n')).not.toContain(sandbox.apiKeys[0])
  })

  it('an app origin read from an unset variable is named, not thrown at import', async () => {
    const { lines, logger } = linesLogger()
    const ramp = createRampHandler({
      ...base(),
      allowedOrigins: [process.env.RAMPKIT_TEST_UNSET_ORIGIN as string],
      logger,
    })
    const response = await ramp.request('/config')
    expect(response.status).toBe(503)
    expect((await response.json()).message).toContain('allowedOrigins (APP_ORIGIN)')
    // Said once at start, then on the refused request's own line.
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^warn .*allowedOrigins \(APP_ORIGIN\)/)
    expect(lines[1]).toMatch(/^error Refused with 503 .*allowedOrigins \(APP_ORIGIN\)/)
  })

  it('a blank variable counts as unset', async () => {
    const ramp = createRampHandler({ ...base(), webhookSecret: ' \n' })
    const response = await ramp.request('/config')
    expect(response.status).toBe(503)
    expect((await response.json()).message).toContain('RAMP_WEBHOOK_SECRET')
  })
})

describe('stores', () => {
  // A real non-memory store: PGlite runs the production SQL in process.
  let pglite: RampStore
  beforeAll(async () => {
    pglite = await pgliteStore()
  })
  afterAll(() => pglite?.close())

  it('warns once, at creation, that a production key on the memory store loses webhooks', async () => {
    const { lines, logger } = linesLogger()
    const live = createRampHandler({ ...base(), apiKey: LIVE_KEY, logger })
    const warnings = () => lines.filter((line) => line.includes('memory store'))
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]).toMatch(/^warn /)
    expect(warnings()[0]).toMatch(/lost on restart/)
    expect(warnings()[0]).toMatch(/several instances do not share/)
    expect(warnings()[0]).toMatch(/postgresStore/)
    expect(warnings()[0]).not.toContain(LIVE_KEY)
    // Once per kit, not per request.
    await live.request('/config')
    await live.request('/config')
    expect(warnings()).toHaveLength(1)
    await live.ramp.close()

    // A production key on a shared store, and a sandbox key on memory, are fine.
    const shared = createRampHandler({ ...base(), apiKey: LIVE_KEY, store: pglite, logger })
    const sandboxKey = createRampHandler({ ...base(), logger })
    expect(warnings()).toHaveLength(1)
    await shared.ramp.close()
    await sandboxKey.ramp.close()
  })

  it('acknowledges a webhook the store cannot take, logs why with no secret, and 503s only when full', async () => {
    const broken = await pgliteStore()
    await broken.close()
    const { lines, logger } = linesLogger()
    const kit = createRampHandler({
      ...base(),
      store: broken,
      worker: false,
      logger,
      webhookJournal: { maxDeliveries: 1 },
    })
    const send = async (customer: string) => {
      const body = JSON.stringify({ customer_id: customer, status: 'approved' })
      const headers = await buildWebhookHeaders({
        secret: sandbox.webhookSecret,
        event: 'customer.approved',
        deliveryId: crypto.randomUUID(),
        body,
      })
      return kit.request(KIT_ROUTES.webhooks, {
        method: 'POST',
        body,
        headers: headers as unknown as Record<string, string>,
      })
    }
    // The service sends a customer event once: refusing it would lose it.
    const kept = await send('pcus_store_down')
    expect(kept.status).toBe(200)
    expect(await kept.json()).toMatchObject({ data: { journaled: true, duplicate: false } })
    const logged = lines.filter((line) => line.includes('could not take a webhook delivery'))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/^warn /)
    expect(logged[0]).toMatch(/"store":"pglite"/)
    expect(logged[0]).toMatch(/"journal":"memory"/)
    expect(logged[0]).toMatch(/"error":"\w*Error"/)
    expect(logged[0]).toMatch(/"message":"[^"]+"/)
    expect(logged[0]).toMatch(/a restart before then loses it/)

    // The journal holds one: the next is the last resort, a 503 the log names as not kept.
    const refused = await send('pcus_store_down_2')
    expect(refused.status).toBe(503)
    const full = lines.filter((line) => line.includes('Webhook journal full'))
    expect(full).toHaveLength(1)
    expect(full[0]).toMatch(/^error .*answered 503 and not kept/)
    const secrets = [sandbox.apiKeys[0]!, sandbox.webhookSecret, SESSION_SECRET]
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret)
    await kit.ramp.close()
    // Closed with a delivery still held and no file: the loss is said, once.
    expect(lines.filter((line) => line.includes('they are lost'))).toHaveLength(1)
  })
})

describe('ramp.start()', () => {
  it('applies a backlog stored before the process started, with no request', async () => {
    // The delivery was acknowledged by a previous process; this one receives no traffic.
    const store = memoryStore()
    const body = JSON.stringify({ customer_id: 'pcus_backlog', status: 'approved' })
    const deliveryId = crypto.randomUUID()
    const headers = await buildWebhookHeaders({
      secret: sandbox.webhookSecret,
      event: 'customer.approved',
      deliveryId,
      body,
    })
    const stored = await ingestWebhook({
      store,
      secrets: sandbox.webhookSecret,
      request: { body, headers: headers as unknown as Record<string, string> },
    })
    expect(stored.status).toBe(200)
    const approved: string[] = []
    const kit = createRampHandler({
      ...base(),
      store,
      handlers: { onCustomerApproved: (context) => void approved.push(context.deliveryId) },
    })
    kit.ramp.start()
    await waitFor(async () => (await store.getDelivery(deliveryId))?.status === 'applied')
    expect(approved).toEqual([deliveryId])
    await kit.ramp.close()
  })
})

describe('mounting', () => {
  it('works under app.route in a Hono app', async () => {
    const kit = createRampHandler(base())
    const app = new Hono().route('/api/ramp', kit)
    const config = await app.request('/api/ramp/config')
    expect(config.status).toBe(200)
    const quote = await app.request('http://shop.local/api/ramp/quotes', {
      method: 'POST',
      headers: { origin: 'http://shop.local', 'content-type': 'application/json' },
      body: JSON.stringify(validQuote()),
    })
    expect(quote.status).toBe(201)
    expect((await app.request('/config')).status).toBe(404)
    await kit.ramp.close()
  })

  it('works as a Next.js route handler with basePath', async () => {
    const kit = createRampHandler({ ...base(), basePath: '/api/ramp/' })
    const GET = handle(kit)
    const POST = handle(kit)
    const config = await GET(new Request('https://shop.example/api/ramp/config'))
    expect(config.status).toBe(200)
    const cookie = (config.headers.get('set-cookie') ?? '').split(';')[0]!
    expect(config.headers.get('set-cookie')).toContain('Secure')
    const created = await POST(
      new Request('https://shop.example/api/ramp/quotes', {
        method: 'POST',
        headers: { origin: 'https://shop.example', cookie, 'content-type': 'application/json' },
        body: JSON.stringify(validQuote()),
      }),
    )
    expect(created.status).toBe(201)
    const quote = ((await created.json()) as { data: Quote }).data
    const accepted = await POST(
      new Request(`https://shop.example/api/ramp/quotes/${quote.quote_id}/accept`, {
        method: 'POST',
        headers: { origin: 'https://shop.example', cookie },
      }),
    )
    expect(accepted.status).toBe(200)
    expect((await GET(new Request('https://shop.example/config'))).status).toBe(404)
    await kit.ramp.close()
  })
})

describe('base address', () => {
  // The published base address ends in /api/v1; the kit passes it to core, which must reach
  // the sandbox's partner routes (/api/v1/partner/...) and root routes (/meta, /quote, /orders).
  it.each(['', '/api/v1', '/api/v1/'])(
    'the sandbox address with %j reaches the same upstream paths',
    async (suffix) => {
      const harness = await startKit(sandbox, 'app.request', {
        baseUrl: `${sandbox.url}${suffix}`,
        pointWebhooks: false,
        cacheTtlMs: 0,
      })
      const user = browser(harness)
      expect((await user.get(`${KIT_ROUTES.catalog}?country=KE`)).status).toBe(200)
      expect((await user.get(KIT_ROUTES.tokens)).status).toBe(200)
      expect((await user.get(`${KIT_ROUTES.preview}?amount_fiat=1500&token=USDC`)).status).toBe(200)
      expect((await user.post(KIT_ROUTES.quotes, validQuote())).status).toBe(201)
      expect(harness.upstream.map((path) => path.split('?')[0])).toEqual([
        '/api/v1/partner/catalog',
        '/meta/tokens',
        '/quote',
        '/api/v1/partner/orders/quote',
      ])
      expect(harness.kit.ramp.client.baseUrl).toBe(sandbox.url)
      await harness.close()
    },
  )
})

describe('X-Forwarded-For without trustProxy', () => {
  const rateLimit = { perUser: 100, perIp: 2 }

  it('over HTTP, limits by the socket address and never by the header', async () => {
    const limited = await startKit(sandbox, 'http', { pointWebhooks: false, rateLimit })
    const statuses = []
    // Three claimed addresses from one socket: counted as one client.
    for (let i = 0; i < 3; i++) {
      const res = await browser(limited).get(KIT_ROUTES.config, {
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([200, 200, 429])
    await limited.close()
  })

  it('through app.request (no socket address), counts every client as one address and says so once', async () => {
    const limited = await startKit(sandbox, 'app.request', { pointWebhooks: false, rateLimit })
    const before = seen.logs.length
    const statuses = []
    // Three claimed addresses, each a new session: the header is never read, and clients with
    // no visible address share one bucket (`unknownAddresses`, by default `perIp`).
    for (let i = 0; i < 3; i++) {
      const res = await browser(limited).get(KIT_ROUTES.config, {
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([200, 200, 429])
    const said = seen.logs
      .slice(before)
      .filter((line) => line.includes('cannot see client addresses'))
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/getClientIp/)
    await limited.close()
  })
})

describe.each(TRANSPORTS)('hardening through %s', (transport) => {
  let kit: KitHarness
  beforeAll(async () => {
    kit = await startKit(sandbox, transport, { keyIndex: transport === 'http' ? 1 : 0 })
  })
  afterAll(() => kit?.close())

  it('refuses writes without an allowed Origin, before reading the body', async () => {
    const before = kit.upstream.length
    const noOrigin = await kit.call(KIT_ROUTES.quotes, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validQuote()),
    })
    expect(noOrigin.status).toBe(403)
    for (const path of [
      KIT_ROUTES.quotes,
      KIT_ROUTES.orders,
      KIT_ROUTES.acceptQuote.replace(':quoteId', 'q_1'),
    ]) {
      const evil = await browser(kit, 'https://evil.example').post(path, validQuote())
      expect(evil.status, path).toBe(403)
    }
    expect(kit.upstream.length).toBe(before)
    const same = await browser(kit, kit.origin).post(KIT_ROUTES.quotes, validQuote())
    expect(same.status).toBe(201)
    const allowed = await browser(kit, ALLOWED_ORIGIN).post(KIT_ROUTES.quotes, validQuote())
    expect(allowed.status).toBe(201)
  })

  it('limits body size by the bytes sent, declared or streamed', async () => {
    const before = kit.upstream.length
    const user = browser(kit)
    const big = validQuote({
      customer: { name: 'A B', dob: '01/01/1990', note: 'x'.repeat(20_000) },
    })
    const declared = await user.post(KIT_ROUTES.quotes, big)
    expect(declared.status).toBe(413)
    const chunks = new TextEncoder().encode(JSON.stringify(big))
    const streamed = await kit.call(KIT_ROUTES.quotes, {
      method: 'POST',
      headers: { origin: ALLOWED_ORIGIN, 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < chunks.length; i += 1024)
            controller.enqueue(chunks.slice(i, i + 1024))
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(kit.upstream.length).toBe(before)
  })

  it('rate limits per end user and per trusted client address, with Retry-After', async () => {
    const limited = await startKit(sandbox, transport, {
      pointWebhooks: false,
      rateLimit: { perUser: 3, perIp: 6, windowMs: 60_000 },
      trustProxy: true,
    })
    const ip = (n: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${n}` } })
    const amina = browser(limited)
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await amina.get(KIT_ROUTES.config, ip(1))).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const last = await amina.get(KIT_ROUTES.config, ip(1))
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await last.json()).toMatchObject({ status: 'error', data: null })
    // Another user on another address is unaffected.
    expect((await browser(limited).get(KIT_ROUTES.config, ip(2))).status).toBe(200)
    // Fresh sessions from one address still hit the per-IP limit.
    const fromOneIp = []
    for (let i = 0; i < 7; i++)
      fromOneIp.push((await browser(limited).get(KIT_ROUTES.config, ip(3))).status)
    expect(fromOneIp.filter((s) => s === 429).length).toBe(1)
    await limited.close()
  })

  it('turns the service refusing our key into a generic 502, and logs why', async () => {
    const wrong = await startKit(sandbox, transport, { apiKey: WRONG_KEY, pointWebhooks: false })
    const res = await wrong.call(`${KIT_ROUTES.catalog}?country=KE`)
    expect(res.status).toBe(502)
    const body = (await res.json()) as { message: string; data: unknown }
    expect(body.data).toBeNull()
    expect(body.message).not.toMatch(/key|401/i)
    expect(seen.logs.some((line) => line.includes('refused the API key'))).toBe(true)
    await wrong.close()
  })

  it('aborts an upstream that does not answer in time and answers 502', async () => {
    const hanging = createServer((socket) => socket.on('error', () => {}))
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
    const port = (hanging.address() as { port: number }).port
    const slow = await startKit(sandbox, transport, {
      baseUrl: `http://127.0.0.1:${port}`,
      upstreamTimeoutMs: 100,
      pointWebhooks: false,
    })
    const res = await slow.call(`${KIT_ROUTES.corridors}?country=KE`)
    expect(res.status).toBe(502)
    expect(((await res.json()) as { message: string }).message).toMatch(/in time/)
    // Every upstream attempt was aborted through its signal, not left running behind a race.
    expect(slow.upstreamSignals.length).toBeGreaterThan(0)
    expect(slow.upstreamSignals.every((signal) => signal?.aborted)).toBe(true)
    await slow.close()
    hanging.close()
  })
})
