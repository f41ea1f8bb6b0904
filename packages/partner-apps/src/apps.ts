import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { partnerEnv, repoRoot, run } from './run.js'
import { listenOnEnvPort, pageModule, readmeBlock, withHelpers } from './snippets.js'

/** The published packages, as `pnpm pack` names their tarballs. */
export const PACKAGES = ['core', 'server', 'react', 'sandbox'] as const
export type PackageName = (typeof PACKAGES)[number]
export type Tarballs = Record<PackageName, string>

const templates = join(import.meta.dirname, '../templates')

// The README snippets and the site's recipes each app is made of (see README.md of this package).
const ROOT = 'README.md'
const SERVER = 'packages/server/README.md'
const REACT = 'packages/react/README.md'
const snippet = (readme: string, holds: string[]) => readmeBlock(repoRoot, readme, holds).code
const recipe = (page: string, holds: string[]) =>
  snippet(`apps/docs/pages/getting-started/${page}.md`, holds)

export const SNIPPETS = {
  rootHono: () => snippet(ROOT, ['createRampHandler', '@hono/node-server']),
  rootPage: () => snippet(ROOT, ['<RampCheckout', 'RampKitProvider']),
  serverHono: () => snippet(SERVER, ['createRampHandler', '@hono/node-server']),
  reactPage: () => snippet(REACT, ['<RampCheckout', 'RampKitProvider']),
}

/** The site's recipes, file by file (each block's first line names its file). */
export const RECIPES = {
  appRouter: () => [
    recipe('nextjs-app-router', ['createRampHandler', 'hono/vercel']),
    recipe('nextjs-app-router', ['<RampCheckout']),
  ],
  pagesRouter: () => [
    recipe('nextjs-pages-router', ['createRampHandler', '@hono/node-server/vercel']),
    recipe('nextjs-pages-router', ['AppProps']),
    recipe('nextjs-pages-router', ['<RampCheckout']),
  ],
  express: () => recipe('express', ['createRampHandler', 'express()']),
  reactRouter: () => [
    recipe('react-router', ['createRampHandler']),
    recipe('react-router', ['LoaderFunctionArgs']),
    recipe('react-router', ['<RampCheckout']),
  ],
  viteHono: () => [
    recipe('vite-hono', ['createRampHandler', 'serveStatic']),
    recipe('vite-hono', ['defineConfig']),
    recipe('vite-hono', ['<RampCheckout']),
  ],
  /** The line the React Router page adds to the app's `app/routes.ts`. */
  reactRouterRoute: () => recipe('react-router', ["route('api/ramp/*'"]).trim(),
}

/** The file a snippet is: the path its first line's comment names (`// app/page.tsx`). */
export function filePath(code: string): string {
  const named = /^\/\/ ([\w./[\]-]+\.tsx?)\s*$/m.exec(code.split('\n')[0] ?? '')
  if (!named?.[1]) throw new Error(`the snippet names no file on its first line:\n${code}`)
  return named[1]
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

/** React Router 7's packages at one release: @react-router/serve's peer is its own react-router. */
const REACT_ROUTER = '7.18.4'

/**
 * The server-only app: @rampkit/server and hono, nothing else (`serverOnly`); the app's own
 * tools (the node server, tsx, TypeScript) and Express come in a second install (`full`).
 * `server.ts` is the root README's Hono snippet, `express.ts` the site's Express recipe.
 */
export function writeHonoApp(dir: string, tarballs: Tarballs) {
  cpSync(join(templates, 'hono'), dir, { recursive: true })
  write(
    dir,
    'server.ts',
    withHelpers(listenOnEnvPort(SNIPPETS.rootHono()), './partner.js', ['fulfil']),
  )
  write(dir, 'express.ts', listenOnEnvPort(RECIPES.express()))
  const serverOnly = {
    '@rampkit/core': file(tarballs.core),
    '@rampkit/server': file(tarballs.server),
    hono: '^4.0.0',
  }
  return {
    serverOnly: packageJson('partner-hono', serverOnly, {}),
    full: packageJson(
      'partner-hono',
      { ...serverOnly, '@hono/node-server': '^1.0.0', express: '^5.0.0' },
      {
        tsx: '^4.0.0',
        typescript: '^5.0.0',
        '@types/node': '^20.0.0',
        '@types/express': '^5.0.0',
      },
    ),
  }
}

/** The Next.js recipes of the site a Next app is made of. */
export type NextRecipe = 'appRouter' | 'pagesRouter'

/**
 * The app a partner starts from: TypeScript, App Router, no Tailwind, no `src/`; neither installed
 * nor a git repository (only its `next.config.ts` is taken).
 */
const CREATE_NEXT_APP_FLAGS = [
  '--yes',
  '--ts',
  '--app',
  '--no-tailwind',
  '--no-src-dir',
  '--skip-install',
  '--disable-git',
]

/**
 * The `next.config.ts` that `create-next-app@<major>` writes today (the major the app installs
 * `next` at, `^<major>.0.0`), made by running it in `parent/create-next-app-<major>` through npx
 * with the suite's npm cache, so the recipes build under the config a partner's new app has:
 * a setting the template turns on (Next 16's `cacheComponents`, `partialPrefetching`) is on
 * here the day it ships. Its saved preferences are kept in that directory, so
 * neither a developer's earlier answers change the config nor the suite's run changes them.
 * Resolves with the file's path, as generated; rejects naming the command when it cannot run:
 * the suite has no copy to fall back to.
 */
export async function createNextConfig(parent: string, major: number): Promise<string> {
  const dir = join(parent, `create-next-app-${major}`)
  mkdirSync(dir, { recursive: true })
  const args = ['-y', `create-next-app@${major}`, 'app', ...CREATE_NEXT_APP_FLAGS]
  try {
    await run('npx', args, {
      cwd: dir,
      env: partnerEnv({ XDG_CONFIG_HOME: join(dir, 'config') }),
      logFile: `next-${major}.log`,
      timeoutMs: 120_000,
    })
  } catch (error) {
    throw new Error(
      `\`npx ${args.join(' ')}\` (in ${dir}) failed, so the Next ${major} app has no ` +
        `next.config.ts: the suite takes it from create-next-app and keeps no copy. ` +
        `Is npm's registry reachable?\n${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
  const config = join(dir, 'app', 'next.config.ts')
  if (!existsSync(config)) {
    throw new Error(`\`npx ${args.join(' ')}\` (in ${dir}) wrote no app/next.config.ts`)
  }
  return config
}

/**
 * A Next.js app at `major` made of the site's `recipe`, file by file (its page at `/ramp`), and
 * the root README's page at `/`, with the template's layout, `lib/partner.ts` (the helpers the
 * README page leaves to the app) and the module it imports them from (`lib/receipt.ts`), and
 * `nextConfig`, the `next.config.ts` create-next-app wrote for that major (`createNextConfig`),
 * copied as it is (Next 16's turns on `cacheComponents`, under which a route's `runtime` export
 * fails the build, and `partialPrefetching`). The Pages Router recipe lives beside the App
 * Router's layout, as in an app moving from one to the other.
 */
export function writeNextApp(
  dir: string,
  tarballs: Tarballs,
  major: number,
  recipe: NextRecipe,
  nextConfig: string,
) {
  cpSync(join(templates, 'next'), dir, { recursive: true })
  cpSync(nextConfig, join(dir, 'next.config.ts'))
  write(
    dir,
    'app/page.tsx',
    withHelpers(pageModule(englishPage(SNIPPETS.rootPage())), '@/lib/partner', ['show', 'track']),
  )
  for (const code of RECIPES[recipe]()) write(dir, filePath(code), englishPage(code))
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
        '@hono/node-server': '^1.0.0',
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
 * In `site/`, the site's Vite + Hono recipe (its server serves its build and the kit).
 * Beside it, in `router/` on the same install, the site's React Router recipe (framework mode):
 * the template's root layout and `vite.config.ts`, the recipe's files, and its route line in
 * `app/routes.ts` beside the page's route.
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
  // The site's Vite + Hono recipe in `site/`, with the template's index.html: built by Vite, then
  // its server serves the build and the kit on one port.
  const site = join(dir, 'site')
  mkdirSync(site, { recursive: true })
  cpSync(join(templates, 'vite/index.html'), join(site, 'index.html'))
  for (const code of RECIPES.viteHono()) {
    const path = filePath(code)
    write(site, path, path === 'server.ts' ? listenOnEnvPort(code) : englishPage(code))
  }
  const router = join(dir, 'router')
  cpSync(join(templates, 'react-router'), router, { recursive: true })
  for (const code of RECIPES.reactRouter()) write(router, filePath(code), englishPage(code))
  write(
    router,
    'app/routes.ts',
    [
      "import { type RouteConfig, route } from '@react-router/dev/routes'",
      '',
      'export default [',
      "  route('ramp', 'routes/ramp.tsx'),",
      `  ${RECIPES.reactRouterRoute()}`,
      '] satisfies RouteConfig',
      '',
    ].join('\n'),
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
        // The React Router recipe's (framework mode, `create-react-router`'s packages), at one
        // version: @react-router/serve's peer is its own version of react-router exactly.
        'react-router': REACT_ROUTER,
        '@react-router/node': REACT_ROUTER,
        '@react-router/serve': REACT_ROUTER,
        isbot: '^5.0.0',
      },
      {
        vite: '^8.0.0',
        '@vitejs/plugin-react': '^6.0.0',
        tsx: '^4.0.0',
        '@react-router/dev': REACT_ROUTER,
      },
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
