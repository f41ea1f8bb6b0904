import {
  activeSigningKey,
  CUSTOMER_ID,
  KEY_ID,
  revokedSigningKey,
  SIGNER,
  signingKeyChallenge,
  signingKeyList,
  signingKeyNotFound,
} from '@rampkit/test/published'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_KEY } from '../../../test/fixtures.js'
import { startTestServer, success, type TestServer } from '../../../test/httpServer.js'
import { NotFoundError, type RampInputError } from '../../errors/index.js'
import { createRampClient, type RampClient } from '../createRampClient.js'

/**
 * Signing keys (enrollment challenge and completion, list, revoke) against a local HTTP server
 * answering the shapes of the signed-accepts guide (`@rampkit/test`'s `published/signingKeys.ts`).
 */
let server: TestServer
let client: RampClient

beforeAll(async () => {
  server = await startTestServer()
  client = createRampClient({ apiKey: SANDBOX_KEY, baseUrl: server.url, retry: false })
})
afterEach(() => server.reset())
afterAll(() => server.close())

const KEYS = `/api/v1/partner/customers/${CUSTOMER_ID}/signing-keys`
const SIGNATURE = `0x${'ab'.repeat(65)}`

function only() {
  expect(server.requests).toHaveLength(1)
  const request = server.requests[0]
  if (!request) throw new Error('no request')
  return request
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a rejection')
}

describe('enrollment', () => {
  it('createSigningKeyChallenge POSTs the address and keeps the typed data as issued', async () => {
    server.route('POST', `${KEYS}/challenge`, {
      status: 201,
      json: success(signingKeyChallenge, 'Signing key challenge created'),
    })
    const data = await client.createSigningKeyChallenge({
      customer_id: CUSTOMER_ID,
      address: SIGNER,
    })
    const request = only()
    expect([request.method, request.path, request.json]).toEqual([
      'POST',
      `${KEYS}/challenge`,
      { address: SIGNER },
    ])
    expect(data).toEqual(signingKeyChallenge)
    // Opaque: every type, the domain and the message reach the wallet as the service sent them.
    expect(data.typed_data).toEqual(signingKeyChallenge.typed_data)
  })

  it('createSigningKeyChallenge refuses a non-EVM address before sending', async () => {
    const error = await rejection(
      client.createSigningKeyChallenge({
        customer_id: CUSTOMER_ID,
        address: 'GCFX7Q3ZQ2KJ5LSTELLARADDRESS',
      }),
    )
    expect((error as RampInputError).issues[0]?.field).toBe('address')
    expect(server.requests).toHaveLength(0)
  })

  it('completeSigningKeyEnrollment POSTs key_id and signature and parses the active key', async () => {
    server.route('POST', `${KEYS}/complete`, {
      json: success(activeSigningKey, 'Signing key activated'),
    })
    const data = await client.completeSigningKeyEnrollment({
      customer_id: CUSTOMER_ID,
      key_id: KEY_ID,
      signature: SIGNATURE,
    })
    const request = only()
    expect([request.method, request.path, request.json]).toEqual([
      'POST',
      `${KEYS}/complete`,
      { key_id: KEY_ID, signature: SIGNATURE },
    ])
    expect(data).toEqual(activeSigningKey)
    expect(data.next_nonce).toBe(1)
  })

  it.each([
    ['a key id without skey_', { key_id: 'key_1', signature: SIGNATURE }, 'key_id'],
    ['a short signature', { key_id: KEY_ID, signature: '0xabcd' }, 'signature'],
  ])('completeSigningKeyEnrollment refuses %s before sending', async (_, body, field) => {
    const error = await rejection(
      client.completeSigningKeyEnrollment({ customer_id: CUSTOMER_ID, ...body }),
    )
    expect((error as RampInputError).issues[0]?.field).toBe(field)
    expect(server.requests).toHaveLength(0)
  })
})

describe('list and revoke', () => {
  it('listSigningKeys GETs the keys; only the active one has next_nonce', async () => {
    server.route('GET', KEYS, { json: success(signingKeyList) })
    const data = await client.listSigningKeys({ customer_id: CUSTOMER_ID })
    expect([only().method, only().path]).toEqual(['GET', KEYS])
    expect(data).toEqual(signingKeyList)
    expect(data.keys.map((key) => key.next_nonce)).toEqual([1, undefined])
  })

  it('revokeSigningKey POSTs with no body and parses the revoked key', async () => {
    server.route('POST', `${KEYS}/${revokedSigningKey.key_id}/revoke`, {
      json: success(revokedSigningKey),
    })
    const data = await client.revokeSigningKey({
      customer_id: CUSTOMER_ID,
      key_id: revokedSigningKey.key_id,
    })
    const request = only()
    expect([request.method, request.body, request.headers['content-type']]).toEqual([
      'POST',
      '',
      undefined,
    ])
    expect(data).toMatchObject({ status: 'revoked', revoked_at: '2026-09-01T08:00:00+00:00' })
  })

  it('revokeSigningKey maps an unknown key to NotFoundError with field key_id', async () => {
    server.route('POST', `${KEYS}/${KEY_ID}/revoke`, { status: 404, json: signingKeyNotFound })
    const error = await rejection(
      client.revokeSigningKey({ customer_id: CUSTOMER_ID, key_id: KEY_ID }),
    )
    expect(error).toBeInstanceOf(NotFoundError)
    expect((error as NotFoundError).field).toBe('key_id')
  })
})
