import {
  canMoveOrderStatus,
  isFinalOrderStatus,
  KIT_API,
  KIT_SSE_EVENTS,
  type KitOrder,
  type OrderStatus,
} from '@rampkit/core'
import type { Hono } from 'hono'
import type { KitContext, RampEnv } from './context.js'
import { notFound } from './envelope.js'
import { findOwnedOrder, requireEndUser } from './owned.js'

/** Milliseconds the browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 3000

const encoder = new TextEncoder()
const PING = encoder.encode(`event: ${KIT_SSE_EVENTS.ping}\ndata: \n\n`)

// One published order reaches every subscriber of it as the same object (the bus parses a
// message once, then fans it out): its frame is serialized and encoded once, not once per
// stream. Keyed weakly, so a frame lives as long as the order object does.
const orderFrames = new WeakMap<KitOrder, Uint8Array>()

function orderFrame(order: KitOrder): Uint8Array {
  let frame = orderFrames.get(order)
  if (!frame) {
    frame = encoder.encode(`event: ${KIT_SSE_EVENTS.order}\ndata: ${JSON.stringify(order)}\n\n`)
    orderFrames.set(order, frame)
  }
  return frame
}

function endFrame(status: OrderStatus): string {
  return `event: ${KIT_SSE_EVENTS.end}\ndata: ${JSON.stringify({ status })}\n\n`
}

// A terminal order and the `end` that follows it go out as one chunk: one socket write per
// stream at settlement instead of two.
const terminalFrames = new WeakMap<KitOrder, Uint8Array>()

function terminalFrame(order: KitOrder): Uint8Array {
  let frame = terminalFrames.get(order)
  if (!frame) {
    frame = encoder.encode(
      `event: ${KIT_SSE_EVENTS.order}\ndata: ${JSON.stringify(order)}\n\n${endFrame(order.status)}`,
    )
    terminalFrames.set(order, frame)
  }
  return frame
}

/**
 * GET /orders/:orderId/events: the order's live status as server-sent events. Only the
 * owner may open it (anyone else: the JSON 404 of a missing order). The stream sends an
 * `order` event with the current snapshot, then one per forward move from the bus, a `ping`
 * every `heartbeatMs` (when the store is also re-read, so a missed bus message is caught up),
 * and an `end` event once the order reaches a final status of core's order lifecycle (settled,
 * failed, refunded; `pending_settlement` and unknown statuses keep it open). It stops on the
 * client's abort too, and unsubscribes from the bus on every way out. Errors are logged, never
 * written to the stream.
 *
 * Frames are enqueued synchronously from the bus callback into the response body: one
 * settlement fanned out to thousands of open streams is a loop of `enqueue` calls, with no
 * promise chain or writer per stream in between.
 */
export function registerEventRoutes(app: Hono<RampEnv>, kit: KitContext) {
  app.on(KIT_API.orderEvents.method, KIT_API.orderEvents.path, async (c) => {
    const user = await requireEndUser(c)
    if (!user.ok) {
      c.header('Cache-Control', 'no-store')
      return user.response
    }
    const found = await findOwnedOrder(kit, c.req.param('orderId'), user.owner)
    if (!found) {
      c.header('Cache-Control', 'no-store')
      return notFound(c)
    }
    const id = found.order.id
    const signal = c.req.raw.signal

    let finish: () => void = () => {}
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let closed = false
        let last: KitOrder | null = null
        // Moves that arrive while the snapshot is read; offered once it is sent.
        let early: KitOrder[] | null = []
        let heartbeat: ReturnType<typeof setInterval> | undefined

        const send = (frame: Uint8Array) => {
          try {
            controller.enqueue(frame)
          } catch {
            // The body was cancelled between the check and the write: nothing to deliver to.
            finish()
          }
        }
        const offer = (order: KitOrder) => {
          if (closed) return
          if (last && !canMoveOrderStatus(last.status, order.status)) return
          last = order
          if (!isFinalOrderStatus(order.status)) return send(orderFrame(order))
          send(terminalFrame(order))
          finish()
        }
        finish = () => {
          if (closed) return
          closed = true
          clearInterval(heartbeat)
          unsubscribe()
          signal.removeEventListener('abort', finish)
          try {
            controller.close()
          } catch {
            // Already closed or cancelled by the client.
          }
        }

        // Subscribe before reading the snapshot, so no move falls between the two.
        const unsubscribe = kit.bus.subscribe(id, (order) => {
          if (early) early.push(order)
          else offer(order)
        })
        signal.addEventListener('abort', finish, { once: true })
        if (signal.aborted) return finish()

        void (async () => {
          const snapshot = (await kit.store.getOrder(id))?.order ?? found.order
          if (closed) return
          last = snapshot
          const first = `event: ${KIT_SSE_EVENTS.order}\ndata: ${JSON.stringify(snapshot)}\nretry: ${RECONNECT_MS}\n\n`
          if (isFinalOrderStatus(snapshot.status)) {
            send(encoder.encode(first + endFrame(snapshot.status)))
            return finish()
          }
          send(encoder.encode(first))
          const pending = early ?? []
          early = null
          for (const order of pending) offer(order)
          if (closed) return
          heartbeat = setInterval(() => {
            send(PING)
            void kit.store.getOrder(id).then(
              (current) => {
                if (current) offer(current.order)
              },
              (error: unknown) => logFailure(kit, error),
            )
          }, kit.heartbeatMs)
        })().catch((error: unknown) => {
          logFailure(kit, error)
          finish()
        })
      },
      cancel() {
        finish()
      },
    })

    return c.body(body, 200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    })
  })
}

function logFailure(kit: KitContext, error: unknown) {
  kit.logger.error('order events stream failed', {
    error: error instanceof Error ? error.name : typeof error,
  })
}
