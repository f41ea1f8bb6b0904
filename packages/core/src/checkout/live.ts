import type { KitClient } from '../kit/client.js'
import type { KitOrder } from '../kit/schemas.js'
import { isOrderFinal } from '../kit/status.js'
import type { CheckoutClock, CheckoutNetwork } from './adapters.js'

/**
 * How the live order reaches the checkout: `live` over the event stream, `polling` by GET
 * /orders/:id, `reconnecting` while neither gets through (offline, or the kit unreachable),
 * `idle` when nothing is followed (no order yet, or it ended).
 */
export type OrderConnection = 'idle' | 'live' | 'polling' | 'reconnecting'

type EventSourceLike = {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void
  close(): void
  // Its event is never read, so any handler's parameter fits: the browser's `EventSource` (whose
  // handler takes an `Event`) and a polyfill's are factories as they are, with no cast.
  onerror: ((event: never) => void) | null
}

/** The `EventSource` constructor to stream with, or none (Node, an old browser): polling only. */
export type EventSourceFactory = new (
  url: string,
  init?: { withCredentials?: boolean },
) => EventSourceLike

/** Options of `followOrder`. */
export type FollowOrderOptions = {
  client: KitClient
  orderId: string
  clock: CheckoutClock
  network: CheckoutNetwork
  /** Default: the global `EventSource`, when there is one; `null`: polling only. */
  eventSource?: EventSourceFactory | null | undefined
  /** Poll interval while not streaming (default 2000 ms). */
  pollMs?: number
  /** When the first poll goes (default at once; a host that has just read the order waits). */
  firstPollMs?: number
  /** Safety poll while streaming, in case an event is lost (default 15000 ms). */
  streamPollMs?: number
  onOrder: (order: KitOrder) => void
  onConnection: (connection: OrderConnection) => void
}

function defaultEventSource(): EventSourceFactory | undefined {
  return (globalThis as { EventSource?: EventSourceFactory }).EventSource
}

/**
 * Follows one order until it is settled, failed or refunded: the kit's event stream when the
 * host has `EventSource`, GET /orders/:id polling beside it (slowly while the stream is open,
 * every `pollMs` when not). Offline, or with every request failing, the connection reads
 * `reconnecting`; back online it polls at once. Returns the stop.
 *
 * @example
 * const stop = followOrder({ client, orderId, clock: systemClock, network: hostNetwork(),
 *   onOrder: (order) => render(order), onConnection: (c) => showNote(c === 'reconnecting') })
 */
export function followOrder(options: FollowOrderOptions): () => void {
  const { client, orderId, clock, network } = options
  const pollMs = options.pollMs ?? 2000
  const streamPollMs = options.streamPollMs ?? 15_000
  let stopped = false
  let streaming = false
  let failing = !network.online()
  let timer: unknown
  let source: EventSourceLike | undefined

  const report = () => {
    if (stopped) return
    options.onConnection(failing && !streaming ? 'reconnecting' : streaming ? 'live' : 'polling')
  }
  const take = (order: KitOrder) => {
    if (stopped) return
    options.onOrder(order)
    if (isOrderFinal(order.status)) stop()
  }
  const schedule = (ms: number) => {
    clock.clearTimeout(timer)
    if (!stopped) timer = clock.setTimeout(() => void poll(), ms)
  }
  async function poll(): Promise<void> {
    try {
      const order = await client.request('order', { params: { orderId } })
      failing = false
      report()
      take(order)
    } catch {
      failing = true
      report()
    }
    schedule(streaming ? streamPollMs : pollMs)
  }
  const stream = () => {
    const EventSource =
      options.eventSource === null ? undefined : (options.eventSource ?? defaultEventSource())
    if (!EventSource) return
    source = new EventSource(client.url('orderEvents', { orderId }), { withCredentials: true })
    source.addEventListener('open', () => {
      streaming = true
      failing = false
      report()
    })
    source.addEventListener('order', (event) => {
      try {
        take(JSON.parse(String(event.data)) as KitOrder)
      } catch {
        // a malformed event is ignored; polling still runs
      }
    })
    source.addEventListener('end', () => {
      source?.close()
      streaming = false
      void poll()
    })
    // A cut stream reconnects by itself with Last-Event-ID; polling covers the gap.
    source.onerror = () => {
      streaming = false
      report()
      schedule(pollMs)
    }
  }
  // Offline, an open stream is no proof of anything: it is closed, and opened again (with a
  // poll at once) when the network is back.
  const unlisten = network.listen((online) => {
    failing = !online
    if (!online) {
      source?.close()
      source = undefined
      streaming = false
    }
    report()
    if (!online) return
    if (!source) stream()
    void poll()
  })
  function stop() {
    if (stopped) return
    stopped = true
    clock.clearTimeout(timer)
    source?.close()
    unlisten()
    options.onConnection('idle')
  }
  report()
  stream()
  if (options.firstPollMs) schedule(options.firstPollMs)
  else void poll()
  return stop
}
