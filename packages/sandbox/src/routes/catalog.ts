import { Hono } from 'hono'
import type { SandboxEnv } from '../http/types.js'
import { banks } from './catalog/banks.js'
import { catalog } from './catalog/catalog.js'
import { corridors } from './catalog/corridors.js'
import { orderRequirements } from './catalog/order-requirements.js'
import { paymentMethods } from './catalog/payment-methods.js'

/**
 * Corridor discovery: GET /partner/corridors (4.2), /catalog (4.3, in the published `form`),
 * /banks (4.4), /payment-methods (4.5, assumed shape) and /order-requirements, one file per
 * route under `catalog/`.
 */
export function catalogRoutes(form: 'tree' | 'markets' = 'tree') {
  return new Hono<SandboxEnv>()
    .get('/corridors', corridors)
    .get('/catalog', catalog(form))
    .get('/banks', banks)
    .get('/payment-methods', paymentMethods)
    .get('/order-requirements', orderRequirements)
}
