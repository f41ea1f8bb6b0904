import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOrderBody, quoteRequestBody, SANDBOX_KEY } from '../../test/fixtures.js'
import { failure, startTestServer, type TestServer } from '../../test/httpServer.js'
import {
  BadOrderTypeError,
  BadRequestError,
  ConflictError,
  CorridorNotConfiguredError,
  InsufficientAllowanceError,
  InsufficientBalanceError,
  NotFoundError,
  QuoteExpiredError,
  RampApiError,
  RampError,
  RateLimitedError,
  ServiceUnavailableError,
  TokenEnvironmentError,
  UnauthorizedError,
  UnknownTokenError,
  UpstreamUnavailableError,
  ValidationError,
} from '../errors/index.js'
import { createRampClient, type RampClient } from './createRampClient.js'

let server: TestServer
let client: RampClient
const NOW = Date.parse('2025-01-01T00:00:00Z')

beforeAll(async () => {
  server = await startTestServer()
  client = createRampClient({
    apiKey: SANDBOX_KEY,
    baseUrl: server.url,
    retry: false,
    now: () => NOW,
  })
})
afterEach(() => server.reset())
afterAll(() => server.close())

async function caught(promise: Promise<unknown>): Promise<RampApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RampApiError)
  expect(error).toBeInstanceOf(RampError)
  return error as RampApiError
}

const preview = () => client.getTokenPreview({ amount_fiat: 1500, token: 'USDC' })
const create = () => client.createOrder(createOrderBody)
const BIG = '123456789012345678901' // > 2^53

describe('section 7: GET /quote', () => {
  it('400 bad_order_type', async () => {
    server.route('GET', '/quote', {
      status: 400,
      json: failure('Invalid order_type', null, { code: 'bad_order_type' }),
    })
    const error = await caught(preview())
    expect(error).toBeInstanceOf(BadOrderTypeError)
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error).toMatchObject({ name: 'BadOrderTypeError', status: 400, code: 'bad_order_type' })
    expect(error.message).toBe('Invalid order_type')
    expect(error.data).toBeNull()
  })

  it('400 unknown_token (code inside data)', async () => {
    server.route('GET', '/quote', {
      status: 400,
      json: failure('Unknown token', { code: 'unknown_token' }),
    })
    const error = await caught(preview())
    expect(error).toBeInstanceOf(UnknownTokenError)
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error.code).toBe('unknown_token')
  })

  it('400 token_env_mismatch names the environment and data.token', async () => {
    server.route('GET', '/quote', {
      status: 400,
      json: failure(
        'Token BASE_USDC(Testnet) is not configured for production',
        { token: 'BASE_USDC(Testnet)' },
        { code: 'token_env_mismatch' },
      ),
    })
    const error = await caught(preview())
    expect(error).toBeInstanceOf(TokenEnvironmentError)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as TokenEnvironmentError).token).toBe('BASE_USDC(Testnet)')
    expect(error.message).toContain('production')
  })

  it('502 price provider error', async () => {
    server.route('GET', '/quote', { status: 502, json: failure('Price provider unavailable') })
    const error = await caught(preview())
    expect(error).toBeInstanceOf(UpstreamUnavailableError)
    expect(error.status).toBe(502)
  })

  it('429 with Retry-After in seconds', async () => {
    server.route('GET', '/quote', {
      status: 429,
      headers: { 'Retry-After': '7' },
      json: failure('Too many requests'),
    })
    const error = await caught(preview())
    expect(error).toBeInstanceOf(RateLimitedError)
    expect(error.retryAfter).toBe(7)
  })

  it('429 with Retry-After as an HTTP date', async () => {
    server.route('GET', '/quote', {
      status: 429,
      headers: { 'Retry-After': new Date(NOW + 30_000).toUTCString() },
      json: failure('Too many requests'),
    })
    const error = await caught(preview())
    expect(error).toBeInstanceOf(RateLimitedError)
    expect(error.retryAfter).toBe(30)
  })
})

describe('section 7: POST /orders/create', () => {
  it('400 token not configured for the environment, with data.token and a hint', async () => {
    server.route('POST', '/orders/create', {
      status: 400,
      json: failure('Token not configured for sandbox', {
        token: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
        hint: 'Use GET /meta/tokens',
      }),
    })
    const error = await caught(create())
    expect(error).toBeInstanceOf(TokenEnvironmentError)
    expect((error as TokenEnvironmentError).token).toBe(
      '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    )
    expect(error.data?.hint).toBe('Use GET /meta/tokens')
  })

  it('400 insufficient_allowance with required/current beyond 2^53 as strings', async () => {
    server.route('POST', '/orders/create', {
      status: 400,
      json: failure(
        'Insufficient allowance',
        { required: BIG, current: '5' },
        { code: 'insufficient_allowance' },
      ),
    })
    const error = await caught(create())
    expect(error).toBeInstanceOf(InsufficientAllowanceError)
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error.required).toBe(123456789012345678901n)
    expect(error.current).toBe(5n)
  })

  it('400 insufficient_allowance with required beyond 2^53 as a JSON integer', async () => {
    server.route('POST', '/orders/create', {
      status: 400,
      text: `{"status":"error","message":"Insufficient allowance","code":"insufficient_allowance","data":{"required":${BIG},"current":1000000}}`,
    })
    const error = await caught(create())
    expect(error).toBeInstanceOf(InsufficientAllowanceError)
    expect(error.required).toBe(123456789012345678901n)
    expect(error.current).toBe(1000000n)
  })

  it('400 balance too low with required/current', async () => {
    server.route('POST', '/orders/create', {
      status: 400,
      json: failure('Insufficient token balance', { required: 2500000, current: '1000000' }),
    })
    const error = await caught(create())
    expect(error).toBeInstanceOf(InsufficientBalanceError)
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error.required).toBe(2500000n)
    expect(error.current).toBe(1000000n)
  })

  it('401 Missing API key with data null', async () => {
    server.route('POST', '/orders/create', { status: 401, json: failure('Missing API key', null) })
    const error = await caught(create())
    expect(error).toBeInstanceOf(UnauthorizedError)
    expect(error).toMatchObject({ status: 401, message: 'Missing API key', data: null })
  })

  it('409 with order_id exposes orderId', async () => {
    server.route('POST', '/orders/create', {
      status: 409,
      json: failure('Conflict', { order_id: 'ord_9' }),
    })
    const error = await caught(create())
    expect(error).toBeInstanceOf(ConflictError)
    expect((error as ConflictError).orderId).toBe('ord_9')
  })
})

describe('section 7: quotes', () => {
  it.each([
    'payment_method.network_id',
    'payment_method.phone_number',
    'customer.name',
    'customer.dob',
    'customer.additional_id_number',
  ])('422 with data.field %s', async (field) => {
    server.route('POST', '/api/v1/partner/orders/quote', {
      status: 422,
      json: failure(`Invalid ${field}`, { field }),
    })
    const error = await caught(client.createQuote(quoteRequestBody))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.field).toBe(field)
    expect(error.status).toBe(422)
  })

  it('422 amount below the corridor minimum', async () => {
    server.route('POST', '/api/v1/partner/orders/quote', {
      status: 422,
      json: failure('Amount below the minimum of 100 KES', { field: 'amount_fiat' }),
    })
    const error = await caught(client.createQuote(quoteRequestBody))
    expect(error.field).toBe('amount_fiat')
  })

  it('410 quote expired', async () => {
    server.route('POST', '/api/v1/partner/orders/q_1/accept', {
      status: 410,
      json: failure('Quote expired'),
    })
    const error = await caught(client.acceptQuote({ quote_id: 'q_1' }))
    expect(error).toBeInstanceOf(QuoteExpiredError)
  })

  it('409 without order_id on accept throws ConflictError', async () => {
    server.route('POST', '/api/v1/partner/orders/q_1/accept', {
      status: 409,
      json: failure('Conflict'),
    })
    const error = await caught(client.acceptQuote({ quote_id: 'q_1' }))
    expect(error).toBeInstanceOf(ConflictError)
    expect((error as ConflictError).orderId).toBeUndefined()
  })
})

describe('section 4: discovery and account errors', () => {
  it('400 corridors without country or currency, data null', async () => {
    server.route('GET', '/api/v1/partner/corridors', {
      status: 400,
      json: failure('Give country or currency'),
    })
    const error = await caught(client.getCorridors())
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error.constructor).toBe(BadRequestError)
  })

  it('400 rates with data.field fiat', async () => {
    server.route('GET', '/api/v1/partner/rates/indicative', {
      status: 400,
      json: failure('Bad code', { field: 'fiat' }),
    })
    const error = await caught(client.getIndicativeRates({ fiat: 'KES' }))
    expect(error.field).toBe('fiat')
  })

  it('422 corridor not supported carries country and currency', async () => {
    server.route('GET', '/api/v1/partner/corridors', {
      status: 422,
      json: failure('Corridor not supported in sandbox', { country: 'GH', currency: 'GHS' }),
    })
    const error = await caught(client.getCorridors({ country: 'GH' }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.data).toEqual({ country: 'GH', currency: 'GHS' })
  })

  it('502 with upstream_http_status', async () => {
    server.route('GET', '/api/v1/partner/catalog', {
      status: 502,
      json: failure('Upstream unavailable', { upstream_http_status: 504 }),
    })
    const error = await caught(client.getCatalog())
    expect(error).toBeInstanceOf(UpstreamUnavailableError)
    expect(error.upstreamStatus).toBe(504)
  })

  it('503 corridor not configured', async () => {
    server.route('GET', '/api/v1/partner/catalog', {
      status: 503,
      json: failure('Corridor not configured on this environment', {
        country: 'NG',
        currency: 'NGN',
      }),
    })
    const error = await caught(client.getCatalog({ country: 'NG' }))
    expect(error).toBeInstanceOf(CorridorNotConfiguredError)
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error).toMatchObject({ country: 'NG', currency: 'NGN', status: 503 })
  })

  it('an enveloped 503 with Retry-After and no corridor is a transient ServiceUnavailableError', async () => {
    server.route('GET', '/api/v1/partner/catalog', {
      status: 503,
      headers: { 'Retry-After': '2' },
      json: failure('Service temporarily unavailable'),
    })
    const error = await caught(client.getCatalog({ country: 'NG' }))
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error).not.toBeInstanceOf(CorridorNotConfiguredError)
    expect(error).toMatchObject({ status: 503, retryAfter: 2 })
  })

  it('account not ready keeps data.deposit_account_status', async () => {
    server.route('GET', '/api/v1/partner/customers/pcus_1/accounts', {
      status: 409,
      json: failure('Deposit account is not ready', { deposit_account_status: 'pending' }),
    })
    const error = await caught(client.listAccounts({ customer_id: 'pcus_1' }))
    expect(error.data?.deposit_account_status).toBe('pending')
  })

  it('404 account not found, data null', async () => {
    server.route('GET', '/api/v1/partner/customers/pcus_1/accounts/9', {
      status: 404,
      json: failure('Account not found'),
    })
    const error = await caught(client.getAccount({ customer_id: 'pcus_1', account_id: 9 }))
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error.message).toBe('Account not found')
  })

  it('signing key not found carries data.field key_id', async () => {
    server.route('POST', '/api/v1/partner/customers/pcus_1/signing-keys/skey_9/revoke', {
      status: 404,
      json: failure('Signing key not found', { field: 'key_id' }),
    })
    const error = await caught(client.revokeSigningKey({ customer_id: 'pcus_1', key_id: 'skey_9' }))
    expect(error.field).toBe('key_id')
  })

  it('4.13 customer not found carries data.field customer_id', async () => {
    server.route('GET', '/api/v1/partner/customers/pcus_9/signing-keys', {
      status: 404,
      json: failure('Customer not found', { field: 'customer_id' }),
    })
    const error = await caught(client.listSigningKeys({ customer_id: 'pcus_9' }))
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error).toMatchObject({
      status: 404,
      message: 'Customer not found',
      field: 'customer_id',
    })
  })

  it('4.12 payout banks 422 validation error with data.field', async () => {
    server.route('GET', '/api/v1/partner/customers/pcus_1/accounts/1/payout-banks', {
      status: 422,
      json: failure('Payout banks need a fiat account', { field: 'account_id' }),
    })
    const error = await caught(client.listPayoutBanks({ customer_id: 'pcus_1', account_id: 1 }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({
      status: 422,
      message: 'Payout banks need a fiat account',
      field: 'account_id',
    })
  })

  it('payout banks 401 with data null', async () => {
    server.route('GET', '/api/v1/partner/customers/pcus_1/accounts/1/payout-banks', {
      status: 401,
      json: failure('Unauthorized'),
    })
    const error = await caught(client.listPayoutBanks({ customer_id: 'pcus_1', account_id: 1 }))
    expect(error).toBeInstanceOf(UnauthorizedError)
  })

  it('another status gives the base class with the request id', async () => {
    server.route('GET', '/meta/tokens', {
      status: 500,
      headers: { 'X-Request-Id': 'req_abc' },
      json: failure('Internal error'),
    })
    const error = await caught(client.getTokens())
    expect(error.constructor).toBe(RampApiError)
    expect(error).toMatchObject({ status: 500, requestId: 'req_abc' })
  })
})

describe('bodies that are not the envelope', () => {
  it('an HTML 502 page from a proxy gives the class and a generic message', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>'
    server.route('GET', '/api/v1/partner/catalog', {
      status: 502,
      text: html,
      headers: { 'Content-Type': 'text/html' },
    })
    const error = await caught(client.getCatalog())
    expect(error).toBeInstanceOf(UpstreamUnavailableError)
    expect(error.fromEnvelope).toBe(false)
    expect(error.message).not.toContain('<')
    expect(error.details).not.toContain('nginx')
    expect(error.details).toContain('text/html')
    expect(JSON.stringify(error)).not.toContain('nginx')
  })

  it('a gateway JSON 503 without the envelope is a transient ServiceUnavailableError', async () => {
    server.route('GET', '/api/v1/partner/catalog', {
      status: 503,
      json: { message: 'Service Unavailable' },
    })
    const error = await caught(client.getCatalog())
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error).not.toBeInstanceOf(CorridorNotConfiguredError)
  })

  it('an empty 401 is still UnauthorizedError', async () => {
    server.route('GET', '/meta/tokens', { status: 401 })
    const error = await caught(client.getTokens())
    expect(error).toBeInstanceOf(UnauthorizedError)
    expect(error.message).toContain('401')
  })
})
