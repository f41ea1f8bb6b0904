import { QueryClient } from '@tanstack/react-query'
import { type RenderResult, render } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { type Address, defineChain, http } from 'viem'
import { inject } from 'vitest'
import { type Config, createConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import { RampKitProvider } from '../src/provider.js'

type MockFeatures = NonNullable<Parameters<typeof mock>[0]['features']>

import type { RampCheckoutProps } from '../src/widget/context.js'
import { RampCheckout } from '../src/widget/RampCheckout.js'
import { loadWallet } from '../src/widget/walletLoad.js'

/**
 * A wagmi config on the sandbox's anvil with the mock connector, already connected. `features`
 * are the mock's (`signTypedDataError: true` is a user who declines typed-data signatures).
 */
export async function connectedWagmi(
  account: string,
  features: MockFeatures = {},
): Promise<Config> {
  const env = inject('ramp')
  const chain = defineChain({
    id: env.chainId,
    name: 'Sandbox',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [env.rpcUrl] } },
  })
  const config = createConfig({
    chains: [chain],
    connectors: [
      mock({ accounts: [account as Address], features: { reconnect: true, ...features } }),
    ],
    transports: { [chain.id]: http(env.rpcUrl) },
  })
  await connect(config, { connector: config.connectors[0]! })
  // A page with a connected wallet has its wallet parts loaded (a sale chosen, a details step
  // shown) before it signs or approves: the widget loads them lazily, and a test that starts on
  // a later step would otherwise wait for their first transform.
  await loadWallet()
  return config
}

export type RenderCheckoutOptions = {
  props?: RampCheckoutProps
  wagmiConfig?: Config
  user?: string
  queryClient?: QueryClient
  /** The kit's browser API; default the global setup's kit (`inject('ramp').endpoint`). */
  endpoint?: string
  /** Talk to the vault-mode kit (KYC in the widget) instead of the inline one. */
  vault?: boolean
}

export type RenderedCheckout = RenderResult & {
  user: UserEvent
  queryClient: QueryClient
  ui: ReactElement
}

/** `<RampCheckout />` under a `RampKitProvider` pointed at the real kit of the global setup. */
export function renderCheckout(options: RenderCheckoutOptions = {}): RenderedCheckout {
  const env = inject('ramp')
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const user = userEvent.setup()
  const ui = (
    <RampKitProvider
      endpoint={options.endpoint ?? (options.vault ? env.vaultEndpoint : env.endpoint)}
      queryClient={queryClient}
      headers={{ origin: env.origin, 'x-test-user': options.user ?? 'test-user' }}
      {...(options.wagmiConfig ? { wagmiConfig: options.wagmiConfig } : {})}
    >
      <RampCheckout {...options.props} />
    </RampKitProvider>
  )
  const result = render(ui)
  return { ...result, user, queryClient, ui }
}

/** Calls a sandbox admin route (`/__sandbox/...`) with the partner key (or the vault kit's). */
export async function sandboxAdmin(
  path: string,
  body: unknown = {},
  options: { vault?: boolean } = {},
): Promise<unknown> {
  const env = inject('ramp')
  const response = await fetch(`${env.sandboxUrl}/__sandbox${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': options.vault ? env.vaultApiKey : env.apiKey,
    },
    body: JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`sandbox admin ${path}: ${response.status} ${await response.text()}`)
  return response.json()
}
