import type { Context } from 'hono'
import { ApiError, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import type { SandboxContext } from '../../service/context.js'
import { partnerOrderView } from '../../service/views.js'

import { ID } from './ids.js'

/** GET /partner/orders/{order_id} (4.8): one of the user's quote orders. */
export function getPartnerOrder(ctx: SandboxContext) {
  return (c: Context<SandboxEnv, '/orders/:order_id'>) => {
    const user = c.get('user')
    const orderId = c.req.param('order_id')
    const order = ID.test(orderId) ? ctx.store.orders.get(orderId) : undefined
    if (!order || order.userId !== user.id) {
      throw new ApiError(404, 'Order not found', { field: 'order_id' })
    }
    return ok(c, 'Partner order', { order: partnerOrderView(order) })
  }
}
