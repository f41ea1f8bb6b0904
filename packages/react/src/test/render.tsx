import { QueryClient } from '@tanstack/react-query'
import { type RenderResult, render } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { type Address, defineChain, http } from 'viem'
import { inject } from 'vitest'
import { type Config, createConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import { RampKitProvider } from '../provider.js'
import type { RampCheckoutProps } from '../widget/context.js'
import { RampCheckout } from '../widget/RampCheckout.js'

/** A wagmi config on the sandbox's anvil with the mock connector, already connected. */
export async function connectedWagmi(account: string): Promise<Config> {
  const env = inject('ramp')
  const chain = defineChain({
    id: env.chainId,
    name: 'Sandbox',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [env.rpcUrl] } },
  })
  const config = createConfig({
    chains: [chain],
    connectors: [mock({ accounts: [account as Address], features: { reconnect: true } })],
    transports: { [chain.id]: http(env.rpcUrl) },
  })
  await connect(config, { connector: config.connectors[0]! })
  return config
}

export type RenderCheckoutOptions = {
  props?: RampCheckoutProps
  wagmiConfig?: Config
  user?: string
  queryClient?: QueryClient
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
      endpoint={env.endpoint}
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

/** Calls a sandbox admin route (`/__sandbox/...`) with the partner key. */
export async function sandboxAdmin(path: string, body: unknown = {}): Promise<unknown> {
  const env = inject('ramp')
  const response = await fetch(`${env.sandboxUrl}/__sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': env.apiKey },
    body: JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`sandbox admin ${path}: ${response.status} ${await response.text()}`)
  return response.json()
}
