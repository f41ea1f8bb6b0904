import { readFileSync } from 'node:fs'
import type { Redis } from 'ioredis'

/**
 * A script of `lua/` as text. The files sit beside this module in the sources and are copied
 * to `dist/lua/` by the build (`scripts/copy-lua.mjs`), where the bundled module looks for them
 * the same way.
 */
function lua(name: string): string {
  return readFileSync(new URL(`./lua/${name}.lua`, import.meta.url), 'utf8')
}

// Scripts run atomically on the server, which is what makes two instances act as one. They
// build some key names inside the script (from prefixes `keys.ts` gives them), so they need one
// Redis (standalone or Sentinel), not Cluster.

export type RedisScripts = {
  insertDelivery(d: string, sig: string, due: string, ...args: string[]): Promise<number>
  claimDeliveries(due: string, ...args: string[]): Promise<string[][]>
  completeDelivery(d: string, due: string, applied: string, ...args: string[]): Promise<number>
  failDelivery(d: string, due: string, parked: string, ...args: string[]): Promise<string>
  requeueDelivery(d: string, due: string, parked: string, ...args: string[]): Promise<number>
  pruneDeliveries(applied: string, ...args: string[]): Promise<number>
  commitOrder(plan: string, record: string): Promise<number>
  claimLateOrders(open: string, ...args: string[]): Promise<string[]>
  hitRateLimit(key: string, ttl: string): Promise<number>
}

export function defineScripts(redis: Redis): RedisScripts {
  const define = (name: string, numberOfKeys: number, lua: string) => {
    // defineCommand caches by SHA and falls back to EVAL, so a Redis restart is harmless.
    if (!(name in redis)) redis.defineCommand(name, { numberOfKeys, lua })
  }
  define('rampkitInsertDelivery', 3, lua('insert-delivery'))
  define('rampkitClaimDeliveries', 1, lua('claim-deliveries'))
  define('rampkitCompleteDelivery', 3, lua('complete-delivery'))
  define('rampkitFailDelivery', 3, lua('fail-delivery'))
  define('rampkitRequeueDelivery', 3, lua('requeue-delivery'))
  define('rampkitPruneDeliveries', 1, lua('prune-deliveries'))
  define('rampkitCommitOrder', 0, lua('commit-order'))
  define('rampkitClaimLateOrders', 1, lua('claim-late-orders'))
  define('rampkitHitRateLimit', 1, lua('hit-rate-limit'))
  const r = redis as unknown as Record<string, (...args: string[]) => Promise<never>>
  const bind =
    (name: string) =>
    (...args: string[]) =>
      r[name]!.call(redis, ...args)
  return {
    insertDelivery: bind('rampkitInsertDelivery'),
    claimDeliveries: bind('rampkitClaimDeliveries'),
    completeDelivery: bind('rampkitCompleteDelivery'),
    failDelivery: bind('rampkitFailDelivery'),
    requeueDelivery: bind('rampkitRequeueDelivery'),
    pruneDeliveries: bind('rampkitPruneDeliveries'),
    commitOrder: bind('rampkitCommitOrder'),
    claimLateOrders: bind('rampkitClaimLateOrders'),
    hitRateLimit: bind('rampkitHitRateLimit'),
  }
}

type CustomerLinkScripts = {
  claimCustomerLink(link: string, ref: string, ...args: string[]): Promise<number>
  attachCustomer(link: string, customer: string, ...args: string[]): Promise<number>
  setCustomerStatus(link: string, customer: string, ...args: string[]): Promise<number>
}

/** The customer links' scripts (`redis/customers.ts`), from the same `lua/` folder. */
export function defineCustomerLinkScripts(redis: Redis): CustomerLinkScripts {
  for (const [name, file] of [
    ['rampkitClaimCustomerLink', 'claim-customer-link'],
    ['rampkitAttachCustomer', 'attach-customer'],
    ['rampkitSetCustomerStatus', 'set-customer-status'],
  ] as const) {
    if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: 2, lua: lua(file) })
  }
  const r = redis as unknown as Record<string, (...args: string[]) => Promise<number>>
  return {
    claimCustomerLink: (...args) => r.rampkitClaimCustomerLink!.call(redis, ...args),
    attachCustomer: (...args) => r.rampkitAttachCustomer!.call(redis, ...args),
    setCustomerStatus: (...args) => r.rampkitSetCustomerStatus!.call(redis, ...args),
  }
}
