import { type ChildProcess, spawn } from 'node:child_process'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ControlRun, runControlCli } from '../../test/control.js'
import { type Receiver, startReceiver } from '../../test/receiver.js'
import { freshAddress, MPESA } from '../../test/sandbox.js'

/**
 * A partner's CI, end to end: `ramp-sandbox` started as a process with the standing webhook
 * flags, then driven by `ramp-sandbox control` over HTTP. The order controls need binding
 * quotes, and those the chain, so this file's sandbox has its anvil.
 */
const KEY = 'is_test_control_orders'
const SECRET = 'whsec_control_orders'
const PACKAGE = new URL('../../', import.meta.url).pathname

type Ready = { url: string; rpcUrl: string; tokens: { symbol: string; address: Address }[] }

let child: ChildProcess
let ready: Ready
let receiver: Receiver
const runs: ControlRun[] = []

async function control(args: string[], options: { viaPnpm?: boolean } = {}) {
  const run = await runControlCli(
    [...args, '--url', ready.url],
    { RAMP_API_KEY: KEY },
    { viaPnpm: options.viaPnpm },
  )
  runs.push(run)
  return run
}

/** The one line a successful control prints (the last, after pnpm's own lines). */
function line(run: ControlRun): string {
  expect(run.code, run.stderr).toBe(0)
  return run.stdout.trim().split('\n').at(-1)!
}

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${ready.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  const body: any = await response.json()
  return { status: response.status, body }
}

async function quote() {
  const created = await api('/api/v1/partner/orders/quote', {
    method: 'POST',
    body: {
      order_type: 'OnRamp',
      country: 'KE',
      currency: 'KES',
      local_amount: 1500,
      asset: { currency: 'USDC', network: 'BASE' },
      wallet_address: freshAddress(),
      // The sandbox guide's success number: the order settles unless a control says otherwise.
      payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '+2541111111111' },
      customer: { name: 'Amina Njeri', dob: '01/31/1990' },
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  return created.body.data.quote_id as string
}

async function acceptedOrder() {
  const accepted = await api(`/api/v1/partner/orders/${await quote()}/accept`, {
    method: 'POST',
  })
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  return accepted.body.data.order.order_id as string
}

const status = async (orderId: string) =>
  (await api(`/api/v1/partner/orders/${orderId}`)).body.data.order.status as string

beforeAll(async () => {
  receiver = await startReceiver(SECRET)
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('RAMP_')),
  )
  child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli.ts',
      '--port',
      '0',
      '--speed',
      '0',
      '--quote-ttl',
      '60',
      '--webhook-url',
      receiver.url,
      '--webhook-delay',
      '5000',
      '--webhook-duplicates',
      '1',
      '--quiet',
    ],
    {
      cwd: PACKAGE,
      env: { ...clean, RAMP_SANDBOX_API_KEYS: KEY, RAMP_SANDBOX_WEBHOOK_SECRET: SECRET },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  ready = await new Promise<Ready>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk
      const found = output.split('\n').find((entry) => entry.startsWith('RAMP_SANDBOX_READY '))
      if (found) resolve(JSON.parse(found.slice('RAMP_SANDBOX_READY '.length)))
    })
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}:\n${output}`)))
  })
})

afterAll(async () => {
  if (child?.pid) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try {
      process.kill(-child.pid, 'SIGTERM')
      await exited
    } catch {}
  }
  await receiver?.close()
})

describe('standing webhook flags (--webhook-delay, --webhook-duplicates)', () => {
  it('holds every delivery 5000 sandbox ms, then sends it twice (an order event under a fresh X-Webhook-Id)', async () => {
    const orderId = await acceptedOrder()
    const processing = () =>
      receiver
        .events('order.processing')
        .filter((webhook) => webhook.body.order_id === orderId && webhook.verified)
    line(await control(['advance', '4999ms']))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(processing()).toHaveLength(0)
    line(await control(['advance', '1ms']))
    await receiver.waitFor(() => processing().length === 2)
    expect(new Set(processing().map((webhook) => webhook.deliveryId)).size).toBe(2)
    expect(new Set(processing().map((webhook) => webhook.raw)).size).toBe(1)
  })
})

describe('order controls', () => {
  it('fail-next-order: the next accepted order ends failed, the one after settles', async () => {
    expect(line(await control(['fail-next-order']))).toBe('The next order of this key will fail')
    const failed = await acceptedOrder()
    const settled = await acceptedOrder()
    line(await control(['advance', '10']))
    const order = (await api(`/api/v1/partner/orders/${failed}`)).body.data.order
    expect(order).toMatchObject({
      status: 'failed',
      failure_reason: 'Failure forced by the sandbox controls',
    })
    expect(await status(settled)).toBe('settled')
  })

  it('refund-next-order (through pnpm sandbox control): the next order ends refunded', async () => {
    const run = await control(['refund-next-order'], { viaPnpm: true })
    expect(line(run)).toBe('The next order of this key will be refunded')
    const orderId = await acceptedOrder()
    line(await control(['advance', '10']))
    expect(await status(orderId)).toBe('refunded')
  })

  it('settle-next-order: the next order settles', async () => {
    expect(line(await control(['settle-next-order']))).toBe(
      'The next order of this key will settle',
    )
    const orderId = await acceptedOrder()
    line(await control(['advance', '10']))
    expect(await status(orderId)).toBe('settled')
  })

  it('fail-order, refund-order and settle-order act on one order now', async () => {
    const first = await acceptedOrder()
    expect(line(await control(['fail-order', first]))).toBe(`Order ${first} is now failed`)
    expect(await status(first)).toBe('failed')
    expect(line(await control(['refund-order', first]))).toBe(`Order ${first} is now refunded`)
    expect(await status(first)).toBe('refunded')
    const second = await acceptedOrder()
    expect(line(await control(['settle-order', second]))).toBe(`Order ${second} is now settled`)
    expect(await status(second)).toBe('settled')
    const again = await control(['settle-order', second])
    expect(again.code).toBe(1)
    expect(again.stderr).toBe(
      `ramp-sandbox control settle-order: the sandbox at ${ready.url} answered 409: Order is already settled {"status":"settled"}\n`,
    )
  })

  it('advance moves a quote past its time-to-live: accept answers 410', async () => {
    const quoteId = await quote()
    expect(line(await control(['advance', '61']))).toMatch(/^Clock advanced 61 s; sandbox time is /)
    const expired = await api(`/api/v1/partner/orders/${quoteId}/accept`, { method: 'POST' })
    expect(expired.status).toBe(410)
    expect(expired.body).toMatchObject({
      status: 'error',
      message: 'Quote expired; create a new quote',
      data: { quote_id: quoteId },
    })
  })
})

describe('mint', () => {
  it('mints test tokens on the sandbox chain', async () => {
    const to = freshAddress()
    const out = line(await control(['mint', 'USDC', to, '12.5']))
    expect(out).toMatch(new RegExp(`^Minted 12\\.5 USDC to ${to} \\(tx 0x[0-9a-f]{64}\\)$`))
    const usdc = ready.tokens.find((token) => token.symbol === 'USDC')!
    const client = createPublicClient({ transport: http(ready.rpcUrl) })
    const balance = await client.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [to],
    })
    expect(balance).toBe(12_500_000n)
    const bad = await control(['mint', 'DOGE', to, '1'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('answered 422: token must be USDC, USDT, WXM or a token address')
  })

  it('never printed the API key', () => {
    expect(runs.length).toBeGreaterThan(10)
    for (const run of runs) expect(run.stdout + run.stderr).not.toContain(KEY)
  })
})
