import { Hono } from 'hono'
import type { SandboxEnv } from '../http/types.js'
import type { SandboxContext } from '../service/context.js'
import { accountRoutes } from './customers/accounts.js'
import { caseRoutes } from './customers/cases.js'
import { lifecycleRoutes } from './customers/lifecycle.js'
import { signingKeyRoutes } from './customers/signing-keys.js'

/**
 * The customer vault at the service's published paths (`/partner/customers/…`): requirements,
 * create (idempotent on `partner_customer_ref`), list, get, patch, documents, submit, revoke,
 * deposit-account retry; accounts (open, list, get, deposit instructions, payout banks); signing
 * keys (challenge, complete, list, revoke). Bodies are checked with core's request schemas.
 * One file per group under `customers/`, mounted in this order.
 */
export function customerRoutes(ctx: SandboxContext) {
  return new Hono<SandboxEnv>()
    .route('/', caseRoutes(ctx))
    .route('/', lifecycleRoutes(ctx))
    .route('/', accountRoutes(ctx))
    .route('/', signingKeyRoutes(ctx))
}
