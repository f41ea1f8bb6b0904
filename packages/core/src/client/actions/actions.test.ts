import { catalogAsMarkets, catalogAsTree } from '@rampkit/test/published'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  acceptedOrderData,
  banksData,
  catalogData,
  corridorsData,
  createdOrderData,
  createOrderBody,
  indicativeRatesData,
  metaTokensData,
  orderListData,
  partnerOrderData,
  paymentMethodsData,
  quoteData,
  quoteRequestBody,
  SANDBOX_KEY,
  TX_HASH,
  tokenPreviewData,
  txOrderData,
  webhookTestData,
} from '../../../test/fixtures.js'
import { failure, startTestServer, success, type TestServer } from '../../../test/httpServer.js'
import { createRampClient, type RampClient } from '../createRampClient.js'
import { getCatalog } from './getCatalog.js'

let server: TestServer
let client: RampClient

beforeAll(async () => {
  server = await startTestServer()
  client = createRampClient({ apiKey: SANDBOX_KEY, baseUrl: `${server.url}/`, retry: false })
})
afterEach(() => server.reset())
afterAll(() => server.close())

function only() {
  expect(server.requests).toHaveLength(1)
  const request = server.requests[0]
  if (!request) throw new Error('no request')
  return request
}

const P = '/api/v1/partner'

describe('partner discovery', () => {
  it('getIndicativeRates sends GET /partner/rates/indicative?fiat= and parses the rates', async () => {
    server.route('GET', `${P}/rates/indicative`, {
      json: success(indicativeRatesData, 'Non-binding'),
    })
    const data = await client.getIndicativeRates({ fiat: ['KES', 'NGN'] })
    const request = only()
    expect(request.method).toBe('GET')
    expect(request.query.get('fiat')).toBe('KES,NGN')
    expect(request.headers['x-api-key']).toBe(SANDBOX_KEY)
    expect(request.headers.accept).toBe('application/json')
    expect(data.rates[0]).toEqual({ currency: 'KES', buy: 129.1, sell: 128.4 })
    expect(data).toMatchObject({ extra_field: 'kept' })
  })

  it('getIndicativeRates takes a comma-separated string', async () => {
    server.route('GET', `${P}/rates/indicative`, { json: success(indicativeRatesData) })
    await client.getIndicativeRates({ fiat: 'KES,NGN' })
    expect(only().query.get('fiat')).toBe('KES,NGN')
  })

  it('getCorridors sends only the filters given, normalised', async () => {
    server.route('GET', `${P}/corridors`, { json: success(corridorsData) })
    const data = await client.getCorridors({ country: 'ke', order_type: 'OnRamp' })
    const request = only()
    expect(request.method).toBe('GET')
    expect([...request.query.entries()]).toEqual([
      ['country', 'KE'],
      ['order_type', 'OnRamp'],
    ])
    expect(data.african_markets[0]?.country).toBe('KE')
    expect(data.international_bank.currencies[0]?.currency).toBe('EUR')
  })

  it('getCatalog without filters asks for the full tree', async () => {
    server.route('GET', `${P}/catalog`, { json: success(catalogData) })
    const data = await client.getCatalog()
    expect(only().query.toString()).toBe('')
    const provider = data.onramp?.countries.KE?.payment_methods.mobile_money?.providers[0]
    expect(provider?.min_amount).toBe(100)
  })

  it('getCatalog works as a standalone action on the client', async () => {
    server.route('GET', `${P}/catalog`, { json: success(catalogData) })
    const data = await getCatalog(client, { currency: 'EUR' })
    expect(only().query.get('currency')).toBe('EUR')
    expect(data.disclaimer).toContain('Indicative')
  })

  it('getCatalog reads the african_markets[] form into the same tree', async () => {
    server.route('GET', `${P}/catalog`, { json: success(catalogAsMarkets) })
    const fromMarkets = await client.getCatalog()
    server.reset()
    server.route('GET', `${P}/catalog`, { json: success(catalogAsTree) })
    const { disclaimer: _, ...fromTree } = await client.getCatalog()
    expect(fromMarkets).toEqual(fromTree)
    expect(fromMarkets.onramp?.countries.KE?.payment_methods.bank?.label).toBe('Bank Transfer')
  })

  it('getBanks sends the corridor, direction and rail', async () => {
    server.route('GET', `${P}/banks`, { json: success(banksData) })
    const data = await client.getBanks({
      country: 'NG',
      currency: 'NGN',
      order_type: 'OffRamp',
      payment_method_type: 'bank',
    })
    expect(Object.fromEntries(only().query)).toEqual({
      country: 'NG',
      currency: 'NGN',
      order_type: 'OffRamp',
      payment_method_type: 'bank',
    })
    expect(data.banks[0]?.id).toBe(banksData.banks[0]?.id)
    expect(data.supported).toBe(true)
  })

  it('getBanks reads the list under institutions[] too, and answers it as banks', async () => {
    const { banks: list, ...rest } = banksData
    server.route('GET', `${P}/banks`, { json: success({ ...rest, institutions: list }) })
    const data = await client.getBanks({
      country: 'NG',
      currency: 'NGN',
      order_type: 'OnRamp',
      payment_method_type: 'bank',
    })
    expect(data.banks).toEqual(list)
    expect('institutions' in data).toBe(false)
  })

  it('getOrderRequirements sends GET /partner/order-requirements with the corridor', async () => {
    server.route('GET', `${P}/order-requirements`, {
      json: success({
        context: { country: 'KE', currency: 'KES', order_type: 'OnRamp' },
        customer: ['name', 'phone', 'dob', 'id_number', 'id_type'],
        payment_method: ['type', 'phone_number', 'network_id'],
        order: ['wallet_address', 'local_amount', 'asset'],
      }),
    })
    const data = await client.getOrderRequirements({
      country: 'KE',
      currency: 'KES',
      order_type: 'OnRamp',
      payment_method_type: 'mobile_money',
    })
    const request = only()
    expect(Object.fromEntries(request.query)).toEqual({
      country: 'KE',
      currency: 'KES',
      order_type: 'OnRamp',
      payment_method_type: 'mobile_money',
    })
    expect(data.payment_method).toEqual(['type', 'phone_number', 'network_id'])
    expect(data.order).toContain('local_amount')
  })

  it('getPaymentMethods sends GET /partner/payment-methods', async () => {
    server.route('GET', `${P}/payment-methods`, { json: success(paymentMethodsData) })
    const data = await client.getPaymentMethods({ country: 'KE' })
    expect(only().query.get('country')).toBe('KE')
    expect(data.onramp.map((method) => method.type)).toEqual(['mobile_money', 'bank'])
    expect(data.onramp[0]?.networks[0]).toMatchObject({ name: 'M-Pesa', max_amount: 250000 })
    // A direction the answer leaves out reads as empty.
    expect(data.offramp).toEqual([])
  })
})

describe('partner quotes and orders', () => {
  it('createQuote POSTs the JSON body and parses the quote', async () => {
    server.route('POST', `${P}/orders/quote`, { json: success(quoteData) })
    const data = await client.createQuote(quoteRequestBody)
    const request = only()
    expect(request.method).toBe('POST')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.json).toMatchObject({
      ...quoteRequestBody,
      country: 'KE',
      currency: 'KES',
    })
    expect(data.quote_id).toBe('q_123')
    expect(data.expires_at).toBe(quoteData.expires_at)
  })

  it('acceptQuote POSTs {} to the published accept path, with an encoded quote id', async () => {
    server.route('POST', `${P}/orders/q%2F1%20x/accept`, { json: success(acceptedOrderData) })
    const data = await client.acceptQuote({ quote_id: 'q/1 x' })
    const request = only()
    expect(request.method).toBe('POST')
    expect(request.json).toEqual({})
    expect(data).toEqual({
      alreadyAccepted: false,
      order_id: 'ord_123',
      quote_id: 'q_123',
      status: 'processing',
      order: acceptedOrderData.order,
      payment_instructions: acceptedOrderData.accepted.payment_instructions,
    })
  })

  it('acceptQuote reads payment instructions where the guide puts them too', async () => {
    const { accepted, ...rest } = acceptedOrderData
    server.route('POST', `${P}/orders/q_123/accept`, {
      json: success({ ...rest, payment_instructions: { type: 'bank', reference: 'REF1' } }),
    })
    const data = await client.acceptQuote({ quote_id: 'q_123' })
    expect(accepted).toBeDefined()
    expect(data).toMatchObject({ payment_instructions: { type: 'bank', reference: 'REF1' } })
  })

  it('acceptQuote sends a customer-signed accept as signed_accept', async () => {
    server.route('POST', `${P}/orders/q_123/accept`, { json: success(acceptedOrderData) })
    await client.acceptQuote({ quote_id: 'q_123', signed_accept: { signature: '0xabcdef' } })
    expect(only().json).toEqual({ signed_accept: { signature: '0xabcdef' } })
  })

  it('getPartnerOrder GETs /partner/orders/{order_id}', async () => {
    server.route('GET', `${P}/orders/ord_123`, { json: success({ order: partnerOrderData }) })
    const data = await client.getPartnerOrder({ order_id: 'ord_123' })
    expect(only().method).toBe('GET')
    expect(data.status).toBe('settled')
    expect(data.created_at).toBe('2025-01-01T00:00:00.123456Z')
  })

  it("getPartnerOrder keeps a status beyond section 3 (the sandbox guide's pending_settlement) as data", async () => {
    server.route('GET', `${P}/orders/ord_123`, {
      json: success({ order: { ...partnerOrderData, status: 'pending_settlement' } }),
    })
    const data = await client.getPartnerOrder({ order_id: 'ord_123' })
    expect(data.status).toBe('pending_settlement')
  })
})

describe('root routes', () => {
  it('getTokenPreview GETs /quote without the API key', async () => {
    server.route('GET', '/quote', { json: success(tokenPreviewData) })
    const data = await client.getTokenPreview({ amount_fiat: 1500, token: 'USDC', order_type: 1 })
    const request = only()
    expect(request.headers['x-api-key']).toBeUndefined()
    expect(Object.fromEntries(request.query)).toEqual({
      amount_fiat: '1500',
      token: 'USDC',
      order_type: '1',
    })
    expect(data).toEqual(tokenPreviewData)
  })

  it('getTokenPreview works on a client without a key and leaves the default to the service', async () => {
    server.route('GET', '/quote', { json: success(tokenPreviewData) })
    const keyless = createRampClient({ baseUrl: server.url, environment: 'sandbox' })
    expect(keyless.hasApiKey).toBe(false)
    await keyless.getTokenPreview({ amount_fiat: 1500, token: 'USDT' })
    expect(only().query.has('order_type')).toBe(false)
  })

  it('createOrder POSTs /orders/create and accepts 201', async () => {
    server.route('POST', '/orders/create', {
      status: 201,
      json: success(createdOrderData, 'Order submitted'),
    })
    const data = await client.createOrder(createOrderBody)
    const request = only()
    expect(request.method).toBe('POST')
    expect(request.headers['x-api-key']).toBe(SANDBOX_KEY)
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.json).toEqual(createOrderBody)
    expect(data).toEqual(createdOrderData)
  })

  it('listMyOrders sends only what was given, under the name used', async () => {
    server.route('GET', '/orders/me', { json: success(orderListData, '1 orders') })
    const data = await client.listMyOrders({ status_filter: 'settled', limit: 50, offset: 50 })
    expect(Object.fromEntries(only().query)).toEqual({
      status_filter: 'settled',
      limit: '50',
      offset: '50',
    })
    expect(data[0]?.status).toBe('SETTLED')
  })

  it('listMyOrders without parameters sends no query', async () => {
    server.route('GET', '/orders/me', { json: success([]) })
    expect(await client.listMyOrders()).toEqual([])
    expect(only().query.toString()).toBe('')
  })

  it('listMyOrders sends status and order_type', async () => {
    server.route('GET', '/orders/me', { json: success([]) })
    await client.listMyOrders({ status: 'pending', order_type: 'offramp' })
    expect(Object.fromEntries(only().query)).toEqual({ status: 'pending', order_type: 'offramp' })
  })

  it('sendTestWebhook sends the raw body and signed headers, never the key', async () => {
    server.route('POST', '/webhooks/test', { json: success(webhookTestData) })
    const body = '{"order_id":"ord_1",  "status":"settled"}'
    const data = await client.sendTestWebhook({
      body,
      headers: {
        'X-Webhook-Signature': 't=1700000000,v1=abc=',
        'X-Webhook-Event': 'order.settled',
        'X-Webhook-Id': 'd1',
      },
    })
    const request = only()
    expect(request.body).toBe(body)
    expect(request.headers['x-webhook-signature']).toBe('t=1700000000,v1=abc=')
    expect(request.headers['x-webhook-event']).toBe('order.settled')
    expect(request.headers['x-webhook-id']).toBe('d1')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers['x-api-key']).toBeUndefined()
    expect(data).toEqual(webhookTestData)
  })

  it("sendTestWebhook keeps the caller's content type", async () => {
    server.route('POST', '/webhooks/test', { json: success(webhookTestData) })
    await client.sendTestWebhook({
      body: '{}',
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-webhook-signature': 's' },
    })
    expect(only().headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it('getTokens GETs /meta/tokens', async () => {
    server.route('GET', '/meta/tokens', { json: success(metaTokensData) })
    const data = await client.getTokens()
    only()
    expect(data.tokens[0]?.decimals).toBe(6)
  })

  it('getOrderByTxHash GETs /orders/tx/{tx_hash}', async () => {
    server.route('GET', `/orders/tx/${TX_HASH}`, { json: success(txOrderData) })
    const data = await client.getOrderByTxHash({ tx_hash: TX_HASH })
    only()
    expect(data.status).toBe('processing')
  })

  it('getOrderByTxHash keeps an unknown status as data', async () => {
    server.route('GET', `/orders/tx/${TX_HASH}`, {
      json: success({ ...txOrderData, status: 'pending_settlement' }),
    })
    expect((await client.getOrderByTxHash({ tx_hash: TX_HASH })).status).toBe('pending_settlement')
  })
})

describe('acceptQuote twice', () => {
  it('a 409 with order_id resolves with the existing order', async () => {
    server.route('POST', `${P}/orders/q_123/accept`, {
      status: 409,
      json: failure('Quote already accepted', { order_id: 'ord_123', status: 'processing' }),
    })
    const data = await client.acceptQuote({ quote_id: 'q_123' })
    expect(data).toEqual({
      alreadyAccepted: true,
      order_id: 'ord_123',
      quote_id: 'q_123',
      status: 'processing',
      message: 'Quote already accepted',
    })
  })

  it('a 409 with order_id and no status leaves status out', async () => {
    server.route('POST', `${P}/orders/q_123/accept`, {
      status: 409,
      json: failure('Quote already accepted', { order_id: 'ord_123' }),
    })
    const data = await client.acceptQuote({ quote_id: 'q_123' })
    expect(data.order_id).toBe('ord_123')
    expect('status' in data).toBe(false)
  })
})

describe('responses that do not match', () => {
  it('a success body with a wrong shape gives unexpected_response', async () => {
    server.route('GET', '/meta/tokens', { json: success({ tokens: 'nope' }) })
    const error = await client.getTokens().catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'UnexpectedResponseError',
      code: 'unexpected_response',
      status: 200,
    })
    expect((error as { issues: { field: string }[] }).issues[0]?.field).toBe('data.environment')
  })

  it('a 200 that is not JSON gives unexpected_response', async () => {
    server.route('GET', '/meta/tokens', { text: '<html>hello</html>' })
    await expect(client.getTokens()).rejects.toMatchObject({
      code: 'unexpected_response',
      message: expect.not.stringContaining('<html>'),
    })
  })
})
