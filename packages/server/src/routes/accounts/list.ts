import { ok } from '../../http/envelope.js'
import { vaultError } from '../customers/vault.js'
import { defineRoute } from '../define.js'
import { ACCOUNT_NEEDS, accountHolder } from './holder.js'

/** GET /accounts: the signed-in user's accounts (the service's optional banking product). */
export const listAccounts = defineRoute({
  route: 'accounts',
  guards: ['session'],
  needs: ACCOUNT_NEEDS,
  handler: async (c, deps) => {
    const found = await accountHolder(c, deps)
    if (!found.ok) return found.response
    try {
      const { accounts } = await deps.client.listAccounts({ customer_id: found.customerId })
      return ok(c, accounts)
    } catch (error) {
      return vaultError(c, deps, error, 'listAccounts')
    }
  },
})
