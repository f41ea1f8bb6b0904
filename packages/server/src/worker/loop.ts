import type { Delivery } from '../store/types.js'
import type { WorkerSettings } from './settings.js'

/** Work a started loop does between claims (late-order polls, pruning). */
export type Housekeeping = {
  /** Called when the loop starts. */
  begin(): void
  /** Called before each round of claims; never rejects. */
  run(): Promise<void>
}

/** The claim loop: `start`/`stop` run it in the background, `drain` runs it to empty. */
export type DeliveryLoop = {
  start(): void
  stop(): Promise<void>
  drain(): Promise<number>
  wake(): void
}

/**
 * Claims due deliveries from the store, at most `concurrency` in hand, and hands each to
 * `process`; a started loop looks again when one finishes, when woken, and every `idleMs`,
 * running `housekeeping` first.
 */
export function createDeliveryLoop(
  { store, id, concurrency, leaseMs, idleMs, now, logger, errorText }: WorkerSettings,
  process: (delivery: Delivery) => Promise<void>,
  housekeeping: Housekeeping,
): DeliveryLoop {
  let running = false
  let inflight = 0
  let pumping = false
  let pumpAgain = false
  let loopTimer: ReturnType<typeof setTimeout> | undefined
  const active = new Set<Promise<void>>()
  let idleWaiters: (() => void)[] = []

  function track(delivery: Delivery) {
    inflight++
    const task = process(delivery)
      .catch((error: unknown) => {
        // The store failed while recording the outcome: the lease runs out and it is retried.
        logger.error('Could not record a delivery outcome', {
          deliveryId: delivery.id,
          error: errorText(error),
        })
      })
      .finally(() => {
        inflight--
        active.delete(task)
        if (running) void pump()
        if (inflight === 0) {
          const waiters = idleWaiters
          idleWaiters = []
          for (const resolve of waiters) resolve()
        }
      })
    active.add(task)
  }

  /** Claims work while there is room; returns how many deliveries it started. */
  async function pump(): Promise<number> {
    if (pumping) {
      pumpAgain = true
      return 0
    }
    pumping = true
    let started = 0
    try {
      do {
        pumpAgain = false
        while (inflight < concurrency && running) {
          const claimed = await store.claimDeliveries({
            worker: id,
            limit: concurrency - inflight,
            leaseMs,
            now: now(),
          })
          for (const delivery of claimed) track(delivery)
          started += claimed.length
          if (claimed.length === 0) break
        }
      } while (pumpAgain && running)
    } catch (error) {
      logger.error('Could not claim deliveries', { error: errorText(error) })
    } finally {
      pumping = false
    }
    return started
  }

  async function idle(): Promise<void> {
    if (inflight === 0) return
    await new Promise<void>((resolve) => idleWaiters.push(resolve))
  }

  function schedule(delay: number) {
    clearTimeout(loopTimer)
    if (!running) return
    loopTimer = setTimeout(() => {
      void tick()
    }, delay)
  }

  async function tick() {
    if (!running) return
    await housekeeping.run()
    await pump()
    schedule(idleMs)
  }

  return {
    start() {
      if (running) return
      running = true
      housekeeping.begin()
      schedule(0)
    },
    async stop() {
      running = false
      clearTimeout(loopTimer)
      await Promise.allSettled([...active])
    },
    async drain() {
      let processed = 0
      for (;;) {
        const claimed = await store.claimDeliveries({
          worker: id,
          limit: concurrency,
          leaseMs,
          now: now(),
        })
        for (const delivery of claimed) track(delivery)
        processed += claimed.length
        // Wait for everything in hand, a started loop's deliveries included.
        await idle()
        if (claimed.length === 0) return processed
      }
    },
    wake() {
      if (running) void pump()
    },
  }
}
