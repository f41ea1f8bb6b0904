import { txHash } from '@rampkit/core/internal'
import { invalid } from '../../http/body.js'
import { notFound, ok } from '../../http/envelope.js'
import { defineRoute } from '../define.js'
import { sessionOwner } from '../guards.js'

/** GET /orders/tx/:txHash: the owner's order by its creation hash; anyone else, a 404. */
export const orderByTx = defineRoute({
  route: 'orderByTx',
  guards: ['session'],
  needs: ['store'],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const hash = txHash.safeParse(c.req.param('txHash'))
    if (!hash.success) return invalid(c, 'tx_hash', hash.error.issues[0]?.message ?? 'Invalid hash')
    const stored =
      (await kit.store.getOrderByTxHash(hash.data)) ??
      (await kit.store.getOrderByTxHash(hash.data.toLowerCase()))
    if (!stored || stored.owner !== owner) return notFound(c)
    return ok(c, stored.order)
  },
})
