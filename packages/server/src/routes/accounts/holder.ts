import type { Context } from 'hono'
import { notFound, ok } from '../../http/envelope.js'
import type { RampEnv } from '../context.js'
import { vaultError, vaultOf } from '../customers/vault.js'
import type { RouteDeps } from '../define.js'
import { sessionOwner } from '../guards.js'

/** What every account route needs: the vault, the upstream client and the error answers. */
export const ACCOUNT_NEEDS = ['client', 'customers', 'logger', 'secrets'] as const
export type AccountDeps = RouteDeps<(typeof ACCOUNT_NEEDS)[number]>

const ACCOUNT_ID = /^[1-9]\d{0,14}$/

/**
 * The signed-in user's customer id for an account route, or the answer to return: 409
 * `customer_not_verified` without an approved customer. An account id is only ever asked
 * about under that customer, so another user's account is the service's 404, answered as the
 * kit's. Until the banking gate opens the service's 409 passes on with its message.
 */
export async function accountHolder(
  c: Context<RampEnv>,
  deps: AccountDeps,
): Promise<{ ok: true; customerId: string } | { ok: false; response: Response }> {
  c.header('Cache-Control', 'no-store')
  const vault = vaultOf(c, deps)
  if (!vault.ok) return vault
  try {
    return { ok: true, customerId: await vault.vault.accountHolder(sessionOwner(c)) }
  } catch (error) {
    return { ok: false, response: vaultError(c, deps, error, 'accountHolder') }
  }
}

/**
 * A read of one of the user's accounts (`:accountId`): the holder found, the id checked (a
 * malformed one is the kit's 404), then `read` with the service's parameters.
 */
export async function readAccount<T>(
  c: Context<RampEnv>,
  deps: AccountDeps,
  operation: string,
  read: (parameters: { customer_id: string; account_id: number }) => Promise<T>,
): Promise<Response> {
  const found = await accountHolder(c, deps)
  if (!found.ok) return found.response
  const accountId = c.req.param('accountId') ?? ''
  if (!ACCOUNT_ID.test(accountId)) return notFound(c, 'Account')
  try {
    return ok(c, await read({ customer_id: found.customerId, account_id: Number(accountId) }))
  } catch (error) {
    return vaultError(c, deps, error, operation)
  }
}
