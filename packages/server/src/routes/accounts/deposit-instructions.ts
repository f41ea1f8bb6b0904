import { defineRoute } from '../define.js'
import { ACCOUNT_NEEDS, readAccount } from './holder.js'

/** GET /accounts/:accountId/deposit-instructions: how to pay into one of the user's accounts. */
export const depositInstructions = defineRoute({
  route: 'depositInstructions',
  guards: ['session'],
  needs: ACCOUNT_NEEDS,
  handler: (c, deps) =>
    readAccount(c, deps, 'getDepositInstructions', (parameters) =>
      deps.client.getDepositInstructions(parameters),
    ),
})
