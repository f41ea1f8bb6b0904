import { QueryClient, skipToken } from '@tanstack/query-core'
import { describe, expect, it } from 'vitest'
import { closedPortUrl, failure, success } from '../../../test/httpServer.js'
import { mutate, useKitTestServer } from '../../../test/kitServer.js'
import { NetworkError, RampApiError, ValidationError } from '../../errors/index.js'
import { createKitClient } from '../client.js'
import { hasBanking, isCustomerVerified } from '../status.js'
import {
  accountsQueryOptions,
  customerQueryOptions,
  depositInstructionsQueryOptions,
  openAccountMutationOptions,
  payoutBanksQueryOptions,
  saveCustomerMutationOptions,
  submitCustomerMutationOptions,
} from './customers.js'
import { rampKitKeys } from './keys.js'
import { uploadCustomerDocument, uploadDocumentMutationOptions } from './upload.js'

const kit = useKitTestServer({ 'x-csrf': 't1' })

describe('customer and account query options', () => {
  it('key every variant of the customer under one prefix, and send its query', async () => {
    kit.server.route('GET', '/api/ramp/customer', { json: success({ status: 'none' }) })
    const options = customerQueryOptions(kit.client, { customer_type: 'business', country: 'NG' })
    expect(options.queryKey.slice(0, 3)).toEqual(rampKitKeys.customer(kit.client.endpoint))
    await new QueryClient().fetchQuery(options)
    expect(Object.fromEntries(kit.server.requests[0]?.query ?? [])).toEqual({
      customer_type: 'business',
      country: 'NG',
    })
  })

  it('wait (no request) until the banking gate is open or an account is named', () => {
    expect(accountsQueryOptions(kit.client, false).queryFn).toBe(skipToken)
    expect(accountsQueryOptions(kit.client).queryFn).toBeTypeOf('function')
    expect(depositInstructionsQueryOptions(kit.client, undefined).queryFn).toBe(skipToken)
    expect(payoutBanksQueryOptions(kit.client, 7).queryFn).toBeTypeOf('function')
  })

  it("GET the accounts and an account's deposit instructions and payout banks", async () => {
    kit.server.route('GET', '/api/ramp/accounts', { json: success([{ id: 7 }]) })
    kit.server.route('GET', '/api/ramp/accounts/7/deposit-instructions', {
      json: success({ bank_name: 'Test Bank' }),
    })
    kit.server.route('GET', '/api/ramp/accounts/acc_9/payout-banks', {
      json: success({ banks: [] }),
    })
    const queryClient = new QueryClient()
    expect(await queryClient.fetchQuery(accountsQueryOptions(kit.client))).toEqual([{ id: 7 }])
    expect(await queryClient.fetchQuery(depositInstructionsQueryOptions(kit.client, 7))).toEqual({
      bank_name: 'Test Bank',
    })
    expect(await queryClient.fetchQuery(payoutBanksQueryOptions(kit.client, 'acc_9'))).toEqual({
      banks: [],
    })
    expect(kit.server.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/ramp/accounts',
      'GET /api/ramp/accounts/7/deposit-instructions',
      'GET /api/ramp/accounts/acc_9/payout-banks',
    ])
    // A numeric id and its string name one account: one cache entry, no second request.
    await queryClient.fetchQuery(depositInstructionsQueryOptions(kit.client, '7'))
    expect(kit.server.requests).toHaveLength(3)
    queryClient.clear()
  })

  it('reject deposit instructions still being provisioned as a 422', async () => {
    kit.server.route('GET', '/api/ramp/accounts/7/deposit-instructions', {
      status: 422,
      json: failure('The account is still being provisioned', { field: 'account_id' }),
    })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const instructions = queryClient.fetchQuery(depositInstructionsQueryOptions(kit.client, 7))
    await expect(instructions).rejects.toBeInstanceOf(ValidationError)
    await expect(instructions).rejects.toMatchObject({ status: 422, field: 'account_id' })
  })

  it("reach every variant of the customer through its prefix, as a write's answer does", async () => {
    kit.server.route('GET', '/api/ramp/customer', { json: success({ status: 'none' }) })
    const queryClient = new QueryClient()
    const plain = customerQueryOptions(kit.client)
    const business = customerQueryOptions(kit.client, { customer_type: 'business' })
    kit.server.route('GET', '/api/ramp/accounts', { json: success([{ id: 7 }]) })
    await queryClient.fetchQuery(plain)
    await queryClient.fetchQuery(business)
    await queryClient.fetchQuery(accountsQueryOptions(kit.client))
    queryClient.setQueriesData(
      { queryKey: rampKitKeys.customer(kit.client.endpoint) },
      { status: 'incomplete' },
    )
    expect(queryClient.getQueryData(plain.queryKey)).toEqual({ status: 'incomplete' })
    expect(queryClient.getQueryData(business.queryKey)).toEqual({ status: 'incomplete' })
    // The accounts are apart: a customer update leaves them as they were.
    expect(queryClient.getQueryData(accountsQueryOptions(kit.client).queryKey)).toEqual([{ id: 7 }])
    queryClient.clear()
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

describe('customer and account mutation options', () => {
  const individual = {
    customer_type: 'individual' as const,
    profile: { email: 'amina@example.com' },
  }

  it('save the profile as JSON to POST /customer and resolve to the customer', async () => {
    kit.server.route('POST', '/api/ramp/customer', { json: success({ status: 'incomplete' }) })
    expect(await mutate(saveCustomerMutationOptions(kit.client), individual)).toEqual({
      status: 'incomplete',
    })
    expect(kit.server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/ramp/customer',
      json: individual,
      headers: { 'content-type': 'application/json', 'x-csrf': 't1' },
    })
  })

  it('submit with an empty body, and reject an incomplete package naming what is missing', async () => {
    kit.server.route(
      'POST',
      '/api/ramp/customer/submit',
      { status: 422, json: failure('A document is missing', { field: 'identity' }) },
      { json: success({ status: 'pending_review' }) },
    )
    const incomplete = mutate(submitCustomerMutationOptions(kit.client), undefined)
    await expect(incomplete).rejects.toBeInstanceOf(ValidationError)
    await expect(incomplete).rejects.toMatchObject({ field: 'identity' })
    expect(await mutate(submitCustomerMutationOptions(kit.client), undefined)).toEqual({
      status: 'pending_review',
    })
    expect(kit.server.requests.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/api/ramp/customer/submit', ''],
      ['POST', '/api/ramp/customer/submit', ''],
    ])
  })

  it('open an account with its rail as the JSON body', async () => {
    kit.server.route('POST', '/api/ramp/accounts', { status: 201, json: success({ id: 7 }) })
    const rail = { asset_type: 'fiat' as const, currency: 'NGN' }
    expect(await mutate(openAccountMutationOptions(kit.client), rail)).toEqual({ id: 7 })
    expect(kit.server.requests[0]).toMatchObject({ method: 'POST', json: rail })
  })

  it('send each write once, even when the app retries mutations', async () => {
    const retrying = () =>
      new QueryClient({ defaultOptions: { mutations: { retry: 3, retryDelay: 0 } } })
    for (const path of ['/customer', '/customer/submit', '/accounts', '/customer/documents']) {
      kit.server.route('POST', `/api/ramp${path}`, { status: 503, json: failure('Down') })
    }
    const writes = [
      mutate(saveCustomerMutationOptions(kit.client), individual, retrying()),
      mutate(submitCustomerMutationOptions(kit.client), undefined, retrying()),
      mutate(
        openAccountMutationOptions(kit.client),
        { asset_type: 'fiat', currency: 'NGN' },
        retrying(),
      ),
      mutate(
        uploadDocumentMutationOptions(kit.client),
        { category: 'identity', file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) },
        retrying(),
      ),
    ]
    for (const write of writes) await expect(write).rejects.toMatchObject({ status: 503 })
    expect(kit.server.requests).toHaveLength(4)
  })
})

describe('uploadCustomerDocument (fetch, where there is no XMLHttpRequest)', () => {
  it("sends the file's bytes with its type, the client's headers and the category", async () => {
    kit.server.route('POST', '/api/ramp/customer/documents', {
      status: 201,
      json: success({ status: 'incomplete' }),
    })
    const progress: [number, number][] = []
    const customer = await uploadCustomerDocument(kit.client, {
      category: 'identity',
      side: 'front',
      file: new Blob(['%PDF-1.7 body'], { type: 'application/pdf' }),
      onProgress: (sent, total) => progress.push([sent, total]),
    })
    expect(customer).toEqual({ status: 'incomplete' })
    const sent = kit.server.requests[0]!
    expect(sent.body).toBe('%PDF-1.7 body')
    expect(sent.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-csrf': 't1' })
    expect(Object.fromEntries(sent.query)).toEqual({ category: 'identity', side: 'front' })
    expect(progress).toEqual([
      [0, 13],
      [13, 13],
    ])
  })

  it('rejects a refusal as RampApiError with its field', async () => {
    kit.server.route('POST', '/api/ramp/customer/documents', {
      status: 422,
      json: { status: 'error', message: 'Choose identity or address', data: { field: 'category' } },
    })
    const upload = uploadCustomerDocument(kit.client, {
      category: 'identity',
      file: new Blob(['%PDF-1.7 body'], { type: 'application/pdf' }),
    })
    await expect(upload).rejects.toBeInstanceOf(RampApiError)
    await expect(upload).rejects.toMatchObject({ status: 422, field: 'category' })
  })

  it.each([
    [
      'larger than 8 MiB',
      new Blob([new Uint8Array(8 * 1024 * 1024 + 1)], { type: 'application/pdf' }),
      413,
      'file',
    ],
    ['empty', new Blob([], { type: 'image/png' }), 422, 'file'],
    [
      'not the type it says (text as a PDF)',
      new Blob(['hello'], { type: 'application/pdf' }),
      422,
      'content_type',
    ],
    [
      'of a type the vault does not take',
      new Blob(['GIF89a'], { type: 'image/gif' }),
      422,
      'content_type',
    ],
  ])('refuses a file %s before sending, as the kit would', async (_, file, status, field) => {
    const upload = uploadCustomerDocument(kit.client, { category: 'identity', file })
    await expect(upload).rejects.toBeInstanceOf(RampApiError)
    await expect(upload).rejects.toMatchObject({ status, field })
    expect(kit.server.requests).toEqual([])
  })

  it('sends binary bytes exactly as the file holds them, an untyped file as the type its bytes show', async () => {
    kit.server.route('POST', '/api/ramp/customer/documents', {
      json: success({ status: 'incomplete' }),
    })
    // A PNG's signature: 0x89 and the CR LF bytes are what text handling would corrupt.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff])
    await uploadCustomerDocument(kit.client, { category: 'identity', file: new Blob([png]) })
    const sent = kit.server.requests[0]!
    expect(sent.bytes).toEqual(png)
    expect(sent.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': '10' })
  })

  it('as a mutation, sends the variables and resolves to the customer', async () => {
    kit.server.route('POST', '/api/ramp/customer/documents', {
      json: success({ status: 'incomplete' }),
    })
    const customer = await mutate(uploadDocumentMutationOptions(kit.client), {
      category: 'address',
      file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    })
    expect(customer).toEqual({ status: 'incomplete' })
    expect(Object.fromEntries(kit.server.requests[0]?.query ?? [])).toEqual({ category: 'address' })
  })

  it('rejects a 2xx that is not the envelope (a proxy page) instead of resolving', async () => {
    kit.server.route('POST', '/api/ramp/customer/documents', { text: '<html>OK</html>' })
    const progress: number[] = []
    const upload = uploadCustomerDocument(kit.client, {
      category: 'identity',
      file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      onProgress: (sent) => progress.push(sent),
    })
    await expect(upload).rejects.toBeInstanceOf(RampApiError)
    await expect(upload).rejects.toMatchObject({ status: 200, fromEnvelope: false })
    // Never reported as fully sent.
    expect(progress).toEqual([0])
  })

  it('rejects with NetworkError when the kit cannot be reached', async () => {
    const offline = createKitClient({ endpoint: `${await closedPortUrl()}/api/ramp` })
    const upload = uploadCustomerDocument(offline, {
      category: 'identity',
      file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    })
    await expect(upload).rejects.toBeInstanceOf(NetworkError)
  })

  it('rejects with the abort, not a network error, when the caller cancels', async () => {
    kit.server.route('POST', '/api/ramp/customer/documents', { hang: true })
    const controller = new AbortController()
    const upload = uploadCustomerDocument(kit.client, {
      category: 'identity',
      file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 20)
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' })
    await expect(upload).rejects.not.toBeInstanceOf(NetworkError)
  })
})
