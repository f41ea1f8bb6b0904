import type { OrderStatus } from '@rampkit/core'
import { kitOrder } from '@rampkit/core/internal'
import type { KitOrder } from '@rampkit/core/kit'
import type { BusSignal } from './types.js'

/**
 * What a shared bus sends, tagged with the sending instance so it can skip its own: an order
 * and the statuses it has entered, or a signal.
 */
export type BusMessage =
  | { src: string; order: KitOrder; entered: readonly OrderStatus[] }
  | { src: string; signal: BusSignal }

export function encodeMessage(
  src: string,
  order: KitOrder,
  entered: readonly OrderStatus[],
): string {
  return JSON.stringify({ src, order, entered } satisfies BusMessage)
}

export function encodeSignal(src: string, signal: BusSignal): string {
  return JSON.stringify({ src, signal } satisfies BusMessage)
}

function asSignal(value: unknown): BusSignal | null {
  if (typeof value !== 'object' || value === null) return null
  const { topic, data } = value as { topic?: unknown; data?: unknown }
  if (typeof topic !== 'string' || typeof data !== 'object' || data === null) return null
  const entries = Object.entries(data)
  if (!entries.every(([, v]) => v === null || typeof v === 'string')) return null
  return { topic, data: Object.fromEntries(entries) as BusSignal['data'] }
}

/**
 * Parses a message from the shared channel; anything malformed is ignored (returns null). A
 * message without a list of entered statuses (an older instance) carries an empty one.
 */
export function decodeMessage(text: string): BusMessage | null {
  try {
    const value = JSON.parse(text) as {
      src?: unknown
      order?: unknown
      entered?: unknown
      signal?: unknown
    }
    if (typeof value.src !== 'string') return null
    if (value.signal !== undefined) {
      const signal = asSignal(value.signal)
      return signal ? { src: value.src, signal } : null
    }
    const order = kitOrder.safeParse(value.order)
    if (!order.success) return null
    const entered =
      Array.isArray(value.entered) && value.entered.every((s) => typeof s === 'string')
        ? (value.entered as string[])
        : []
    return { src: value.src, order: order.data, entered }
  } catch {
    return null
  }
}
