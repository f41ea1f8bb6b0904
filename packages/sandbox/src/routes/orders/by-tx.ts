import type { Context } from 'hono'
import { ApiError, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import type { SandboxContext } from '../../service/context.js'
import { txOrderView } from '../../service/views.js'

/** GET /orders/tx/{tx_hash} (4.19): the user's order by its creation transaction. */
export function orderByTx(ctx: SandboxContext) {
  return (c: Context<SandboxEnv, '/tx/:tx_hash'>) => {
    const user = c.get('user')
    const hash = c.req.param('tx_hash')
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) {
      throw new ApiError(422, 'tx_hash must be a 0x-prefixed 32-byte hash', { field: 'tx_hash' })
    }
    const order = ctx.store.orderByTx(hash)
    if (!order || order.userId !== user.id) {
      throw new ApiError(404, 'No order with this creation transaction hash', null)
    }
    return ok(c, 'Order retrieved', txOrderView(order))
  }
}
