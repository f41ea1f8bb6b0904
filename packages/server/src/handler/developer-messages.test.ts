import { KitConfigurationError } from '@rampkit/core/errors'
import { createKitClient } from '@rampkit/core/kit'
import { type Sandbox, startSandbox } from '@rampkit/sandbox'
import { Hono } from 'hono'
import { handle } from 'hono/vercel'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MPESA, SESSION_SECRET, validQuote } from '../../test/kit.js'
import { createRampHandler } from '../handler.js'
import type { RampLogger } from '../logger.js'

// What a developer reads in the kit's log when the app is configured wrongly: each line names
// the fix, and the shopper's answer stays plain.

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, speed: 0, apiKeys: ['is_test_devmsg_key_one'] })
})
afterAll(() => sandbox?.stop())
afterEach(() => vi.restoreAllMocks())

function linesLogger(): { lines: string[]; logger: RampLogger } {
  const lines: string[] = []
  const write = (level: string) => (message: string, fields?: unknown) => {
    lines.push(`${level} ${message} ${fields === undefined ? '' : JSON.stringify(fields)}`)
  }
  return { lines, logger: { info() {}, warn: write('warn'), error: write('error') } }
}

const settings = (logger: RampLogger) => ({
  apiKey: sandbox.apiKeys[0]!,
  baseUrl: sandbox.url,
  webhookSecret: sandbox.webhookSecret,
  sessionSecret: SESSION_SECRET,
  allowedOrigins: ['https://shop.example'],
  logger,
})

describe('a request under the kit that matches no route', () => {
  it('mounted by app.route: 404 route_not_found with the base path, logged once per path', async () => {
    const { lines, logger } = linesLogger()
    const kit = createRampHandler(settings(logger))
    const app = new Hono()
      .route('/api/ramp', kit)
      .get('/api/ramp/partner-own', (c) => c.text('the partner answers'))
    const missing = await app.request('/api/ramp/catalogue')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      status: 'error',
      message: 'Not found',
      data: { code: 'route_not_found', base_path: '/api/ramp' },
    })
    await app.request('/api/ramp/catalogue')
    const logged = lines.filter((line) => line.includes('GET /api/ramp/catalogue'))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('mounted on /api/ramp')
    // A route of the partner's own under the same prefix still answers for itself.
    const own = await app.request('/api/ramp/partner-own')
    expect(await own.text()).toBe('the partner answers')
    // A route of the kit answers as before.
    expect((await app.request('/api/ramp/config')).status).toBe(200)
    await kit.ramp.close()
  })

  it('in a Next.js route whose folder is not basePath: names basePath and the fix', async () => {
    const { lines, logger } = linesLogger()
    const kit = createRampHandler({ ...settings(logger), basePath: '/api/rampkit' })
    const GET = handle(kit)
    const response = await GET(new Request('https://shop.example/api/ramp/config'))
    expect(response.status).toBe(404)
    expect(((await response.json()) as { data: unknown }).data).toEqual({
      code: 'route_not_found',
      base_path: '/api/rampkit',
    })
    const line = lines.find((l) => l.includes('GET /api/ramp/config'))
    expect(line).toContain('the kit is mounted on /api/rampkit (basePath)')
    expect(line).toContain("basePath: '/api/ramp'")
    await kit.ramp.close()
  })
})

describe('a refused origin', () => {
  it('is logged once per origin with the origins allowed; the browser is told neither', async () => {
    const { lines, logger } = linesLogger()
    const kit = createRampHandler(settings(logger))
    const post = (origin: string) =>
      kit.request('https://shop.example/quotes', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify(validQuote()),
      })
    for (const origin of [
      'http://localhost:5173',
      'http://localhost:5173',
      'https://preview.app',
    ]) {
      const refused = await post(origin)
      expect(refused.status).toBe(403)
      const body = JSON.stringify(await refused.json())
      expect(body).toContain('origin_not_allowed')
      expect(body).not.toContain('shop.example')
    }
    const logged = lines.filter((line) => line.includes('origin_not_allowed'))
    expect(logged).toHaveLength(2)
    expect(logged[0]).toContain('origin http://localhost:5173')
    expect(logged[0]).toContain('"allowedOrigins":["https://shop.example"]')
    expect(logged[0]).toContain('allowedOrigins (APP_ORIGIN)')
    expect(logged[1]).toContain('origin https://preview.app')
    await kit.ramp.close()
  })
})

describe('a production setting left out', () => {
  it('vault mode without customerRefSecret: said at start and on every 503, plain to the shopper', async () => {
    const { lines, logger } = linesLogger()
    const kit = createRampHandler({
      ...settings(logger),
      apiKey: 'is_live_devmsg12345678',
      sessionSecret: undefined,
      getEndUser: () => 'user_1',
    })
    const atStart = lines.filter((line) => line.includes('CUSTOMER_REF_SECRET'))
    expect(atStart).toHaveLength(1)
    expect(atStart[0]).toContain('customerMode is vault')
    for (const path of ['/customer', '/customer']) {
      const response = await kit.request(`https://shop.example${path}`)
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({
        status: 'error',
        message: 'This option is not available right now.',
        data: { code: 'configuration_error' },
      })
    }
    const quote = await kit.request('https://shop.example/quotes', {
      method: 'POST',
      headers: { origin: 'https://shop.example', 'content-type': 'application/json' },
      body: JSON.stringify(
        validQuote({
          customer: undefined,
          payment_method: {
            type: 'mobile_money',
            network_id: MPESA,
            phone_number: '+254712345678',
          },
        }),
      ),
    })
    expect(quote.status).toBe(503)
    const refusals = lines.filter((line) => line.startsWith('error Refused with 503'))
    expect(refusals).toHaveLength(3)
    for (const line of refusals) {
      expect(line).toContain('customerRefSecret (CUSTOMER_REF_SECRET)')
      expect(line).toContain('sessionSecret (SESSION_SECRET)')
    }
    expect(refusals[2]).toContain('"path":"/quotes"')
    await kit.ramp.close()
  })

  it('a kit created without its settings: said at start and on every 503, naming each variable', async () => {
    const { lines, logger } = linesLogger()
    const kit = createRampHandler({
      ...settings(logger),
      apiKey: 'is_live_devmsg12345678',
      webhookSecret: undefined as unknown as string,
      sessionSecret: undefined,
    })
    const named = (line: string) =>
      line.includes('webhookSecret (RAMP_WEBHOOK_SECRET)') &&
      line.includes('sessionSecret (SESSION_SECRET)')
    expect(lines.filter(named)).toHaveLength(1)
    for (const path of ['/config', '/quotes', '/config']) {
      const response = await kit.request(`https://shop.example${path}`)
      expect(response.status).toBe(503)
      expect(((await response.json()) as { data: unknown }).data).toEqual({
        code: 'configuration_error',
      })
    }
    const refusals = lines.filter((line) => line.startsWith('error Refused with 503'))
    expect(refusals).toHaveLength(3)
    expect(refusals.every(named)).toBe(true)
    expect(refusals[1]).toContain('"path":"/quotes"')
  })
})

describe("core's kit client against the kit", () => {
  /** A kit client whose requests the kit answers in process, from a page of `origin`. */
  const clientOf = (kit: Pick<Hono, 'request'>, origin: string) =>
    createKitClient({
      endpoint: 'https://shop.example',
      development: true,
      headers: { origin },
      fetch: ((input: string, init?: RequestInit) => kit.request(input, init)) as typeof fetch,
    })

  it('a refused origin: a KitConfigurationError whose console line says where to add it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const kit = createRampHandler(settings(linesLogger().logger))
    const client = clientOf(kit, 'http://localhost:5173')
    for (let i = 0; i < 2; i++) {
      const error = await client.request('quotes', { body: validQuote() as never }).catch((e) => e)
      expect(error).toBeInstanceOf(KitConfigurationError)
      expect(error).toMatchObject({ reason: 'origin_not_allowed', status: 403 })
    }
    expect(consoleError).toHaveBeenCalledTimes(1)
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('add it to allowedOrigins')
    await kit.ramp.close()
  })

  it('a kit without its settings: the console line names the variables to set', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const kit = createRampHandler({ ...settings(linesLogger().logger), apiKey: ' ' })
    const error = await clientOf(kit, 'https://shop.example')
      .request('config')
      .catch((e) => e)
    expect(error).toMatchObject({ reason: 'configuration_error', status: 503 })
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('apiKey (RAMP_API_KEY)')
  })
})
