'use client'
import { type ComponentType, createElement, lazy, use, useSyncExternalStore } from 'react'

// The boundary of the widget's wallet machinery. Everything that imports wagmi or viem sits
// behind two dynamic imports: wagmi's context with the connected account (`./walletWagmi.tsx`, which
// the details step uses to fill a wallet) and the sale's parts (`./walletParts.tsx`: the allowance, the
// wallet proof, the signed accept, the seller's check), loaded when a sale is chosen or a step
// needs them. An on-ramp page loads neither wagmi nor viem on its first screen, and a page whose
// app has no wagmi installed (an optional peer) still renders and settles a buy: the chunk's own
// import of wagmi fails, and each part renders what it renders with no WagmiProvider. This
// module imports neither.

/** wagmi's context and the connected account (`./walletWagmi.tsx`). */
export type WagmiParts = typeof import('./walletWagmi.js')
/** The sale's wallet parts (`./walletParts.tsx`). */
export type WalletParts = typeof import('./walletParts.js')

/** A module loaded once, with what it is now: undefined before, null when it cannot load. */
function loader<T>(load: () => Promise<T>) {
  let loaded: T | null | undefined
  let loading: Promise<T | null> | undefined
  const listeners = new Set<() => void>()
  return {
    load(): Promise<T | null> {
      loading ??= load().then(
        (module) => module,
        () => null,
      )
      return loading.then((module) => {
        if (loaded !== module) {
          loaded = module
          for (const listener of listeners) listener()
        }
        return module
      })
    },
    current: (): T | null | undefined => loaded,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const wagmiParts = loader(() => import('./walletWagmi.js'))
const walletParts = loader(() => import('./walletParts.js'))

/**
 * Loads the sale's wallet parts (and wagmi's context) once; resolves null when they cannot load
 * (wagmi not installed). Called when a sale is chosen, so they are there by its approval.
 */
export function loadWallet(): Promise<WalletParts | null> {
  void wagmiParts.load()
  return walletParts.load()
}

/** Loads wagmi's context and the connected account once; null when wagmi is not installed. */
export function loadWagmi(): Promise<WagmiParts | null> {
  return wagmiParts.load()
}

/**
 * wagmi's parts in a component: undefined until something loaded them (this hook does not load
 * them), then the module, or null when wagmi is not there.
 */
export function useLoadedWagmi(): WagmiParts | null | undefined {
  return useSyncExternalStore(wagmiParts.subscribe, wagmiParts.current, () => undefined)
}

/**
 * Whether a WagmiProvider is above, as far as is known without loading wagmi: undefined until
 * wagmi's context is loaded, then whether it has a value here (false with no wagmi installed).
 * React 19's `use` reads a context after the condition.
 */
export function useWagmiSeen(): boolean | undefined {
  const wagmi = useLoadedWagmi()
  if (wagmi === undefined) return undefined
  return wagmi ? use(wagmi.WagmiContext) !== undefined : false
}

/** A part of a lazily loaded module, rendered at once when loaded (see `lazyWallet`). */
function lazyPart<M, P extends object>(
  parts: ReturnType<typeof loader<M>>,
  pick: (module: M) => ComponentType<P>,
  fallback: ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(async () => {
    const module = await parts.load()
    return { default: module ? pick(module) : fallback }
  })
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module level, never in a render
  return function WalletPart(props: P) {
    const module = useSyncExternalStore(parts.subscribe, parts.current, () => undefined)
    if (module === undefined) return createElement(Lazy as ComponentType<P>, props)
    return createElement(module ? pick(module) : fallback, props)
  }
}

/**
 * A component of the sale's wallet parts: rendered at once when they are loaded, `fallback` in
 * its place when they cannot load (no wagmi installed), and until then a `React.lazy` component
 * that loads them (render it under `<Suspense>`).
 *
 * @example
 * const SellerCheck = lazyWallet((wallet) => wallet.SellerCheck, (props) => props.children)
 */
export function lazyWallet<P extends object>(
  pick: (wallet: WalletParts) => ComponentType<P>,
  fallback: ComponentType<P>,
): ComponentType<P> {
  return lazyPart(walletParts, pick, fallback)
}

/** `lazyWallet` for wagmi's own small parts (`./walletWagmi.tsx`): the context, the connected account. */
export function lazyWagmi<P extends object>(
  pick: (wagmi: WagmiParts) => ComponentType<P>,
  fallback: ComponentType<P>,
): ComponentType<P> {
  return lazyPart(wagmiParts, pick, fallback)
}
