import { MutationObserver, QueryClient, skipToken } from '@tanstack/query-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOrderBody } from '../../test-utils/fixtures.js'
import { startTestServer, success, type TestServer } from '../../test-utils/httpServer.js'
import { createKitClient, type KitClient } from '../client.js'
import { rampKitKeys } from './keys.js'
import {
  banksQueryOptions,
  catalogQueryOptions,
  corridorsQueryOptions,
  indicativeRatesQueryOptions,
  isOrderFinal,
  orderQueryOptions,
  ordersQueryOptions,
  paymentMethodsQueryOptions,
  tokenPreviewQueryOptions,
} from './reads.js'
import {
  acceptQuoteMutationOptions,
  createOrderMutationOptions,
  quoteMutationOptions,
} from './writes.js'

let server: TestServer
let client: KitClient
let endpoint: string

beforeAll(async () => {
  server = await startTestServer()
  endpoint = `${server.url}/api/ramp`
  client = createKitClient({ endpoint })
})
afterEach(() => server.reset())
afterAll(() => server.close())

describe('rampKitKeys', () => {
  it('scopes every key by endpoint so two kits on one page never share an entry', () => {
    expect(rampKitKeys.catalog('/a', { country: 'KE' })).toEqual([
      'rampkit',
      '/a',
      'catalog',
      { country: 'KE' },
    ])
    expect(rampKitKeys.order('/b', 'ord_1')).toEqual(['rampkit', '/b', 'order', 'ord_1'])
    expect(rampKitKeys.tokens('/a').slice(0, 2)).toEqual(rampKitKeys.all('/a'))
    expect(catalogQueryOptions(client).queryKey.slice(0, 2)).toEqual(rampKitKeys.all(endpoint))
  })
})

describe('query options', () => {
  it('fetch through a QueryClient and cache under their key', async () => {
    server.route('GET', '/api/ramp/catalog', { json: success({ onramp: { countries: {} } }) })
    const queryClient = new QueryClient()
    const options = catalogQueryOptions(client, { country: 'KE' })
    const data = await queryClient.fetchQuery(options)
    expect(data).toEqual({ onramp: { countries: {} } })
    expect(queryClient.getQueryData(options.queryKey)).toEqual(data)
    expect(server.requests[0]?.query.get('country')).toBe('KE')
    queryClient.clear()
  })

  it('skip the request until the inputs it needs are there', () => {
    expect(corridorsQueryOptions(client, {}).queryFn).toBe(skipToken)
    expect(corridorsQueryOptions(client, { currency: 'EUR' }).queryFn).toBeTypeOf('function')
    expect(banksQueryOptions(client, undefined).queryFn).toBe(skipToken)
    expect(paymentMethodsQueryOptions(client, undefined).queryFn).toBe(skipToken)
    expect(orderQueryOptions(client, undefined).queryFn).toBe(skipToken)
    expect(orderQueryOptions(client, 'ord_1').queryFn).toBeTypeOf('function')
    for (const amount_fiat of [0, -5, Number.NaN]) {
      const options = tokenPreviewQueryOptions(client, { amount_fiat, token: 'USDC' })
      expect(options.queryFn, String(amount_fiat)).toBe(skipToken)
    }
    expect(tokenPreviewQueryOptions(client, undefined).queryFn).toBe(skipToken)
    expect(indicativeRatesQueryOptions(client, undefined).queryFn).toBe(skipToken)
    expect(indicativeRatesQueryOptions(client, { fiat: '' }).queryFn).toBe(skipToken)
    expect(indicativeRatesQueryOptions(client, { fiat: 'NGN' }).queryFn).toBeTypeOf('function')
    expect(
      tokenPreviewQueryOptions(client, { amount_fiat: 1500, token: 'USDC' }).queryFn,
    ).toBeTypeOf('function')
  })

  it("send the end user's order filters as the query", async () => {
    server.route('GET', '/api/ramp/orders', { json: success([]) })
    const queryClient = new QueryClient()
    await queryClient.fetchQuery(ordersQueryOptions(client, { status: 'settled', limit: 10 }))
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({
      status: 'settled',
      limit: '10',
    })
    queryClient.clear()
  })
})

describe('mutation options', () => {
  it('are never retried: a double order moves money twice', () => {
    for (const options of [
      quoteMutationOptions(client),
      acceptQuoteMutationOptions(client),
      createOrderMutationOptions(client),
    ]) {
      expect(options.retry).toBe(false)
      expect(options.mutationKey?.slice(0, 2)).toEqual(rampKitKeys.all(endpoint))
    }
  })

  it('accept a quote with its idempotency key', async () => {
    server.route('POST', '/api/ramp/quotes/q_1/accept', { json: success({ id: 'ord_1' }) })
    const accept = new MutationObserver(new QueryClient(), acceptQuoteMutationOptions(client))
    const order = await accept.mutate({ quoteId: 'q_1', idempotencyKey: 'k1' })
    expect(order).toMatchObject({ id: 'ord_1' })
    expect(server.requests[0]).toMatchObject({ json: {}, headers: { 'idempotency-key': 'k1' } })
  })

  it('create a direct order with its body and idempotency key', async () => {
    server.route('POST', '/api/ramp/orders', { json: success({ id: '0xabc' }) })
    const create = new MutationObserver(new QueryClient(), createOrderMutationOptions(client))
    await create.mutate({ body: createOrderBody, idempotencyKey: 'k2' })
    expect(server.requests[0]).toMatchObject({
      json: createOrderBody,
      headers: { 'idempotency-key': 'k2' },
    })
  })
})

it('isOrderFinal: settled, failed and refunded end the stream and the polling', () => {
  expect(['settled', 'failed', 'refunded'].map(isOrderFinal)).toEqual([true, true, true])
  expect(
    ['pending', 'processing', 'pending_settlement', 'awaiting_review', undefined].map(isOrderFinal),
  ).toEqual([false, false, false, false, false])
  expect(isOrderFinal('SETTLED')).toBe(true)
})
