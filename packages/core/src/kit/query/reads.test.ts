import {
  QueryClient,
  QueryObserver,
  type QueryObserverResult,
  skipToken,
} from '@tanstack/query-core'
import { describe, expect, it } from 'vitest'
import { TOKEN_ADDRESS, TX_HASH } from '../../../test/fixtures.js'
import { failure, success } from '../../../test/httpServer.js'
import { useKitTestServer } from '../../../test/kitServer.js'
import { ValidationError } from '../../errors/index.js'
import { createKitClient } from '../client.js'
import { isOrderFinal } from '../status.js'
import { rampKitKeys } from './keys.js'
import {
  banksQueryOptions,
  catalogQueryOptions,
  configQueryOptions,
  corridorsQueryOptions,
  indicativeRatesQueryOptions,
  orderQueryOptions,
  orderRequirementsQueryOptions,
  ordersQueryOptions,
  paymentMethodsQueryOptions,
  tokenPreviewQueryOptions,
  tokensQueryOptions,
  walletProofQueryOptions,
} from './reads.js'

const kit = useKitTestServer()

// Errors surface at once instead of after the default three retries.
const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

/** Resolves with the observer's first result that is no longer pending. */
function settled<T>(observer: {
  subscribe(listener: (result: QueryObserverResult<T>) => void): () => void
}): Promise<QueryObserverResult<T>> {
  return new Promise((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (result.status !== 'pending') {
        unsubscribe()
        resolve(result)
      }
    })
  })
}

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
    expect(catalogQueryOptions(kit.client).queryKey.slice(0, 2)).toEqual(
      rampKitKeys.all(kit.endpoint),
    )
  })

  it('cache each argument apart, and one kit invalidates its own entries only', async () => {
    const other = createKitClient({ endpoint: `${kit.server.url}/other/ramp` })
    kit.server.route('GET', '/api/ramp/catalog', (request) => ({
      json: success({ country: request.query.get('country') }),
    }))
    kit.server.route('GET', '/other/ramp/tokens', { json: success({ tokens: [] }) })
    const queryClient = new QueryClient()
    const kenya = catalogQueryOptions(kit.client, { country: 'KE' })
    const nigeria = catalogQueryOptions(kit.client, { country: 'NG' })
    await queryClient.fetchQuery(kenya)
    await queryClient.fetchQuery(nigeria)
    await queryClient.fetchQuery(tokensQueryOptions(other))
    expect(queryClient.getQueryData(kenya.queryKey)).toEqual({ country: 'KE' })
    expect(queryClient.getQueryData(nigeria.queryKey)).toEqual({ country: 'NG' })

    await queryClient.invalidateQueries({ queryKey: rampKitKeys.all(kit.endpoint) })
    await queryClient.fetchQuery(kenya)
    await queryClient.fetchQuery(tokensQueryOptions(other))
    // Kenya asked again after the invalidation; the other kit's tokens came from the cache.
    expect(kit.server.requests.map((request) => request.path)).toEqual([
      '/api/ramp/catalog',
      '/api/ramp/catalog',
      '/other/ramp/tokens',
      '/api/ramp/catalog',
    ])
    queryClient.clear()
  })

  it("key a wallet's proof by its address in any case, so a proof just made is found", async () => {
    const queryClient = new QueryClient()
    const proof = { address: TOKEN_ADDRESS, proven: true, expires_at: '2030-01-01T00:00:00Z' }
    // What useWalletProof does after proving with the address as the wallet reports it.
    queryClient.setQueryData(walletProofQueryOptions(kit.client, TOKEN_ADDRESS).queryKey, proof)
    const lower = walletProofQueryOptions(kit.client, TOKEN_ADDRESS.toLowerCase())
    expect(await queryClient.fetchQuery(lower)).toEqual(proof)
    expect(kit.server.requests).toEqual([])
    queryClient.clear()
  })
})

describe('read query options', () => {
  const reads = [
    { name: 'config', options: () => configQueryOptions(kit.client), path: '/config', query: {} },
    { name: 'tokens', options: () => tokensQueryOptions(kit.client), path: '/tokens', query: {} },
    {
      name: 'catalog',
      options: () => catalogQueryOptions(kit.client),
      path: '/catalog',
      query: {},
    },
    {
      name: 'corridors',
      options: () => corridorsQueryOptions(kit.client, { country: 'KE', order_type: 'OnRamp' }),
      path: '/corridors',
      query: { country: 'KE', order_type: 'OnRamp' },
    },
    {
      name: 'banks',
      options: () =>
        banksQueryOptions(kit.client, {
          country: 'NG',
          currency: 'NGN',
          order_type: 'OnRamp',
          payment_method_type: 'bank',
        }),
      path: '/banks',
      query: { country: 'NG', currency: 'NGN', order_type: 'OnRamp', payment_method_type: 'bank' },
    },
    {
      name: 'payment methods',
      options: () =>
        paymentMethodsQueryOptions(kit.client, { currency: 'EUR', order_type: 'OffRamp' }),
      path: '/payment-methods',
      query: { currency: 'EUR', order_type: 'OffRamp' },
    },
    {
      name: 'order requirements',
      options: () =>
        orderRequirementsQueryOptions(kit.client, {
          country: 'KE',
          currency: 'KES',
          order_type: 'OnRamp',
          customer_type: 'user',
        }),
      path: '/order-requirements',
      query: { country: 'KE', currency: 'KES', order_type: 'OnRamp', customer_type: 'user' },
    },
    {
      name: 'rates',
      options: () => indicativeRatesQueryOptions(kit.client, { fiat: 'NGN,KES' }),
      path: '/rates',
      query: { fiat: 'NGN,KES' },
    },
    {
      name: 'preview',
      options: () =>
        tokenPreviewQueryOptions(kit.client, {
          amount_fiat: 1500,
          token: 'USDC',
          order_type: 'OnRamp',
        }),
      path: '/preview',
      query: { amount_fiat: '1500', token: 'USDC', order_type: 'OnRamp' },
    },
    {
      name: 'order by tx hash',
      options: () => orderQueryOptions(kit.client, TX_HASH),
      path: `/orders/${TX_HASH}`,
      query: {},
    },
    {
      name: 'orders',
      options: () => ordersQueryOptions(kit.client, { status: 'settled', limit: 10 }),
      path: '/orders',
      query: { status: 'settled', limit: '10' },
    },
    {
      name: 'wallet proof',
      options: () => walletProofQueryOptions(kit.client, TOKEN_ADDRESS),
      path: `/wallets/proofs/${TOKEN_ADDRESS}`,
      query: {},
    },
  ]

  it.each(reads)('$name: GET $path with its query, resolving to the data', async (read) => {
    kit.server.route('GET', `/api/ramp${read.path}`, { json: success({ read: read.name }) })
    const queryClient = new QueryClient()
    const options = read.options()
    expect(await queryClient.fetchQuery(options as never)).toEqual({ read: read.name })
    expect(kit.server.requests).toHaveLength(1)
    const sent = kit.server.requests[0]!
    expect(sent).toMatchObject({ method: 'GET', path: `/api/ramp${read.path}`, body: '' })
    expect(Object.fromEntries(sent.query)).toEqual(read.query)
    expect(queryClient.getQueryData(options.queryKey)).toEqual({ read: read.name })
    queryClient.clear()
  })

  it('keep an order id one path segment, so it cannot reach another route', async () => {
    kit.server.route('GET', '/api/ramp/orders/ord_1%2Fevents', { json: success({ id: 'ord_1' }) })
    await new QueryClient().fetchQuery(orderQueryOptions(kit.client, 'ord_1/events'))
    expect(kit.server.requests[0]?.path).toBe('/api/ramp/orders/ord_1%2Fevents')
  })

  it('serve catalog-like reads from the cache, and ask again for the orders', async () => {
    kit.server.route('GET', '/api/ramp/tokens', { json: success({ tokens: [] }) })
    kit.server.route('GET', '/api/ramp/orders', { json: success([]) })
    const queryClient = new QueryClient()
    for (let time = 0; time < 2; time++) {
      await queryClient.fetchQuery(tokensQueryOptions(kit.client))
      await queryClient.fetchQuery(ordersQueryOptions(kit.client))
    }
    expect(kit.server.requests.map((request) => request.path)).toEqual([
      '/api/ramp/tokens',
      '/api/ramp/orders',
      '/api/ramp/orders',
    ])
    queryClient.clear()
  })

  it("reject a refusal as the status's typed error, keeping the field to fix", async () => {
    kit.server.route('GET', '/api/ramp/preview', {
      status: 422,
      json: failure('amount_fiat is below the minimum', { field: 'amount_fiat' }),
    })
    const preview = noRetry().fetchQuery(
      tokenPreviewQueryOptions(kit.client, { amount_fiat: 1, token: 'USDC' }),
    )
    await expect(preview).rejects.toBeInstanceOf(ValidationError)
    await expect(preview).rejects.toMatchObject({
      status: 422,
      field: 'amount_fiat',
      message: 'amount_fiat is below the minimum',
    })
  })

  it('skip the request until the inputs it needs are there', () => {
    expect(corridorsQueryOptions(kit.client, {}).queryFn).toBe(skipToken)
    expect(corridorsQueryOptions(kit.client, { currency: 'EUR' }).queryFn).toBeTypeOf('function')
    expect(banksQueryOptions(kit.client, undefined).queryFn).toBe(skipToken)
    expect(paymentMethodsQueryOptions(kit.client, undefined).queryFn).toBe(skipToken)
    expect(orderRequirementsQueryOptions(kit.client, undefined).queryFn).toBe(skipToken)
    expect(orderQueryOptions(kit.client, undefined).queryFn).toBe(skipToken)
    expect(orderQueryOptions(kit.client, 'ord_1').queryFn).toBeTypeOf('function')
    expect(walletProofQueryOptions(kit.client, undefined).queryFn).toBe(skipToken)
    for (const amount_fiat of [0, -5, Number.NaN]) {
      const options = tokenPreviewQueryOptions(kit.client, { amount_fiat, token: 'USDC' })
      expect(options.queryFn, String(amount_fiat)).toBe(skipToken)
    }
    expect(tokenPreviewQueryOptions(kit.client, undefined).queryFn).toBe(skipToken)
    expect(indicativeRatesQueryOptions(kit.client, undefined).queryFn).toBe(skipToken)
    expect(indicativeRatesQueryOptions(kit.client, { fiat: '' }).queryFn).toBe(skipToken)
    expect(indicativeRatesQueryOptions(kit.client, { fiat: 'NGN' }).queryFn).toBeTypeOf('function')
    expect(
      tokenPreviewQueryOptions(kit.client, { amount_fiat: 1500, token: 'USDC' }).queryFn,
    ).toBeTypeOf('function')
  })

  it('send nothing while waiting, then one request once the input arrives', async () => {
    kit.server.route('GET', '/api/ramp/corridors', { json: success({ african_markets: [] }) })
    const queryClient = new QueryClient()
    const observer = new QueryObserver(queryClient, corridorsQueryOptions(kit.client, {}))
    const unsubscribe = observer.subscribe(() => {})
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(observer.getCurrentResult().fetchStatus).toBe('idle')
    expect(kit.server.requests).toEqual([])
    unsubscribe()

    observer.setOptions(corridorsQueryOptions(kit.client, { country: 'KE' }))
    const result = await settled(observer)
    expect(result.data).toEqual({ african_markets: [] })
    expect(kit.server.requests.map((request) => request.query.get('country'))).toEqual(['KE'])
    queryClient.clear()
  })
})

it('isOrderFinal: settled, failed and refunded end the stream and the polling', () => {
  expect(['settled', 'failed', 'refunded'].map(isOrderFinal)).toEqual([true, true, true])
  expect(
    ['pending', 'processing', 'pending_settlement', 'awaiting_review', undefined].map(isOrderFinal),
  ).toEqual([false, false, false, false, false])
  expect(isOrderFinal('SETTLED')).toBe(true)
})
