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

// Every read the first screen needs, side by side: the checkout's public reads (catalog, tokens,
// config: the same query keys the widget reads, so it finds them in the cache) and the wallet's
// chain, which the shop needs before it renders the checkout. index.html started them beside
// this script (preload links): these fetches take those answers.
const kit = createKitClient({ endpoint: ENDPOINT })
const firstReads = Promise.all([
  queryClient.prefetchQuery(catalogQueryOptions(kit)),
  queryClient.prefetchQuery(tokensQueryOptions(kit)),
  queryClient.prefetchQuery(configQueryOptions(kit)),
  queryClient.prefetchQuery(DEMO_CHAIN_QUERY),
])

// The HTML says "Loading the shop…" until the reads are in (a failed one is in too: the page
// shows its error), then the shop renders once, with its first screen filled, instead of a
// loading state first: on a slow phone each render of the whole shop costs a tenth of a second.
void firstReads.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  ),
)
