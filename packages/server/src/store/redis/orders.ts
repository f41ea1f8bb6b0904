import { planOrderUpdate, planSaveOrder, updateResult } from '../orders.js'
import type { OrderStore, StoredOrder } from '../types.js'
import type { RedisParts } from './parts.js'
import { type IndexRead, redisRecords, type Versioned } from './records.js'

const indexPairs = (reads: (IndexRead | null)[]): [string, string][] =>
  reads.filter((read): read is IndexRead => read !== null).map((read) => [read.key, read.value])

const storedOf = (records: (Versioned | null)[]): StoredOrder[] =>
  records.filter((record): record is Versioned => record !== null).map((record) => record.stored)

/**
 * The Redis orders (`OrderStore`): each save or update reads the records its keys find, applies
 * the plan every engine shares, and commits it by compare-and-set (`records.ts`), so an
 * order's status moves once however many instances race on it.
 */
export function redisOrders(parts: RedisParts): OrderStore {
  const { redis, scripts, k } = parts
  const { readOrder, readIndex, commit, withRetry } = redisRecords(parts)

  async function findBy(indexKey: string): Promise<StoredOrder | null> {
    const id = await redis.get(indexKey)
    return (await readOrder(id))?.stored ?? null
  }

  return {
    async saveOrder(parameters) {
      const now = parameters.now ?? new Date()
      const { order } = parameters
      return withRetry(async () => {
        const direct = await readOrder(order.id)
        const viaOrderId = direct
          ? null
          : await readIndex(order.order_id ? k.orderId(order.order_id) : null)
        const viaTxHash =
          direct || viaOrderId?.value
            ? null
            : await readIndex(order.tx_hash ? k.txHash(order.tx_hash) : null)
        const existing =
          direct ??
          (await readOrder(viaOrderId?.value || null)) ??
          (await readOrder(viaTxHash?.value || null))
        const plan = planSaveOrder(existing?.stored ?? null, parameters)
        if (plan.write !== 'none') {
          await commit({
            versions: [
              [k.order(plan.stored.order.id), existing?.version ?? '0'],
              ...(existing && existing.stored.order.id !== order.id
                ? [[k.order(order.id), '0'] as [string, string]]
                : []),
            ],
            indexes: indexPairs([viaOrderId, viaTxHash]),
            remove: [],
            put: { stored: plan.stored, previousOwner: existing?.stored.owner ?? null, now },
          })
        }
        return { result: plan.result, stored: plan.stored }
      })
    },

    getOrder: async (id) => (await readOrder(id))?.stored ?? null,
    getOrderByOrderId: (orderId) => findBy(k.orderId(orderId)),
    getOrderByTxHash: (txHash) => findBy(k.txHash(txHash)),

    async listOrders({ owner, limit = 50, offset = 0 }) {
      const ids = await redis.zrevrange(k.owner(owner), offset, offset + limit - 1)
      return storedOf(await Promise.all(ids.map((id) => readOrder(id))))
    },

    async applyOrderUpdate(update) {
      return withRetry(async () => {
        const viaOrderId = await readIndex(update.orderId ? k.orderId(update.orderId) : null)
        const viaTxHash = await readIndex(update.txHash ? k.txHash(update.txHash) : null)
        const idA = viaOrderId?.value || null
        const idB = viaTxHash?.value || null
        const a = await readOrder(idA)
        const b = idB === null ? null : idB === idA ? a : await readOrder(idB)
        const plan = planOrderUpdate(
          { byOrderId: a?.stored ?? null, byTxHash: b?.stored ?? null },
          update,
        )
        // A conflict writes nothing, but goes through the compare-and-set all the same: the
        // two reads above are not atomic, and only a snapshot that held may park a delivery.
        if (plan.write !== 'none' || plan.remove.length > 0 || plan.conflict) {
          const versions: [string, string][] = []
          for (const record of [a, b]) {
            if (record) versions.push([k.order(record.stored.order.id), record.version])
          }
          if (plan.write === 'insert') versions.push([k.order(plan.stored.order.id), '0'])
          const survivor = [a, b].find((record) => record?.stored.order.id === plan.stored.order.id)
          await commit({
            versions,
            indexes: indexPairs([viaOrderId, viaTxHash]),
            remove: plan.remove,
            put:
              plan.write === 'none'
                ? null
                : {
                    stored: plan.stored,
                    previousOwner: survivor?.stored.owner ?? null,
                    now: update.now,
                  },
          })
        }
        return updateResult(plan)
      })
    },

    async claimLateOrders({ before, now, limit }) {
      const ids = await scripts.claimLateOrders(
        k.open,
        String(before.getTime()),
        String(now.getTime()),
        String(limit),
      )
      return storedOf(await Promise.all(ids.map((id) => readOrder(id))))
    },
  }
}
