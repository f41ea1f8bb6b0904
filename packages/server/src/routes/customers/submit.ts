import { submitCustomerRequest } from '@rampkit/core/internal'
import { parseWith, readJsonObject } from '../../http/body.js'
import { ok } from '../../http/envelope.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { defineRoute } from '../define.js'
import { sessionOwner } from '../guards.js'
import { CUSTOMER_NEEDS, vaultError, vaultOf } from './vault.js'

/** POST /customer/submit: submits the user's customer for verification */
export const submitCustomer = defineRoute({
  route: 'submitCustomer',
  guards: ['origin', 'session'],
  needs: [...CUSTOMER_NEEDS, 'bodyLimitBytes'],
  middleware: ({ bodyLimitBytes }) => [limitBody({ maxBytes: bodyLimitBytes })],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const body = await readJsonObject(c, { optional: true })
    if (!body.ok) return body.response
    const parsed = parseWith(c, submitCustomerRequest, body.data)
    if (!parsed.ok) return parsed.response
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    try {
      return ok(c, await vault.vault.submit(owner), 'Customer submitted')
    } catch (error) {
      return vaultError(c, kit, error, 'submitCustomer')
    }
  },
})
