import { describe, expect, it, vi } from 'vitest'
import { createKitClient } from '../kit/client.js'
import { type CheckoutStorage, createCheckoutController } from './controller.js'
import { createCheckout, transition } from './machine.js'
import { serializeCheckout } from './persist.js'

const KENYA = { kind: 'african', country: 'KE', currency: 'KES' } as const
// Never reached: these tests send no request.
const client = createKitClient({ endpoint: 'http://127.0.0.1:9/api/ramp' })

function memoryStorage(entries: Record<string, string> = {}): CheckoutStorage & {
  entries: Map<string, string>
} {
  const map = new Map(Object.entries(entries))
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
  }
}

describe('createCheckoutController', () => {
  it('keeps one snapshot until something changes, and tells each listener once per change', () => {
    const checkout = createCheckoutController({ client, direction: 'OnRamp' })
    const listener = vi.fn()
    const unsubscribe = checkout.subscribe(listener)
    const hydrated = checkout.getSnapshot()
    expect(hydrated).toMatchObject({ hydrated: true, state: { step: 'corridor' } })
    expect(checkout.getSnapshot()).toBe(hydrated)

    expect(checkout.send({ type: 'SELECT_CORRIDOR', corridor: KENYA })).toBe(true)
    expect(listener).toHaveBeenCalledTimes(2)
    expect(checkout.getSnapshot()).not.toBe(hydrated)
    expect(checkout.getSnapshot().state.corridor).toEqual(KENYA)

    // A refused event changes nothing and wakes no one.
    const before = checkout.getSnapshot()
    expect(checkout.send({ type: 'QUOTE_REVIEWED', now: Date.now() })).toBe(false)
    expect(checkout.can({ type: 'QUOTE_REVIEWED', now: Date.now() })).toEqual({
      ok: false,
      reason: 'wrong_step',
    })
    expect(checkout.getSnapshot()).toBe(before)
    expect(listener).toHaveBeenCalledTimes(2)

    unsubscribe()
    checkout.reset()
    expect(listener).toHaveBeenCalledTimes(2)
    // The fixed direction is chosen again after a reset.
    expect(checkout.getSnapshot().state).toMatchObject({ step: 'corridor', direction: 'OnRamp' })
  })

  it('writes each state to its storage and reads it back once, only of the fixed direction', () => {
    const storage = memoryStorage()
    const first = createCheckoutController({ client, storage, storageKey: 'k' })
    first.hydrate()
    first.send({ type: 'SELECT_DIRECTION', direction: 'OffRamp' })
    first.send({ type: 'SELECT_CORRIDOR', corridor: KENYA })
    expect(JSON.parse(storage.entries.get('k')!)).toMatchObject({ direction: 'OffRamp' })

    const resumed = createCheckoutController({ client, storage, storageKey: 'k' })
    expect(resumed.getSnapshot()).toMatchObject({ hydrated: false, state: { step: 'direction' } })
    resumed.hydrate()
    expect(resumed.getSnapshot().state).toEqual(first.getSnapshot().state)

    const buy = createCheckoutController({ client, storage, storageKey: 'k', direction: 'OnRamp' })
    buy.hydrate()
    expect(buy.getSnapshot().state).toMatchObject({ direction: 'OnRamp', step: 'corridor' })
  })

  it('works on when its storage refuses to read or write', () => {
    const broken: CheckoutStorage = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    const checkout = createCheckoutController({ client, storage: broken, direction: 'OnRamp' })
    checkout.hydrate()
    expect(checkout.send({ type: 'SELECT_CORRIDOR', corridor: KENYA })).toBe(true)
    expect(checkout.getSnapshot()).toMatchObject({
      hydrated: true,
      state: { step: 'paymentMethod' },
    })
  })

  it('ignores a live order before one was created', () => {
    const stored = transition(createCheckout({ direction: 'OnRamp' }), {
      type: 'SELECT_CORRIDOR',
      corridor: KENYA,
    })
    const storage = memoryStorage({ 'rampkit:checkout': serializeCheckout(stored) })
    const onStatusChange = vi.fn()
    const checkout = createCheckoutController({ client, storage, onStatusChange })
    checkout.hydrate()
    expect(checkout.getSnapshot().state).toEqual(stored)
    const order = { id: 'o-1', order_id: 'o-1', status: 'settled' }
    expect(checkout.updateOrder(order as never)).toBe(false)
    expect(onStatusChange).not.toHaveBeenCalled()
  })
})
