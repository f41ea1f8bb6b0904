import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitepress'
import { devKit } from './devKit.js'
import { sidebar } from './sidebar.js'

/**
 * The rampkit documentation site. Pages are the Markdown files under `pages/`; the reference
 * under `pages/reference/api/` and three more reference pages are written from the packages'
 * types by `scripts/reference.ts` before `dev` and `build`. Under `vitepress dev` the site also
 * serves a real kit over the embedded sandbox at `/api/ramp` (`devKit`), so the live examples
 * run the widget; a static build points them at `RAMPKIT_DOCS_KIT` or shows screenshots.
 */
/** The site's icon: in the HTML's head, and in the dev server's (see `devHead`). */
const ICON = { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }

/**
 * VitePress's dev server sends a bare HTML page and adds `head` once its app runs, so Chromium,
 * finding no icon at load, asks for `/favicon.ico` (a 404 the static build, whose HTML has the
 * icon, never sees). The dev page gets the icon in its HTML too.
 */
const devHead = {
  name: 'rampkit-docs:dev-head',
  apply: 'serve' as const,
  transformIndexHtml: () => [{ tag: 'link', attrs: ICON, injectTo: 'head' as const }],
}

export default defineConfig({
  title: 'rampkit',
  description:
    'A fiat <-> crypto ramp for web apps: typed core, server kit, React checkout, local sandbox.',
  srcDir: 'pages',
  cleanUrls: true,
  lastUpdated: false,
  // The README shrinks to link here; a page that links a file of the repository uses its URL.
  ignoreDeadLinks: false,
  head: [
    ['link', ICON],
    ['meta', { name: 'theme-color', content: '#0f766e' }],
  ],
  themeConfig: {
    search: { provider: 'local' },
    sidebar,
    nav: [
      { text: 'Get started', link: '/getting-started/' },
      { text: 'Guides', link: '/guides/journey' },
      { text: 'Reference', link: '/reference/' },
      // A text link: VitePress's social icons load from an icon service, which a closed
      // network (and a strict CSP) refuses.
      { text: 'GitHub', link: 'https://github.com/rampkit/rampkit' },
    ],
    outline: { level: [2, 3] },
  },
  vite: {
    plugins: [devKit(), devHead],
    define: {
      'import.meta.env.RAMPKIT_DOCS_KIT': JSON.stringify(process.env.RAMPKIT_DOCS_KIT ?? ''),
    },
    esbuild: { jsx: 'automatic' },
    // One copy of each library that holds React context or a wallet connection (as the
    // storefront's vite.config.ts says): pnpm may install wagmi twice in this workspace.
    resolve: {
      // The widget's screenshots stay where the e2e flows write them (docs/screens): pages name
      // them `@screens/<name>.png`, which Vite serves in dev and fingerprints in the build.
      alias: { '@screens': fileURLToPath(new URL('../../../docs/screens', import.meta.url)) },
      dedupe: ['react', 'react-dom', '@tanstack/react-query', 'wagmi', 'viem'],
    },
    build: {
      chunkSizeWarningLimit: 2000,
      rollupOptions: {
        // The widget's modules start with 'use client' (for Next.js); a Vite bundle drops it,
        // correctly, and says so once per module. Nothing else is silenced.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR')
            return
          warn(warning)
        },
      },
    },
  },
})
