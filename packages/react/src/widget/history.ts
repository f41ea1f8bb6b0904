'use client'
import type { CheckoutScreen } from '@rampkit/core/checkout'
import { CHECKOUT_SCREENS } from '@rampkit/core/checkout'
import { useCallback, useEffect, useRef } from 'react'

/** The key of the widget's mark in `history.state`; the page's own keys are left as they are. */
const MARK = '__rampkit'

type Mark = { id: string; screen: CheckoutScreen; depth: number }

function readMark(state: unknown): Mark | undefined {
  const mark = (state as Record<string, Mark | undefined> | null)?.[MARK]
  return typeof mark?.id === 'string' && typeof mark.depth === 'number' ? mark : undefined
}

function withMark(state: unknown, mark: Mark): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null ? state : {}
  return { ...(base as Record<string, unknown>), [MARK]: mark }
}

/** Parameters of `useScreenHistory`. */
export type ScreenHistoryParameters = {
  /** One per checkout on the page (its storage key): another widget's entries are not ours. */
  id: string
  screen: CheckoutScreen
  /** Off: the widget never touches the browser history. */
  enabled: boolean
  /** Wait until the stored checkout is read back, so a reload does not push its first screen. */
  ready: boolean
  /** Shows `screen`; false when it cannot be shown any more (a confirm was sent). */
  moveTo: (screen: CheckoutScreen) => boolean
}

/**
 * Each screen of the checkout as an entry of the browser history: a new screen is pushed (same
 * URL, the page's own `history.state` kept beside the widget's mark), and Back and Forward move
 * between screens. An entry whose screen can no longer be shown (before a sent confirm) is
 * rewritten to the current screen, so Back never undoes a confirm, and a further Back leaves
 * the checkout as it would leave any page. `back()` goes back through the history when the
 * previous entry is the widget's, so the in-widget Back button and the browser's agree.
 */
export function useScreenHistory(parameters: ScreenHistoryParameters): { back: () => boolean } {
  const { id, screen, enabled, ready } = parameters
  const latest = useRef(parameters)
  latest.current = parameters
  const depth = useRef(0)
  const started = useRef(false)

  useEffect(() => {
    if (!enabled || !ready || typeof window === 'undefined') return
    const history = window.history
    const mark = readMark(history.state)
    const ours = mark?.id === id
    if (ours && mark.screen === screen) {
      // A reload, or the screen a Back or Forward just moved to.
      depth.current = mark.depth
      started.current = true
      return
    }
    if (!started.current) {
      // The first screen this checkout shows takes the page's current entry.
      started.current = true
      depth.current = ours ? mark.depth : 0
      history.replaceState(withMark(history.state, { id, screen, depth: depth.current }), '')
      return
    }
    // Forward is a new entry, and so is a new checkout after a status; a move back the widget
    // made itself (its Back button on the first entry, a field the service refused) takes the
    // current one, so the browser's Back never goes forward.
    const order = (each: CheckoutScreen | undefined) =>
      each === undefined ? -1 : CHECKOUT_SCREENS.indexOf(each)
    if (ours && order(screen) < order(mark.screen) && mark.screen !== 'status') {
      history.replaceState(withMark(history.state, { id, screen, depth: depth.current }), '')
      return
    }
    depth.current += 1
    history.pushState(withMark(history.state, { id, screen, depth: depth.current }), '')
  }, [enabled, ready, id, screen])

  useEffect(() => {
    if (!enabled || typeof window === 'undefined') return
    const onPopState = (event: PopStateEvent) => {
      const mark = readMark(event.state)
      if (!mark || mark.id !== latest.current.id) return
      depth.current = mark.depth
      const current = latest.current.screen
      if (mark.screen === current) return
      if (!latest.current.moveTo(mark.screen)) {
        window.history.replaceState(withMark(event.state, { ...mark, screen: current }), '')
      }
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [enabled])

  const back = useCallback(() => {
    if (!latest.current.enabled || typeof window === 'undefined' || depth.current <= 0) {
      return false
    }
    window.history.back()
    return true
  }, [])
  return { back }
}
