import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { DefaultTheme } from 'vitepress'

const pages = fileURLToPath(new URL('../pages/', import.meta.url))

/**
 * Pages other branches write (going live, CSP, the error codes) are listed once they exist, so
 * the sidebar never links to a page this checkout does not have; the link check says the same.
 */
function ifPresent(item: { text: string; link: string }): DefaultTheme.SidebarItem[] {
  return existsSync(`${pages}${item.link.slice(1)}.md`) ? [item] : []
}

/** The site's navigation, in the order a partner reads it. */
export const sidebar: DefaultTheme.SidebarItem[] = [
  {
    text: 'Getting started',
    items: [
      { text: 'Overview', link: '/getting-started/' },
      { text: 'Next.js App Router', link: '/getting-started/nextjs-app-router' },
      { text: 'Next.js Pages Router', link: '/getting-started/nextjs-pages-router' },
      { text: 'Vite + Hono', link: '/getting-started/vite-hono' },
      { text: 'Express (node-server)', link: '/getting-started/express' },
      { text: 'React Router', link: '/getting-started/react-router' },
      { text: 'Your own UI', link: '/getting-started/own-ui' },
    ],
  },
  {
    text: 'Live examples',
    items: [
      { text: 'The checkout', link: '/examples/checkout' },
      { text: 'Theming playground', link: '/examples/theming' },
    ],
  },
  {
    text: 'Guides',
    items: [
      { text: 'The journey, screen by screen', link: '/guides/journey' },
      { text: 'Theming', link: '/guides/theming' },
      { text: 'Languages', link: '/guides/languages' },
      { text: 'Callbacks and events', link: '/guides/callbacks' },
      { text: 'Identity (KYC) and the vault', link: '/guides/identity' },
      { text: 'Sign in with the wallet', link: '/guides/wallet-sign-in' },
      { text: 'Selling and the wallet', link: '/guides/selling' },
      { text: 'Webhooks and fulfilment', link: '/guides/webhooks' },
      { text: 'Live status', link: '/guides/live-status' },
      { text: 'Stores and several instances', link: '/guides/stores' },
      { text: 'The sandbox and test values', link: '/guides/sandbox' },
      { text: 'The sandbox in detail', link: '/guides/sandbox-service' },
      { text: 'The doctor', link: '/guides/doctor' },
      ...ifPresent({ text: 'Going live', link: '/guides/going-live' }),
      ...ifPresent({ text: 'Content-Security-Policy', link: '/guides/content-security-policy' }),
      { text: 'Security model', link: '/guides/security' },
      { text: 'Migrating between versions', link: '/guides/migrating' },
      { text: 'For designers', link: '/guides/designers' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'Overview', link: '/reference/' },
      { text: '<RampCheckout /> and provider props', link: '/reference/props' },
      { text: 'Kit options', link: '/reference/kit-options' },
      { text: 'Kit options in detail', link: '/reference/server-options' },
      { text: 'Kit routes', link: '/reference/routes' },
      { text: 'Kit routes: upstream and answers', link: '/reference/server-routes' },
      ...ifPresent({ text: 'Error codes', link: '/reference/errors' }),
      { text: '@rampkit/core', link: '/reference/api/core' },
      { text: '@rampkit/server', link: '/reference/api/server' },
      { text: '@rampkit/react', link: '/reference/api/react' },
      { text: '@rampkit/sandbox', link: '/reference/api/sandbox' },
    ],
  },
]
