import { isFinalOrderStatus } from '@rampkit/core'
import type { StoredOrder } from '../types.js'
import type { RedisParts } from './parts.js'

/** A record as read, with the version the compare-and-set checks. */
export type Versioned = { stored: StoredOrder; version: string }

/** An index key as read (`''` when it was absent), checked unchanged by the commit. */
export type IndexRead = { key: string; value: string }

/** What one `commitOrder` script call checks and writes. */
export type CommitParameters = {
  /** Record keys and the versions they were read at (`'0'`: must still be absent). */
  versions: [string, string][]
  /** Index keys and the values they were read at. */
  indexes: [string, string][]
  remove: StoredOrder[]
  put: { stored: StoredOrder; previousOwner: string | null; now: Date } | null
}

/** Raised when a commit found that something changed since it was read; the caller retries. */
class CommitRace extends Error {}

function createdMs(stored: StoredOrder, now: Date): number {
  const parsed = Date.parse(stored.order.created_at)
  return Number.isNaN(parsed) ? now.getTime() : parsed
}

/**
 * The order records of the Redis store, read optimistically and written by one compare-and-set
 * script (`lua/commit-order.lua`): a commit whose reads no longer hold raises, and `withRetry`
 * reads and plans again.
 */
export function redisRecords({ redis, scripts, k }: RedisParts) {
  async function readOrder(id: string | null): Promise<Versioned | null> {
    if (!id) return null
    const [json, version] = await redis.hmget(k.order(id), 'json', 'v')
    if (!json) return null
    return { stored: JSON.parse(json) as StoredOrder, version: version ?? '0' }
  }

  async function readIndex(key: string | null): Promise<IndexRead | null> {
    if (!key) return null
    return { key, value: (await redis.get(key)) ?? '' }
  }

  async function commit(parameters: CommitParameters) {
    const { put } = parameters
    const plan = {
      keys: k.orderPrefixes,
      versions: parameters.versions,
      indexes: parameters.indexes,
      remove: parameters.remove.map(({ order, owner }) => ({
        id: order.id,
        order_id: order.order_id ?? '',
        tx_hash: order.tx_hash ?? '',
        owner: owner ?? '',
      })),
      put: put
        ? {
            id: put.stored.order.id,
            order_id: put.stored.order.order_id ?? '',
            tx_hash: put.stored.order.tx_hash ?? '',
            owner: put.stored.owner ?? '',
            previous_owner: put.previousOwner ?? '',
            created: String(createdMs(put.stored, put.now)),
            touched: String(put.now.getTime()),
            open: isFinalOrderStatus(put.stored.order.status) ? '0' : '1',
          }
        : null,
    }
    const ok = await scripts.commitOrder(
      JSON.stringify(plan),
      put ? JSON.stringify(put.stored) : '',
    )
    if (Number(ok) !== 1) throw new CommitRace()
  }

  async function withRetry<T>(callback: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await callback()
      } catch (error) {
        if (!(error instanceof CommitRace) || attempt >= 50) throw error
        // Back off a little so contenders on one order do not spin in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * attempt * 2))
      }
    }
  }

  return { readOrder, readIndex, commit, withRetry }
}
