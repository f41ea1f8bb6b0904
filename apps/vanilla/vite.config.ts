import { defineConfig } from 'vite'

// `vite build` writes dist/, which `server/main.ts` serves. For work on the page, `vite` alone
// proxies /api to a running back end (VANILLA_API, default the server's port 3100).
export default defineConfig({
  build: { target: 'es2022', chunkSizeWarningLimit: 1000 },
  server: { proxy: { '/api': process.env.VANILLA_API ?? 'http://127.0.0.1:3100' } },
})
