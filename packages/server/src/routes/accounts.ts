import { openAccountRequest } from '@rampkit/core'
import type { Context, Hono } from 'hono'
import { parseWith, readJsonObject } from '../http/body.js'
import { notFound, ok } from '../http/envelope.js'
import { limitBody } from '../middleware/body-limit/index.js'
import type { KitContext, RampEnv } from './context.js'
import { vaultError, vaultOf } from './customers.js'
import { mountRoute, sessionOwner } from './guards.js'

const ACCOUNT_ID = /^[1-9]\d{0,14}$/

/**
 * The signed-in user's customer id for an account route, or the answer to return: 409
 * `customer_not_verified` without an approved customer.
 */
async function holder(
  c: Context<RampEnv>,
  kit: KitContext,
): Promise<{ ok: true; customerId: string } | { ok: false; response: Response }> {
  c.header('Cache-Control', 'no-store')
  const vault = vaultOf(c, kit)
  if (!vault.ok) return vault
  try {
    return { ok: true, customerId: await vault.vault.accountHolder(sessionOwner(c)) }
  } catch (error) {
    return { ok: false, response: vaultError(c, kit, error, 'accountHolder') }
  }
}

/**
 * The user's accounts (the service's optional banking product): GET and POST /accounts, and per
 * account its deposit instructions and payout banks. Each route works on the signed-in user's
 * own approved customer, found through their link; an account id is only ever asked about
 * under that customer, so another user's account is the service's 404, answered as the kit's.
 * Until the banking gate opens the service's 409 passes on with its message.
 */
export function registerAccountRoutes(app: Hono<RampEnv>, kit: KitContext) {
  mountRoute(app, kit, 'accounts', async (c) => {
    const found = await holder(c, kit)
    if (!found.ok) return found.response
    try {
      const { accounts } = await kit.client.listAccounts({ customer_id: found.customerId })
      return ok(c, accounts)
    } catch (error) {
      return vaultError(c, kit, error, 'listAccounts')
    }
  })

  mountRoute(app, kit, 'openAccount', limitBody({ maxBytes: kit.bodyLimitBytes }), async (c) => {
    const body = await readJsonObject(c)
    if (!body.ok) return body.response
    const parsed = parseWith(c, openAccountRequest, body.data)
    if (!parsed.ok) return parsed.response
    const found = await holder(c, kit)
    if (!found.ok) return found.response
    try {
      const account = await kit.client.openAccount({
        customer_id: found.customerId,
        ...parsed.data,
      })
      return ok(c, account, 'Account opened', 201)
    } catch (error) {
      return vaultError(c, kit, error, 'openAccount')
    }
  })

  for (const [route, operation] of [
    ['depositInstructions', 'getDepositInstructions'],
    ['payoutBanks', 'listPayoutBanks'],
  ] as const) {
    mountRoute(app, kit, route, async (c) => {
      const found = await holder(c, kit)
      if (!found.ok) return found.response
      const accountId = c.req.param('accountId') ?? ''
      if (!ACCOUNT_ID.test(accountId)) return notFound(c, 'Account')
      const parameters = { customer_id: found.customerId, account_id: Number(accountId) }
      try {
        return ok(
          c,
          operation === 'getDepositInstructions'
            ? await kit.client.getDepositInstructions(parameters)
            : await kit.client.listPayoutBanks(parameters),
        )
      } catch (error) {
        return vaultError(c, kit, error, operation)
      }
    })
  }
}
