#!/usr/bin/env node
/**
 * `pnpm demo`: the whole ramp on this machine, behind one URL.
 *
 * 1. builds the storefront's front end (Vite) while
 * 2. the sandbox starts (apps/storefront/scripts/sandbox.ts: anvil, its tokens and spender, the
 *    service), unless `RAMP_BASE_URL` points at another environment;
 * 3. starts the storefront's back end (Hono + @rampkit/server), which also serves the built front;
 * 4. prints the storefront URL, and on Ctrl-C (SIGINT) or SIGTERM stops every child it started.
 *
 * Environment: PORT (3000), RAMP_API_KEY, RAMP_WEBHOOK_SECRET, RAMP_BASE_URL, RAMP_SANDBOX_SPEED
 * (2), DATABASE_URL, REDIS_URL, RAMP_DATA_DIR (apps/storefront/.data). RAMP_DEMO_VERBOSE=1 shows
 * the children's output; RAMP_DEMO_SKIP_BUILD=1 reuses an existing build; with RAMP_DEMO_JSON=1
 * the ready line is `RAMP_DEMO_READY {json}` (url, sandboxUrl, rpcUrl) for the e2e tests.
 *
 * Each child runs in its own process group: the terminal's Ctrl-C reaches only this script,
 * which stops the children in order, and signalling a child's group also stops what it started
 * (anvil under the sandbox), so nothing is left behind.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import { mkdtemp, rename, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve as resolvePath } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const storefrontDir = join(root, 'apps/storefront')
const host = '127.0.0.1'
const port = Number(process.env.PORT ?? 3000)
const json = process.env.RAMP_DEMO_JSON === '1'
const verbose = process.env.RAMP_DEMO_VERBOSE === '1'
const started = Date.now()

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set()
let stopping = false
let scratchDir

function log(line) {
  process.stderr.write(`[demo] ${line}\n`)
}

/**
 * Starts `node --import tsx <script>` (or any command) in its own process group. Output goes to
 * our stderr when RAMP_DEMO_VERBOSE=1; the last lines are kept to explain a failure.
 */
function start(name, command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  const tail = []
  const onData = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue
      tail.push(line)
      if (tail.length > 40) tail.shift()
      if (verbose) process.stderr.write(`[${name}] ${line}\n`)
      options.onLine?.(line)
    }
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child)
      resolve({ code, signal })
      if (!stopping && !options.oneShot) {
        log(`${name} exited (${signal ?? code}). Its last lines:\n${tail.join('\n')}`)
        void shutdown(1)
      }
    })
  })
  return { child, exited, tail }
}

/** Runs a one-shot child to completion; rejects with its output tail on a non-zero exit. */
async function run(name, command, args, options = {}) {
  const { exited, tail } = start(name, command, args, { ...options, oneShot: true })
  const { code, signal } = await exited
  if (code !== 0) throw new Error(`${name} failed (${signal ?? code}):\n${tail.join('\n')}`)
}

/** Signals a child's whole process group; escalates to SIGKILL after a grace period. */
async function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // The group is already gone.
    }
  }
  signalGroup('SIGTERM')
  const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
  // Anything the child left in its group (a grandchild that ignored SIGTERM) goes too.
  signalGroup('SIGKILL')
}

async function shutdown(code) {
  if (stopping) return
  stopping = true
  // Stop in reverse start order: the storefront first, so it stops taking webhooks, then the sandbox.
  await Promise.all([...children].reverse().map((child) => stopChild(child)))
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true })
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`stopping (${signal})`)
    void shutdown(0)
  })
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, host, () => {
      const { port: free } = server.address()
      server.close(() => resolve(free))
    })
  })
}

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

// Children run TypeScript through tsx's loader: one node process each, no wrapper process.
const tsx = ['--import', 'tsx']

async function startSandbox({ sandboxPort, apiKey, webhookSecret }) {
  let resolveReady
  let rejectReady
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve
    rejectReady = reject
  })
  const { exited } = start('sandbox', process.execPath, [...tsx, 'scripts/sandbox.ts'], {
    cwd: storefrontDir,
    env: {
      DEMO_SANDBOX_PORT: String(sandboxPort),
      DEMO_SANDBOX_HOST: host,
      DEMO_WEBHOOK_URL: `http://${host}:${port}/api/ramp/webhooks`,
      RAMP_API_KEY: apiKey,
      RAMP_WEBHOOK_SECRET: webhookSecret,
      RAMP_SANDBOX_SPEED: process.env.RAMP_SANDBOX_SPEED ?? '2',
    },
    onLine(line) {
      const at = line.indexOf('DEMO_SANDBOX_READY ')
      if (at === -1) return
      try {
        resolveReady(JSON.parse(line.slice(at + 'DEMO_SANDBOX_READY '.length)))
      } catch (error) {
        rejectReady(error)
      }
    },
  })
  void exited.then(() => rejectReady(new Error('the sandbox exited before it was ready')))
  return ready
}

async function main() {
  if (process.env.RAMP_BASE_URL && !(process.env.RAMP_API_KEY && process.env.RAMP_WEBHOOK_SECRET)) {
    throw new Error(
      'RAMP_BASE_URL is set: also set RAMP_API_KEY and RAMP_WEBHOOK_SECRET of that environment.',
    )
  }
  const apiKey = process.env.RAMP_API_KEY ?? `is_test_demo_${randomBytes(12).toString('hex')}`
  const webhookSecret =
    process.env.RAMP_WEBHOOK_SECRET ?? `whsec_demo_${randomBytes(24).toString('hex')}`
  const external = process.env.RAMP_BASE_URL
  const sandboxPort = external ? null : await freePort()
  const baseUrl = external ?? `http://${host}:${sandboxPort}`
  // The sandbox's chain (rpc url, test accounts) is known only once it is up; the storefront
  // reads it from this file on demand, so all three can start at the same time.
  scratchDir = await mkdtemp(join(tmpdir(), 'rampkit-demo-'))
  const chainFile = join(scratchDir, 'chain.json')

  const skipBuild =
    process.env.RAMP_DEMO_SKIP_BUILD === '1' && existsSync(join(storefrontDir, 'dist'))
  const vite = join(storefrontDir, 'node_modules/vite/bin/vite.js')
  const building = skipBuild
    ? Promise.resolve()
    : run('vite build', process.execPath, [vite, 'build', '--logLevel', 'warn'], {
        cwd: storefrontDir,
      })
  // Awaited after the sandbox; a failure must not go unhandled meanwhile.
  building.catch(() => {})

  const sandbox = external
    ? Promise.resolve(null)
    : startSandbox({ sandboxPort, apiKey, webhookSecret })

  start('storefront', process.execPath, [...tsx, 'server/main.ts'], {
    cwd: storefrontDir,
    env: {
      PORT: String(port),
      HOST: host,
      RAMP_BASE_URL: baseUrl,
      RAMP_API_KEY: apiKey,
      RAMP_WEBHOOK_SECRET: webhookSecret,
      // Relative to where `pnpm demo` was run, not to the storefront's folder.
      ...(process.env.RAMP_DATA_DIR
        ? { RAMP_DATA_DIR: resolvePath(process.env.RAMP_DATA_DIR) }
        : {}),
      ...(external ? {} : { RAMP_DEMO_CHAIN_FILE: chainFile }),
    },
  })
  const url = `http://${host}:${port}`

  const ready = await sandbox
  if (ready) {
    await writeFile(`${chainFile}.tmp`, JSON.stringify(ready.chain))
    await rename(`${chainFile}.tmp`, chainFile)
    log(`sandbox ready at ${ready.url} (${Date.now() - started} ms)`)
  }
  await building
  log(`front end built (${Date.now() - started} ms)`)
  await waitForHttp(`${url}/api/health`, 60_000)

  if (json) {
    const info = { url, sandboxUrl: ready?.url ?? null, rpcUrl: ready?.chain?.rpcUrl ?? null }
    process.stdout.write(
      `RAMP_DEMO_READY ${JSON.stringify({ ...info, startMs: Date.now() - started })}\n`,
    )
  } else {
    process.stdout.write(`\n  rampkit demo: ${url}\n\n`)
    log(`ready in ${Date.now() - started} ms; Ctrl-C stops everything`)
  }
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error))
  void shutdown(1)
})
