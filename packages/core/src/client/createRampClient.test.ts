import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  catalogData,
  createdOrderData,
  createOrderBody,
  LIVE_KEY,
  metaTokensData,
  quoteRequestBody,
  SANDBOX_KEY,
  TX_HASH,
  tokenPreviewData,
} from '../../test/fixtures.js'
import { startTestServer, success, type TestServer } from '../../test/httpServer.js'
import { ConfigurationError, EnvironmentMismatchError, RampInputError } from '../errors/index.js'
import { createRampClient, type RampClient } from './createRampClient.js'
import { environmentOfKey } from './environment.js'
import type { CreateRampClientParameters } from './types.js'

let server: TestServer
let client: RampClient
beforeAll(async () => {
  server = await startTestServer()
  client = createRampClient({ apiKey: SANDBOX_KEY, baseUrl: server.url, retry: false })
})
afterEach(() => server.reset())
afterAll(() => server.close())

function configError(options: Partial<CreateRampClientParameters>): ConfigurationError {
  try {
    createRampClient({ baseUrl: server.url, ...options } as CreateRampClientParameters)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError)
    return error as ConfigurationError
  }
  throw new Error('expected createRampClient to throw')
}

describe('environment from the key', () => {
  it('is_test_ is sandbox and is_live_ is production', () => {
    expect(createRampClient({ apiKey: SANDBOX_KEY, baseUrl: server.url }).environment).toBe(
      'sandbox',
    )
    expect(createRampClient({ apiKey: LIVE_KEY, baseUrl: server.url }).environment).toBe(
      'production',
    )
    expect(
      createRampClient({ apiKey: LIVE_KEY, environment: 'production', baseUrl: server.url })
        .environment,
    ).toBe('production')
    expect(environmentOfKey('nope')).toBeUndefined()
  })

  it('a mismatch or an unknown prefix is refused at creation, before any request', () => {
    expect(configError({ apiKey: SANDBOX_KEY, environment: 'production' })).toBeInstanceOf(
      EnvironmentMismatchError,
    )
    const unknown = configError({ apiKey: 'pk_123456' })
    expect(unknown).toBeInstanceOf(EnvironmentMismatchError)
    expect(unknown.reason).toBe('environment_mismatch')
    expect(unknown.message).toContain('is_test_')
    expect(server.requests).toHaveLength(0)
  })

  it('refuses an empty key, a key with inner spaces and an unknown environment', () => {
    expect(configError({ apiKey: '  ' }).reason).toBe('invalid_api_key')
    expect(configError({ apiKey: 'is_test_a b' }).reason).toBe('invalid_api_key')
    expect(configError({ apiKey: 42 as unknown as string }).reason).toBe('invalid_api_key')
    expect(
      configError({ environment: 'staging' as unknown as 'sandbox', apiKey: SANDBOX_KEY }).reason,
    ).toBe('invalid_option')
  })

  it('a key-less client keeps the environment it was given', () => {
    const keyless = createRampClient({ baseUrl: server.url, environment: 'production' })
    expect(keyless).toMatchObject({ environment: 'production', hasApiKey: false })
    expect(createRampClient({ baseUrl: server.url }).environment).toBeUndefined()
  })
})

describe('base address and options', () => {
  it('tolerates a trailing slash and keeps a path prefix', async () => {
    server.route('GET', '/ramp/api/v1/partner/catalog', { json: success(catalogData) })
    const prefixed = createRampClient({ apiKey: SANDBOX_KEY, baseUrl: `${server.url}/ramp//` })
    expect(prefixed.baseUrl).toBe(`${server.url}/ramp`)
    await prefixed.getCatalog()
    expect(server.requests[0]?.path).toBe('/ramp/api/v1/partner/catalog')
  })

  // The published base address ends in /api/v1; the interface description puts partner routes
  // at {base}/api/v1/partner and root routes (/orders, /quote, /meta) at {base}. A partner may
  // paste either form: both must reach the same URLs on the wire.
  it.each([
    ['the bare host', ''],
    ['the bare host with a trailing slash', '/'],
    ['the published form', '/api/v1'],
    ['the published form with a trailing slash', '/api/v1/'],
    ['the published form in capitals, slashes doubled', '/API/V1//'],
  ])('%s reaches the same partner and root URLs', async (_, suffix) => {
    server.route('GET', '/api/v1/partner/catalog', { json: success(catalogData) })
    server.route('GET', '/meta/tokens', { json: success(metaTokensData) })
    server.route('GET', '/quote', { json: success(tokenPreviewData) })
    server.route('POST', '/orders/create', { status: 201, json: success(createdOrderData) })
    const ramp = createRampClient({
      apiKey: SANDBOX_KEY,
      baseUrl: `${server.url}${suffix}`,
      retry: false,
    })
    expect(ramp.baseUrl).toBe(server.url)
    await ramp.getCatalog({ country: 'KE' })
    await ramp.getTokens()
    await ramp.getTokenPreview({ amount_fiat: 1500, token: 'USDC' })
    await ramp.createOrder(createOrderBody)
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/v1/partner/catalog',
      'GET /meta/tokens',
      'GET /quote',
      'POST /orders/create',
    ])
  })

  it('keeps a path prefix in front of /api/v1 and leaves a longer version alone', async () => {
    server.route('GET', '/ramp/api/v1/partner/catalog', { json: success(catalogData) })
    server.route('GET', '/ramp/meta/tokens', { json: success(metaTokensData) })
    const prefixed = createRampClient({
      apiKey: SANDBOX_KEY,
      baseUrl: `${server.url}/ramp/api/v1/`,
      retry: false,
    })
    expect(prefixed.baseUrl).toBe(`${server.url}/ramp`)
    await prefixed.getCatalog()
    await prefixed.getTokens()
    expect(server.requests.map((request) => request.path)).toEqual([
      '/ramp/api/v1/partner/catalog',
      '/ramp/meta/tokens',
    ])
    // Only a whole trailing `/api/v1` segment pair is the version: `/api/v10` is a prefix.
    const other = createRampClient({ apiKey: SANDBOX_KEY, baseUrl: `${server.url}/api/v10` })
    expect(other.baseUrl).toBe(`${server.url}/api/v10`)
  })

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['relative', '/api'],
    ['not http', 'ftp://example.com'],
    ['with credentials', 'https://user:pass@example.com'],
    ['with a query', 'https://example.com/?a=1'],
  ])('refuses a %s baseUrl', (_, baseUrl) => {
    expect(configError({ baseUrl: baseUrl as string }).reason).toBe('invalid_base_url')
  })

  it.each([
    { timeoutMs: 0 },
    { totalTimeoutMs: Number.NaN },
    { retry: { maxAttempts: 0 } },
    { retry: { maxAttempts: 1.5 } },
    { retry: { baseDelayMs: -1 } },
  ])('refuses the option %o', (options) => {
    expect(configError(options).reason).toBe('invalid_option')
  })

  it('needs a fetch', () => {
    vi.stubGlobal('fetch', undefined)
    try {
      expect(configError({}).message).toContain('fetch')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('uses an injected fetch', async () => {
    const calls: string[] = []
    const custom = createRampClient({
      apiKey: SANDBOX_KEY,
      baseUrl: server.url,
      fetch: (input, init) => {
        calls.push(String(input))
        return fetch(input, init)
      },
    })
    server.route('GET', '/meta/tokens', { json: success({ environment: 'sandbox', tokens: [] }) })
    await custom.getTokens()
    expect(calls).toEqual([`${server.url}/meta/tokens`])
  })
})

describe('operations that need a key', () => {
  it('throw missing_api_key on a key-less client without sending anything', async () => {
    const keyless = createRampClient({ baseUrl: server.url })
    const error = await keyless.getCatalog().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigurationError)
    expect(error).toMatchObject({ reason: 'missing_api_key' })
    expect((error as Error).message).toContain('getCatalog needs an API key')
    await expect(keyless.createOrder(createOrderBody)).rejects.toMatchObject({
      reason: 'missing_api_key',
    })
    expect(server.requests).toHaveLength(0)
  })
})

describe('parameters are validated before sending', () => {
  const cases: [string, () => Promise<unknown>, string][] = [
    ['listMyOrders limit 500', () => client.listMyOrders({ limit: 500 }), 'limit'],
    ['listMyOrders limit 0', () => client.listMyOrders({ limit: 0 }), 'limit'],
    ['listMyOrders offset -1', () => client.listMyOrders({ offset: -1 }), 'offset'],
    [
      'listMyOrders unknown status',
      () => client.listMyOrders({ status: 'PENDING' as 'pending' }),
      'status',
    ],
    ['getCustomer without pcus_', () => client.getCustomer({ customer_id: 'abc' }), 'customer_id'],
    [
      'getAccount id 0',
      () => client.getAccount({ customer_id: 'pcus_1', account_id: 0 }),
      'account_id',
    ],
    [
      'listPayoutBanks id abc',
      () => client.listPayoutBanks({ customer_id: 'pcus_1', account_id: 'abc' }),
      'account_id',
    ],
    ['listAccounts', () => client.listAccounts({ customer_id: '' }), 'customer_id'],
    ['listSigningKeys', () => client.listSigningKeys({ customer_id: 'x' }), 'customer_id'],
    [
      'revokeSigningKey without skey_',
      () => client.revokeSigningKey({ customer_id: 'pcus_1', key_id: 'key' }),
      'key_id',
    ],
    [
      'createQuote phone too long',
      () =>
        client.createQuote({
          ...quoteRequestBody,
          payment_method: { ...quoteRequestBody.payment_method, phone_number: '1'.repeat(40) },
        }),
      'payment_method.phone_number',
    ],
    [
      'createQuote with both amounts',
      () => client.createQuote({ ...quoteRequestBody, crypto_amount: 10 }),
      'local_amount',
    ],
    [
      'createQuote with a vault customer and an inline one',
      () => client.createQuote({ ...quoteRequestBody, customer_id: 'pcus_a1' }),
      'customer_id',
    ],
    [
      'createQuote selling without a refund address',
      () => {
        const { wallet_address: _wallet, local_amount: _amount, ...rest } = quoteRequestBody
        return client.createQuote({ ...rest, order_type: 'OffRamp', crypto_amount: 20 })
      },
      'refund_address',
    ],
    [
      'createQuote paying a fraction of a shilling',
      () => client.createQuote({ ...quoteRequestBody, local_amount: 1500.5 }),
      'local_amount',
    ],
    ['acceptQuote without id', () => client.acceptQuote({ quote_id: '' }), 'quote_id'],
    [
      'acceptQuote signature not hex',
      () => client.acceptQuote({ quote_id: 'q', signed_accept: { signature: 'sig' } }),
      'signed_accept.signature',
    ],
    ['getPartnerOrder without id', () => client.getPartnerOrder({ order_id: '' }), 'order_id'],
    [
      'getBanks country of 3 letters',
      () =>
        client.getBanks({
          country: 'KEN',
          currency: 'KES',
          order_type: 'OnRamp',
          payment_method_type: 'bank',
        }),
      'country',
    ],
    [
      'getCorridors bad order_type',
      () => client.getCorridors({ order_type: 'Buy' as 'OnRamp' }),
      'order_type',
    ],
    ['getCatalog bad currency', () => client.getCatalog({ currency: 'EURO' }), 'currency'],
    ['getPaymentMethods bad country', () => client.getPaymentMethods({ country: '1' }), 'country'],
    [
      'getOrderRequirements without order_type',
      () =>
        client.getOrderRequirements({ country: 'KE', currency: 'KES' } as Parameters<
          typeof client.getOrderRequirements
        >[0]),
      'order_type',
    ],
    ['getIndicativeRates bad code', () => client.getIndicativeRates({ fiat: 'KES,EURO' }), 'fiat'],
    [
      'createOrder bad address',
      () => client.createOrder({ ...createOrderBody, user_address: '0x12' }),
      'user_address',
    ],
    [
      'createOrder order_type 2',
      () => client.createOrder({ ...createOrderBody, order_type: 2 as 0 }),
      'order_type',
    ],
    [
      'createOrder amount 0',
      () =>
        client.createOrder({
          ...createOrderBody,
          fiat_payload: { ...createOrderBody.fiat_payload, amount_fiat: 0 },
        }),
      'fiat_payload.amount_fiat',
    ],
    [
      'createCustomer bad email',
      () =>
        client.createCustomer({
          partner_customer_ref: 'r',
          type: 'individual',
          profile: { first_name: 'A', last_name: 'B', email: 'nope' },
        }),
      'profile.email',
    ],
    ['getOrderByTxHash bad hash', () => client.getOrderByTxHash({ tx_hash: '0x1' }), 'tx_hash'],
    [
      'getTokenPreview amount -1',
      () => client.getTokenPreview({ amount_fiat: -1, token: 'USDC' }),
      'amount_fiat',
    ],
    [
      'sendTestWebhook without signature',
      () => client.sendTestWebhook({ body: '{}', headers: {} }),
      'headers',
    ],
    [
      'sendTestWebhook with X-API-Key',
      () =>
        client.sendTestWebhook({
          body: '{}',
          headers: { 'X-Webhook-Signature': 's', 'x-api-key': SANDBOX_KEY },
        }),
      'headers',
    ],
    [
      'sendTestWebhook with a non-object body',
      () => client.sendTestWebhook({ body: '[1]', headers: { 'X-Webhook-Signature': 's' } }),
      'body',
    ],
    [
      'sendTestWebhook with a non-JSON body',
      () => client.sendTestWebhook({ body: 'nope', headers: { 'X-Webhook-Signature': 's' } }),
      'body',
    ],
  ]

  it.each(cases)('%s -> RampInputError on the service field', async (_, call, field) => {
    const error = await call().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RampInputError)
    expect((error as RampInputError).field).toBe(field)
    expect((error as RampInputError).issues.length).toBeGreaterThan(0)
    expect(server.requests).toHaveLength(0)
  })

  it('names the field in the message when the schema message does not', async () => {
    const error = (await client
      .getCustomer({ customer_id: undefined as unknown as string })
      .catch((e: unknown) => e)) as RampInputError
    expect(error.field).toBe('customer_id')
    expect(error.message).toMatch(/^customer_id: /)
  })

  it('accepts a valid tx hash', async () => {
    server.route('GET', `/orders/tx/${TX_HASH}`, {
      json: success({ tx_hash: TX_HASH, status: 'submitted' }),
    })
    await expect(client.getOrderByTxHash({ tx_hash: TX_HASH })).resolves.toMatchObject({
      status: 'submitted',
    })
  })
})

describe('request with a known answer', () => {
  it('hands back the known answer for the same bytes, parses different ones, and keeps the text', async () => {
    const text = JSON.stringify(success(catalogData))
    server.route('GET', '/api/v1/partner/catalog', { text })
    const request = {
      operation: 'getCatalog',
      method: 'GET',
      scope: 'partner',
      path: '/catalog',
      auth: 'apiKey',
      retry: 'idempotent',
      schema: z.unknown(),
    } as const
    const first = await client.request(request)
    expect(first.text).toBe(text)
    expect(first.data).toEqual(catalogData)
    // The same bytes: the very value parsed before, not a new parse.
    const again = await client.request({ ...request, known: first })
    expect(again.data).toBe(first.data)
    expect(again.text).toBe(text)
    // Other bytes: parsed and validated as ever.
    server.route('GET', '/api/v1/partner/catalog', { json: success({ onramp: null }) })
    const changed = await client.request({ ...request, known: first })
    expect(changed.data).toEqual({ onramp: null })
    expect(changed.data).not.toBe(first.data)
    // An error answer is an error whatever is known.
    server.route('GET', '/api/v1/partner/catalog', {
      status: 422,
      json: { status: 'error', message: 'bad', data: { field: 'country' } },
    })
    await expect(client.request({ ...request, known: first })).rejects.toMatchObject({
      status: 422,
    })
  })
})
