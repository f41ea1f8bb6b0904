import { defineRoute } from '../define.js'
import { ACCOUNT_NEEDS, readAccount } from './holder.js'

/** GET /accounts/:accountId/payout-banks: the banks one of the user's accounts pays out to. */
export const payoutBanks = defineRoute({
  route: 'payoutBanks',
  guards: ['session'],
  needs: ACCOUNT_NEEDS,
  handler: (c, deps) =>
    readAccount(c, deps, 'listPayoutBanks', (parameters) =>
      deps.client.listPayoutBanks(parameters),
    ),
})
