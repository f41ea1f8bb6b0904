import { KIT_API, type KitApiRoute, type KitGuard } from '@rampkit/core'
import type { Context, Handler, Hono, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { fail } from '../http/envelope.js'
import { originCheck } from '../middleware/origin-check/index.js'
import type { VerifiedDelivery } from '../webhooks/ingest.js'
import type { KitContext, RampEnv } from './context.js'
import { provenForSale, type SaleToken } from './sale-chain.js'
import { walletNotProven } from './wallet-proof.js'

type Guard = MiddlewareHandler<RampEnv>
/** A route's path in `KIT_API`, so its handlers' `c.req.param(name)` are typed. */
type RoutePath<R extends KitApiRoute> = (typeof KIT_API)[R]['path']

/**
 * What each guard of core's `KIT_API` runs (see `KitGuard` there), as middleware in front of a
 * route's own chain. `mountRoute` puts a route's guards there in the order `KIT_API` lists them,
 * so a route module names no guard itself and cannot leave one out.
 */
const GUARDS: { readonly [G in KitGuard]: (kit: KitContext) => Guard } = {
  // The Origin header is this app's own or an allowed one (403), before the body is read.
  origin: (kit) =>
    originCheck({ allowedOrigins: kit.allowedOrigins, trustProxy: kit.trustProxy }) as Guard,

  // An end user, or 401; the handler reads them with `sessionOwner(c)`.
  session: () => async (c, next) => {
    const owner = await c.var.endUser()
    if (!owner) {
      c.header('Cache-Control', 'no-store')
      return fail(c, 401, 'Sign in to continue.')
    }
    c.set('owner', owner)
    await next()
  },

  // Which wallet a request spends from is known only once its body is read (and only a sale
  // spends): the handler asks `provenWallet(c, address, field)` at that point.
  // A proof counts on the chain it was signed on only: a sale on another chain asks again.
  walletProof: (kit) => async (c, next) => {
    c.set('walletProof', async (address, field, sale) => {
      if (address && (await provenForSale(kit, sessionOwner(c), address, sale))) return null
      return walletNotProven(c, field)
    })
    await next()
  },

  // The service's signature over the raw bytes, and its id and event headers; the handler
  // keeps the delivery it finds with `verifiedDelivery(c)`.
  webhookSignature: (kit) => async (c, next) => {
    const checked = await kit.verifyWebhook(c.req.raw)
    if (!checked.ok) {
      const { status, body } = checked.result
      kit.logger.warn('webhook refused', { status, data: body.data })
      c.header('Cache-Control', 'no-store')
      return c.json(body, status as ContentfulStatusCode)
    }
    c.set('delivery', checked.delivery)
    await next()
  },
}

const guardNames = new WeakMap<object, KitGuard>()

/** The guard a mounted handler is, if it is one (for the test that walks the routes). */
export function guardOf(handler: unknown): KitGuard | undefined {
  return typeof handler === 'function' ? guardNames.get(handler) : undefined
}

/**
 * Mounts route `name` of `KIT_API` with its method and path: first the guards the table names
 * for it, in that order, then `chain` (the route's own middleware and, last, its handler).
 *
 * @example
 * mountRoute(app, kit, 'order', async (c) => ok(c, await load(sessionOwner(c))))
 */
export function mountRoute<R extends KitApiRoute>(
  app: Hono<RampEnv>,
  kit: KitContext,
  name: R,
  ...chain: [...MiddlewareHandler<RampEnv, RoutePath<R>>[], Handler<RampEnv, RoutePath<R>>]
): void {
  const { method, path, guards } = KIT_API[name]
  const guardChain = guards.map((guard: KitGuard) => {
    const middleware = GUARDS[guard](kit)
    guardNames.set(middleware, guard)
    return middleware
  })
  const on = app.on.bind(app) as (method: string, path: string, ...handlers: unknown[]) => unknown
  on(method, path, ...guardChain, ...chain)
}

function missingGuard(c: Context, guard: KitGuard): Error {
  return new Error(
    `${c.req.method} ${c.req.routePath} reads what the '${guard}' guard sets, but its KIT_API entry does not name that guard`,
  )
}

/** The end user the `session` guard let through. */
export function sessionOwner(c: Context<RampEnv>): string {
  const owner = c.get('owner')
  if (owner === undefined) throw missingGuard(c, 'session')
  return owner
}

/**
 * Null when the session has proven `address` on the chain of the sale's token (the
 * `walletProof` guard); else the 403 `wallet_not_proven` answer on `field`. A missing address
 * is not proven.
 */
export function provenWallet(
  c: Context<RampEnv>,
  address: string | null | undefined,
  field: string,
  sale: SaleToken,
): Promise<Response | null> {
  const check = c.get('walletProof')
  if (check === undefined) throw missingGuard(c, 'walletProof')
  return check(address ?? null, field, sale)
}

/** The delivery the `webhookSignature` guard verified. */
export function verifiedDelivery(c: Context<RampEnv>): VerifiedDelivery {
  const delivery = c.get('delivery')
  if (delivery === undefined) throw missingGuard(c, 'webhookSignature')
  return delivery
}
