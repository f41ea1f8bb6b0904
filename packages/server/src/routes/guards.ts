import type { KitGuard } from '@rampkit/core/kit'
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { fail } from '../http/envelope.js'
import { originCheck } from '../middleware/origin-check/index.js'
import type { VerifiedDelivery } from '../webhooks/ingest.js'
import type { KitContext, RampEnv } from './context.js'
import { provenForSale, type SaleToken } from './sale-chain.js'
import { walletNotProven } from './wallet-proof.js'

type Guard = MiddlewareHandler<RampEnv>

/**
 * What each guard of core's `KIT_API` runs (see `KitGuard` there), as middleware in front of a
 * route's own chain. A route file names its guards (held to `KIT_API`'s by the compiler and
 * at mount), and `mountRoutes` puts them first, in that order.
 */
const GUARDS: { readonly [G in KitGuard]: (kit: KitContext) => Guard } = {
  // The Origin header is this app's own or an allowed one (403), before the body is read.
  origin: (kit) =>
    originCheck({
      allowedOrigins: kit.allowedOrigins,
      trustProxy: kit.trustProxy,
      logger: kit.logger,
    }) as Guard,

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
 * The middleware of `guards`, in that order, each marked with its name (for `guardOf`). A
 * route file declares its guards (`defineRoute`) and `mountRoutes` puts these first.
 */
export function guardChain(kit: KitContext, guards: readonly KitGuard[]): Guard[] {
  return guards.map((guard) => {
    const middleware = GUARDS[guard](kit)
    guardNames.set(middleware, guard)
    return middleware
  })
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
