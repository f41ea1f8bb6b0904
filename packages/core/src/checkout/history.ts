import type { CheckoutStage } from './flow.js'

/**
 * One entry of the checkout in the browser's history: the place the shopper was (a counted
 * stage, the identity gate or the status) and how many of the checkout's entries lie before it.
 */
export type CheckoutHistoryEntry = {
  place: CheckoutStage
  depth: number
  /**
   * Which run of the checkout wrote the entry (kept in storage with it): a reload finds its own
   * entries, a new checkout on the same page does not take an older one's for its own.
   */
  key?: string
}

/**
 * The browser history as the checkout controller drives it: a new place is pushed, a move the
 * checkout made by itself replaces, and a Back or Forward is heard through `listen`. Any router
 * can stand behind it; `browserHistory` is `window.history`'s.
 */
export type CheckoutHistory = {
  /** The checkout's entry the page is on now (after a reload, a Back), if it is one. */
  current(): CheckoutHistoryEntry | undefined
  push(entry: CheckoutHistoryEntry): void
  replace(entry: CheckoutHistoryEntry): void
  /** Moves `delta` entries (negative: back), as `history.go`. */
  go(delta: number): void
  /**
   * Calls `listener` with the entry a Back or Forward landed on (`undefined`: not one of this
   * checkout's); returns the unsubscribe.
   */
  listen(listener: (entry: CheckoutHistoryEntry | undefined) => void): () => void
}

/** The key of the checkout's mark in `history.state`; the page's own keys are kept. */
const MARK = '__rampkit'

type Mark = CheckoutHistoryEntry & { id: string }

type BrowserWindow = {
  history: {
    state: unknown
    pushState(state: unknown, unused: string): void
    replaceState(state: unknown, unused: string): void
    go(delta: number): void
  }
  addEventListener(type: 'popstate', listener: (event: { state: unknown }) => void): void
  removeEventListener(type: 'popstate', listener: (event: { state: unknown }) => void): void
}

function readMark(state: unknown, id: string): CheckoutHistoryEntry | undefined {
  const mark = (state as Record<string, Mark | undefined> | null)?.[MARK]
  if (mark?.id !== id || typeof mark.depth !== 'number' || typeof mark.place !== 'string') {
    return undefined
  }
  return {
    place: mark.place,
    depth: mark.depth,
    ...(typeof mark.key === 'string' ? { key: mark.key } : {}),
  }
}

function withMark(state: unknown, mark: Mark): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null ? state : {}
  return { ...(base as Record<string, unknown>), [MARK]: mark }
}

/**
 * The checkout's places as entries of `window.history` (same URL; the page's own
 * `history.state` kept beside the checkout's mark). `id` tells two checkouts of one page apart.
 *
 * @example
 * const checkout = createCheckoutController({
 *   client,
 *   storage: window.sessionStorage,
 *   history: browserHistory({ id: 'rampkit:checkout' }),
 * })
 */
export function browserHistory(options: { id: string; window?: BrowserWindow }): CheckoutHistory {
  const { id } = options
  const host = () => options.window ?? (globalThis as unknown as { window: BrowserWindow }).window
  return {
    current: () => readMark(host().history.state, id),
    push(entry) {
      const { history } = host()
      history.pushState(withMark(history.state, { ...entry, id }), '')
    },
    replace(entry) {
      const { history } = host()
      history.replaceState(withMark(history.state, { ...entry, id }), '')
    },
    go: (delta) => host().history.go(delta),
    listen(listener) {
      const onPop = (event: { state: unknown }) => listener(readMark(event.state, id))
      const win = host()
      win.addEventListener('popstate', onPop)
      return () => win.removeEventListener('popstate', onPop)
    },
  }
}

/**
 * A history in memory, for a checkout with no browser (Node, a test, a native shell): the same
 * entries and moves as `browserHistory`, a Back or Forward heard on the next microtask as a
 * browser's `popstate` comes after `history.back()`.
 *
 * @example
 * const history = memoryHistory()
 * const checkout = createCheckoutController({ client, history })
 * history.go(-1) // as the browser's Back
 */
export function memoryHistory(): CheckoutHistory & { entries(): CheckoutHistoryEntry[] } {
  const entries: (CheckoutHistoryEntry | undefined)[] = [undefined]
  let index = 0
  const listeners = new Set<(entry: CheckoutHistoryEntry | undefined) => void>()
  return {
    entries: () => entries.filter((entry) => entry !== undefined),
    current: () => entries[index],
    push(entry) {
      entries.splice(index + 1, entries.length, entry)
      index = entries.length - 1
    },
    replace(entry) {
      entries[index] = entry
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1)
      if (next === index) return
      index = next
      queueMicrotask(() => {
        for (const listener of listeners) listener(entries[index])
      })
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
