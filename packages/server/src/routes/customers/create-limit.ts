import type { Context, MiddlewareHandler, Next } from 'hono'
import {
  addressRules,
  rateLimit,
  storeRateLimitCounter,
} from '../../middleware/rate-limit/index.js'
import type { RampEnv } from '../context.js'
import { perMount, type RouteDeps } from '../define.js'
import { sessionOwner } from '../guards.js'

/** What the limit on creating customers needs of the kit. */
export const CREATE_LIMIT_NEEDS = [
  'customers',
  'store',
  'clientAddress',
  'customerCreates',
  'logger',
] as const

type Deps = RouteDeps<(typeof CREATE_LIMIT_NEEDS)[number]>

/**
 * The limit of its own on creating a customer at the service (`rateLimit.customerCreates`),
 * counted only for a user with no customer yet, whose save is the one that creates it: per
 * client address (every client without a visible address together, per instance) each user
 * once a window, so one user's concurrent first saves (the vault creates one customer for
 * them) count once; and per user each try. A customer is a record at the service for each
 * anonymous session that asks, so this limit is far stricter than the requests' own. After the
 * `session` guard and the body's parse (a body the kit refuses creates nothing).
 */
export const customerCreateLimit = perMount((kit: Deps): MiddlewareHandler<RampEnv> => {
  const limits = kit.customerCreates
  if (limits === null) return (_c, next) => next()
  const onCounterError = (error: unknown) =>
    kit.logger.warn('customer-create limit: counter failed; request let through', {
      error: error instanceof Error ? error.name : typeof error,
    })
  const counter = storeRateLimitCounter(kit.store)
  const perAddress = rateLimit({
    counter,
    windowMs: limits.windowMs,
    rules: addressRules(kit.clientAddress, limits.perIp, limits.perIp).map((rule) => ({
      ...rule,
      name: `customer-create-${rule.name}`,
    })),
    onCounterError,
  })
  const perUser = rateLimit({
    counter,
    windowMs: limits.windowMs,
    rules: [
      {
        name: 'customer-create-user',
        limit: limits.perUser,
        key: (c: Context) => sessionOwner(c as Context<RampEnv>),
      },
    ],
    onCounterError,
  })
  return async function customerCreateLimit(c: Context<RampEnv>, next: Next) {
    const owner = sessionOwner(c)
    const link = await kit.customers.links.get(owner)
    if (link?.customerId) return next()
    const marker = `rampkit:customer-create:${encodeURIComponent(owner)}`
    const firstTry = await kit.store.kvSet({
      key: marker,
      value: '1',
      ttlMs: limits.windowMs,
      ifAbsent: true,
    })
    if (firstTry) {
      let passed = false
      const refused = await perAddress(c, async () => {
        passed = true
      })
      if (!passed) {
        // Refused: the user's next try is a first one again, and counts again.
        await kit.store.kvDelete(marker)
        return refused
      }
    }
    return perUser(c, next)
  }
})
