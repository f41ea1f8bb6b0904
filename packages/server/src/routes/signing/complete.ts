import { completeSigningKeyRequest } from '@rampkit/core'
import { fail, ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { defineRoute } from '../define.js'
import { readOwnedBody } from '../owned-body.js'
import {
  type ChallengeRecord,
  challengeKey,
  ENROLLED_MEMORY_MS,
  type EnrolledRecord,
  enrolledKey,
  linkedCustomerId,
  SIGNING_NEEDS,
  signedAcceptsOff,
} from './keys.js'

/** POST /signing-keys/complete: completes a challenge this user started (see `keys.ts` for the whole enrollment). */
export const completeSigningKey = defineRoute({
  route: 'completeSigningKey',
  guards: ['origin', 'session'],
  needs: [...SIGNING_NEEDS, 'bodyLimitBytes'],
  middleware: ({ bodyLimitBytes }) => [limitBody({ maxBytes: bodyLimitBytes })],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const request = await readOwnedBody(c, completeSigningKeyRequest)
    if (!request.ok) return request.response
    const { owner } = request
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
  },
})
