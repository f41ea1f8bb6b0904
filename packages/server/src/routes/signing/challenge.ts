import { signingKeyChallengeRequest } from '@rampkit/core'
import { ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { defineRoute } from '../define.js'
import { readOwnedBody } from '../owned-body.js'
import {
  CHALLENGE_MEMORY_MS,
  type ChallengeRecord,
  challengeKey,
  linkedCustomerId,
  noCustomer,
  SIGNING_NEEDS,
  signedAcceptsOff,
} from './keys.js'

/** POST /signing-keys/challenge: starts enrolling the user's wallet for their linked customer (see `keys.ts` for the whole enrollment). */
export const signingKeyChallenge = defineRoute({
  route: 'signingKeyChallenge',
  guards: ['origin', 'session'],
  needs: [...SIGNING_NEEDS, 'bodyLimitBytes'],
  middleware: ({ bodyLimitBytes }) => [limitBody({ maxBytes: bodyLimitBytes })],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const request = await readOwnedBody(c, signingKeyChallengeRequest)
    if (!request.ok) return request.response
    const { owner } = request
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
  },
})
