import type { Context } from 'hono'
import { fail } from '../../http/envelope.js'
import type { RouteDeps } from '../define.js'
import { provenForSale, type SaleToken } from '../sale-chain.js'

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

/** What every signing-key route needs. */
export const SIGNING_NEEDS = [
  'client',
  'store',
  'now',
  'customers',
  'signedAccepts',
  'logger',
  'secrets',
] as const

/** What the kit keeps of a challenge it started, under its `key_id`. */
export type ChallengeRecord = { owner: string; customer_id: string; address: string }
/** What the kit keeps of a wallet a user enrolled. */
export type EnrolledRecord = { key_id: string; customer_id: string }

/** A challenge is remembered a little past the service's ~10 minutes, so its own answer wins. */
export const CHALLENGE_MEMORY_MS = 15 * 60 * 1000
/** How long the kit counts an enrolled wallet as the user's: until replaced, at most a year. */
export const ENROLLED_MEMORY_MS = 365 * 24 * 60 * 60 * 1000

/** The service's key ids (`skey_…`); anything else is no key of anyone's. */
export const SIGNING_KEY_ID = /^skey_[A-Za-z0-9_-]{1,128}$/

export const challengeKey = (keyId: string) => `rampkit:signing:challenge:${keyId}`
export const enrolledKey = (owner: string, address: string) =>
  `rampkit:signing:enrolled:${encodeURIComponent(owner)}:${address.toLowerCase()}`

/** The user's vault customer id, from the kit's customer links; null when none yet. */
export async function linkedCustomerId(
  kit: RouteDeps<'customers'>,
  owner: string,
): Promise<string | null> {
  const link = await kit.customers.links.get(owner)
  return link?.customerId ?? null
}

/**
 * Whether `address` may sign accepts for `owner`: a wallet this user enrolled through the kit
 * (for `customerId`, the quote's), or one this session has proven with the wallet check on the
 * chain of the quote's token (`sale`).
 */
export async function isSignerOfSession(
  kit: RouteDeps<'client' | 'cache' | 'logger' | 'store' | 'now'>,
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
export function noCustomer(c: Context) {
  return fail(
    c,
    409,
    'Verify your identity first: a wallet is enrolled for your verified customer profile.',
    { field: 'customer_id', code: 'customer_required' },
  )
}

/** The answer of a kit without signed accepts, once the request itself is checked. */
export function signedAcceptsOff(c: Context) {
  return fail(c, 404, 'Signed accepts are not on for this app.', { code: 'signed_accepts_off' })
}
