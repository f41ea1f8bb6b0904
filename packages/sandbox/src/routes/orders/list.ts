import type { Context } from 'hono'
import { ordersMeQuery } from '../../core.js'
import { ApiError, firstIssue, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import type { SandboxContext } from '../../service/context.js'
import { filterStatus, listItemView } from '../../service/views.js'

/** GET /orders/me (4.17): the user's direct orders, newest first, filtered and paged. */
export function listMyOrders(ctx: SandboxContext) {
  return (c: Context<SandboxEnv>) => {
    const user = c.get('user')
    const raw = c.req.query()
    const parsed = ordersMeQuery.safeParse(raw)
    if (!parsed.success) {
      const issue = firstIssue(parsed.error.issues, raw)
      throw new ApiError(422, issue.message, { field: issue.field })
    }
    const query = parsed.data
    if (query.status && query.status_filter && query.status !== query.status_filter) {
      throw new ApiError(422, 'status and status_filter disagree; send one of them', {
        field: 'status_filter',
      })
    }
    const status = query.status ?? query.status_filter
    const orderType = query.order_type
    // Newest first; reversing insertion order first keeps orders made at the same sandbox
    // instant (a frozen clock) newest first too, since the sort is stable.
    const orders = [...ctx.store.orders.values()]
      .reverse()
      .filter((order) => order.userId === user.id && order.flow === 'direct')
      .filter((order) => !status || filterStatus(order.status) === status)
      .filter((order) => !orderType || order.orderType.toLowerCase() === orderType)
      .sort((a, b) => b.createdAt - a.createdAt)
    const page = orders.slice(query.offset, query.offset + query.limit).map(listItemView)
    return ok(c, `${page.length} orders found`, page)
  }
}
