import type { SigningKeys } from '@rampkit/core'
import { ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { defineRoute } from '../define.js'
import { sessionOwner } from '../guards.js'
import { linkedCustomerId, SIGNING_NEEDS, signedAcceptsOff } from './keys.js'

/** GET /signing-keys: the keys of the user's customer (see `keys.ts` for the whole enrollment). */
export const signingKeys = defineRoute({
  route: 'signingKeys',
  guards: ['session'],
  needs: SIGNING_NEEDS,
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    if (!kit.signedAccepts) return signedAcceptsOff(c)
    const customerId = await linkedCustomerId(kit, sessionOwner(c))
    if (customerId === null) return ok(c, { keys: [] } satisfies SigningKeys)
    try {
      return ok(c, await kit.client.listSigningKeys({ customer_id: customerId }))
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'listSigningKeys' })
    }
  },
})
