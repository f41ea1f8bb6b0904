import { Hono } from 'hono'
import type { SandboxEnv } from '../http/types.js'
import type { SandboxContext } from '../service/context.js'
import { orderByTx } from './orders/by-tx.js'
import { createOrder } from './orders/create.js'
import { listMyOrders } from './orders/list.js'

/**
 * The direct order flow at the root, one file per route under `orders/`: POST /orders/create
 * (4.16), GET /orders/me (4.17) and GET /orders/tx/{tx_hash} (4.19). An off-ramp's tokens are
 * pulled through the spender on the chain at creation, so `tx_hash` is a real transaction.
 */
export function orderRoutes(ctx: SandboxContext) {
  return new Hono<SandboxEnv>()
    .post('/create', createOrder(ctx))
    .get('/me', listMyOrders(ctx))
    .get('/tx/:tx_hash', orderByTx(ctx))
}
