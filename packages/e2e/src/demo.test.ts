import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox } from '@rampkit/sandbox'
import { DATABASE_URL, freePort, REDIS_URL, skipUnlessReachable } from '@rampkit/test'
import { Redis } from 'ioredis'
import pg from 'pg'
import { expect, test } from 'vitest'
import { launchBrowser, skipBrowserTests } from './browser.js'
import { descendants, isAlive, processTable } from './processes.js'
import { type RunningDemo, startDemo, stopDemo } from './setup/demo.js'
import { fillKenyanDetails, KES_MPESA, upToDetails, widget } from './shop.js'

const skipServices = await skipUnlessReachable('the Postgres and Redis demo test', [
  DATABASE_URL,
  REDIS_URL,
])

/** Runs `body` against a second demo with its own data dir; the suite's demo built the front. */
async function withDemo(
  env: Record<string, string>,
  body: (demo: RunningDemo) => Promise<void>,
  dataDir?: string,
) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'rampkit-demo-')))
  const demo = await startDemo({ RAMP_DATA_DIR: dir, RAMP_DEMO_SKIP_BUILD: '1', ...env })
  try {
    await body(demo)
  } catch (error) {
    // What the stack printed explains most failures (RAMP_DEMO_VERBOSE=1 prints more).
    console.error(demo.output.join(''))
    throw error
  } finally {
    await stopDemo(demo)
    if (!dataDir) await rm(dir, { recursive: true, force: true })
  }
  // Everything the stack printed, from start to Ctrl-C, holds neither of its secrets.
  const printed = demo.output.join('')
  expect(printed.length).toBeGreaterThan(0)
  expect(printed.includes(demo.stack.apiKey), 'the API key is in the demo output').toBe(false)
  expect(
    printed.includes(demo.stack.webhookSecret),
    'the webhook secret is in the demo output',
  ).toBe(false)
}

test('pnpm demo stops anvil, the sandbox and the storefront on Ctrl-C, leaving no process behind', async () => {
  await withDemo({}, async (demo) => {
    const started = descendants(demo.process.pid!)
    expect(started.map((p) => p.command)).toContain('anvil')
    expect(started.filter((p) => p.command === 'node').length).toBeGreaterThanOrEqual(2)
    expect((await fetch(`${demo.stack.url}/api/health`)).status).toBe(200)

    expect(await stopDemo(demo, 'SIGINT')).toBe(0)
    await expect.poll(() => started.filter((p) => isAlive(p.pid)), { timeout: 5000 }).toEqual([])
    const groups = new Set(started.map((p) => p.pgid))
    expect(processTable().filter((p) => groups.has(p.pgid))).toEqual([])
    await expect(fetch(`${demo.stack.url}/api/health`)).rejects.toThrow()
  })
})

// The browser parts need Chromium: skipped with a message without it, outside CI.
test('with RAMP_BASE_URL the demo starts no sandbox and talks to that environment', {
  skip: skipBrowserTests,
}, async () => {
  const port = await freePort()
  const apiKey = `is_test_remote_${randomBytes(6).toString('hex')}`
  const webhookSecret = `whsec_remote_${randomBytes(12).toString('hex')}`
  const remote = await startSandbox({
    port: 0,
    chain: false,
    apiKeys: [apiKey],
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${port}/api/ramp/webhooks`,
  })
  try {
    const env = {
      PORT: String(port),
      RAMP_BASE_URL: remote.url,
      RAMP_API_KEY: apiKey,
      RAMP_WEBHOOK_SECRET: webhookSecret,
    }
    await withDemo(env, async (demo) => {
      expect(demo.stack.sandboxUrl).toBeNull()
      expect(descendants(demo.process.pid!).map((p) => p.command)).not.toContain('anvil')
      const catalog = await fetch(`${demo.stack.url}/api/ramp/catalog?country=KE`)
      expect(JSON.stringify(await catalog.json())).toContain('M-Pesa')
      expect(await (await fetch(`${demo.stack.url}/api/demo/chain`)).json()).toEqual({
        chain: null,
      })

      // No local chain: the shop renders without the wallet panel, and without errors.
      const browser = await launchBrowser()
      try {
        const page = await browser.newPage()
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))
        await page.goto(demo.stack.url)
        await page.getByRole('option', { name: /Kenya/ }).waitFor({ state: 'attached' })
        expect(await page.getByLabel('Demo wallet').count()).toBe(0)
        expect(errors).toEqual([])
      } finally {
        await browser.close()
      }
    })
  } finally {
    await remote.stop()
  }
})

test('with DATABASE_URL and REDIS_URL the storefront keeps its data in Postgres and streams over Redis', {
  skip: skipServices,
}, async () => {
  const database = `rampkit_e2e_${randomBytes(4).toString('hex')}`
  // A fresh database on the server DATABASE_URL points at, created from the database it names.
  const admin = new pg.Client({ connectionString: DATABASE_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${database}`)
  const redis = new Redis(REDIS_URL)
  try {
    const databaseUrl = new URL(DATABASE_URL)
    databaseUrl.pathname = `/${database}`
    const env = { DATABASE_URL: databaseUrl.toString(), REDIS_URL }
    await withDemo(env, async (demo) => {
      const orders = await fetch(`${demo.stack.url}/api/ramp/orders`)
      expect(await orders.json()).toMatchObject({ status: 'success', data: [] })
      const db = new pg.Client({ connectionString: env.DATABASE_URL })
      await db.connect()
      const tables = await db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'rampkit_%'",
      )
      await db.end()
      expect(tables.rows.map((r) => r.table_name)).toContain('rampkit_orders')
      expect(await redis.pubsub('CHANNELS', 'rampkit:*')).toContain('rampkit:orders')
    })
  } finally {
    redis.disconnect()
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await admin.end()
  }
})

test('orders survive a restart: PGlite under the data dir keeps them, the signed session finds them', {
  skip: skipBrowserTests,
  timeout: 120_000,
}, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'rampkit-demo-restart-'))
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    await withDemo(
      {},
      async (demo) => {
        await page.goto(demo.stack.url)
        await upToDetails(page, KES_MPESA)
        await fillKenyanDetails(page)
        await widget(page).getByRole('button', { name: 'Get a quote' }).click()
        await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
        await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
      },
      dataDir,
    )
    await withDemo(
      {},
      async (demo) => {
        // Same browser cookies (cookies ignore the port), a new demo on the same data.
        await page.goto(`${demo.stack.url}/orders`)
        await expect
          .poll(() => page.getByTestId('order-row').locator('.status').allTextContents())
          .toEqual(['Settled'])
      },
      dataDir,
    )
    await context.close()
  } finally {
    await browser.close()
    await rm(dataDir, { recursive: true, force: true })
  }
})
