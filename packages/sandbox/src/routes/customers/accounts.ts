import { Hono } from 'hono'
import { openAccountRequest } from '../../core.js'
import { readJsonBody } from '../../http/body.js'
import { ApiError, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import { CURRENCY_COUNTRY, PAYOUT_BANKS } from '../../seed/corridors.js'
import type { SandboxContext } from '../../service/context.js'
import { accountHolderName, openAccount } from '../../service/customers.js'
import { accountView, depositInstructionsView } from '../../service/views.js'
import { customerOf, findAccount, parse, requireReady } from './shared.js'

/** Accounts, behind the banking gate: open, list, get, deposit instructions, payout banks. */
export function accountRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()

  app.post('/:customer_id/accounts', async (c) => {
    const user = c.get('user')
    const customer = customerOf(ctx, c)
    const body = await readJsonBody(c)
    requireReady(customer)
    const request = parse(openAccountRequest, body)
    const { account, created } = openAccount(ctx, user, customer, request)
    return created
      ? ok(c, 'Account opened', accountView(account), 201)
      : ok(c, 'Account already exists', accountView(account))
  })

  app.get('/:customer_id/accounts', (c) => {
    const customer = customerOf(ctx, c)
    requireReady(customer)
    const accounts = ctx.store.accountsOf(customer.id).map(accountView)
    return ok(c, 'Accounts', { accounts })
  })

  app.get('/:customer_id/accounts/:account_id', (c) => {
    const customer = customerOf(ctx, c)
    requireReady(customer)
    const account = findAccount(ctx, customer, c.req.param('account_id'))
    return ok(c, 'Account', accountView(account))
  })

  app.get('/:customer_id/accounts/:account_id/deposit-instructions', (c) => {
    const customer = customerOf(ctx, c)
    requireReady(customer)
    const account = findAccount(ctx, customer, c.req.param('account_id'))
    if (account.status !== 'active') {
      throw new ApiError(422, 'Deposit instructions are not ready yet', {
        account_id: account.id,
        status: account.status,
        hint: 'Poll GET account or wait for account.ready',
      })
    }
    return ok(
      c,
      'Deposit instructions',
      depositInstructionsView(account, accountHolderName(customer)),
    )
  })

  app.get('/:customer_id/accounts/:account_id/payout-banks', (c) => {
    const customer = customerOf(ctx, c)
    requireReady(customer)
    const account = findAccount(ctx, customer, c.req.param('account_id'))
    const banks = account.assetType === 'fiat' ? (PAYOUT_BANKS[account.currency] ?? []) : []
    return ok(c, `${banks.length} payout banks`, {
      account_id: account.id,
      currency: account.currency,
      country: account.assetType === 'fiat' ? (CURRENCY_COUNTRY[account.currency] ?? null) : null,
      customer_id: customer.id,
      banks,
    })
  })

  return app
}
