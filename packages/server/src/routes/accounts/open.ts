import { openAccountRequest } from '@rampkit/core'
import { parseWith, readJsonObject } from '../../http/body.js'
import { ok } from '../../http/envelope.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { vaultError } from '../customers/vault.js'
import { defineRoute } from '../define.js'
import { ACCOUNT_NEEDS, accountHolder } from './holder.js'

/** POST /accounts: opens an account under the signed-in user's approved customer. */
export const openAccount = defineRoute({
  route: 'openAccount',
  guards: ['origin', 'session'],
  needs: [...ACCOUNT_NEEDS, 'bodyLimitBytes'],
  middleware: ({ bodyLimitBytes }) => [limitBody({ maxBytes: bodyLimitBytes })],
  handler: async (c, deps) => {
    const body = await readJsonObject(c)
    if (!body.ok) return body.response
    const parsed = parseWith(c, openAccountRequest, body.data)
    if (!parsed.ok) return parsed.response
    const found = await accountHolder(c, deps)
    if (!found.ok) return found.response
    try {
      const account = await deps.client.openAccount({
        customer_id: found.customerId,
        ...parsed.data,
      })
      return ok(c, account, 'Account opened', 201)
    } catch (error) {
      return vaultError(c, deps, error, 'openAccount')
    }
  },
})
