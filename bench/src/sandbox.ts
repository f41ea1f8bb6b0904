// 5. Sandbox throughput: orders per second from binding quote through the settled webhook, on a
// fast clock, against a real anvil chain (settlement pays the tokens out on it). Baseline: the
// same client loop asking for quotes only, same run. Also the start-up of `pnpm sandbox`, chain
// included, beside anvil's own start-up.
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  Child,
  type Entry,
  type Figure,
  machine,
  RUNS,
  repoRoot,
  stat,
  withTimeout,
} from './lib.js'

const KEY = 'is_test_bench_sandbox_key'
const SECRET = 'whsec_bench_sandbox_secret_0123456789'
const SPEED = 100
const ORDERS = 100
const CONCURRENCY = 10
const MPESA = 'd9128e24-4586-5981-9c1e-a96a091bf8da'
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const quoteBody = JSON.stringify({
  order_type: 'OnRamp',
  country: 'KE',
  currency: 'KES',
  local_amount: 1500,
  asset: { currency: 'USDC', network: 'BASE' },
  wallet_address: WALLET,
  // The sandbox guide's success number: every order settles.
  payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '+2541111111111' },
  customer: { name: 'Amina Otieno', dob: '04/12/1990' },
})

/**
 * Milliseconds from spawning `command` until a line of its stdout matches `ready`; the process
 * group is then stopped.
 */
function timeToReady(command: string, args: string[], ready: RegExp): Promise<number> {
  const t0 = performance.now()
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return withTimeout(
    new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk
        if (ready.test(output)) resolve(performance.now() - t0)
      })
      child.stderr.on('data', (chunk: Buffer) => (output += chunk))
      child.once('exit', (code) => reject(new Error(`${command} exited ${code}: ${output}`)))
    }),
    30_000,
    `${command} ready`,
  ).finally(async () => {
    stop()
    await exited
  })
}

function anvilBinary(): string {
  const require = createRequire(join(repoRoot, 'packages/sandbox/package.json'))
  const wrapper = require.resolve('@foundry-rs/anvil/package.json')
  const platform = createRequire(wrapper).resolve(
    `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/package.json`,
  )
  return join(dirname(platform), 'bin', 'anvil')
}

/** `pnpm sandbox` (anvil, deploys, funding, HTTP) until READY, beside bare anvil until listening. */
async function benchStartup(): Promise<Figure> {
  const sandbox: number[] = []
  const anvil: number[] = []
  const binary = anvilBinary()
  for (let i = 0; i <= RUNS; i++) {
    const a = await timeToReady(binary, ['--port', '0', '--color', 'never'], /Listening on/)
    const b = await timeToReady(
      'pnpm',
      ['sandbox', '--port', '0', '--speed', '0', '--api-key', KEY],
      /^RAMP_SANDBOX_READY /m,
    )
    // The first pair warms the file cache and pnpm's own start-up.
    if (i === 0) continue
    anvil.push(a)
    sandbox.push(b)
  }
  const value = stat(sandbox)
  const baseline = stat(anvil)
  return {
    name: '`pnpm sandbox` start to ready, chain included',
    unit: 'ms',
    value,
    baseline: { name: 'anvil alone, spawn to listening', value: baseline },
    ratio: value.median / baseline.median,
    goal: '< 3,000 ms',
    met: value.median < 3000,
  }
}

async function pool(count: number, work: () => Promise<void>) {
  let started = 0
  const worker = async () => {
    while (started < count) {
      started++
      await work()
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
}

export async function benchSandbox(): Promise<Entry> {
  const started = Date.now()
  const startup = await benchStartup()
  const settled = new Map<string, () => void>()
  const early = new Set<string>()
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      res.end('{"status":"success"}')
      if (req.headers['x-webhook-event'] !== 'order.settled') return
      const id = String(
        (JSON.parse(Buffer.concat(chunks).toString()) as { order_id?: string }).order_id,
      )
      const done = settled.get(id)
      if (done) done()
      else early.add(id)
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()))
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`
  const child = new Child('sandbox', {
    SPEED: String(SPEED),
    API_KEY: KEY,
    WEBHOOK_SECRET: SECRET,
    WEBHOOK_URL: hook,
  })
  try {
    const url = String((await child.next('ready', 90_000)).url)
    const headers = { 'content-type': 'application/json', 'x-api-key': KEY }
    const quote = async () => {
      const response = await fetch(`${url}/api/v1/partner/orders/quote`, {
        method: 'POST',
        headers,
        body: quoteBody,
      })
      const body = (await response.json()) as { data: { quote_id: string } }
      if (response.status !== 200)
        throw new Error(`quote ${response.status} ${JSON.stringify(body)}`)
      return body.data.quote_id
    }
    const order = async () => {
      const quoteId = await quote()
      const response = await fetch(`${url}/api/v1/partner/orders/${quoteId}/accept`, {
        method: 'POST',
        headers,
      })
      const body = (await response.json()) as { data: { order: { order_id: string } } }
      if (!response.ok) throw new Error(`accept ${response.status} ${JSON.stringify(body)}`)
      const id = body.data.order.order_id
      if (early.delete(id)) return
      await withTimeout(
        new Promise<void>((resolve) => settled.set(id, resolve)),
        30_000,
        `order ${id} settled webhook`,
      )
      settled.delete(id)
    }
    const rate = async (work: () => Promise<unknown>) => {
      const t0 = performance.now()
      await withTimeout(
        pool(ORDERS, async () => void (await work())),
        60_000,
        'sandbox run',
      )
      return ORDERS / ((performance.now() - t0) / 1000)
    }
    await rate(order) // warm-up
    const orders: number[] = []
    const quotes: number[] = []
    for (let i = 0; i < RUNS; i++) {
      quotes.push(await rate(quote))
      orders.push(await rate(order))
    }
    const value = stat(orders)
    const baseline = stat(quotes)
    return {
      id: '5-sandbox-throughput',
      title: 'Sandbox throughput',
      machine: machine(),
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      method: `${ORDERS} orders per run, ${CONCURRENCY} at a time: POST quote, POST accept, wait for the order.settled webhook at a receiver in the bench process. Clock speed ${SPEED} (settle-after 3 sandbox s = 30 ms), anvil chain, sandbox in its own process. ${RUNS} runs interleaved with the baseline, one warm-up run.`,
      figures: [
        {
          name: 'Orders quote -> settled webhook',
          unit: 'orders/s',
          value,
          baseline: { name: 'binding quotes only (same loop)', value: baseline },
          ratio: value.median / baseline.median,
        },
        startup,
      ],
      notes: [
        'No goal was set for the throughput; the ratio shows what accept, settlement on the chain and the webhook cost against the quote alone.',
        `Start-up: ${RUNS} runs after one warm-up pair, each \`pnpm sandbox --port 0 --speed 0\` from the repository root (pnpm, tsx, anvil, deploys and funding, HTTP listening) until its RAMP_SANDBOX_READY line, interleaved with the anvil binary alone until "Listening on".`,
      ],
    }
  } finally {
    await child.stop()
    await new Promise<void>((r) => receiver.close(() => r()))
  }
}
