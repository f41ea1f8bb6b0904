import {
  KIT_ROUTES,
  KIT_SSE_EVENTS,
  KIT_STREAM_END_STATUSES,
  type KitOrder,
  type OrderStatus,
} from '@rampkit/core'
import type { Hono } from 'hono'
import { type SSEStreamingApi, streamSSE } from 'hono/streaming'
import { canMoveOrder } from '../store/orders.js'
import type { KitContext, RampEnv } from './context.js'
import { notFound } from './envelope.js'
import { findOwnedOrder, requireEndUser } from './owned.js'

const END = new Set<OrderStatus>(KIT_STREAM_END_STATUSES)

/** Milliseconds the browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 3000

/**
 * GET /orders/:orderId/events: the order's live status as server-sent events. Only the
 * owner may open it (anyone else: the JSON 404 of a missing order). The stream sends an
 * `order` event with the current snapshot, then one per forward move from the bus, a `ping`
 * every `heartbeatMs` (when the store is also re-read, so a missed bus message is caught up),
 * and an `end` event once the order reaches a terminal status. It stops on the client's abort
 * too, and unsubscribes from the bus on every way out. Errors are logged, never written to the
 * stream.
 */
export function registerEventRoutes(app: Hono<RampEnv>, kit: KitContext) {
  app.get(KIT_ROUTES.orderEvents, async (c) => {
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

    const response = streamSSE(
      c,
      async (stream) => {
        const queue: KitOrder[] = []
        let closed = false
        let wake: (() => void) | null = null
        let timer: ReturnType<typeof setTimeout> | undefined
        const stop = () => {
          closed = true
          wake?.()
        }
        // Subscribe before reading the snapshot, so no move falls between the two.
        const unsubscribe = kit.bus.subscribe(id, (order) => {
          queue.push(order)
          wake?.()
        })
        signal.addEventListener('abort', stop, { once: true })
        stream.onAbort(stop)
        let last: KitOrder | null = null
        const send = async (order: KitOrder) => {
          last = order
          await stream.writeSSE({ event: KIT_SSE_EVENTS.order, data: JSON.stringify(order) })
        }
        const offer = async (order: KitOrder) => {
          if (last && !canMoveOrder(last.status, order.status)) return
          await send(order)
        }
        try {
          if (signal.aborted) return
          const snapshot = (await kit.store.getOrder(id))?.order ?? found.order
          await stream.writeSSE({
            event: KIT_SSE_EVENTS.order,
            data: JSON.stringify(snapshot),
            retry: RECONNECT_MS,
          })
          last = snapshot
          while (!closed && last && !END.has((last as KitOrder).status)) {
            if (queue.length === 0) {
              const woken = await new Promise<boolean>((resolve) => {
                wake = () => resolve(true)
                timer = setTimeout(() => resolve(false), kit.heartbeatMs)
              })
              wake = null
              clearTimeout(timer)
              if (closed) break
              if (!woken) {
                await stream.writeSSE({ event: KIT_SSE_EVENTS.ping, data: '' })
                const current = await kit.store.getOrder(id)
                if (current) await offer(current.order)
                continue
              }
            }
            for (const order of queue.splice(0)) await offer(order)
          }
          if (!closed && last) {
            await stream.writeSSE({
              event: KIT_SSE_EVENTS.end,
              data: JSON.stringify({ status: (last as KitOrder).status }),
            })
          }
        } catch (error) {
          kit.logger.error('order events stream failed', {
            error: error instanceof Error ? error.name : typeof error,
          })
        } finally {
          clearTimeout(timer)
          unsubscribe()
          signal.removeEventListener('abort', stop)
        }
      },
      // Hono's default writes the error text to the client; this only logs, and closes.
      async (error: Error, stream: SSEStreamingApi) => {
        kit.logger.error('order events stream failed', { error: error.name })
        await stream.close()
      },
    )
    // Set on the context too: Hono merges headers set earlier in the request over the
    // response's own, and `streamSSE` has just set a bare `no-cache` there.
    for (const [name, value] of [
      ['Cache-Control', 'no-cache, no-transform'],
      ['X-Accel-Buffering', 'no'],
    ] as const) {
      c.header(name, value)
      response.headers.set(name, value)
    }
    return response
  })
}
