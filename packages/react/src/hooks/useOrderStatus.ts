'use client'
import { followOrder, hostNetwork, type OrderConnection, systemClock } from '@rampkit/core/checkout'
import type { KitOrder } from '@rampkit/core/kit'
import { isOrderFinal } from '@rampkit/core/kit'
import { orderQueryOptions, rampKitKeys } from '@rampkit/core/kit/query'
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useRampKit } from '../provider.js'

/** Options of `useOrderStatus`. */
export type UseOrderStatusOptions = {
  /** Stream status with Server-Sent Events when the browser and the kit allow (default true). */
  sse?: boolean
  /** Poll interval when not streaming, in ms (default 3000). */
  pollIntervalMs?: number
  /** Safety poll while streaming, in case an event is lost (default 15000). */
  streamPollIntervalMs?: number
  enabled?: boolean
}

/** What `useOrderStatus` adds to the order query: how the status arrives. */
export type UseOrderStatusReturnType = UseQueryResult<KitOrder, Error> & {
  transport: 'sse' | 'polling' | 'idle'
  /**
   * The follower's connection: `live` (streaming), `polling`, `reconnecting` while offline or
   * while every request fails, `idle` when nothing is followed.
   */
  connection: OrderConnection
}

const TRANSPORT = {
  live: 'sse',
  polling: 'polling',
  reconnecting: 'polling',
  idle: 'idle',
} as const satisfies Record<OrderConnection, UseOrderStatusReturnType['transport']>

/**
 * The live status of an order, followed by core's `followOrder` (the checkout's own follower):
 * an `EventSource` on GET /orders/:id/events when available, with GET /orders/:id polling as
 * the fallback (no `EventSource`, or the kit refused the stream) and to bridge a reconnect;
 * offline it says `reconnecting`, and back online it polls at once. Every order it hears is
 * written to the order's query, so `data` is always the latest. A stream cut mid-way (the kit
 * instance restarted or was scaled down) reconnects by itself and sends the id of the last
 * status it saw, and the kit answers with what came after: polling covers the seconds between.
 * Stops once the order is settled, failed or refunded.
 *
 * @example
 * const { data: order } = useOrderStatus(orderId)
 * order?.status // 'processing' -> 'settled'
 */
export function useOrderStatus(
  orderId: string | undefined,
  options: UseOrderStatusOptions = {},
): UseOrderStatusReturnType {
  const { client } = useRampKit()
  const queryClient = useQueryClient()
  const [connection, setConnection] = useState<OrderConnection>('idle')
  const enabled = (options.enabled ?? true) && Boolean(orderId)
  const sse = options.sse ?? true
  const pollMs = options.pollIntervalMs ?? 3000
  const streamPollMs = options.streamPollIntervalMs ?? 15_000

  // The first read; from then on the follower keeps the query's data.
  const query = useQuery({ ...orderQueryOptions(client, orderId), enabled })
  const read = query.data !== undefined
  const final = isOrderFinal(query.data?.status)

  // Like wagmi's `watchBlockNumber`, the follower is core's and this hook only starts it.
  useEffect(() => {
    if (!enabled || !orderId || !read || final) return
    const key = rampKitKeys.order(client.endpoint, orderId)
    const stop = followOrder({
      client,
      orderId,
      clock: systemClock,
      network: hostNetwork(),
      eventSource: sse ? undefined : null,
      pollMs,
      streamPollMs,
      // The order was just read: the first poll waits its turn.
      firstPollMs: pollMs,
      onOrder: (order) => queryClient.setQueryData(key, order),
      onConnection: setConnection,
    })
    return () => {
      stop()
      setConnection('idle')
    }
  }, [client, queryClient, orderId, enabled, read, final, sse, pollMs, streamPollMs])

  const followed = enabled && !final ? connection : 'idle'
  return Object.assign(query, {
    transport: TRANSPORT[followed],
    connection: followed,
  }) as UseOrderStatusReturnType
}
