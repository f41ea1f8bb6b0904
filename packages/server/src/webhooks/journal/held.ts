import type { NewDelivery } from '../../store/types.js'

const encoder = new TextEncoder()

/** What one delivery counts against `maxBytes`. */
export function sizeOf(delivery: NewDelivery): number {
  return (
    encoder.encode(delivery.body).byteLength +
    delivery.id.length +
    delivery.event.length +
    delivery.signature.length +
    64
  )
}

/**
 * The deliveries the journal holds, oldest first (written to the store in the order they came),
 * with their ids and signatures for duplicates and their bytes for the limit.
 */
export class HeldDeliveries {
  readonly entries: { delivery: NewDelivery; size: number }[] = []
  private readonly ids = new Set<string>()
  private readonly signatures = new Set<string>()
  bytes = 0

  get length(): number {
    return this.entries.length
  }

  /** The oldest delivery held, next to write. */
  head(): NewDelivery | undefined {
    return this.entries[0]?.delivery
  }

  /** Held already, by its id or its signature. */
  has(delivery: NewDelivery): boolean {
    return this.ids.has(delivery.id) || this.signatures.has(delivery.signature)
  }

  hold(delivery: NewDelivery, size: number = sizeOf(delivery)): void {
    this.entries.push({ delivery, size })
    this.ids.add(delivery.id)
    this.signatures.add(delivery.signature)
    this.bytes += size
  }

  /** Lets go of the oldest delivery (the store has it now). */
  release(): void {
    const entry = this.entries.shift()
    if (!entry) return
    this.ids.delete(entry.delivery.id)
    this.signatures.delete(entry.delivery.signature)
    this.bytes -= entry.size
  }

  deliveries(): NewDelivery[] {
    return this.entries.map((entry) => entry.delivery)
  }
}
