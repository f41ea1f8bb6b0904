import { notFound, ok } from '../../http/envelope.js'
import { defineRoute } from '../define.js'
import { sessionOwner } from '../guards.js'
import { findOwnedOrder } from './owned.js'

/**
 * GET /orders/:orderId: the order by the kit's id, the service's `order_id` or its creation
 * hash, for its owner only; anyone else gets the same 404 as for a missing order.
 */
export const getOrder = defineRoute({
  route: 'order',
  guards: ['session'],
  needs: ['store'],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const stored = await findOwnedOrder(kit, c.req.param('orderId'), owner)
    if (!stored) return notFound(c)
    return ok(c, stored.order)
  },
})
