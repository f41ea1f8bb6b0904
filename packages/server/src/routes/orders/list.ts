import {
  isFinalOrderStatus,
  type OrderListFilter,
  type OrderStatus,
  ordersMeQuery,
} from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'
import { parseQuery } from '../../http/body.js'
import { ok } from '../../http/envelope.js'
import { defineRoute } from '../define.js'
import { sessionOwner } from '../guards.js'

/** How many of a user's newest orders a filtered list looks through. */
const FILTER_WINDOW = 1000

/**
 * GET /orders filter values (the service's list filters) to the kit's statuses: `pending` is
 * every status core's order lifecycle calls in progress (`pending_settlement` and statuses the
 * kit does not know included), the others their final status.
 */
const FILTERS: Record<OrderListFilter, (status: OrderStatus) => boolean> = {
  pending: (status) => !isFinalOrderStatus(status),
  failed: (status) => status === 'failed',
  settled: (status) => status === 'settled',
  settled_unverified: (status) => status === 'settled',
  refunded: (status) => status === 'refunded',
}

/** GET /orders: the end user's orders from the kit's store, filtered like the service's list. */
export const listOrders = defineRoute({
  route: 'orders',
  guards: ['session'],
  needs: ['store'],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const query = parseQuery(c, ordersMeQuery)
    if (!query.ok) return query.response
    const { limit, offset, order_type } = query.data
    const filter = query.data.status ?? query.data.status_filter
    let orders: KitOrder[]
    if (filter === undefined && order_type === undefined) {
      orders = (await kit.store.listOrders({ owner: owner, limit, offset })).map((s) => s.order)
    } else {
      const matches = filter === undefined ? null : FILTERS[filter]
      const type = order_type === undefined ? null : order_type === 'onramp' ? 'OnRamp' : 'OffRamp'
      orders = (await kit.store.listOrders({ owner: owner, limit: FILTER_WINDOW, offset: 0 }))
        .map((s) => s.order)
        .filter(
          (o) =>
            (matches === null || matches(o.status)) && (type === null || o.order_type === type),
        )
        .slice(offset, offset + limit)
    }
    return ok(c, orders, `${orders.length} order${orders.length === 1 ? '' : 's'}`)
  },
})
