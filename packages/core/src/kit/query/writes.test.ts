import { QueryClient } from '@tanstack/query-core'
import { describe, expect, it } from 'vitest'
import { createOrderBody, quoteData, quoteRequestBody, WALLET } from '../../../test/fixtures.js'
import { failure, success } from '../../../test/httpServer.js'
import { mutate, useKitTestServer } from '../../../test/kitServer.js'
import { QuoteExpiredError, RampApiError, ValidationError } from '../../errors/index.js'
import { rampKitKeys } from './keys.js'
import {
  acceptQuoteMutationOptions,
  createOrderMutationOptions,
  proveWalletMutationOptions,
  quoteMutationOptions,
} from './writes.js'

const kit = useKitTestServer()

describe('quoteMutationOptions', () => {
  it('POSTs the quote request as JSON and resolves to the binding quote', async () => {
    kit.server.route('POST', '/api/ramp/quotes', { status: 201, json: success(quoteData) })
    expect(await mutate(quoteMutationOptions(kit.client), quoteRequestBody)).toEqual(quoteData)
    expect(kit.server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/ramp/quotes',
      json: quoteRequestBody,
      headers: { 'content-type': 'application/json' },
    })
  })

  it('rejects a 422 naming the field to fix, and a 410 as an expired quote', async () => {
    kit.server.route(
      'POST',
      '/api/ramp/quotes',
      {
        status: 422,
        json: failure('Invalid phone number', { field: 'payment_method.phone_number' }),
      },
      { status: 410, json: failure('Quote expired') },
    )
    const invalid = mutate(quoteMutationOptions(kit.client), quoteRequestBody)
    await expect(invalid).rejects.toBeInstanceOf(ValidationError)
    await expect(invalid).rejects.toMatchObject({ field: 'payment_method.phone_number' })
    await expect(mutate(quoteMutationOptions(kit.client), quoteRequestBody)).rejects.toBeInstanceOf(
      QuoteExpiredError,
    )
  })
})

describe('acceptQuoteMutationOptions and createOrderMutationOptions', () => {
  it('accept a quote with its idempotency key', async () => {
    kit.server.route('POST', '/api/ramp/quotes/q_1/accept', { json: success({ id: 'ord_1' }) })
    const order = await mutate(acceptQuoteMutationOptions(kit.client), {
      quoteId: 'q_1',
      idempotencyKey: 'k1',
    })
    expect(order).toMatchObject({ id: 'ord_1' })
    expect(kit.server.requests[0]).toMatchObject({ json: {}, headers: { 'idempotency-key': 'k1' } })
  })

  it("send a signed accept's body", async () => {
    kit.server.route('POST', '/api/ramp/quotes/q_1/accept', { json: success({ id: 'ord_1' }) })
    const body = { signed_accept: { signature: '0xabcdef' } }
    await mutate(acceptQuoteMutationOptions(kit.client), {
      quoteId: 'q_1',
      idempotencyKey: 'k1',
      body,
    })
    expect(kit.server.requests[0]?.json).toEqual(body)
  })

  it('create a direct order with its body and idempotency key', async () => {
    kit.server.route('POST', '/api/ramp/orders', { json: success({ id: '0xabc' }) })
    await mutate(createOrderMutationOptions(kit.client), {
      body: createOrderBody,
      idempotencyKey: 'k2',
    })
    expect(kit.server.requests[0]).toMatchObject({
      method: 'POST',
      json: createOrderBody,
      headers: { 'idempotency-key': 'k2' },
    })
  })
})

describe('proveWalletMutationOptions', () => {
  const challenge = {
    address: WALLET,
    chain_id: 8453,
    message: 'example.com wants you to sign in with your Ethereum account:\nNonce: n1',
    expires_at: '2030-01-01T00:00:00Z',
  }

  it('asks for a challenge, has the wallet sign its message as sent, and proves with it', async () => {
    const proof = { address: WALLET, proven: true, expires_at: '2030-01-01T06:00:00Z' }
    kit.server.route('POST', '/api/ramp/wallets/challenge', { json: success(challenge) })
    kit.server.route('POST', '/api/ramp/wallets/proofs', { json: success(proof) })
    const signed: string[] = []
    const result = await mutate(proveWalletMutationOptions(kit.client), {
      address: WALLET,
      chainId: 8453,
      signMessage: async (message) => {
        signed.push(message)
        return '0x5151'
      },
    })
    expect(result).toEqual(proof)
    expect(signed).toEqual([challenge.message])
    expect(kit.server.requests.map(({ path, json }) => [path, json])).toEqual([
      ['/api/ramp/wallets/challenge', { address: WALLET, chain_id: 8453 }],
      ['/api/ramp/wallets/proofs', { message: challenge.message, signature: '0x5151' }],
    ])
  })

  it("sends no proof when the user declines to sign, and rejects with the wallet's error", async () => {
    kit.server.route('POST', '/api/ramp/wallets/challenge', { json: success(challenge) })
    const declined = new Error('User rejected the request.')
    const prove = mutate(proveWalletMutationOptions(kit.client), {
      address: WALLET,
      chainId: 8453,
      signMessage: () => Promise.reject(declined),
    })
    await expect(prove).rejects.toBe(declined)
    expect(kit.server.requests.map((request) => request.path)).toEqual([
      '/api/ramp/wallets/challenge',
    ])
  })

  it('asks no signature when the challenge is refused', async () => {
    kit.server.route('POST', '/api/ramp/wallets/challenge', {
      status: 403,
      json: failure('Origin not allowed'),
    })
    let asked = false
    const prove = mutate(proveWalletMutationOptions(kit.client), {
      address: WALLET,
      chainId: 8453,
      signMessage: async () => {
        asked = true
        return '0x5151'
      },
    })
    await expect(prove).rejects.toBeInstanceOf(RampApiError)
    await expect(prove).rejects.toMatchObject({ status: 403 })
    expect(asked).toBe(false)
  })
})

describe('every write', () => {
  // An app may retry its own mutations; a retried quote, accept or order must not follow.
  const retrying = () =>
    new QueryClient({ defaultOptions: { mutations: { retry: 3, retryDelay: 0 } } })
  const writes = [
    {
      name: 'quote',
      path: '/quotes',
      run: () => mutate(quoteMutationOptions(kit.client), quoteRequestBody, retrying()),
    },
    {
      name: 'accept',
      path: '/quotes/q_1/accept',
      run: () =>
        mutate(
          acceptQuoteMutationOptions(kit.client),
          { quoteId: 'q_1', idempotencyKey: 'k' },
          retrying(),
        ),
    },
    {
      name: 'create order',
      path: '/orders',
      run: () =>
        mutate(
          createOrderMutationOptions(kit.client),
          { body: createOrderBody, idempotencyKey: 'k' },
          retrying(),
        ),
    },
    {
      name: 'prove wallet',
      path: '/wallets/challenge',
      run: () =>
        mutate(
          proveWalletMutationOptions(kit.client),
          { address: WALLET, chainId: 1, signMessage: async () => '0x1' },
          retrying(),
        ),
    },
  ]

  it.each(writes)('$name is sent once, even when the app retries mutations', async (write) => {
    kit.server.route('POST', `/api/ramp${write.path}`, { status: 503, json: failure('Down') })
    await expect(write.run()).rejects.toMatchObject({ status: 503 })
    expect(kit.server.requests).toHaveLength(1)
  })

  it('is keyed under the kit of its endpoint', () => {
    for (const options of [
      quoteMutationOptions(kit.client),
      acceptQuoteMutationOptions(kit.client),
      createOrderMutationOptions(kit.client),
      proveWalletMutationOptions(kit.client),
    ]) {
      expect(options.mutationKey?.slice(0, 2)).toEqual(rampKitKeys.all(kit.endpoint))
    }
  })
})
