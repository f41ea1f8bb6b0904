import '@rampkit/react/styles.css'
import './styles.css'
import { createKitClient } from '@rampkit/core/kit'
import {
  catalogQueryOptions,
  configQueryOptions,
  tokensQueryOptions,
} from '@rampkit/core/kit/query'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, ENDPOINT } from './App.js'
import { DEMO_CHAIN_QUERY } from './wallet/chain.js'

const queryClient = new QueryClient()

// Every read the first screen needs starts now, side by side: the checkout's public reads
// (catalog, tokens, config: the same query keys the widget reads, so it finds them in the cache)
// do not wait for the wallet's chain, which the shop needs before it renders the checkout.
const kit = createKitClient({ endpoint: ENDPOINT })
void queryClient.prefetchQuery(catalogQueryOptions(kit))
void queryClient.prefetchQuery(tokensQueryOptions(kit))
void queryClient.prefetchQuery(configQueryOptions(kit))
void queryClient.prefetchQuery(DEMO_CHAIN_QUERY)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
)
