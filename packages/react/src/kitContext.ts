'use client'
import type { KitClient } from '@rampkit/core/kit'
import { createContext, useContext } from 'react'
import type { MessageKey, RampMessages } from './messages/index.js'

// The context and `useRampKit` live apart from `RampKitProvider` so that what only reads the
// context (the lazily loaded details step, shared widget parts) does not import the kit's
// client, keys and query options from `@rampkit/core/kit`: esbuild puts everything a lazy chunk
// can reach in the shared initial chunk, and the size check counts it.

/**
 * The look of the checkout, applied as CSS variables on the widget's root (no CSS-in-JS
 * runtime). Colours take any CSS colour; `mode` picks the light or dark palette of
 * `@rampkit/react/styles.css` (`auto` follows the system).
 */
export type RampTheme = {
  mode?: 'light' | 'dark' | 'auto'
  colors?: Partial<
    Record<
      | 'accent'
      | 'accentText'
      | 'background'
      | 'surface'
      | 'text'
      | 'muted'
      | 'border'
      | 'danger'
      | 'success',
      string
    >
  >
  radius?: string
  font?: string
}

/** What every rampkit hook reads from `RampKitProvider`. */
export type RampKitContextValue = {
  client: KitClient
  locale: string
  messages: RampMessages
  /** Whether `messages` are the locale's own: false while a non-English locale still loads. */
  ready: boolean
  /** A message of the current locale with `{placeholders}` filled. */
  t: (key: MessageKey, values?: Record<string, string | number>) => string
  theme: RampTheme
  /**
   * Whether wagmi is there (needed for off-ramp only): a `wagmiConfig` was given, or the host's
   * WagmiProvider was seen. wagmi is an optional peer loaded with the wallet parts, so the host's
   * provider is seen once they load (when a sale is chosen or the details step shows).
   */
  hasWagmi: boolean
  /** The partner's support (`supportUrl` of the provider), linked for a declined shopper. */
  supportUrl: string | undefined
}

export const RampKitContext = createContext<RampKitContextValue | null>(null)

/**
 * The provider's client, locale, messages and theme. Throws outside `RampKitProvider`.
 *
 * @example
 * const { client, t } = useRampKit()
 */
export function useRampKit(): RampKitContextValue {
  const value = useContext(RampKitContext)
  if (!value) {
    throw new Error(
      'rampkit hooks must be used inside <RampKitProvider endpoint="/api/ramp">. Wrap your checkout in it.',
    )
  }
  return value
}
