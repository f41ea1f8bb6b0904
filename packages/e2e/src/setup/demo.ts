import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@rampkit/test'
import type { TestProject } from 'vitest/node'

/** Where the `pnpm demo` stack of this run listens, and the sandbox key for its admin routes. */
export type DemoStack = {
  url: string
  sandboxUrl: string
  rpcUrl: string
  startMs: number
  apiKey: string
  webhookSecret: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    demo: DemoStack
  }
}

export const repoRoot = join(import.meta.dirname, '../../../..')

export type RunningDemo = { process: ChildProcess; stack: DemoStack; output: string[] }

/**
 * Starts `node scripts/demo.mjs` (what `pnpm demo` runs) on a free port with a fresh data
 * directory and resolves once it prints its ready line.
 */
export async function startDemo(env: Record<string, string> = {}): Promise<RunningDemo> {
  const port = await freePort()
  const apiKey = `is_test_e2e_${randomBytes(8).toString('hex')}`
  const webhookSecret = `whsec_e2e_${randomBytes(16).toString('hex')}`
  const output: string[] = []
  // The demo as `pnpm demo` runs it with nothing set: PGlite, the local sandbox, no Redis.
  const inherited = { ...process.env }
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'RAMP_BASE_URL',
    'RAMP_WEBHOOK_SECRET',
    'SESSION_SECRET',
  ]) {
    delete inherited[name]
  }
  const child = spawn(process.execPath, ['scripts/demo.mjs'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      RAMP_API_KEY: apiKey,
      RAMP_WEBHOOK_SECRET: webhookSecret,
      RAMP_DEMO_JSON: '1',
      // The checkouts of these tests buy without the identity step: inline customers until
      // they go through KYC in the widget. A test may pass RAMP_CUSTOMER_MODE: 'vault'.
      RAMP_CUSTOMER_MODE: 'inline',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stack = await new Promise<DemoStack>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo not ready:\n${output.join('')}`)), 90_000)
    child.stderr?.on('data', (chunk) => output.push(String(chunk)))
    child.stdout?.on('data', (chunk) => {
      const text = String(chunk)
      output.push(text)
      const match = /RAMP_DEMO_READY (\{.*\})/.exec(text)
      if (match?.[1]) {
        clearTimeout(timer)
        const ready = JSON.parse(match[1]) as Omit<DemoStack, 'apiKey' | 'webhookSecret'>
        resolve({ ...ready, apiKey, webhookSecret })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`demo exited (${code}) before it was ready:\n${output.join('')}`))
    })
  })
  return { process: child, stack, output }
}

/**
 * Sends the signal Ctrl-C sends and waits for the demo to exit; resolves with its exit code.
 * A demo that has not exited within 20 s is killed and the promise rejects.
 */
export function stopDemo(demo: RunningDemo, signal: NodeJS.Signals = 'SIGINT') {
  return new Promise<number | null>((resolve, reject) => {
    if (demo.process.exitCode !== null) return resolve(demo.process.exitCode)
    const timer = setTimeout(() => {
      demo.process.kill('SIGKILL')
      reject(new Error(`the demo did not stop within 20 s:\n${demo.output.join('')}`))
    }, 20_000)
    demo.process.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
    demo.process.kill(signal)
  })
}

let demo: RunningDemo | undefined
let dataDir: string | undefined

export async function setup(project: TestProject) {
  dataDir = await mkdtemp(join(tmpdir(), 'rampkit-e2e-data-'))
  demo = await startDemo({ RAMP_DATA_DIR: dataDir })
  project.provide('demo', demo.stack)
}

export async function teardown() {
  if (demo) await stopDemo(demo)
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
