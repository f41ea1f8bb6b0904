import { saveCustomerRequest } from '@rampkit/core/internal'
import { ok } from '../../http/envelope.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { defineRoute } from '../define.js'
import { readOwnedBody } from '../owned-body.js'
import { CUSTOMER_NEEDS, vaultError, vaultOf } from './vault.js'

/** POST /customer: saves the profile; the first save creates the vault customer */
export const saveCustomer = defineRoute({
  route: 'saveCustomer',
  guards: ['origin', 'session'],
  needs: [...CUSTOMER_NEEDS, 'bodyLimitBytes'],
  middleware: ({ bodyLimitBytes }) => [limitBody({ maxBytes: bodyLimitBytes })],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const parsed = await readOwnedBody(c, saveCustomerRequest)
    if (!parsed.ok) return parsed.response
    const { owner } = parsed
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    try {
      return ok(c, await vault.vault.save(owner, parsed.data), 'Customer saved')
    } catch (error) {
      return vaultError(c, kit, error, 'saveCustomer')
    }
  },
})
