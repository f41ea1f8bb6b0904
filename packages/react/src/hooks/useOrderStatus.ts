'use client'
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
}

/**
 * The live status of an order: an `EventSource` on GET /orders/:id/events when available,
 * with GET /orders/:id polling as the fallback (no `EventSource`, or the kit refused the stream)
 * and to bridge a reconnect. Both write to the same query cache entry, so `data` is always the
 * latest order. A stream cut mid-way (the kit instance restarted or was scaled down) reconnects
 * by itself and sends the id of the last status it saw, and the kit answers with what came
 * after: polling covers the seconds between. Stops once the order is settled, failed or
 * refunded.
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
  const [streaming, setStreaming] = useState(false)
  const enabled = (options.enabled ?? true) && Boolean(orderId)
  const useSse = options.sse ?? true
  const pollMs = options.pollIntervalMs ?? 3000
  const streamPollMs = options.streamPollIntervalMs ?? 15_000

  const query = useQuery({
    ...orderQueryOptions(client, orderId),
    enabled,
    refetchInterval: (q) =>
      isOrderFinal(q.state.data?.status) ? false : streaming ? streamPollMs : pollMs,
  })
  const final = isOrderFinal(query.data?.status)

  useEffect(() => {
    if (!enabled || !orderId || !useSse || final) return
    if (typeof EventSource === 'undefined') return
    const key = rampKitKeys.order(client.endpoint, orderId)
    const source = new EventSource(client.url('orderEvents', { orderId }), {
      withCredentials: true,
    })
    source.addEventListener('open', () => setStreaming(true))
    source.addEventListener('order', (event) => {
      try {
        const order = JSON.parse((event as MessageEvent<string>).data) as KitOrder
        queryClient.setQueryData(key, order)
        setStreaming(true)
      } catch {
        // a malformed event is ignored; polling still runs
      }
    })
    source.addEventListener('end', () => {
      source.close()
      setStreaming(false)
      void queryClient.invalidateQueries({ queryKey: key })
    })
    // A cut stream reconnects by itself (readyState CONNECTING) with Last-Event-ID, and polling
    // runs meanwhile; one the kit refused (CLOSED: an error status, not an event stream) stays
    // closed, and polling takes over.
    source.onerror = () => setStreaming(false)
    return () => {
      source.close()
      setStreaming(false)
    }
  }, [client, queryClient, orderId, enabled, useSse, final])

  const transport = !enabled || final ? 'idle' : streaming ? 'sse' : 'polling'
  return Object.assign(query, { transport }) as UseOrderStatusReturnType
}
