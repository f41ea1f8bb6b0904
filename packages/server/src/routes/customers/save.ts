import { saveCustomerRequest } from '@rampkit/core/internal'
import { ok } from '../../http/envelope.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { defineRoute } from '../define.js'
import { sessionOwner } from '../guards.js'
import { parseBody, parsedBody } from '../owned-body.js'
import { CREATE_LIMIT_NEEDS, customerCreateLimit } from './create-limit.js'
import { CUSTOMER_NEEDS, vaultError, vaultOf } from './vault.js'

/**
 * POST /customer: saves the profile; the first save creates the vault customer, under a limit
 * of its own (`customerCreateLimit`).
 */
export const saveCustomer = defineRoute({
  route: 'saveCustomer',
  guards: ['origin', 'session'],
  needs: [...CUSTOMER_NEEDS, ...CREATE_LIMIT_NEEDS, 'bodyLimitBytes'],
  // A body the kit refuses (422) is answered before the create limit counts it.
  middleware: (kit) => [
    limitBody({ maxBytes: kit.bodyLimitBytes }),
    parseBody(saveCustomerRequest),
    customerCreateLimit(kit),
  ],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const body = parsedBody(c, saveCustomerRequest)
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    try {
      return ok(c, await vault.vault.save(owner, body), 'Customer saved')
    } catch (error) {
      return vaultError(c, kit, error, 'saveCustomer')
    }
  },
})
