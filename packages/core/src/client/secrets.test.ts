import { inspect } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { catalogData, createOrderBody, LIVE_KEY, SANDBOX_KEY } from '../../test/fixtures.js'
import {
  closedPortUrl,
  failure,
  startTestServer,
  success,
  type TestServer,
} from '../../test/httpServer.js'
import {
  ConfigurationError,
  EnvironmentMismatchError,
  NetworkError,
  RampApiError,
  RampInputError,
  TimeoutError,
  UnexpectedResponseError,
} from '../errors/index.js'
import { createRampClient, type RampClient } from './createRampClient.js'
import type { CreateRampClientParameters } from './types.js'

const KEY = SANDBOX_KEY

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(() => server.reset())
afterAll(() => server.close())

/** Every way an error can be shown or logged, down its cause chain. */
function everyRendering(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    const value = current as Error & Record<string, unknown>
    parts.push(String(value), String(value.message), String(value.stack))
    parts.push(JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v)))
    parts.push(inspect(value, { showHidden: true, depth: 20 }))
    parts.push(...Object.keys(value))
    parts.push(...Object.values(value).map((v) => inspect(v, { showHidden: true, depth: 20 })))
    current = value.cause
  }
  return parts.join('\n')
}

function expectNoKey(error: unknown, key = KEY) {
  expect(error).toBeInstanceOf(Error)
  const text = everyRendering(error)
  expect(text).not.toContain(key)
  expect(text).not.toContain(key.slice(8)) // not even the part after the prefix
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )
}

function clientFor(options: Partial<CreateRampClientParameters> = {}): RampClient {
  return createRampClient({
    apiKey: KEY,
    baseUrl: server.url,
    retry: false,
    ...options,
  })
}

describe('the API key never appears in an error', () => {
  it('an envelope that echoes the key in message, code, data and headers', async () => {
    server.route('GET', '/meta/tokens', {
      status: 401,
      headers: { 'X-Request-Id': `id-${KEY}` },
      json: failure(
        `Invalid API key ${KEY}`,
        { field: `X-API-Key=${KEY}`, nested: { list: [KEY] }, [KEY]: 1 },
        { code: `bad_${KEY}` },
      ),
    })
    const error = await rejection(clientFor().getTokens())
    expect(error).toBeInstanceOf(RampApiError)
    expect((error as RampApiError).message).toBe('Invalid API key [redacted]')
    expectNoKey(error)
  })

  it('an HTML error page that contains the key', async () => {
    server.route('GET', '/meta/tokens', {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
      text: `<html>${KEY}</html>`,
    })
    expectNoKey(await rejection(clientFor().getTokens()))
  })

  it('a fetch error whose message and cause carry the headers', async () => {
    const client = clientFor({
      fetch: async (_url, init) => {
        const headers = init?.headers as Record<string, string>
        const inner = Object.assign(new Error(`socket for ${headers['X-API-Key']}`), {
          code: 'ECONNRESET',
          headers,
        })
        throw new TypeError(`fetch failed with X-API-Key: ${headers['X-API-Key']}`, {
          cause: inner,
        })
      },
    })
    const error = await rejection(client.getTokens())
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).cause).toBeInstanceOf(Error)
    expect(((error as NetworkError).cause as { code?: string }).code).toBeUndefined()
    expect(everyRendering(error)).toContain('ECONNRESET')
    expectNoKey(error)
  })

  it('a fetch that throws a non-Error value', async () => {
    const client = clientFor({
      fetch: async () => {
        throw `plain string ${KEY}`
      },
    })
    const error = await rejection(client.getTokens())
    expect(error).toBeInstanceOf(NetworkError)
    expectNoKey(error)
  })

  it('a refused connection', async () => {
    const client = clientFor({ baseUrl: await closedPortUrl() })
    const error = await rejection(client.createOrder(createOrderBody))
    expect(error).toBeInstanceOf(NetworkError)
    expectNoKey(error)
  })

  it('a dropped connection', async () => {
    server.route('POST', '/orders/create', { destroy: true })
    const error = await rejection(clientFor().createOrder(createOrderBody))
    expect(error).toBeInstanceOf(NetworkError)
    expectNoKey(error)
  })

  it('a timeout', async () => {
    server.route('GET', '/meta/tokens', { hang: true })
    const error = await rejection(clientFor({ timeoutMs: 30 }).getTokens())
    expect(error).toBeInstanceOf(TimeoutError)
    expectNoKey(error)
  })

  it('an unexpected success body whose paths contain the key', async () => {
    const countries = { [KEY]: { country_code: 1 } }
    server.route('GET', '/api/v1/partner/catalog', {
      json: success({ ...catalogData, onramp: { countries } }),
    })
    const error = await rejection(clientFor().getCatalog())
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    expect((error as UnexpectedResponseError).issues[0]?.field).toContain('[redacted]')
    expectNoKey(error)
  })

  it('a timeout of a request whose path contains the key', async () => {
    const customer = `pcus_${KEY}`
    server.route('GET', `/api/v1/partner/customers/${customer}`, { hang: true })
    const error = await rejection(
      clientFor({ timeoutMs: 30 }).getCustomer({ customer_id: customer }),
    )
    expect(error).toBeInstanceOf(TimeoutError)
    // The request really went to that path; the error names the route without the key.
    expect(server.requests[0]?.path).toBe(`/api/v1/partner/customers/${customer}`)
    expect((error as TimeoutError).details).toContain(
      'GET /api/v1/partner/customers/pcus_[redacted]',
    )
    expectNoKey(error)
  })

  it('parameters that contain the key by mistake', async () => {
    const error = await rejection(clientFor().getCustomer({ customer_id: KEY }))
    expect(error).toBeInstanceOf(RampInputError)
    expectNoKey(error)
  })

  it('a key that belongs to another environment, or has no known prefix', () => {
    for (const options of [
      { apiKey: LIVE_KEY, environment: 'sandbox' as const },
      { apiKey: KEY, environment: 'production' as const },
      { apiKey: `sk_${KEY}` },
      { apiKey: `${KEY} ${KEY}` },
    ]) {
      let error: unknown
      try {
        createRampClient({ baseUrl: server.url, ...options })
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(ConfigurationError)
      expectNoKey(error, options.apiKey === LIVE_KEY ? LIVE_KEY : KEY)
    }
  })

  it('the hooks', async () => {
    server.route('GET', '/meta/tokens', { status: 500, json: failure('x') })
    const seen: unknown[] = []
    const client = clientFor({
      onRequest: (info) => {
        seen.push(info)
      },
      onResponse: (info) => {
        seen.push(info)
      },
    })
    await rejection(client.getTokens())
    expect(seen).toHaveLength(2)
    expect(inspect(seen, { showHidden: true, depth: 20 })).not.toContain(KEY)
  })
})

describe('the client object never shows the key', () => {
  it('in JSON, inspection, string form or values', () => {
    const client = createRampClient({ apiKey: `  ${KEY}\n`, baseUrl: `${server.url}/` })
    expect(JSON.stringify(client)).not.toContain(KEY)
    expect(JSON.parse(JSON.stringify(client))).toEqual({
      environment: 'sandbox',
      baseUrl: server.url,
      hasApiKey: true,
    })
    expect(inspect(client, { showHidden: true, depth: null })).not.toContain(KEY)
    expect(String(client)).not.toContain(KEY)
    for (const value of Object.values(client)) {
      expect(inspect(value, { showHidden: true, depth: null })).not.toContain(KEY)
      expect(String(value)).not.toContain(KEY)
    }
    expect(Object.isFrozen(client)).toBe(true)
  })

  it('sends the trimmed key', async () => {
    server.route('GET', '/meta/tokens', { status: 500, json: failure('x') })
    const client = createRampClient({ apiKey: `${KEY}\n`, baseUrl: server.url, retry: false })
    await rejection(client.getTokens())
    expect(server.requests[0]?.headers['x-api-key']).toBe(KEY)
  })

  it('EnvironmentMismatchError names the environments', () => {
    expect(() =>
      createRampClient({ apiKey: LIVE_KEY, environment: 'sandbox', baseUrl: server.url }),
    ).toThrow(
      expect.objectContaining({
        name: 'EnvironmentMismatchError',
        keyEnvironment: 'production',
        environment: 'sandbox',
        message: expect.stringMatching(/production key .* sandbox/),
      }),
    )
    expect(() => createRampClient({ apiKey: 'abc', baseUrl: server.url })).toThrow(
      EnvironmentMismatchError,
    )
  })
})
