'use client'
import type { KitConfigurationError } from '@rampkit/core/errors'
import { createKitClient } from '@rampkit/core/kit'
import { retryKitRead } from '@rampkit/core/kit/query'
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react'
import type { Config } from 'wagmi'
import {
  RampKitContext,
  type RampKitContextValue,
  type RampTheme,
  useRampKit,
} from './kitContext.js'
import {
  ENGLISH_MESSAGES,
  englishLoaded,
  formatMessage,
  layerMessages,
  loadMessages,
  messagesFor,
  type RampMessages,
} from './messages/index.js'
import { lazyWagmi, useWagmiSeen } from './widget/walletLoad.js'

export { type RampKitContextValue, type RampTheme, useRampKit } from './kitContext.js'

// wagmi is an optional peer, loaded lazily (`widget/walletLoad.ts`): `wagmiConfig` gets its
// WagmiProvider from there (the tree waits for it, only when a config is given).
const WagmiWhenMissing = lazyWagmi(
  (wagmi) => wagmi.WagmiWhenMissing,
  (props: { config: Config; children?: ReactNode }) => props.children,
)

/**
 * The messages of a locale: at once for English or a locale already loaded, otherwise
 * `undefined` until its chunk arrives (English if it cannot load).
 */
function useLocaleMessages(locale: string | undefined): RampMessages | undefined {
  const cached = locale === undefined ? undefined : messagesFor(locale)
  const [fetched, setFetched] = useState<{ locale: string; messages: RampMessages }>()
  useEffect(() => {
    if (locale === undefined || cached) return
    let live = true
    loadMessages(locale).then(
      (messages) => live && setFetched({ locale, messages }),
      () => live && setFetched({ locale, messages: ENGLISH_MESSAGES }),
    )
    return () => {
      live = false
    }
  }, [locale, cached])
  return cached ?? (fetched && fetched.locale === locale ? fetched.messages : undefined)
}

/**
 * Loads English's later part (the messages of the checkout's screens after the first) once the
 * page is up, and says when it is in. The checkout's later screens wait for it themselves; this
 * is for whatever else reads `t`.
 */
function useEnglishComplete(): boolean {
  const [complete, setComplete] = useState(englishLoaded)
  useEffect(() => {
    if (complete) return
    let live = true
    loadMessages('en').then(
      () => live && setComplete(true),
      () => {},
    )
    return () => {
      live = false
    }
  }, [complete])
  return complete
}

/** Props of `RampKitProvider`. */
export type RampKitProviderProps = {
  /** Where the partner mounted the server kit (`createRampHandler`), e.g. `/api/ramp`. */
  endpoint: string
  /**
   * `en`, `fr`, `sw`, `pt` (others fall back to English). English is built in; another
   * locale's messages load on first use, and until they arrive `ready` is false and the
   * messages are English.
   */
  locale?: string
  /** Overrides of single messages. */
  messages?: Partial<RampMessages>
  theme?: RampTheme
  /** A QueryClient to use; by default the host's (from context) or a new one. */
  queryClient?: QueryClient
  /** A wagmi config, used only when the host has no `WagmiProvider` already. */
  wagmiConfig?: Config
  /** A fetch to use for the kit's requests. */
  fetch?: typeof fetch
  /** Headers added to every request to the kit (a CSRF token, for example). */
  headers?: Record<string, string>
  /**
   * Told once per mistake when the kit's answers show the app is configured wrongly (a wrong
   * `endpoint` or base path, a refused origin, a missing setting), with a typed
   * `KitConfigurationError` (`reason`, `fix`). In development its fix is also logged to the
   * console; the shopper sees the widget's plain message either way.
   */
  onError?: (error: KitConfigurationError) => void
  /**
   * Where the partner's support is: an `http(s)` address or a path of the app (opened in a new
   * tab), or a `mailto:` address. A shopper whose identity the service declined or suspended is
   * told to contact support, in the checkout's identity step and in `<RampAccounts />`; given,
   * "Contact support" is a link to it. Without it (or with another kind of address, which is
   * never linked) the text names no link.
   */
  supportUrl?: string
  children?: ReactNode
}

/**
 * Connects rampkit's hooks and `<RampCheckout />` to the partner's server kit. Uses the host
 * app's `QueryClientProvider` and `WagmiProvider` when they are there and creates only what is
 * missing; wagmi is needed for off-ramp only, on-ramp works with a typed wallet address.
 *
 * @example
 * <RampKitProvider endpoint="/api/ramp" locale="sw">
 *   <RampCheckout direction="OnRamp" country="KE" />
 * </RampKitProvider>
 */
export function RampKitProvider(props: RampKitProviderProps): ReactNode {
  const hostQueryClient = useContext(QueryClientContext)
  // The host's WagmiProvider, seen once wagmi's context has loaded (a sale, the details step).
  const hostWagmi = useWagmiSeen()
  const [ownQueryClient] = useState(() =>
    props.queryClient || hostQueryClient
      ? undefined
      : // Reads retry what may pass, never a configuration mistake (core's `retryKitRead`).
        new QueryClient({ defaultOptions: { queries: { retry: retryKitRead } } }),
  )
  const { endpoint, fetch, headers, locale = 'en', messages: overrides, theme, supportUrl } = props
  const headersKey = JSON.stringify(headers ?? {})
  // The latest `onError`, so a new function each render does not make a new client.
  const onError = useRef(props.onError)
  onError.current = props.onError
  // biome-ignore lint/correctness/useExhaustiveDependencies: headers compared by value
  const client = useMemo(
    () =>
      createKitClient({
        endpoint,
        ...(fetch ? { fetch } : {}),
        ...(headers ? { headers } : {}),
        onConfigurationError: (error) => onError.current?.(error),
      }),
    [endpoint, fetch, headersKey],
  )
  const hasWagmi = Boolean(hostWagmi || props.wagmiConfig)
  const localeMessages = useLocaleMessages(locale)
  const englishComplete = useEnglishComplete()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new value when English completes
  const value = useMemo<RampKitContextValue>(() => {
    const messages = layerMessages(localeMessages ?? ENGLISH_MESSAGES, overrides)
    return {
      client,
      locale,
      messages,
      ready: localeMessages !== undefined,
      // A later screen's English key before its chunk: the screens wait for it, so never shown.
      t: (key, values) => formatMessage(messages[key] ?? key, values),
      theme: theme ?? {},
      hasWagmi,
      supportUrl,
    }
    // A new value once English's later part is in (the same object, filled in place): what
    // reads `t` outside the checkout's own screens (an orders page's status names) renders again.
  }, [client, locale, localeMessages, overrides, theme, hasWagmi, supportUrl, englishComplete])

  let tree: ReactNode = (
    <RampKitContext.Provider value={value}>{props.children}</RampKitContext.Provider>
  )
  if (props.wagmiConfig) {
    tree = (
      <Suspense fallback={null}>
        <WagmiWhenMissing config={props.wagmiConfig}>{tree}</WagmiWhenMissing>
      </Suspense>
    )
  }
  const queryClient = props.queryClient ?? ownQueryClient
  if (queryClient) tree = <QueryClientProvider client={queryClient}>{tree}</QueryClientProvider>
  return tree
}

/**
 * Re-provides the rampkit context with another locale (or message overrides) for one subtree:
 * `<RampCheckout locale="fr" />` uses it.
 */
export function RampKitLocale(props: {
  locale?: string | undefined
  messages?: Partial<RampMessages> | undefined
  children?: ReactNode
}): ReactNode {
  const parent = useRampKit()
  const { locale, messages: overrides } = props
  const localeMessages = useLocaleMessages(locale)
  const value = useMemo<RampKitContextValue>(() => {
    if (!locale && !overrides) return parent
    const base = locale ? (localeMessages ?? ENGLISH_MESSAGES) : parent.messages
    const messages = layerMessages(base, overrides)
    return {
      ...parent,
      locale: locale ?? parent.locale,
      messages,
      ready: locale ? localeMessages !== undefined : parent.ready,
      t: (key, values) => formatMessage(messages[key] ?? key, values),
    }
  }, [parent, locale, localeMessages, overrides])
  return <RampKitContext.Provider value={value}>{props.children}</RampKitContext.Provider>
}
