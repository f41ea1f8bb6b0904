import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@rampkit/sandbox'
import { freePort } from '@rampkit/test'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { repoRoot } from './setup/demo.js'

const appDir = join(repoRoot, 'apps/next-example')
const nextBin = join(appDir, 'node_modules/next/dist/bin/next')

let sandbox: Sandbox
let env: Record<string, string>

beforeAll(async () => {
  // The kit's read routes need no chain: a sandbox without anvil starts in a blink.
  sandbox = await startSandbox({ port: 0, chain: false })
  env = {
    RAMP_BASE_URL: sandbox.url,
    RAMP_API_KEY: sandbox.apiKeys[0]!,
    RAMP_WEBHOOK_SECRET: sandbox.webhookSecret,
    SESSION_SECRET: 'next-example-test-session-secret-0123456789',
    NEXT_TELEMETRY_DISABLED: '1',
  }
})

afterAll(async () => {
  await sandbox?.stop()
})

type RouteModule = { GET: (request: Request) => Promise<Response> }

describe('next-example', () => {
  test('its route handler serves the kit under /api/ramp (called directly with a Request)', async () => {
    Object.assign(process.env, env)
    const route = (await import(
      '../../../apps/next-example/app/api/ramp/[[...route]]/route.js'
    )) as RouteModule
    const config = await route.GET(new Request('http://localhost/api/ramp/config'))
    expect(config.status).toBe(200)
    expect(await config.json()).toMatchObject({
      status: 'success',
      data: { environment: 'sandbox' },
    })
    const catalog = await route.GET(new Request('http://localhost/api/ramp/catalog?country=KE'))
    expect(JSON.stringify(await catalog.json())).toContain('M-Pesa')
  })

  test('`next start` of the production build answers /api/ramp/config, /api/ramp/catalog and the page', async () => {
    // CI builds first (`pnpm --filter next-example build`); build here when it has not.
    if (!existsSync(join(appDir, '.next/BUILD_ID'))) {
      await run(process.execPath, [nextBin, 'build', '--webpack'], env)
    }
    const port = await freePort()
    const server = spawn(
      process.execPath,
      [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        cwd: appDir,
        env: { ...process.env, ...env },
        detached: true,
        stdio: 'ignore',
      },
    )
    try {
      const base = `http://127.0.0.1:${port}`
      await waitFor(`${base}/api/ramp/config`)
      const config = await fetch(`${base}/api/ramp/config`)
      expect(await config.json()).toMatchObject({
        status: 'success',
        data: { environment: 'sandbox' },
      })
      // A session cookie for the anonymous shopper, signed and HttpOnly.
      expect(config.headers.get('set-cookie') ?? '').toMatch(/HttpOnly/i)

      const catalog = await fetch(`${base}/api/ramp/catalog?country=KE`)
      expect(catalog.status).toBe(200)
      expect(JSON.stringify(await catalog.json())).toContain('M-Pesa')

      const unknown = await fetch(`${base}/api/ramp/not-a-route`)
      expect(unknown.status).toBe(404)

      // The webhook route takes POSTs and refuses an unsigned one without a 500.
      const webhook = await fetch(`${base}/api/ramp/webhooks`, { method: 'POST', body: '{}' })
      expect(webhook.status).toBeGreaterThanOrEqual(400)
      expect(webhook.status).toBeLessThan(500)

      const page = await (await fetch(base)).text()
      expect(page).toContain('Buy crypto')
      // The key never reaches the browser.
      expect(page).not.toContain(env.RAMP_API_KEY)
    } finally {
      stopGroup(server)
    }
  }, 180_000)
})

function run(command: string, args: string[], extraEnv: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: appDir,
      env: { ...process.env, ...extraEnv },
      stdio: 'ignore',
    })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`next build exited ${code}`)),
    )
  })
}

async function waitFor(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

function stopGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL')
  } catch {
    // already gone
  }
}
