import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { devSecurityHeaders } from './server/serving.js'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)
/** What is worth compressing: text formats above a packet's size. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/
const MIN_BYTES = 1024

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each text file of
 * the build, once, so the server sends the smallest form a browser accepts without compressing
 * per request (`server/serving.ts`: `serveStatic` with `precompressed`). Read back from disk once
 * the bundle is written (`writeBundle`, awaited by the build): the files as served, after every
 * plugin's last rewrite.
 */
function precompress(): Plugin {
  return {
    name: 'storefront:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist'
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file))
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file)
          const bytes = await readFile(path)
          if (bytes.length < MIN_BYTES) return
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: 9 }),
          ])
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
        }),
      )
    },
  }
}

const API = process.env.STOREFRONT_API ?? 'http://127.0.0.1:3000'

// `pnpm demo` builds this front and the shop's Hono back end serves it on one port. For front-end
// work, `vite` alone proxies /api to a back end started by `pnpm demo` (STOREFRONT_API).
export default defineConfig({
  plugins: [react(), precompress()],
  // One copy of each library that holds React context or a wallet connection. In this workspace
  // pnpm installs wagmi twice (its optional peers differ between the shop and @rampkit/react);
  // two copies mean two WagmiContexts, and the widget would not see the shop's wallet.
  resolve: {
    dedupe: ['react', 'react-dom', '@tanstack/react-query', 'wagmi', '@wagmi/core', 'viem'],
  },
  // viem and wagmi make one large chunk; fine for a local demo.
  build: { chunkSizeWarningLimit: 1000 },
  server: {
    // The built shop's headers (server/serving.ts), loosened only where Vite's dev needs it.
    headers: devSecurityHeaders(),
    // The back end takes a POST only from its own pages (its `Origin`): proxied, the page is
    // this dev server's, so the proxy names the back end's origin for it.
    proxy: {
      '/api': {
        target: API,
        changeOrigin: true,
        headers: { origin: new URL(API).origin },
      },
    },
  },
})
