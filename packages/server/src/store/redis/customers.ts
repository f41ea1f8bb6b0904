import type { CustomerType } from '@rampkit/core'
import type { Redis } from 'ioredis'
import type { CustomerLink, CustomerLinks } from '../customers/types.js'
import { redisKeys } from './keys.js'
import { defineCustomerLinkScripts } from './scripts.js'

/** Options of `redisCustomerLinks`: the client, and the key prefix the kit's store uses. */
export type RedisCustomerLinksOptions = {
  redis: Redis
  /** Every key starts with this. Default `rampkit:`. */
  keyPrefix?: string
}

// Each link is one hash (`keys.customerLink`); two keys name its owner by customer id and by ref.
// Times are milliseconds; an empty field is null. Scripts (`redis/lua/`) make each change atomic.

function toLink(hash: Record<string, string>): CustomerLink | null {
  if (!hash.owner) return null
  const date = (value: string | undefined) => (value ? new Date(Number(value)) : null)
  return {
    owner: hash.owner,
    ref: hash.ref ?? '',
    customerType: (hash.type ?? 'individual') as CustomerType,
    customerId: hash.cid || null,
    status: hash.status ?? 'pending',
    depositAccountStatus: hash.das || null,
    claimedUntil: date(hash.until),
    createdAt: new Date(Number(hash.created)),
    updatedAt: new Date(Number(hash.updated)),
  }
}

/**
 * Customer links in Redis, beside `redisStore`'s keys (and carried by it as
 * `store.customerLinks`): every change is a server-side script, so instances sharing one Redis
 * agree on each user's one vault customer. Needs one Redis (standalone or Sentinel).
 *
 * @example
 * const links = redisCustomerLinks({ redis })
 */
export function redisCustomerLinks(options: RedisCustomerLinksOptions): CustomerLinks {
  const { redis } = options
  const keys = redisKeys(options.keyPrefix ?? 'rampkit:')
  const key = {
    owner: keys.customerLink,
    customer: keys.customerLinkByCustomer,
    ref: keys.customerLinkByRef,
  }
  const scripts = defineCustomerLinkScripts(redis)
  const read = async (owner: string | null) =>
    owner === null ? null : toLink(await redis.hgetall(key.owner(owner)))

  return {
    engine: 'redis',
    get: (owner) => read(owner),
    findByCustomerId: async (customerId) => read(await redis.get(key.customer(customerId))),
    findByRef: async (ref) => read(await redis.get(key.ref(ref))),
    async claim({ owner, ref, customerType, now, leaseMs }) {
      const claimed = await scripts.claimCustomerLink(
        key.owner(owner),
        key.ref(ref),
        owner,
        ref,
        customerType,
        String(now.getTime()),
        String(now.getTime() + leaseMs),
      )
      const link = await read(owner)
      if (!link) throw new Error('A customer link vanished while it was claimed')
      return { link, claimed: Number(claimed) === 1 }
    },
    async attach({ owner, customerId, status, depositAccountStatus, now }) {
      const found = await scripts.attachCustomer(
        key.owner(owner),
        key.customer(customerId),
        customerId,
        status,
        depositAccountStatus ?? '',
        String(now.getTime()),
      )
      return Number(found) === 1 ? read(owner) : null
    },
    async setStatus({ customerId, status, depositAccountStatus, now }) {
      const owner = await redis.get(key.customer(customerId))
      if (owner === null) return null
      const set = await scripts.setCustomerStatus(
        key.owner(owner),
        key.customer(customerId),
        customerId,
        status,
        depositAccountStatus === undefined ? '0' : '1',
        depositAccountStatus ?? '',
        String(now.getTime()),
      )
      return Number(set) === 1 ? read(owner) : null
    },
  }
}
