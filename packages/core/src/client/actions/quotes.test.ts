import {
  keOffRampAccepted,
  keOffRampByCustomerId,
  keOffRampLegacyInline,
  keOnRampAccepted,
  keOnRampByCustomerId,
  keOnRampInline,
  keOnRampQuote,
  ngOffRampBank,
  ngOnRampBank,
} from '@rampkit/test/published'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_KEY } from '../../../test/fixtures.js'
import { startTestServer, success, type TestServer } from '../../../test/httpServer.js'
import { fromQuote, quoteSides } from '../../checkout/requests.js'
import { RampInputError } from '../../errors/index.js'
import { createRampClient, type RampClient } from '../createRampClient.js'

/**
 * The binding quote and its accept against a local HTTP server answering the published shapes
 * (`@rampkit/test`'s `published/quotes.ts`): what core sends, byte for byte, and what it reads back.
 */
let server: TestServer
let client: RampClient

beforeAll(async () => {
  server = await startTestServer()
  client = createRampClient({ apiKey: SANDBOX_KEY, baseUrl: `${server.url}/api/v1`, retry: false })
})
afterEach(() => server.reset())
afterAll(() => server.close())

const QUOTE = '/api/v1/partner/orders/quote'

describe('createQuote in the published form', () => {
  it.each([
    ['a vault customer buying', keOnRampByCustomerId],
    ['a vault customer selling', keOffRampByCustomerId],
    ['an inline customer buying', keOnRampInline],
  ])('sends %s exactly as published and reads the answer', async (_name, body) => {
    server.route('POST', QUOTE, { status: 200, json: success(keOnRampQuote, 'Quote created') })
    const quote = await client.createQuote(body)
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]?.json).toEqual(body)
    expect(quote.amounts.user_receives).toEqual({
      amount: 18.94639562,
      currency: 'USDC',
      network: 'BASE',
    })
    // Fields core does not name (route, audit) reach the caller as sent.
    expect(quote).toMatchObject({
      route: { family: 'ramp_provider' },
      audit: { token_symbol: 'BASE_USDC' },
    })
  })

  it('shows the user exactly the quoted pay, receive and fees', () => {
    const sides = quoteSides({ order_type: 'OnRamp', amounts: keOnRampQuote.amounts })
    expect(sides).toEqual({
      rate: 129.84,
      fiat: { amount: 2500, currency: 'KES' },
      crypto: { amount: 18.94639562, currency: 'USDC', network: 'BASE' },
      feeLocal: 24.5,
    })
    const kept = fromQuote({ ...keOnRampQuote, order_type: 'OnRamp' })
    expect(kept).toMatchObject({ amountFiat: 2500, amountCrypto: 18.94639562, feeFiat: 24.5 })
  })

  it('sums fees as decimals, not floats', () => {
    const amounts = {
      rate: 1,
      user_pays: { amount: 1, currency: 'KES' },
      user_receives: { amount: 1, currency: 'USDC' },
      fees: { service_fee_local: 0.1, partner_fee_local: 0.2, service_fee_usd: 5 },
    }
    expect(quoteSides({ order_type: 'OnRamp', amounts }).feeLocal).toBe(0.3)
  })

  it.each([
    ['both customer forms', { ...keOnRampInline, customer_id: 'pcus_1' }, 'customer_id'],
    ['no customer', (({ customer: _c, ...rest }) => rest)(keOnRampInline), 'customer_id'],
    [
      'a refund address on a buy',
      { ...keOnRampByCustomerId, refund_address: keOffRampByCustomerId.refund_address },
      'refund_address',
    ],
    [
      'a wallet address on a sale',
      { ...keOffRampByCustomerId, wallet_address: keOnRampByCustomerId.wallet_address },
      'wallet_address',
    ],
    ['no asset', (({ asset: _a, ...rest }) => rest)(keOnRampByCustomerId), 'asset'],
    ['a top-level token that is no text', { ...keOnRampByCustomerId, token: 8453 }, 'token'],
    [
      'a Nigerian ID type that is not bvn',
      { ...ngOnRampBank, customer: { ...ngOnRampBank.customer, additional_id_type: 5 } },
      'customer.additional_id_type',
    ],
  ])('refuses %s before sending, on its field', async (_name, body, field) => {
    const error = await client.createQuote(body as never).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RampInputError)
    expect((error as RampInputError).field).toBe(field)
    expect(server.requests).toHaveLength(0)
  })
})

describe('createQuote passes what the service documents, and what core does not list', () => {
  it.each([
    ['the Nigerian bank buy (BVN with its type)', ngOnRampBank],
    ['the Nigerian bank sale', ngOffRampBank],
    ['the older KE sale (top-level rail, camelCase idNumber / idType)', keOffRampLegacyInline],
  ])('sends %s with every field as given', async (_name, body) => {
    server.route('POST', QUOTE, { status: 200, json: success(keOnRampQuote, 'Quote created') })
    await client.createQuote(body)
    expect(server.requests[0]?.json).toEqual(body)
  })

  it('sends a field core does not list, at every level, unchanged', async () => {
    server.route('POST', QUOTE, { status: 200, json: success(keOnRampQuote, 'Quote created') })
    const body = {
      ...ngOnRampBank,
      promo: { code: 'LAGOS10', stack: [1, 2] },
      asset: { ...ngOnRampBank.asset, chain_id: 8453 },
      customer: { ...ngOnRampBank.customer, nin: '12345678901' },
      payment_method: { ...ngOnRampBank.payment_method, bank_code: '044' },
    }
    await client.createQuote(body)
    expect(server.requests[0]?.json).toEqual(body)
  })

  it('sends the published accept fields (provider, rail) and another key as they are', async () => {
    const path = `/api/v1/partner/orders/${keOnRampQuote.quote_id}/accept`
    server.route('POST', path, { status: 200, json: success(keOnRampAccepted) })
    await client.acceptQuote({
      quote_id: keOnRampQuote.quote_id,
      provider: 'local fiat rail',
      rail: 'local_fiat',
      note: 'x',
    })
    expect(server.requests[0]?.json).toEqual({
      provider: 'local fiat rail',
      rail: 'local_fiat',
      note: 'x',
    })
  })
})

describe('acceptQuote in the published form', () => {
  it('reads the order under data.order', async () => {
    server.route('POST', `/api/v1/partner/orders/${keOnRampQuote.quote_id}/accept`, {
      status: 200,
      json: success(keOnRampAccepted, 'Partner order quote accepted'),
    })
    const accepted = await client.acceptQuote({ quote_id: keOnRampQuote.quote_id })
    expect(server.requests[0]?.json).toEqual({})
    expect(accepted).toMatchObject({
      alreadyAccepted: false,
      order_id: keOnRampAccepted.order.order_id,
      status: 'processing',
    })
  })

  it('hands an off-ramp its deposit address as crypto_deposit instructions', async () => {
    server.route('POST', `/api/v1/partner/orders/${keOffRampAccepted.quote_id}/accept`, {
      status: 200,
      json: success(keOffRampAccepted, 'Partner order quote accepted'),
    })
    const accepted = await client.acceptQuote({ quote_id: keOffRampAccepted.quote_id })
    expect(accepted).toMatchObject({
      status: 'pending',
      payment_instructions: { type: 'crypto_deposit', ...keOffRampAccepted.crypto_deposit },
    })
  })
})
