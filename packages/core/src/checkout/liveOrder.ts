import type { KitClient } from '../kit/client.js'
import type { KitOrder } from '../kit/schemas.js'
import { isOrderFinal } from '../kit/status.js'
import { type CheckoutClock, type CheckoutNetwork, hostNetwork } from './adapters.js'
import { type EventSourceFactory, followOrder, type OrderConnection } from './live.js'
import type { CheckoutState } from './types.js'

/** What following the created order needs of its controller. */
export type LiveOrderHost = {
  client: KitClient
  clock: CheckoutClock
  network: CheckoutNetwork | undefined
  eventSource: EventSourceFactory | undefined
  pollIntervalMs: number | undefined
  /** A live order came in. */
  onOrder: (order: KitOrder) => void
  /** The connection changed: the snapshot follows. */
  changed: () => void
}

/**
 * The created order followed on the status step (`followOrder`) until it ends, and the
 * connection it reaches the checkout by; one order at a time.
 */
export class LiveOrder {
  connection: OrderConnection = 'idle'
  #host: LiveOrderHost
  #live: { orderId: string; stop: () => void } | undefined

  constructor(host: LiveOrderHost) {
    this.#host = host
  }

  /** Follows the state's order while it is on the status step and not final; else stops. */
  decide(state: CheckoutState): void {
    const order = state.order
    const follow = state.step === 'status' && order !== undefined && !isOrderFinal(order.status)
    if (!follow || this.#live?.orderId !== order?.id) this.stop()
    if (!follow || this.#live) return
    const host = this.#host
    const stop = followOrder({
      client: host.client,
      orderId: order.id,
      clock: host.clock,
      network: host.network ?? hostNetwork(),
      eventSource: host.eventSource,
      ...(host.pollIntervalMs ? { pollMs: host.pollIntervalMs } : {}),
      onOrder: (live) => host.onOrder(live),
      onConnection: (connection) => {
        if (connection === this.connection) return
        this.connection = connection
        host.changed()
      },
    })
    this.#live = { orderId: order.id, stop }
  }

  stop(): void {
    const live = this.#live
    this.#live = undefined
    live?.stop()
    this.connection = 'idle'
  }
}
