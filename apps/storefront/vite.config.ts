import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// `pnpm demo` builds this front and the shop's Hono back end serves it on one port. For front-end
// work, `vite` alone proxies /api to a back end started by `pnpm demo` (STOREFRONT_API).
export default defineConfig({
  plugins: [react()],
  // One copy of each library that holds React context or a wallet connection. In this workspace
  // pnpm installs wagmi twice (its optional peers differ between the shop and @rampkit/react);
  // two copies mean two WagmiContexts, and the widget would not see the shop's wallet.
  resolve: {
    dedupe: ['react', 'react-dom', '@tanstack/react-query', 'wagmi', '@wagmi/core', 'viem'],
  },
  // viem and wagmi make one large chunk; fine for a local demo.
  build: { chunkSizeWarningLimit: 1000 },
  server: {
    proxy: { '/api': process.env.STOREFRONT_API ?? 'http://127.0.0.1:3000' },
  },
})
