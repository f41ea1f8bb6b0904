import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchBrowser, skipBrowserTests } from '@rampkit/e2e/browser'
import { freePort } from '@rampkit/test'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createNextConfig,
  PACKAGES,
  type Tarballs,
  writeHonoApp,
  writeNextApp,
  writeSandboxDir,
  writeViteApp,
} from './apps.js'
import { partnerEnv, repoRoot, resultsDir, run, type Started, start, waitForHttp } from './run.js'
import {
  buyKes,
  expectCheckoutRenders,
  kB,
  kitEnv,
  type SandboxStack,
  startInstalledSandbox,
  type Weight,
} from './stack.js'

/**
 * rampkit as a partner installs it: each published package packed (`pnpm pack`), the tarballs
 * installed with npm into fresh apps in the system's temp directory, outside this workspace,
 * each app written from the README snippets and the site's getting-started recipes. The apps
 * run one after another; what each phase took and each page's JavaScript weight go to
 * test-results/partner-apps/figures.json.
 */

const suiteStarted = performance.now()
const root = mkdtempSync(join(tmpdir(), 'rampkit-partner-apps-'))
const tarballs = {} as Tarballs
const sandboxDir = join(root, 'sandbox')
let browser: Browser

type Figures = {
  seconds: Record<string, number>
  weight?: Weight & { initialKb: number; totalKb: number }
  nextReported?: string
}
const figures: Record<string, Figures> = {}
const timed = (app: string, phase: string, seconds: number) => {
  figures[app] ??= { seconds: {} }
  figures[app].seconds[phase] = seconds
}
const since = (started: number) => Math.round((performance.now() - started) / 100) / 10

/**
 * Removes an app's directory while the next app installs and builds (a Next app's
 * node_modules is half a gigabyte); the suite's end waits for every removal.
 */
const removals: Promise<unknown>[] = []
function removeLater(dir: string) {
  if (process.env.RAMPKIT_KEEP_PARTNER_APPS) return Promise.resolve()
  const removal = start('rm', ['-rf', dir], {
    cwd: tmpdir(),
    env: process.env,
    logFile: 'cleanup.log',
  })
  removals.push(removal.exited)
  return removal.exited
}

/** `npm install` in `dir` (npm's cache first), timed as the app's `phase`. */
async function npmInstall(app: string, dir: string, phase = 'install') {
  const { seconds } = await run('npm', ['install'], {
    cwd: dir,
    env: partnerEnv(),
    logFile: `${app}.log`,
    timeoutMs: 300_000,
  })
  timed(app, phase, seconds)
}

beforeAll(async () => {
  if (skipBrowserTests) return
  mkdirSync(resultsDir, { recursive: true })
  const packs = join(root, 'tarballs')
  mkdirSync(packs)
  const started = performance.now()
  for (const name of PACKAGES) {
    const dir = join(repoRoot, 'packages', name)
    if (!existsSync(join(dir, 'dist'))) {
      throw new Error(`packages/${name}/dist is missing: run pnpm build before this suite`)
    }
    const { output } = await run('pnpm', ['pack', '--pack-destination', packs], {
      cwd: dir,
      env: process.env,
      logFile: 'pack.log',
    })
    const tarball = /(\S+\.tgz)\s*$/.exec(output.trim())?.[1]
    if (!tarball) throw new Error(`pnpm pack printed no tarball:\n${output}`)
    tarballs[name] = tarball.startsWith('/') ? tarball : join(packs, tarball)
  }
  timed('suite', 'pack', since(started))
  writeSandboxDir(sandboxDir, tarballs)
  await npmInstall('sandbox', sandboxDir)
  const launching = performance.now()
  browser = await launchBrowser()
  timed('suite', 'browser', since(launching))
}, 600_000)

afterAll(async () => {
  await browser?.close()
  if (Object.keys(figures).length > 0) {
    timed('suite', 'total', since(suiteStarted))
    writeFileSync(join(resultsDir, 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`)
    console.log(`partner apps (seconds per phase, JavaScript gzip):\n${table()}`)
  }
  if (process.env.RAMPKIT_KEEP_PARTNER_APPS) {
    console.log(`partner apps kept in ${root}`)
  } else {
    const removing = performance.now()
    await Promise.all([...removals, removeLater(root)])
    console.log(`partner apps removed (the last ${since(removing)} s after the checks)`)
  }
})

function table(): string {
  return Object.entries(figures)
    .map(([app, { seconds, weight, nextReported }]) => {
      const phases = Object.entries(seconds)
        .map(([phase, s]) => `${phase} ${s} s`)
        .join(', ')
      const js = weight
        ? `; first load ${weight.initialKb} kB gzip JS (${weight.initialFiles} files), ${weight.totalKb} kB with all a buy loaded`
        : ''
      const next = nextReported ? `; next build says first load ${nextReported}` : ''
      return `  ${app}: ${phases}${js}${next}`
    })
    .join('\n')
}

/** Starts the installed sandbox and the app, runs `check`, stops both. */
async function withStack(
  app: string,
  port: number,
  /** Starts the app with the kit's environment (secrets, the sandbox's URL, the app's origin). */
  startApp: (env: Record<string, string>) => Started,
  check: (url: string, sandbox: SandboxStack, server: Started) => Promise<void>,
) {
  const url = `http://127.0.0.1:${port}`
  let started = performance.now()
  const sandbox = await startInstalledSandbox(
    sandboxDir,
    `${url}/api/ramp/webhooks`,
    `${app}-sandbox.log`,
  )
  timed(app, 'sandbox', since(started))
  started = performance.now()
  const server = startApp(kitEnv(sandbox, url))
  try {
    await waitForHttp(`${url}/api/ramp/config`)
    timed(app, 'start', since(started))
    started = performance.now()
    await check(url, sandbox, server)
    timed(app, 'check', since(started))
  } finally {
    await server.stop()
    await sandbox.process.stop()
  }
}

function recordWeight(app: string, weight: Weight) {
  figures[app]!.weight = {
    ...weight,
    initialKb: kB(weight.initialGzip),
    totalKb: kB(weight.totalGzip),
  }
}

/**
 * The kit answers at `/api/ramp` of the app at `url`: its config and the catalog through to the
 * sandbox, and an unsigned delivery refused in the envelope, never a 5xx.
 */
async function expectKitServes(url: string) {
  const config = await fetch(`${url}/api/ramp/config`)
  expect(config.status).toBe(200)
  expect(await config.json()).toMatchObject({ data: { environment: 'sandbox' } })
  const catalog = await fetch(`${url}/api/ramp/catalog?country=KE`)
  expect(JSON.stringify(await catalog.json())).toContain('M-Pesa')
  const unsigned = await fetch(`${url}/api/ramp/webhooks`, { method: 'POST', body: '{}' })
  expect([400, 401]).toContain(unsigned.status)
  expect(await unsigned.json()).toMatchObject({ status: 'error' })
}

/** Starts the app's `file` with its tsx (of the install at `install`) on `port`, with the kit's environment. */
function tsxServer(dir: string, file: string, port: number, logFile: string, install = dir) {
  return (env: Record<string, string>) =>
    start(join(install, 'node_modules/.bin/tsx'), [file], {
      cwd: dir,
      env: partnerEnv({ ...env, PORT: String(port) }),
      logFile,
    })
}

/** The recipe's `onOrderSettled` logged the order: the signed webhook reached the app's kit. */
const SETTLED_LOG = /^settled \S+/m

describe.skipIf(skipBrowserTests).sequential('Hono on Node, server only', () => {
  const dir = join(root, 'hono')
  afterAll(() => void removeLater(dir))
  let full = ''

  test('@rampkit/server imports with only itself and hono installed', async () => {
    mkdirSync(dir)
    const app = writeHonoApp(dir, tarballs)
    full = app.full
    writeFileSync(join(dir, 'package.json'), app.serverOnly)
    await npmInstall('hono', dir, 'install-server-only')
    await run('node', ['-e', "await import('@rampkit/server')"], {
      cwd: dir,
      env: partnerEnv(),
      logFile: 'hono.log',
    })
  })

  test("the root README's Hono snippet typechecks and serves the kit", async () => {
    writeFileSync(join(dir, 'package.json'), full)
    await npmInstall('hono', dir)
    const { seconds } = await run(join(dir, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], {
      cwd: dir,
      env: partnerEnv(),
      logFile: 'hono.log',
    })
    timed('hono', 'typecheck', seconds)
    const port = await freePort()
    await withStack('hono', port, tsxServer(dir, 'server.ts', port, 'hono.log'), expectKitServes)
  })

  test("the site's Express recipe serves the kit through @hono/node-server", async () => {
    // Installed and type-checked with the Hono app above (`express.ts`).
    const port = await freePort()
    await withStack(
      'express',
      port,
      tsxServer(dir, 'express.ts', port, 'express.log'),
      async (url) => {
        await expectKitServes(url)
        // Express's own routes still answer after the kit's middleware (here: none, a 404).
        expect((await fetch(`${url}/not-the-kit`)).status).toBe(404)
      },
    )
  })
})

/** create-next-app runs once per major in a run, however many Next apps are made at it. */
const nextConfigs = new Map<number, Promise<string>>()
function nextConfig(major: number) {
  const config = nextConfigs.get(major) ?? createNextConfig(root, major)
  nextConfigs.set(major, config)
  return config
}

for (const [major, recipe, name] of [
  // Next 16 with create-next-app's config (cacheComponents and partialPrefetching on) builds
  // the App Router recipe.
  [16, 'appRouter', 'App Router'],
  // The Pages Router recipe (its API route with Next's body parser off, _app, the page).
  [15, 'pagesRouter', 'Pages Router'],
] as const) {
  describe.skipIf(skipBrowserTests).sequential(`Next.js ${major} ${name}`, () => {
    const app = `next-${major}`
    const dir = join(root, app)
    afterAll(() => void removeLater(dir))
    let built = false

    test("npm installs the tarballs, next.config.ts as today's create-next-app writes it", async () => {
      mkdirSync(dir)
      const started = performance.now()
      const config = await nextConfig(major)
      timed(app, 'create-next-app', since(started))
      writeNextApp(dir, tarballs, major, recipe, config)
      await npmInstall(app, dir)
    })

    test('next build succeeds with no secret in the environment', async () => {
      const { output, seconds } = await run(join(dir, 'node_modules/.bin/next'), ['build'], {
        cwd: dir,
        env: partnerEnv(),
        logFile: `${app}.log`,
        timeoutMs: 300_000,
      })
      timed(app, 'build', seconds)
      built = true
      // Next 15 prints the page's first-load JS; 16 no longer does.
      const line = /^\S\s+[○●ƒ]\s+\/\s+\S+\s+\S?B\s+([\d.]+\s+\S?B)/mu.exec(output)
      if (line) figures[app]!.nextReported = line[1]!
    })

    test("next start -H 127.0.0.1: a KES buy settles in Chromium on the recipe's page", async () => {
      if (!built) throw new Error('no build to start: next build failed (above)')
      const port = await freePort()
      await withStack(
        app,
        port,
        (env) =>
          start(
            join(dir, 'node_modules/.bin/next'),
            ['start', '-p', String(port), '-H', '127.0.0.1'],
            { cwd: dir, env: partnerEnv(env), logFile: `${app}.log` },
          ),
        async (url, sandbox, server) => {
          recordWeight(app, await buyKes(browser, url, sandbox, '/ramp'))
          await server.waitFor(SETTLED_LOG, 10_000)
          // The root README's page, built beside the recipe, renders the checkout at /.
          await expectCheckoutRenders(browser, url, sandbox, '/')
        },
      )
    })
  })
}

describe.skipIf(skipBrowserTests).sequential('Vite React SPA on a Hono back', () => {
  const app = 'vite'
  const dir = join(root, app)
  afterAll(() => void removeLater(dir))

  test('npm installs the tarballs; vite build', async () => {
    mkdirSync(dir)
    writeViteApp(dir, tarballs)
    await npmInstall(app, dir)
    const { seconds } = await run(join(dir, 'node_modules/.bin/vite'), ['build'], {
      cwd: dir,
      env: partnerEnv(),
      logFile: `${app}.log`,
    })
    timed(app, 'build', seconds)
  })

  test('vite preview at 127.0.0.1, /api on the Hono app: a KES buy settles in Chromium', async () => {
    const port = await freePort()
    const apiPort = await freePort()
    let api: Started | undefined
    await withStack(
      app,
      port,
      (env) => {
        api = start(join(dir, 'node_modules/.bin/tsx'), ['server/main.ts'], {
          cwd: dir,
          env: partnerEnv({ ...env, PORT: String(apiPort) }),
          logFile: `${app}.log`,
        })
        const preview = start(
          join(dir, 'node_modules/.bin/vite'),
          ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
          { cwd: dir, env: partnerEnv({ API_PORT: String(apiPort) }), logFile: `${app}.log` },
        )
        return {
          ...preview,
          stop: async () => {
            await preview.stop()
            await api?.stop()
          },
        }
      },
      async (url, sandbox) => {
        recordWeight(app, await buyKes(browser, url, sandbox))
        // The README's onOrderSettled handler ran on the server (its fulfil logs the order).
        await api!.waitFor(/^fulfil \S+ \S+/m, 10_000)
      },
    )
  })

  /**
   * A recipe beside the Vite app on its install, in `cwd`: built by `build` (a bin of the
   * install), served by `serve` on a free port, and bought through on `path`; its server logged
   * the recipe's `onOrderSettled`.
   */
  async function buildAndBuy(
    name: string,
    cwd: string,
    build: string,
    serve: (port: number) => (env: Record<string, string>) => Started,
    path: string,
  ) {
    const { seconds } = await run(join(dir, 'node_modules/.bin', build), ['build'], {
      cwd,
      env: partnerEnv(),
      logFile: `${name}.log`,
    })
    timed(name, 'build', seconds)
    const port = await freePort()
    await withStack(name, port, serve(port), async (url, sandbox, server) => {
      recordWeight(name, await buyKes(browser, url, sandbox, path))
      await server.waitFor(SETTLED_LOG, 10_000)
    })
  }

  test("the site's Vite + Hono recipe, beside it on the same install: vite build; its server serves the build and the kit; a KES buy settles in Chromium", async () => {
    const site = join(dir, 'site')
    await buildAndBuy(
      'vite-hono',
      site,
      'vite',
      (port) => tsxServer(site, 'server.ts', port, 'vite-hono.log', dir),
      '/',
    )
  })

  test("the site's React Router recipe, beside it on the same install: react-router build; react-router-serve; a KES buy settles in Chromium", async () => {
    const router = join(dir, 'router')
    await buildAndBuy(
      'react-router',
      router,
      'react-router',
      (port) => (env) =>
        start(join(dir, 'node_modules/.bin/react-router-serve'), ['build/server/index.js'], {
          cwd: router,
          env: partnerEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
          logFile: 'react-router.log',
        }),
      '/ramp',
    )
  })
})
