/**
 * The outside world a checkout controller touches, each behind a small interface so the
 * controller runs the same in a browser, in Node and in a test: where it keeps its state, what
 * time it is, and whether the network is there. The browser's own are the defaults.
 */

/** Where a checkout is kept between page loads: `window.sessionStorage` fits. */
export type CheckoutStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem?(key: string): void
}

/** A clock with timers: the controller's only source of time. */
export type CheckoutClock = {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** The host's clock (`Date.now` and the global timers). */
export const systemClock: CheckoutClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms) as unknown as { unref?: () => void }
    // A timer of a checkout must not keep a Node process (a test, a script) alive.
    handle.unref?.()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Whether the device has a network, and a word when that changes. */
export type CheckoutNetwork = {
  online(): boolean
  /** Calls `listener` on each change; returns the unsubscribe. */
  listen(listener: (online: boolean) => void): () => void
}

type EventHost = {
  addEventListener(type: string, listener: () => void): void
  removeEventListener(type: string, listener: () => void): void
}

/**
 * The browser's `navigator.onLine` with its `online` and `offline` events; where there is no
 * browser (Node), always online and never a change.
 */
export function hostNetwork(): CheckoutNetwork {
  const host = globalThis as unknown as Partial<EventHost> & { navigator?: { onLine?: boolean } }
  return {
    online: () => host.navigator?.onLine !== false,
    listen(listener) {
      if (typeof host.addEventListener !== 'function') return () => {}
      const online = () => listener(true)
      const offline = () => listener(false)
      host.addEventListener('online', online)
      host.addEventListener('offline', offline)
      return () => {
        host.removeEventListener?.('online', online)
        host.removeEventListener?.('offline', offline)
      }
    },
  }
}
