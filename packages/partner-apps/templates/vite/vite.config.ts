import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The SPA's API is the Hono app (server/main.ts) on API_PORT: `vite preview` proxies /api to it,
// so the page and the kit share the page's origin, as they would behind one host. The proxy
// keeps the page's Host (`changeOrigin: false`; Vite's string shorthand sets it to the API's):
// the kit takes writes from its own origin or from `allowedOrigins`, and a Host rewritten to
// the API's would make the page's Origin a foreign one.
const api = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`

export default defineConfig({
  plugins: [react()],
  preview: { proxy: { '/api': { target: api, changeOrigin: false } } },
})
