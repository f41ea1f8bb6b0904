import type { Redis } from 'ioredis'
import type { CustomerLink, CustomerLinks, LinkedCustomerType } from './types.js'

/** Options of `redisCustomerLinks`: the client, and the key prefix the kit's store uses. */
export type RedisCustomerLinksOptions = {
  redis: Redis
  /** Every key starts with this. Default `rampkit:`. */
  keyPrefix?: string
}

// Each link is one hash (`cl:o:<owner>`); `cl:c:<customer id>` and `cl:r:<ref>` name its owner.
// Times are milliseconds; an empty field is null. Scripts make each change atomic.

const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'ref', ARGV[2], 'type', ARGV[3], 'cid', '',
    'status', 'pending', 'das', '', 'until', ARGV[5], 'created', ARGV[4], 'updated', ARGV[4])
  redis.call('SET', KEYS[2], ARGV[1])
  return 1
end
if redis.call('HGET', KEYS[1], 'cid') ~= '' then return 0 end
local claimed = tonumber(redis.call('HGET', KEYS[1], 'until')) or 0
if claimed > tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], 'until', ARGV[5], 'updated', ARGV[4])
return 1`

const ATTACH = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local current = redis.call('HGET', KEYS[1], 'cid')
if current ~= '' and current ~= ARGV[1] then return 1 end
local holder = redis.call('GET', KEYS[2])
if holder and holder ~= redis.call('HGET', KEYS[1], 'owner') then return 1 end
redis.call('HSET', KEYS[1], 'cid', ARGV[1], 'status', ARGV[2], 'das', ARGV[3], 'until', '',
  'updated', ARGV[4])
redis.call('SET', KEYS[2], redis.call('HGET', KEYS[1], 'owner'))
return 1`

const SET_STATUS = `
if redis.call('HGET', KEYS[1], 'cid') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'updated', ARGV[5])
if ARGV[3] == '1' then redis.call('HSET', KEYS[1], 'das', ARGV[4]) end
return 1`

type Scripts = {
  rampkitClaimCustomerLink(...args: string[]): Promise<number>
  rampkitAttachCustomer(...args: string[]): Promise<number>
  rampkitSetCustomerStatus(...args: string[]): Promise<number>
}

function toLink(hash: Record<string, string>): CustomerLink | null {
  if (!hash.owner) return null
  const date = (value: string | undefined) => (value ? new Date(Number(value)) : null)
  return {
    owner: hash.owner,
    ref: hash.ref ?? '',
    customerType: (hash.type ?? 'individual') as LinkedCustomerType,
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
  const P = `${options.keyPrefix ?? 'rampkit:'}cl:`
  const key = {
    owner: (owner: string) => `${P}o:${owner}`,
    customer: (customerId: string) => `${P}c:${customerId}`,
    ref: (ref: string) => `${P}r:${ref}`,
  }
  for (const [name, lua] of [
    ['rampkitClaimCustomerLink', CLAIM],
    ['rampkitAttachCustomer', ATTACH],
    ['rampkitSetCustomerStatus', SET_STATUS],
  ] as const) {
    if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: 2, lua })
  }
  const scripts = redis as unknown as Scripts
  const read = async (owner: string | null) =>
    owner === null ? null : toLink(await redis.hgetall(key.owner(owner)))

  return {
    engine: 'redis',
    get: (owner) => read(owner),
    findByCustomerId: async (customerId) => read(await redis.get(key.customer(customerId))),
    findByRef: async (ref) => read(await redis.get(key.ref(ref))),
    async claim({ owner, ref, customerType, now, leaseMs }) {
      const claimed = await scripts.rampkitClaimCustomerLink(
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
      const found = await scripts.rampkitAttachCustomer(
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
      const set = await scripts.rampkitSetCustomerStatus(
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
