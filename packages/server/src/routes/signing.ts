import {
  completeSigningKeyRequest,
  revokeSigningKeyRequest,
  type SigningKeys,
  signingKeyChallengeRequest,
} from '@rampkit/core'
import type { Context, Hono } from 'hono'
import { parseWith, readJsonObject } from '../http/body.js'
import { fail, notFound, ok } from '../http/envelope.js'
import { upstreamError } from '../http/errors.js'
import { limitBody } from '../middleware/body-limit/index.js'
import type { KitContext, RampEnv } from './context.js'
import { mountRoute, sessionOwner } from './guards.js'
import { provenForSale, type SaleToken } from './sale-chain.js'

/**
 * Customer-signed accepts (the kit's `signedAccepts`, the service's optional non-custodial mode):
 * the end user's wallet is enrolled once as the signing key of their verified vault customer,
 * then signs each quote's `signing.typed_data`; the accept carries that signature.
 *
 * - POST /signing-keys/challenge `{ address }` starts the enrollment for the user's linked
 *   customer and answers the service's challenge (`key_id`, `expires_at`, `typed_data`) as is;
 *   the kit remembers which user started which `key_id`.
 * - POST /signing-keys/complete `{ key_id, signature }` completes a challenge this user started;
 *   the kit then counts the address as enrolled by this user (see `isSignerOfSession`).
 * - GET /signing-keys lists the keys of the user's customer.
 * - POST /signing-keys/:keyId/revoke revokes one of them (a lost or replaced wallet); the kit
 *   then no longer counts its address as enrolled by this user, and the service refuses
 *   accepts signed with it.
 *
 * Owner-only: a user's customer is the server's to name (the kit's customer links), never the
 * browser's. Without `signedAccepts` the routes are mounted all the same (the kit serves what
 * `KIT_API` describes): a signed-in user's well-formed request is answered 404
 * `signed_accepts_off`, after the body is checked like any other.
 */

/** What the kit keeps of a challenge it started, under its `key_id`. */
type ChallengeRecord = { owner: string; customer_id: string; address: string }
/** What the kit keeps of a wallet a user enrolled. */
type EnrolledRecord = { key_id: string; customer_id: string }

/** A challenge is remembered a little past the service's ~10 minutes, so its own answer wins. */
const CHALLENGE_MEMORY_MS = 15 * 60 * 1000
/** How long the kit counts an enrolled wallet as the user's: until replaced, at most a year. */
const ENROLLED_MEMORY_MS = 365 * 24 * 60 * 60 * 1000

/** The service's key ids (`skey_…`); anything else is no key of anyone's. */
const SIGNING_KEY_ID = /^skey_[A-Za-z0-9_-]{1,128}$/

const challengeKey = (keyId: string) => `rampkit:signing:challenge:${keyId}`
const enrolledKey = (owner: string, address: string) =>
  `rampkit:signing:enrolled:${encodeURIComponent(owner)}:${address.toLowerCase()}`

/** The user's vault customer id, from the kit's customer links; null when none yet. */
async function linkedCustomerId(kit: KitContext, owner: string): Promise<string | null> {
  const link = await kit.customers.links.get(owner)
  return link?.customerId ?? null
}

/**
 * Whether `address` may sign accepts for `owner`: a wallet this user enrolled through the kit
 * (for `customerId`, the quote's), or one this session has proven with the wallet check on the
 * chain of the quote's token (`sale`).
 */
export async function isSignerOfSession(
  kit: KitContext,
  owner: string,
  address: string,
  customerId: string | null,
  sale: SaleToken,
): Promise<boolean> {
  const saved = await kit.store.kvGet(enrolledKey(owner, address), kit.now())
  if (saved !== null) {
    const record = JSON.parse(saved) as EnrolledRecord
    if (customerId === null || record.customer_id === customerId) return true
  }
  return provenForSale(kit, owner, address, sale)
}

/** The answer when the user has no vault customer to enroll a wallet for. */
function noCustomer(c: Context) {
  return fail(
    c,
    409,
    'Verify your identity first: a wallet is enrolled for your verified customer profile.',
    { field: 'customer_id', code: 'customer_required' },
  )
}

/** The answer of a kit without signed accepts, once the request itself is checked. */
function signedAcceptsOff(c: Context) {
  return fail(c, 404, 'Signed accepts are not on for this app.', { code: 'signed_accepts_off' })
}

export function registerSigningRoutes(app: Hono<RampEnv>, kit: KitContext) {
  const bodyLimit = limitBody({ maxBytes: kit.bodyLimitBytes })

  mountRoute(app, kit, 'signingKeyChallenge', bodyLimit, async (c) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const body = await readJsonObject(c)
    if (!body.ok) return body.response
    const request = parseWith(c, signingKeyChallengeRequest, body.data)
    if (!request.ok) return request.response
    if (!kit.signedAccepts) return signedAcceptsOff(c)
    const customerId = await linkedCustomerId(kit, owner)
    if (customerId === null) return noCustomer(c)
    let challenge: Awaited<ReturnType<typeof kit.client.createSigningKeyChallenge>>
    try {
      challenge = await kit.client.createSigningKeyChallenge({
        customer_id: customerId,
        address: request.data.address,
      })
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'createSigningKeyChallenge' })
    }
    const record: ChallengeRecord = {
      owner,
      customer_id: customerId,
      address: challenge.address,
    }
    await kit.store.kvSet({
      key: challengeKey(challenge.key_id),
      value: JSON.stringify(record),
      ttlMs: CHALLENGE_MEMORY_MS,
    })
    return ok(c, challenge, 'Sign this in your wallet to enroll it', 201)
  })

  mountRoute(app, kit, 'completeSigningKey', bodyLimit, async (c) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const body = await readJsonObject(c)
    if (!body.ok) return body.response
    const request = parseWith(c, completeSigningKeyRequest, body.data)
    if (!request.ok) return request.response
    if (!kit.signedAccepts) return signedAcceptsOff(c)
    const saved = await kit.store.kvGet(challengeKey(request.data.key_id), kit.now())
    const record = saved === null ? null : (JSON.parse(saved) as ChallengeRecord)
    // Another user's challenge is refused exactly like an unknown or forgotten one.
    const customerId = await linkedCustomerId(kit, owner)
    if (record === null || record.owner !== owner || record.customer_id !== customerId) {
      return fail(
        c,
        422,
        'This wallet enrollment has expired or was not started here: enroll the wallet again.',
        { field: 'key_id', code: 'challenge_expired' },
      )
    }
    let key: Awaited<ReturnType<typeof kit.client.completeSigningKeyEnrollment>>
    try {
      key = await kit.client.completeSigningKeyEnrollment({
        customer_id: customerId,
        key_id: request.data.key_id,
        signature: request.data.signature,
      })
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'completeSigningKeyEnrollment' })
    }
    await kit.store.kvDelete(challengeKey(request.data.key_id))
    const enrolled: EnrolledRecord = { key_id: key.key_id, customer_id: customerId }
    await kit.store.kvSet({
      key: enrolledKey(owner, record.address),
      value: JSON.stringify(enrolled),
      ttlMs: ENROLLED_MEMORY_MS,
    })
    kit.logger.info('signing key enrolled', { key_id: key.key_id })
    return ok(c, key, 'Wallet enrolled')
  })

  mountRoute(app, kit, 'signingKeys', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!kit.signedAccepts) return signedAcceptsOff(c)
    const customerId = await linkedCustomerId(kit, sessionOwner(c))
    if (customerId === null) return ok(c, { keys: [] } satisfies SigningKeys)
    try {
      return ok(c, await kit.client.listSigningKeys({ customer_id: customerId }))
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'listSigningKeys' })
    }
  })

  mountRoute(app, kit, 'revokeSigningKey', bodyLimit, async (c) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const body = await readJsonObject(c, { optional: true })
    if (!body.ok) return body.response
    const request = parseWith(c, revokeSigningKeyRequest, body.data)
    if (!request.ok) return request.response
    if (!kit.signedAccepts) return signedAcceptsOff(c)
    const keyId = c.req.param('keyId')
    if (!SIGNING_KEY_ID.test(keyId)) return notFound(c, 'Signing key')
    const customerId = await linkedCustomerId(kit, owner)
    // Only a key of the user's own customer: the service refuses another customer's key, and
    // a user without a customer has none.
    if (customerId === null) return notFound(c, 'Signing key')
    let key: Awaited<ReturnType<typeof kit.client.revokeSigningKey>>
    try {
      key = await kit.client.revokeSigningKey({ customer_id: customerId, key_id: keyId })
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'revokeSigningKey' })
    }
    const enrolled = await kit.store.kvGet(enrolledKey(owner, key.address), kit.now())
    if (enrolled !== null && (JSON.parse(enrolled) as EnrolledRecord).key_id === key.key_id) {
      await kit.store.kvDelete(enrolledKey(owner, key.address))
    }
    kit.logger.info('signing key revoked', { key_id: key.key_id })
    return ok(c, key, 'Signing key revoked')
  })
}
