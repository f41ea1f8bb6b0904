import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createOrderBody,
  quoteData,
  quoteRequestBody,
  SANDBOX_KEY,
  TX_HASH,
} from '../../test/fixtures.js'
import { startTestServer, success, type TestServer } from '../../test/httpServer.js'
import { RampInputError } from '../errors/index.js'
import { acceptQuote } from './actions/acceptQuote.js'
import { createQuote } from './actions/createQuote.js'
import { getTokens } from './actions/getTokens.js'
import { createRampClient, type RampClient } from './createRampClient.js'
import { REQUEST_OPTION_NAMES, type RequestOptions } from './types.js'

let server: TestServer
let client: RampClient

beforeAll(async () => {
  server = await startTestServer()
  client = createRampClient({ apiKey: SANDBOX_KEY, baseUrl: server.url, retry: false })
})
afterEach(() => server.reset())
afterAll(() => server.close())

/** What a browser body could carry under an option's name, an aborted signal included. */
const VALUES: [string, () => unknown][] = [
  ['a string', () => 'x'],
  ['an object', () => ({ aborted: true, reason: 'x' })],
  ['a number', () => 1],
  ['null', () => null],
  ['true', () => true],
  ['an aborted AbortSignal', () => AbortSignal.abort(new Error('read as an option'))],
]

async function refusal(pending: Promise<unknown>): Promise<RampInputError> {
  const error = await pending.then(
    () => {
      throw new Error('resolved: the parameters were accepted')
    },
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(RampInputError)
  return error as RampInputError
}

/** Every action with parameters, called with valid ones, through the bound client. */
const ACTIONS: [
  string,
  Record<string, unknown>,
  (p: never, o?: RequestOptions) => Promise<unknown>,
][] = [
  ['getIndicativeRates', { fiat: 'KES' }, (p, o) => client.getIndicativeRates(p, o)],
  ['getCorridors', { country: 'KE' }, (p, o) => client.getCorridors(p, o)],
  ['getCatalog', { country: 'KE' }, (p, o) => client.getCatalog(p, o)],
  [
    'getBanks',
    { country: 'NG', currency: 'NGN', order_type: 'OffRamp', payment_method_type: 'bank' },
    (p, o) => client.getBanks(p, o),
  ],
  ['getPaymentMethods', { country: 'KE' }, (p, o) => client.getPaymentMethods(p, o)],
  [
    'getOrderRequirements',
    { country: 'KE', currency: 'KES', order_type: 'OnRamp' },
    (p, o) => client.getOrderRequirements(p, o),
  ],
  ['createQuote', quoteRequestBody, (p, o) => client.createQuote(p, o)],
  ['acceptQuote', { quote_id: 'q_123' }, (p, o) => client.acceptQuote(p, o)],
  ['getPartnerOrder', { order_id: 'ord_1' }, (p, o) => client.getPartnerOrder(p, o)],
  [
    'getCustomerRequirements',
    { type: 'individual' },
    (p, o) => client.getCustomerRequirements(p, o),
  ],
  [
    'createCustomer',
    { partner_customer_ref: 'u1', type: 'individual', profile: { first_name: 'Amina' } },
    (p, o) => client.createCustomer(p, o),
  ],
  ['listCustomers', { limit: 10 }, (p, o) => client.listCustomers(p, o)],
  ['getCustomer', { customer_id: 'pcus_1' }, (p, o) => client.getCustomer(p, o)],
  [
    'updateCustomer',
    { customer_id: 'pcus_1', profile: { last_name: 'Njeri' } },
    (p, o) => client.updateCustomer(p, o),
  ],
  [
    'uploadCustomerDocument',
    {
      customer_id: 'pcus_1',
      category: 'identity',
      content_type: 'application/pdf',
      content_base64: 'JVBERi0=',
    },
    (p, o) => client.uploadCustomerDocument(p, o),
  ],
  ['submitCustomer', { customer_id: 'pcus_1' }, (p, o) => client.submitCustomer(p, o)],
  ['revokeCustomer', { customer_id: 'pcus_1' }, (p, o) => client.revokeCustomer(p, o)],
  ['retryDepositAccount', { customer_id: 'pcus_1' }, (p, o) => client.retryDepositAccount(p, o)],
  [
    'openAccount',
    { customer_id: 'pcus_1', asset_type: 'fiat', currency: 'EUR' },
    (p, o) => client.openAccount(p, o),
  ],
  ['listAccounts', { customer_id: 'pcus_1' }, (p, o) => client.listAccounts(p, o)],
  ['getAccount', { customer_id: 'pcus_1', account_id: 7 }, (p, o) => client.getAccount(p, o)],
  [
    'getDepositInstructions',
    { customer_id: 'pcus_1', account_id: 7 },
    (p, o) => client.getDepositInstructions(p, o),
  ],
  [
    'createSigningKeyChallenge',
    { customer_id: 'pcus_1', address: '0x1111111111111111111111111111111111111111' },
    (p, o) => client.createSigningKeyChallenge(p, o),
  ],
  [
    'completeSigningKeyEnrollment',
    { customer_id: 'pcus_1', key_id: 'skey_1', signature: `0x${'ab'.repeat(65)}` },
    (p, o) => client.completeSigningKeyEnrollment(p, o),
  ],
  [
    'listPayoutBanks',
    { customer_id: 'pcus_1', account_id: 7 },
    (p, o) => client.listPayoutBanks(p, o),
  ],
  ['listSigningKeys', { customer_id: 'pcus_1' }, (p, o) => client.listSigningKeys(p, o)],
  [
    'revokeSigningKey',
    { customer_id: 'pcus_1', key_id: 'skey_1' },
    (p, o) => client.revokeSigningKey(p, o),
  ],
  ['getTokenPreview', { amount_fiat: 1500, token: 'USDC' }, (p, o) => client.getTokenPreview(p, o)],
  ['createOrder', createOrderBody, (p, o) => client.createOrder(p, o)],
  ['listMyOrders', { limit: 10 }, (p, o) => client.listMyOrders(p, o)],
  [
    'sendTestWebhook',
    { body: '{}', headers: { 'X-Webhook-Signature': 't=1,v1=x' } },
    (p, o) => client.sendTestWebhook(p, o),
  ],
  ['getOrderByTxHash', { tx_hash: TX_HASH }, (p, o) => client.getOrderByTxHash(p, o)],
]

describe('request options are never read from the parameters', () => {
  it('lists every key of RequestOptions', () => {
    const all: Required<RequestOptions> = { signal: new AbortController().signal }
    expect([...REQUEST_OPTION_NAMES].sort()).toEqual(Object.keys(all).sort())
  })

  it.each(VALUES)(
    'createQuote refuses `signal` as %s in its parameters, naming the field, and sends nothing',
    async (_, value) => {
      const error = await refusal(
        createQuote(client, { ...quoteRequestBody, signal: value() } as never),
      )
      expect(error.field).toBe('signal')
      expect(error.message).toBe('signal is not accepted: this request has no such field')
      expect(server.requests).toHaveLength(0)
    },
  )

  it('names a reserved key nested in the body by its path, before any other fault', async () => {
    const nested = await refusal(
      createQuote(client, {
        ...quoteRequestBody,
        payment_method: { ...quoteRequestBody.payment_method, signal: AbortSignal.abort() },
      } as never),
    )
    expect(nested.field).toBe('payment_method.signal')
    // The unknown key comes first even when a listed field is also wrong.
    const both = await refusal(
      acceptQuote(client, {
        quote_id: 'q_1',
        signed_accept: { signature: 'not hex' },
        signal: 'x',
      } as never),
    )
    expect(both.issues.map((issue) => issue.field)).toEqual(['signal', 'signed_accept.signature'])
    expect(server.requests).toHaveLength(0)
  })

  it('covers every operation of the client that takes parameters', () => {
    const methods = Object.entries(client)
      .filter(([name, value]) => typeof value === 'function' && name !== 'request')
      .map(([name]) => name)
      .filter((name) => name !== 'getTokens')
    expect(ACTIONS.map(([name]) => name).sort()).toEqual(methods.sort())
  })

  it.each(ACTIONS)('%s refuses every option name among its parameters', async (_, valid, call) => {
    for (const name of REQUEST_OPTION_NAMES) {
      for (const [label, value] of VALUES) {
        const error = await refusal(call({ ...valid, [name]: value() } as never))
        expect(error.field, `${name} as ${label}`).toBe(name)
      }
    }
    expect(server.requests).toHaveLength(0)
  })
})

describe('request options in their own argument', () => {
  it('createQuote(client, parameters, { signal }) aborts with the reason and sends nothing', async () => {
    server.route('POST', '/api/v1/partner/orders/quote', { json: success(quoteData) })
    const reason = new Error('user left')
    await expect(
      createQuote(client, quoteRequestBody, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason)
    expect(server.requests).toHaveLength(0)
    // The same parameters without the option go through.
    expect((await createQuote(client, quoteRequestBody)).quote_id).toBe(quoteData.quote_id)
    expect(server.requests).toHaveLength(1)
  })

  it('a bound method aborts a request in flight', async () => {
    server.route('POST', '/api/v1/partner/orders/quote', { hang: true })
    const controller = new AbortController()
    const pending = client.createQuote(quoteRequestBody, { signal: controller.signal })
    // Abort once the service holds the request, not after a fixed delay a loaded machine outruns.
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    controller.abort(new Error('cancelled'))
    await expect(pending).rejects.toThrow('cancelled')
    expect(server.requests).toHaveLength(1)
  })

  it.each(ACTIONS)('%s takes { signal } as its last argument', async (_, valid, call) => {
    const reason = new Error('stop')
    await expect(call(valid as never, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason)
    expect(server.requests).toHaveLength(0)
  })

  it('getTokens, which has no parameters, takes (client, options)', async () => {
    const reason = new Error('stop')
    await expect(getTokens(client, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason)
    await expect(client.getTokens({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason)
    expect(server.requests).toHaveLength(0)
  })
})
