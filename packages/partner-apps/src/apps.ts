import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { repoRoot } from './run.js'
import { listenOnEnvPort, pageModule, readmeBlock, withHelpers } from './snippets.js'

/** The published packages, as `pnpm pack` names their tarballs. */
export const PACKAGES = ['core', 'server', 'react', 'sandbox'] as const
export type PackageName = (typeof PACKAGES)[number]
export type Tarballs = Record<PackageName, string>

const templates = join(import.meta.dirname, '../templates')

// The README snippets each app is made of (see README.md of this package).
const ROOT = 'README.md'
const SERVER = 'packages/server/README.md'
const REACT = 'packages/react/README.md'
const snippet = (readme: string, holds: string[]) => readmeBlock(repoRoot, readme, holds).code

export const SNIPPETS = {
  rootHono: () => snippet(ROOT, ['createRampHandler', '@hono/node-server']),
  rootNextRoute: () => snippet(ROOT, ['createRampHandler', 'hono/vercel']),
  rootPage: () => snippet(ROOT, ['<RampCheckout', 'RampKitProvider']),
  serverHono: () => snippet(SERVER, ['createRampHandler', '@hono/node-server']),
  serverNextRoute: () => snippet(SERVER, ['createRampHandler', 'hono/vercel']),
  reactPage: () => snippet(REACT, ['<RampCheckout', 'RampKitProvider']),
}

/** Where a Next.js route snippet goes: the path its first comment names, else the README's. */
function routePath(code: string): string {
  const named = /^\/\/\s*(app\/\S+\/route\.ts)\s*$/m.exec(code)
  return named?.[1] ?? 'app/api/ramp/[[...route]]/route.ts'
}

function write(dir: string, path: string, text: string) {
  mkdirSync(dirname(join(dir, path)), { recursive: true })
  writeFileSync(join(dir, path), text)
}

function packageJson(
  name: string,
  dependencies: Record<string, string>,
  devDependencies: Record<string, string>,
) {
  return `${JSON.stringify({ name, private: true, type: 'module', dependencies, devDependencies }, null, 2)}\n`
}

const file = (path: string) => `file:${path}`

/** The peers `@rampkit/react`'s README lists, and React's own. */
const REACT_PEERS = {
  react: '^19.0.0',
  'react-dom': '^19.0.0',
  '@tanstack/react-query': '^5.0.0',
  wagmi: '^3.0.0',
  viem: '^2.0.0',
}

/**
 * The server-only app: @rampkit/server and hono, nothing else (`serverOnly`); the app's own
 * tools (the node server, tsx, TypeScript) come in a second install (`full`). `server.ts` is the
 * root README's Hono snippet.
 */
export function writeHonoApp(dir: string, tarballs: Tarballs) {
  cpSync(join(templates, 'hono'), dir, { recursive: true })
  write(
    dir,
    'server.ts',
    withHelpers(listenOnEnvPort(SNIPPETS.rootHono()), './partner.js', ['fulfil']),
  )
  const serverOnly = {
    '@rampkit/core': file(tarballs.core),
    '@rampkit/server': file(tarballs.server),
    hono: '^4.0.0',
  }
  return {
    serverOnly: packageJson('partner-hono', serverOnly, {}),
    full: packageJson(
      'partner-hono',
      { ...serverOnly, '@hono/node-server': '^1.0.0' },
      { tsx: '^4.0.0', typescript: '^5.0.0', '@types/node': '^20.0.0' },
    ),
  }
}

/**
 * A Next.js App Router app at `major`: `route` and `page` name the README snippets of its API
 * route and its page, with the template's layout, `lib/partner.ts` (the helpers the snippets
 * leave to the app) and the modules the snippets import them from (`lib/auth.ts`,
 * `lib/receipt.ts`), and `next.config.ts` as `create-next-app` writes it for that major (Next
 * 16's turns on `cacheComponents`, under which a route's `runtime` export fails the build).
 */
export function writeNextApp(
  dir: string,
  tarballs: Tarballs,
  major: number,
  route: keyof typeof SNIPPETS,
  page: keyof typeof SNIPPETS,
) {
  cpSync(join(templates, 'next'), dir, { recursive: true })
  cpSync(
    join(templates, 'next-config', String(major), 'next.config.ts'),
    join(dir, 'next.config.ts'),
  )
  const routeCode = SNIPPETS[route]()
  write(dir, routePath(routeCode), withHelpers(routeCode, '@/lib/partner', ['auth', 'fulfil']))
  write(
    dir,
    'app/page.tsx',
    withHelpers(pageModule(englishPage(SNIPPETS[page]())), '@/lib/partner', ['show', 'track']),
  )
  write(
    dir,
    'package.json',
    packageJson(
      `partner-next-${major}`,
      {
        '@rampkit/core': file(tarballs.core),
        '@rampkit/server': file(tarballs.server),
        '@rampkit/react': file(tarballs.react),
        next: `^${major}.0.0`,
        hono: '^4.0.0',
        ...REACT_PEERS,
      },
      {
        typescript: '^5.0.0',
        '@types/node': '^20.0.0',
        '@types/react': '^19.0.0',
        '@types/react-dom': '^19.0.0',
      },
    ),
  )
}

/**
 * The Vite React SPA: `src/page.tsx` is the react README's snippet, `server/main.ts` the server
 * README's Hono snippet (the SPA's API); `vite preview` serves the build and proxies /api to it.
 */
export function writeViteApp(dir: string, tarballs: Tarballs) {
  cpSync(join(templates, 'vite'), dir, { recursive: true })
  write(
    dir,
    'src/page.tsx',
    withHelpers(pageModule(englishPage(SNIPPETS.reactPage())), './partner', ['show', 'track']),
  )
  write(
    dir,
    'server/main.ts',
    withHelpers(listenOnEnvPort(SNIPPETS.serverHono()), './partner.js', ['fulfil']),
  )
  write(
    dir,
    'package.json',
    packageJson(
      'partner-vite',
      {
        '@rampkit/core': file(tarballs.core),
        '@rampkit/server': file(tarballs.server),
        '@rampkit/react': file(tarballs.react),
        hono: '^4.0.0',
        '@hono/node-server': '^1.0.0',
        ...REACT_PEERS,
      },
      { vite: '^8.0.0', '@vitejs/plugin-react': '^6.0.0', tsx: '^4.0.0' },
    ),
  )
}

/** Where the sandbox is installed, as a partner's `npx ramp-sandbox` would fetch it. */
export function writeSandboxDir(dir: string, tarballs: Tarballs) {
  mkdirSync(dir, { recursive: true })
  write(
    dir,
    'package.json',
    packageJson(
      'partner-sandbox',
      { '@rampkit/core': file(tarballs.core), '@rampkit/sandbox': file(tarballs.sandbox) },
      {},
    ),
  )
}

/** The suite's shopper reads English: a snippet's other `locale` is set to `en`. */
function englishPage(code: string): string {
  return code.replace(/\blocale="(?!en")[a-z]{2}"/, 'locale="en"')
}
