import type { Delivery, DeliveryInbox, DeliveryStatus } from '../types.js'
import type { RedisParts } from './parts.js'

function pairsToObject(pairs: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (let i = 0; i + 1 < pairs.length; i += 2) out[pairs[i]!] = pairs[i + 1]!
  return out
}

function toDelivery(hash: Record<string, string>): Delivery | null {
  if (!hash.id) return null
  const date = (value: string | undefined) => (value ? new Date(Number(value)) : null)
  return {
    id: hash.id,
    event: hash.event ?? '',
    signature: hash.signature ?? '',
    body: hash.body ?? '',
    receivedAt: new Date(Number(hash.received)),
    status: (hash.status ?? 'pending') as DeliveryStatus,
    attempts: Number(hash.attempts ?? 0),
    nextAttemptAt: new Date(Number(hash.next)),
    leaseOwner: hash.lease ?? null,
    lastError: hash.error ?? null,
    finishedAt: date(hash.finished),
  }
}

/**
 * The Redis delivery inbox (`DeliveryInbox`): a hash per delivery, its signature's key, and the
 * due, applied and parked sorted sets, every change one script. `prune` deletes applied
 * deliveries received before `before` (in batches of the script's size) and says how many.
 */
export function redisInbox({ redis, scripts, k }: RedisParts): {
  inbox: DeliveryInbox
  prune: (before: number) => Promise<number>
} {
  const inbox: DeliveryInbox = {
    async insertDelivery(delivery) {
      const inserted = await scripts.insertDelivery(
        k.delivery(delivery.id),
        k.signature(delivery.signature),
        k.due,
        delivery.id,
        delivery.event,
        delivery.signature,
        delivery.body,
        String(delivery.receivedAt.getTime()),
      )
      return Number(inserted) === 1 ? 'inserted' : 'duplicate'
    },

    async claimDeliveries({ worker, limit, leaseMs, now }) {
      const rows = await scripts.claimDeliveries(
        k.due,
        k.delivery(''),
        String(now.getTime()),
        String(now.getTime() + leaseMs),
        String(limit),
        worker,
      )
      return rows
        .map((row) => toDelivery(pairsToObject(row)))
        .filter((delivery): delivery is Delivery => delivery !== null)
    },

    async completeDelivery({ id, now }) {
      await scripts.completeDelivery(k.delivery(id), k.due, k.applied, id, String(now.getTime()))
    },

    async failDelivery({ id, worker, error, now, retryAt }) {
      const result = await scripts.failDelivery(
        k.delivery(id),
        k.due,
        k.parked,
        id,
        worker,
        error,
        retryAt === null ? '' : String(retryAt.getTime()),
        String(now.getTime()),
      )
      return result === 'parked' || result === 'retry' ? result : 'lost'
    },

    async getDelivery(id) {
      return toDelivery(await redis.hgetall(k.delivery(id)))
    },

    async listParkedDeliveries({ limit = 50, offset = 0 } = {}) {
      const ids = await redis.zrevrange(k.parked, offset, offset + limit - 1)
      const hashes = await Promise.all(ids.map((id) => redis.hgetall(k.delivery(id))))
      return hashes.map(toDelivery).filter((d): d is Delivery => d !== null)
    },

    async requeueDelivery({ id, now = new Date() }) {
      const ok = await scripts.requeueDelivery(
        k.delivery(id),
        k.due,
        k.parked,
        id,
        String(now.getTime()),
      )
      return Number(ok) === 1
    },
  }

  async function prune(before: number): Promise<number> {
    let deliveries = 0
    for (;;) {
      const count = Number(
        await scripts.pruneDeliveries(k.applied, k.delivery(''), String(before), k.signature('')),
      )
      deliveries += count
      if (count < 500) break
    }
    return deliveries
  }

  return { inbox, prune }
}
