import { revokeSigningKeyRequest } from '@rampkit/core/internal'
import { notFound, ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { defineRoute } from '../define.js'
import { readOwnedBody } from '../owned-body.js'
import {
  type EnrolledRecord,
  enrolledKey,
  linkedCustomerId,
  SIGNING_KEY_ID,
  SIGNING_NEEDS,
  signedAcceptsOff,
} from './keys.js'

/** POST /signing-keys/:keyId/revoke: revokes one of the user's keys (a lost or replaced wallet) (see `keys.ts` for the whole enrollment). */
export const revokeSigningKey = defineRoute({
  route: 'revokeSigningKey',
  guards: ['origin', 'session'],
  needs: [...SIGNING_NEEDS, 'bodyLimitBytes'],
  middleware: ({ bodyLimitBytes }) => [limitBody({ maxBytes: bodyLimitBytes })],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const request = await readOwnedBody(c, revokeSigningKeyRequest, { optional: true })
    if (!request.ok) return request.response
    const { owner } = request
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
  },
})
