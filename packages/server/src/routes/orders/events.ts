import { isFinalOrderStatus, type OrderStatus, orderStatusRank } from '@rampkit/core'
import { KIT_SSE_EVENTS, type KitOrder } from '@rampkit/core/kit'
import { notFound } from '../../http/envelope.js'
import type { StoredOrder } from '../../store/types.js'
import { defineRoute, perMount, type RouteDeps } from '../define.js'
import { sessionOwner } from '../guards.js'
import {
  admitStream,
  MAX_BUFFERED_BYTES,
  openSseStream,
  RECONNECT_MS,
  SSE_HEADERS,
  type SseStream,
} from '../sse.js'
import { findOwnedOrder } from './owned.js'

/** The highest rank a status has: a `Last-Event-ID` above it is not one this route sent. */
const MAX_RANK = orderStatusRank('refunded')
/** The rank of a stream that sent a final status: no later update reaches it. */
const ENDED = MAX_RANK + 1

const encoder = new TextEncoder()
const PING = encoder.encode(`event: ${KIT_SSE_EVENTS.ping}\ndata: \n\n`)
const RETRY = encoder.encode(`retry: ${RECONNECT_MS}\n\n`)

/**
 * An order's state and the statuses it has entered (the store's `appliedBy` keys), with its
 * status's rank and finality worked out once for every stream it reaches.
 */
type Update = { order: KitOrder; entered: readonly OrderStatus[]; rank: number; final: boolean }

function updateOf(order: KitOrder, entered: readonly OrderStatus[]): Update {
  const rank = orderStatusRank(order.status)
  return { order, entered, rank, final: isFinalOrderStatus(order.status) }
}

const storedUpdate = (stored: StoredOrder) => updateOf(stored.order, Object.keys(stored.appliedBy))

function endBlock(status: OrderStatus): string {
  return `event: ${KIT_SSE_EVENTS.end}\ndata: ${JSON.stringify({ status })}\n\n`
}

function orderBlock(order: KitOrder): string {
  return `id: ${orderStatusRank(order.status)}\nevent: ${KIT_SSE_EVENTS.order}\ndata: ${JSON.stringify(order)}\n\n`
}

/**
 * The frames that take a client from the status ranked `after` to the update's: one `order`
 * event per status the order entered in between (with the order's current fields), then the
 * update itself, then `end` when it is final. Each event's id is its status's lifecycle rank,
 * which only goes up along an order's life (a move is to a strictly higher rank), so it is also
 * what a reconnecting client sends back as `Last-Event-ID`.
 */
function framesText({ order, entered, rank, final }: Update, after: number): string {
  const missed = new Map<number, OrderStatus>()
  for (const status of entered) {
    const r = orderStatusRank(status)
    if (r > after && r < rank && !missed.has(r)) missed.set(r, status)
  }
  let text = ''
  for (const r of [...missed.keys()].sort((a, b) => a - b)) {
    text += orderBlock({ ...order, status: missed.get(r)! })
  }
  text += orderBlock(order)
  return final ? text + endBlock(order.status) : text
}

// One published order reaches every subscriber of it as the same object (the bus parses a
// message once, then fans it out): its frames are serialized and encoded once per starting
// rank, not once per stream. Keyed weakly, so they live as long as the order object does.
const frameCache = new WeakMap<KitOrder, Map<number, Uint8Array>>()

function frames(update: Update, after: number): Uint8Array {
  let byRank = frameCache.get(update.order)
  if (!byRank) {
    byRank = new Map()
    frameCache.set(update.order, byRank)
  }
  let frame = byRank.get(after)
  if (!frame) {
    frame = encoder.encode(framesText(update, after))
    byRank.set(after, frame)
  }
  return frame
}

/** The rank a reconnecting client last saw, from its `Last-Event-ID`; null when none or not ours. */
function resumeRank(header: string | undefined): number | null {
  if (header === undefined || !/^\d{1,2}$/.test(header.trim())) return null
  const rank = Number(header.trim())
  return rank <= MAX_RANK ? rank : null
}

type Subscriber = {
  sse: SseStream
  /** Rank of the last status sent. */
  rank: number
  /** Updates that arrive while the snapshot is read; null once it is sent. */
  held: Update[] | null
}

/**
 * Sends an update to one stream if it moves the stream forward. True when it was final: the
 * caller then ends the stream, which takes nothing more meanwhile (its rank is past every status).
 */
function offer(subscriber: Subscriber, update: Update): boolean {
  if (subscriber.held) {
    subscriber.held.push(update)
    return false
  }
  if (update.rank <= subscriber.rank) return false
  const frame = frames(update, subscriber.rank)
  subscriber.rank = update.final ? ENDED : update.rank
  return subscriber.sse.write(frame) && update.final
}

/**
 * The open streams of one kit, by order: one bus subscription per order however many streams
 * watch it, and one heartbeat timer for all of them, which pings every stream and re-reads each
 * watched order from the store once (so a bus message lost in transit is caught up).
 */
function createStreams(kit: RouteDeps<'store' | 'bus' | 'heartbeatMs' | 'logger'>) {
  const groups = new Map<string, { subscribers: Set<Subscriber>; unsubscribe: () => void }>()
  let timer: ReturnType<typeof setInterval> | undefined

  const deliver = (orderId: string, update: Update) => {
    const group = groups.get(orderId)
    if (!group) return
    const ending: Subscriber[] = []
    for (const subscriber of group.subscribers) {
      if (offer(subscriber, update)) ending.push(subscriber)
    }
    // Every stream gets its frame first; the responses are ended after, so ending one (the
    // socket's bookkeeping, the bus and heartbeat lists) never delays the next one's frame.
    if (ending.length > 0) {
      setTimeout(() => {
        for (const subscriber of ending) subscriber.sse.close()
      }, 0)
    }
  }

  const tick = () => {
    for (const [orderId, group] of groups) {
      for (const subscriber of group.subscribers) {
        // Not before its snapshot, nor after its `end` (its response ends on the next turn).
        if (!subscriber.held && subscriber.rank !== ENDED) subscriber.sse.ping(PING)
      }
      kit.store.getOrder(orderId).then(
        (stored) => {
          if (stored) deliver(orderId, storedUpdate(stored))
        },
        (error: unknown) => logFailure(kit, error),
      )
    }
  }

  return {
    add(orderId: string, subscriber: Subscriber) {
      let group = groups.get(orderId)
      if (!group) {
        const subscribers = new Set<Subscriber>()
        const unsubscribe = kit.bus.subscribe(orderId, (order, entered) =>
          deliver(orderId, updateOf(order, entered)),
        )
        group = { subscribers, unsubscribe }
        groups.set(orderId, group)
      }
      group.subscribers.add(subscriber)
      if (!timer) {
        timer = setInterval(tick, kit.heartbeatMs)
        // Open streams keep the process alive through their sockets, not through this timer.
        if (typeof timer === 'object' && 'unref' in timer) timer.unref()
      }
    },
    remove(orderId: string, subscriber: Subscriber) {
      const group = groups.get(orderId)
      if (!group?.subscribers.delete(subscriber) || group.subscribers.size > 0) return
      group.unsubscribe()
      groups.delete(orderId)
      if (groups.size === 0) {
        clearInterval(timer)
        timer = undefined
      }
    },
  }
}

/**
 * GET /orders/:orderId/events: the order's live status as server-sent events. Only the
 * owner may open it (anyone else: the JSON 404 of a missing order). The stream sends an
 * `order` event with the current snapshot, then one per forward move, a `ping` every
 * `heartbeatMs` (when the store is also re-read, so a missed bus message is caught up), and an
 * `end` event once the order reaches a final status of core's order lifecycle (settled,
 * failed, refunded; `pending_settlement` and unknown statuses keep it open).
 *
 * Every `order` event carries an id, the lifecycle rank of its status. A client that reconnects
 * with `Last-Event-ID` (EventSource does) gets every status the order entered after that one,
 * from the store, then the live ones: nothing missed, nothing repeated. A move that skipped
 * statuses the stream did not see (a lost bus message) is filled in the same way.
 *
 * On Node the frames are written straight to the response (see `openSseStream`); elsewhere they
 * go through a web stream. A client that falls more than `MAX_BUFFERED_BYTES` behind is dropped
 * (it resumes with `Last-Event-ID`). The stream stops on the client's disconnect too, and leaves
 * the bus on every way out. Errors are logged, never written to the stream.
 */
export const orderEvents = defineRoute({
  route: 'orderEvents',
  guards: ['session'],
  needs: ['store', 'bus', 'heartbeatMs', 'logger', 'streams', 'clientAddress'],
  handler: async (c, kit) => {
    const streams = streamsOf(kit)
    const found = await findOwnedOrder(kit, c.req.param('orderId'), sessionOwner(c))
    if (!found) {
      c.header('Cache-Control', 'no-store')
      return notFound(c)
    }
    const id = found.order.id
    const resume = resumeRank(c.req.header('Last-Event-ID'))

    // Counted while open, per user and per address; nothing awaits between this and the add.
    const admitted = admitStream(c, kit, sessionOwner(c))
    if (!admitted.ok) return admitted.response
    const subscriber: Subscriber = { sse: undefined as unknown as SseStream, rank: -1, held: [] }
    let forget = () => {}
    const { response, stream } = openSseStream(c, {
      headers: { ...SSE_HEADERS },
      maxBufferedBytes: MAX_BUFFERED_BYTES,
      onClose: () => {
        forget()
        streams.remove(id, subscriber)
      },
    })
    subscriber.sse = stream
    forget = kit.streams.add(() => stream.close(), admitted.holder)
    // Subscribed before the snapshot is read, so no move falls between the two.
    streams.add(id, subscriber)

    void (async () => {
      const update = storedUpdate((await kit.store.getOrder(id)) ?? found)
      const { rank, final } = update
      stream.write(RETRY)
      if (resume === null || rank > resume) {
        // A new client starts at the snapshot; a returning one gets what it missed first.
        stream.write(frames(update, resume ?? rank - 1))
      } else if (final) {
        // It saw this final status already, but not the `end` after it.
        stream.write(encoder.encode(endBlock(update.order.status)))
      }
      subscriber.rank = Math.max(rank, resume ?? -1)
      if (final) return stream.close()
      const held = subscriber.held ?? []
      subscriber.held = null
      for (const next of held) {
        if (offer(subscriber, next)) return stream.close()
      }
    })().catch((error: unknown) => {
      logFailure(kit, error)
      stream.close()
    })

    return response
  },
})

/** The open streams by order, one set per mounted kit. */
const streamsOf = perMount(createStreams)

function logFailure(kit: RouteDeps<'logger'>, error: unknown) {
  kit.logger.error('order events stream failed', {
    error: error instanceof Error ? error.name : typeof error,
  })
}
