import { type KitOrder, kitOrder } from '@rampkit/core'

/** What a shared bus sends: the order, tagged with the sending instance so it can skip its own. */
export type BusMessage = { src: string; order: KitOrder }

export function encodeMessage(src: string, order: KitOrder): string {
  return JSON.stringify({ src, order } satisfies BusMessage)
}

/** Parses a message from the shared channel; anything malformed is ignored (returns null). */
export function decodeMessage(text: string): BusMessage | null {
  try {
    const value = JSON.parse(text) as { src?: unknown; order?: unknown }
    const order = kitOrder.safeParse(value.order)
    if (typeof value.src !== 'string' || !order.success) return null
    return { src: value.src, order: order.data }
  } catch {
    return null
  }
}
