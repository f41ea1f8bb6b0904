import type { Delivery, DeliveryInbox } from '../types.js'

function copyDelivery(delivery: Delivery): Delivery {
  return { ...delivery }
}

/**
 * The memory store's delivery inbox (`DeliveryInbox`): deliveries by id, and their signatures so
 * a replay under a fresh id is a duplicate too. `prune` deletes applied deliveries received
 * before the horizon and says how many.
 */
export function memoryInbox(): { inbox: DeliveryInbox; prune: (before: number) => number } {
  const deliveries = new Map<string, Delivery>()
  const signatures = new Map<string, string>()

  const inbox: DeliveryInbox = {
    async insertDelivery(delivery) {
      if (deliveries.has(delivery.id) || signatures.has(delivery.signature)) return 'duplicate'
      deliveries.set(delivery.id, {
        ...delivery,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: delivery.receivedAt,
        leaseOwner: null,
        lastError: null,
        finishedAt: null,
      })
      signatures.set(delivery.signature, delivery.id)
      return 'inserted'
    },

    async claimDeliveries({ worker, limit, leaseMs, now }) {
      const due = [...deliveries.values()]
        .filter((d) => d.status === 'pending' && d.nextAttemptAt.getTime() <= now.getTime())
        .sort((x, y) => x.nextAttemptAt.getTime() - y.nextAttemptAt.getTime())
        .slice(0, limit)
      for (const delivery of due) {
        delivery.attempts += 1
        delivery.leaseOwner = worker
        // The lease is the due time: if this worker dies, the delivery is due again at expiry.
        delivery.nextAttemptAt = new Date(now.getTime() + leaseMs)
      }
      return due.map(copyDelivery)
    },

    async completeDelivery({ id, now }) {
      const delivery = deliveries.get(id)
      if (delivery?.status !== 'pending') return
      delivery.status = 'applied'
      delivery.finishedAt = now
      delivery.lastError = null
    },

    async failDelivery({ id, worker, error, now, retryAt }) {
      const delivery = deliveries.get(id)
      if (delivery?.status !== 'pending' || delivery.leaseOwner !== worker) return 'lost'
      delivery.lastError = error
      if (retryAt === null) {
        delivery.status = 'parked'
        delivery.finishedAt = now
        return 'parked'
      }
      delivery.nextAttemptAt = retryAt
      return 'retry'
    },

    async getDelivery(id) {
      const delivery = deliveries.get(id)
      return delivery ? copyDelivery(delivery) : null
    },

    async listParkedDeliveries({ limit = 50, offset = 0 } = {}) {
      return [...deliveries.values()]
        .filter((d) => d.status === 'parked')
        .sort((x, y) => (y.finishedAt?.getTime() ?? 0) - (x.finishedAt?.getTime() ?? 0))
        .slice(offset, offset + limit)
        .map(copyDelivery)
    },

    async requeueDelivery({ id, now = new Date() }) {
      const delivery = deliveries.get(id)
      if (delivery?.status !== 'parked') return false
      Object.assign(delivery, {
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        leaseOwner: null,
        finishedAt: null,
      })
      return true
    },
  }

  function prune(before: number): number {
    let pruned = 0
    for (const [id, delivery] of deliveries) {
      if (delivery.status === 'applied' && delivery.receivedAt.getTime() < before) {
        deliveries.delete(id)
        if (signatures.get(delivery.signature) === id) signatures.delete(delivery.signature)
        pruned++
      }
    }
    return pruned
  }

  return { inbox, prune }
}
