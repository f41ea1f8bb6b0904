import type { InsertDeliveryResult, NewDelivery } from './types.js'

/** Inserts deliveries in one statement (one transaction); a result per delivery, in order. */
export type InsertDeliveries = (batch: readonly NewDelivery[]) => Promise<InsertDeliveryResult[]>

export type DeliveryBatcherOptions = {
  insertMany: InsertDeliveries
}

/** Deliveries written in one statement at most (5 parameters each, far under Postgres's cap). */
const MAX_BATCH = 256

type Waiting = {
  delivery: NewDelivery
  resolve: (result: InsertDeliveryResult) => void
  reject: (error: unknown) => void
}

/**
 * Group commit of webhook deliveries. Each call waits for its delivery's row to be committed,
 * as a lone insert would, but deliveries that arrive while the statement is in flight (one at a
 * time: overlapping commits cost more per row than they save) are written together by the next
 * one, as are those that reach it in the same event-loop turn: under load
 * one commit serves many webhooks, and alone a delivery waits one turn at most.
 *
 * - A call resolves only after the statement holding its row has committed.
 * - When a statement of several fails, each of its deliveries is tried again on its own, so one
 *   bad row (or a cut connection) fails only what did not get stored: every delivery either
 *   resolves with its row committed or rejects, never resolves unstored.
 * - A repeat of an id or a signature inside one batch is written once and answered `duplicate`,
 *   as it would be one after the other; across batches the store's unique keys decide.
 *
 * @example
 * const insertDelivery = deliveryBatcher({ insertMany: (batch) => insertRows(batch) })
 * await insertDelivery(delivery) // 'inserted' | 'duplicate', once committed
 */
export function deliveryBatcher(
  options: DeliveryBatcherOptions,
): (delivery: NewDelivery) => Promise<InsertDeliveryResult> {
  const queue: Waiting[] = []
  let inFlight = false

  /** Writes one batch; a batch of several that fails is retried a delivery at a time. */
  async function write(batch: Waiting[]) {
    // The first of each id and each signature is written; a later repeat in the same batch
    // follows its outcome as a duplicate.
    const firstOf = new Map<string, number>()
    const rows: Waiting[] = []
    const leader: number[] = []
    for (const waiting of batch) {
      const { id, signature } = waiting.delivery
      const earlier = firstOf.get(`i:${id}`) ?? firstOf.get(`s:${signature}`)
      if (earlier !== undefined) {
        leader.push(earlier)
        continue
      }
      firstOf.set(`i:${id}`, rows.length)
      firstOf.set(`s:${signature}`, rows.length)
      leader.push(rows.length)
      rows.push(waiting)
    }
    let results: (InsertDeliveryResult | { error: unknown })[]
    try {
      results = await options.insertMany(rows.map((w) => w.delivery))
      if (results.length !== rows.length) throw new Error('insertMany answered the wrong count')
    } catch (error) {
      if (rows.length === 1) {
        results = [{ error }]
      } else {
        results = await Promise.all(
          rows.map((w) =>
            options.insertMany([w.delivery]).then(
              (one) => one[0] ?? { error: new Error('insertMany answered nothing') },
              (error: unknown) => ({ error }),
            ),
          ),
        )
      }
    }
    batch.forEach((waiting, index) => {
      const at = leader[index] as number
      const result = results[at] as InsertDeliveryResult | { error: unknown }
      if (typeof result === 'object') waiting.reject(result.error)
      else waiting.resolve(rows[at] === waiting ? result : 'duplicate')
    })
  }

  function pump() {
    if (inFlight || queue.length === 0) return
    const batch = queue.splice(0, MAX_BATCH)
    inFlight = true
    write(batch)
      .catch((error: unknown) => {
        for (const waiting of batch) waiting.reject(error)
      })
      .finally(() => {
        inFlight = false
        pump()
      })
  }

  // While nothing is in flight, a delivery waits for the end of this event-loop turn, so the
  // others that reached the store in the same turn go with it. An engine that runs a statement
  // without yielding (PGlite, in process) would otherwise write every delivery alone.
  let scheduled = false
  const later: (run: () => void) => void =
    typeof setImmediate === 'function' ? (run) => setImmediate(run) : (run) => setTimeout(run, 0)

  return (delivery) =>
    new Promise<InsertDeliveryResult>((resolve, reject) => {
      queue.push({ delivery, resolve, reject })
      if (scheduled || inFlight) return
      scheduled = true
      later(() => {
        scheduled = false
        pump()
      })
    })
}
