import { ApiError } from '../http/envelope.js'
import type { SandboxContext } from '../service/context.js'
import type { Account, Customer, SandboxUser } from '../state/store.js'

/** The user an API key belongs to; a key the sandbox does not know is a 401. */
export function userOf(ctx: SandboxContext, apiKey: string): SandboxUser {
  const found = ctx.store.userByKey(apiKey)
  if (!found) throw new ApiError(401, 'Invalid API key', null)
  return found
}

/** One of the key's orders; another user's order is as unknown as a missing one. */
export function orderOf(ctx: SandboxContext, apiKey: string, orderId: string) {
  const owner = userOf(ctx, apiKey)
  const found = ctx.store.orders.get(orderId)
  if (!found || found.userId !== owner.id) {
    throw new ApiError(404, 'Order not found', { field: 'order_id' })
  }
  return found
}

/** One of the key's customers' accounts, active (with coordinates). */
export function activeAccountOf(
  ctx: SandboxContext,
  apiKey: string,
  accountId: number,
): { owner: SandboxUser; customer: Customer; account: Account } {
  const owner = userOf(ctx, apiKey)
  const found = ctx.store.accounts.get(accountId)
  const customer = found ? ctx.store.customers.get(found.customerId) : undefined
  if (!found || !customer || customer.userId !== owner.id) {
    throw new ApiError(404, 'Account not found', null)
  }
  if (found.status !== 'active') {
    throw new ApiError(409, 'The account has no coordinates yet (wait for account.ready)', {
      status: found.status,
    })
  }
  return { owner, customer, account: found }
}
