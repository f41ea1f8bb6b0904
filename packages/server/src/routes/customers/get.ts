import { kitCustomerQuery } from '@rampkit/core/internal'
import { parseQuery } from '../../http/body.js'
import { ok } from '../../http/envelope.js'
import { defineRoute } from '../define.js'
import { sessionOwner } from '../guards.js'
import { CUSTOMER_NEEDS, vaultError, vaultOf } from './vault.js'

/** GET /customer: the user's customer view (see `events.ts` for the whole resource) */
export const getCustomer = defineRoute({
  route: 'customer',
  guards: ['session'],
  needs: CUSTOMER_NEEDS,
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const query = parseQuery(c, kitCustomerQuery)
    if (!query.ok) return query.response
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    try {
      return ok(c, await vault.vault.view(owner, query.data))
    } catch (error) {
      return vaultError(c, kit, error, 'getCustomer')
    }
  },
})
