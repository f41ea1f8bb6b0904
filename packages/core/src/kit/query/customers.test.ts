import { QueryClient, skipToken } from '@tanstack/query-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { RampApiError } from '../../errors/index.js'
import { startTestServer, success, type TestServer } from '../../test-utils/httpServer.js'
import { createKitClient, type KitClient } from '../client.js'
import {
  accountsQueryOptions,
  customerQueryOptions,
  depositInstructionsQueryOptions,
  hasBanking,
  isCustomerVerified,
  payoutBanksQueryOptions,
  uploadCustomerDocument,
} from './customers.js'
import { rampKitKeys } from './keys.js'

let server: TestServer
let client: KitClient

beforeAll(async () => {
  server = await startTestServer()
  client = createKitClient({ endpoint: `${server.url}/api/ramp`, headers: { 'x-csrf': 't1' } })
})
afterEach(() => server.reset())
afterAll(() => server.close())

describe('customer and account query options', () => {
  it('key every variant of the customer under one prefix, and send its query', async () => {
    server.route('GET', '/api/ramp/customer', { json: success({ status: 'none' }) })
    const options = customerQueryOptions(client, { customer_type: 'business', country: 'NG' })
    expect(options.queryKey.slice(0, 3)).toEqual(rampKitKeys.customer(client.endpoint))
    await new QueryClient().fetchQuery(options)
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({
      customer_type: 'business',
      country: 'NG',
    })
  })

  it('wait (no request) until the banking gate is open or an account is named', () => {
    expect(accountsQueryOptions(client, false).queryFn).toBe(skipToken)
    expect(accountsQueryOptions(client).queryFn).toBeTypeOf('function')
    expect(depositInstructionsQueryOptions(client, undefined).queryFn).toBe(skipToken)
    expect(payoutBanksQueryOptions(client, 7).queryFn).toBeTypeOf('function')
  })

  it('say who may quote (approved, active) and when the accounts open (ready as well)', () => {
    expect(
      [
        'none',
        'incomplete',
        'pending_review',
        'approved',
        'active',
        'rejected',
        'suspended',
        'x',
      ].map(isCustomerVerified),
    ).toEqual([false, false, false, true, true, false, false, false])
    expect(hasBanking({ status: 'approved', deposit_account_status: 'provisioning' })).toBe(false)
    expect(hasBanking({ status: 'approved', deposit_account_status: 'ready' })).toBe(true)
    expect(hasBanking({ status: 'rejected', deposit_account_status: 'ready' })).toBe(false)
  })
})

describe('uploadCustomerDocument (fetch, where there is no XMLHttpRequest)', () => {
  it("sends the file's bytes with its type, the client's headers and the category", async () => {
    server.route('POST', '/api/ramp/customer/documents', {
      status: 201,
      json: success({ status: 'incomplete' }),
    })
    const progress: [number, number][] = []
    const customer = await uploadCustomerDocument(client, {
      category: 'identity',
      side: 'front',
      file: new Blob(['%PDF-1.7 body'], { type: 'application/pdf' }),
      onProgress: (sent, total) => progress.push([sent, total]),
    })
    expect(customer).toEqual({ status: 'incomplete' })
    const sent = server.requests[0]!
    expect(sent.body).toBe('%PDF-1.7 body')
    expect(sent.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-csrf': 't1' })
    expect(Object.fromEntries(sent.query)).toEqual({ category: 'identity', side: 'front' })
    expect(progress).toEqual([
      [0, 13],
      [13, 13],
    ])
  })

  it('rejects a refusal as RampApiError with its field', async () => {
    server.route('POST', '/api/ramp/customer/documents', {
      status: 422,
      json: { status: 'error', message: 'The file is not a PDF', data: { field: 'file' } },
    })
    const upload = uploadCustomerDocument(client, {
      category: 'identity',
      file: new Blob(['hello'], { type: 'application/pdf' }),
    })
    await expect(upload).rejects.toBeInstanceOf(RampApiError)
    await expect(upload).rejects.toMatchObject({ status: 422, field: 'file' })
  })
})
