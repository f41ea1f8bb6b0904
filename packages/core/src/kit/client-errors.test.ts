import { QueryClient } from '@tanstack/query-core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { failure, startTestServer, type TestServer } from '../../test/httpServer.js'
import { NotFoundError, RampApiError } from '../errors/index.js'
import { KitConfigurationError } from '../errors/kit.js'
import { createKitClient } from './client.js'
import { retryKitRead } from './query/queryOptions.js'
import { configQueryOptions } from './query/reads.js'

// What the kit client makes of answers that no shopper can fix, against a real HTTP server
// standing for what answers at a wrong endpoint. The kit's own answers (route_not_found,
// origin_not_allowed, configuration_error) are met against the real kit in the server's tests.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(() => {
  server.reset()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const NEXT_404 = '<!DOCTYPE html><html><body>404: This page could not be found.</body></html>'

describe('an endpoint where the kit is not mounted', () => {
  it('a 404 page: a KitConfigurationError naming the endpoint, one console error, onError once', async () => {
    server.route('GET', '/api/rampkit/config', {
      status: 404,
      text: NEXT_404,
      headers: { 'content-type': 'text/html' },
    })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const seen: KitConfigurationError[] = []
    const client = createKitClient({
      endpoint: `${server.url}/api/rampkit`,
      development: true,
      onConfigurationError: (error) => seen.push(error),
    })
    for (let i = 0; i < 2; i++) {
      const error = await client.request('config').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(KitConfigurationError)
      expect(error).toBeInstanceOf(RampApiError)
      expect(error).toMatchObject({ reason: 'endpoint_not_found', status: 404 })
    }
    expect(errors).toHaveBeenCalledTimes(1)
    const line = String(errors.mock.calls[0]?.[0])
    expect(line).toContain(`Nothing of the ramp kit answers GET ${server.url}/api/rampkit/config`)
    expect(line).toContain("basePath: '")
    expect(seen).toHaveLength(1)
  })

  it("a dev server's HTML fallback answered 200 is the same mistake", async () => {
    server.route('GET', '/api/ramp/config', {
      text: '<!doctype html><div id="root"></div>',
      headers: { 'content-type': 'text/html; charset=utf-8' },
    })
    const client = createKitClient({ endpoint: `${server.url}/api/ramp`, development: false })
    await expect(client.request('config')).rejects.toMatchObject({ reason: 'endpoint_not_found' })
  })

  it('in production: no console line, onError still told', async () => {
    server.route('GET', '/api/ramp/config', { status: 404, text: 'Not Found' })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const seen: unknown[] = []
    const client = createKitClient({
      endpoint: `${server.url}/api/ramp`,
      development: false,
      onConfigurationError: (error) => seen.push(error),
    })
    await expect(client.request('config')).rejects.toBeInstanceOf(KitConfigurationError)
    expect(errors).not.toHaveBeenCalled()
    expect(seen).toHaveLength(1)
  })
})

describe('answers that are the shopper’s, not the developer’s', () => {
  it('the kit’s own 404 of a missing order stays a NotFoundError, with no console line', async () => {
    server.route('GET', '/api/ramp/orders/ord_1', { status: 404, json: failure('Order not found') })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const client = createKitClient({ endpoint: `${server.url}/api/ramp`, development: true })
    const error = await client.request('order', { params: { orderId: 'ord_1' } }).catch((e) => e)
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error).not.toBeInstanceOf(KitConfigurationError)
    expect(errors).not.toHaveBeenCalled()
  })
})

describe('the read queries', () => {
  const queryClient = () =>
    new QueryClient({ defaultOptions: { queries: { retry: retryKitRead, retryDelay: 0 } } })

  it('do not retry a configuration mistake', async () => {
    server.route('GET', '/api/ramp/config', { status: 404, text: NEXT_404 })
    const client = createKitClient({ endpoint: `${server.url}/api/ramp`, development: false })
    await expect(queryClient().fetchQuery(configQueryOptions(client))).rejects.toBeInstanceOf(
      KitConfigurationError,
    )
    expect(server.requests).toHaveLength(1)
  })

  it('still retry an outage, three times as TanStack does', async () => {
    server.route('GET', '/api/ramp/config', { status: 502, json: failure('unavailable') })
    const client = createKitClient({ endpoint: `${server.url}/api/ramp`, development: false })
    await expect(queryClient().fetchQuery(configQueryOptions(client))).rejects.toBeInstanceOf(
      RampApiError,
    )
    expect(server.requests).toHaveLength(4)
  })
})
