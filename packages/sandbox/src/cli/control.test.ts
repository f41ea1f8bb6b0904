import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ControlRun, runControlCli } from '../../test/control.js'
import { openAccount, submittedCustomer } from '../../test/customers.js'
import { type Receiver, startReceiver } from '../../test/receiver.js'
import { type Sandbox, startSandbox } from '../server.js'

/**
 * `ramp-sandbox control` against one real sandbox over HTTP (no chain: none of these controls
 * needs one), each effect observed through the service's own routes, the webhooks it sends, or
 * the admin route's log. The order controls, which need quotes and so the chain, are in
 * control-orders.test.ts.
 */
const KEY = 'is_test_control_cli_a'
const OTHER_KEY = 'is_test_control_cli_b'
const SECRET = 'whsec_control_cli'

let sandbox: Sandbox
let receiver: Receiver
const runs: ControlRun[] = []

/** Runs a control against the sandbox with the key by variable (or `env` overrides). */
async function control(args: string[], env: Record<string, string> = {}) {
  const run = await runControlCli([...args, '--url', sandbox.url], { RAMP_API_KEY: KEY, ...env })
  runs.push(run)
  return run
}

/** The single line a successful control prints. */
function line(run: ControlRun): string {
  expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' })
  const lines = run.stdout.split('\n').filter(Boolean)
  expect(lines).toHaveLength(1)
  return lines[0]!
}

async function api(path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'X-API-Key': init.key ?? KEY, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  const body: any = await response.json()
  return { status: response.status, headers: response.headers, body }
}

let customers = 0
/** A customer submitted for review (its `customer.submitted` goes out now); returns its id. */
async function createCustomer(key = KEY) {
  customers += 1
  return submittedCustomer(
    (path, init = {}) => api(path, { ...init, key: init.key ?? key }),
    `control-${customers}`,
  )
}

beforeAll(async () => {
  receiver = await startReceiver(SECRET)
  sandbox = await startSandbox({
    port: 0,
    speed: 0,
    chain: false,
    apiKeys: [KEY, OTHER_KEY],
    webhookSecret: SECRET,
    webhookUrl: receiver.url,
  })
})
afterAll(async () => {
  await sandbox?.stop()
  await receiver?.close()
})

describe('control fault', () => {
  it('fault 502 --count 1: the next call answers 502 in the envelope, the one after succeeds', async () => {
    expect(line(await control(['fault', '502', '--count', '1']))).toBe('The next call answers 502')
    const failed = await api('/api/v1/partner/catalog?country=KE')
    expect(failed.status).toBe(502)
    expect(failed.body).toEqual({
      status: 'error',
      message: 'Upstream temporarily unavailable (forced by the sandbox)',
      data: { upstream_http_status: 503 },
    })
    const next = await api('/api/v1/partner/catalog?country=KE')
    expect(next.status).toBe(200)
    expect(next.body.status).toBe('success')
  })

  it('fault 429 with --retry-after, --count and --path answers 429 with Retry-After on that path only', async () => {
    const out = line(
      await control([
        'fault',
        '429',
        '--retry-after',
        '7',
        '--count=2',
        '--path',
        '/api/v1/partner/corridors',
        '--method',
        'get',
      ]),
    )
    expect(out).toBe(
      'The next 2 GET /api/v1/partner/corridors calls answer 429 with Retry-After: 7',
    )
    expect((await api('/api/v1/partner/catalog?country=KE')).status).toBe(200)
    for (let i = 0; i < 2; i++) {
      const limited = await api('/api/v1/partner/corridors?country=KE')
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toBe('7')
      expect(limited.body).toMatchObject({ status: 'error', data: { retry_after: 7 } })
    }
    expect((await api('/api/v1/partner/corridors?country=KE')).status).toBe(200)
  })

  it('fault 503 is the transient outage with Retry-After', async () => {
    expect(line(await control(['fault', '503']))).toBe(
      'The next call answers 503 with Retry-After: 1',
    )
    const outage = await api('/meta/tokens')
    expect(outage.status).toBe(503)
    expect(outage.headers.get('retry-after')).toBe('1')
    expect(outage.body.data).toBeNull()
    expect((await api('/meta/tokens')).status).not.toBe(503)
  })
})

describe('control clock', () => {
  it('advance moves sandbox time by seconds (or a unit), clock reports it', async () => {
    const before = await control(['clock', '--json'])
    const start = Date.parse(JSON.parse(line(before)).now)
    const out = line(await control(['advance', '90']))
    expect(out).toMatch(/^Clock advanced 90 s; sandbox time is \d{4}-\d\d-\d\dT/)
    line(await control(['advance', '1500ms']))
    const after = line(await control(['clock']))
    const now = /^Sandbox time (\S+), speed 0, \d+ pending jobs?/.exec(after)
    expect(now, after).not.toBeNull()
    expect(Date.parse(now![1]!.replace(/,$/, '')) - start).toBe(91_500)
  })
})

describe('control webhooks', () => {
  it('delay-next-webhook holds the next delivery for sandbox time; advance releases it', async () => {
    const out = line(await control(['delay-next-webhook', '60s', '--event', 'customer.submitted']))
    expect(out).toBe(
      'The next customer.submitted webhook of this key is held 1 min of sandbox time',
    )
    const id = await createCustomer()
    const submitted = () =>
      receiver
        .events('customer.submitted')
        .filter((webhook) => webhook.body.customer_id === id && webhook.verified)
    await sandbox.admin.idle()
    expect(submitted()).toHaveLength(0)
    const log = JSON.parse(
      line(await control(['deliveries', '--event', 'customer.submitted', '--json'])),
    )
    const delivery = log.deliveries.find((entry: { body: string }) => entry.body.includes(id))
    expect(delivery).toMatchObject({ status: 'pending', attempts: [] })
    expect(line(await control(['deliveries', '--event', 'customer.submitted']))).toMatch(
      /^\d+ deliver(y|ies): .*1 pending/,
    )
    line(await control(['advance', '59']))
    await sandbox.admin.idle()
    expect(submitted()).toHaveLength(0)
    line(await control(['advance', '1']))
    await receiver.waitFor(() => submitted().length === 1)
  })

  it('duplicate-next-webhook sends the next delivery N more times with the same X-Webhook-Id', async () => {
    const out = line(
      await control(['duplicate-next-webhook', '2', '--event', 'customer.submitted']),
    )
    expect(out).toBe(
      'The next customer.submitted webhook of this key is sent 2 more times after it succeeds (same X-Webhook-Id)',
    )
    const id = await createCustomer()
    const copies = () =>
      receiver
        .events('customer.submitted')
        .filter((webhook) => webhook.body.customer_id === id && webhook.verified)
    await receiver.waitFor(() => copies().length === 3)
    expect(new Set(copies().map((webhook) => webhook.deliveryId)).size).toBe(1)
    // One-shot: the next customer's event goes out once.
    const again = await createCustomer()
    await sandbox.admin.idle()
    await receiver.waitFor(() =>
      receiver.events('customer.submitted').some((w) => w.body.customer_id === again),
    )
    expect(
      receiver.events('customer.submitted').filter((w) => w.body.customer_id === again),
    ).toHaveLength(1)
  })

  it("webhook-endpoint switches the key's URL and secret without printing the secret", async () => {
    const rotated = await startReceiver('whsec_rotated_by_control')
    try {
      // The other user, chosen by --api-key: the first user's webhooks are untouched.
      const off = await control(['webhook-endpoint', 'none', '--api-key', OTHER_KEY])
      expect(line(off)).toBe('Webhooks of this key are logged, not sent')
      const skippedId = await createCustomer(OTHER_KEY)
      const log = await control(['deliveries', '--json', '--api-key', OTHER_KEY])
      const skipped = JSON.parse(line(log)).deliveries.find((d: { body: string }) =>
        d.body.includes(skippedId),
      )
      expect(skipped).toMatchObject({ status: 'skipped', url: null })

      const on = await control(
        ['webhook-endpoint', rotated.url, '--secret', 'whsec_rotated_by_control'],
        { RAMP_API_KEY: OTHER_KEY },
      )
      expect(line(on)).toBe(`Webhooks of this key go to ${rotated.url}; secret updated`)
      expect(on.stdout + on.stderr).not.toContain('whsec_rotated_by_control')
      const id = await createCustomer(OTHER_KEY)
      await rotated.waitFor(() =>
        rotated.events('customer.submitted').some((w) => w.body.customer_id === id && w.verified),
      )
      const firstUser = await createCustomer()
      await receiver.waitFor(() =>
        receiver.events('customer.submitted').some((w) => w.body.customer_id === firstUser),
      )
      expect(rotated.events().some((w) => w.body.customer_id === firstUser)).toBe(false)
    } finally {
      await rotated.close()
    }
  })
})

describe('control accounts', () => {
  it('credit and send move the balance the service reports, with their webhooks', async () => {
    const customer = await createCustomer()
    line(await control(['advance', '10']))
    const stablecoin = await openAccount(
      (path, init = {}) => api(path, { ...init, key: init.key ?? KEY }),
      customer,
      { asset_type: 'stablecoin', currency: 'USDC', network: 'Base' },
    )
    line(await control(['advance', '1']))
    const id = String(stablecoin.id)
    expect(line(await control(['credit', id, '25.5', '--reference', 'dep-cli-1']))).toBe(
      `Account ${id} credited 25.5 USDC; available 25.500000 USDC`,
    )
    const balance = async () =>
      (await api(`/api/v1/partner/customers/${customer}/accounts/${id}`)).body.data.balance
        .available
    expect(await balance()).toBe('25.500000')
    await receiver.waitFor(() =>
      receiver
        .events('account.credited')
        .some((w) => (w.body.credit as { reference?: string }).reference === 'dep-cli-1'),
    )

    expect(line(await control(['send', id, '5', '--reference', 'send-cli-1']))).toBe(
      `Send completed: 5.000000 USDC from account ${id}; reference send-cli-1; available 20.500000 USDC`,
    )
    expect(await balance()).toBe('20.500000')
    expect(line(await control(['send', id, '100']))).toMatch(
      /^Send failed: Insufficient balance; reference SEND-\w+; available 20\.500000 USDC$/,
    )
    expect(line(await control(['send', id, '1', '--outcome', 'failed']))).toMatch(
      /^Send failed: Failure forced by the sandbox controls;/,
    )
    expect(await balance()).toBe('20.500000')
    await receiver.waitFor(
      () =>
        receiver
          .events('account.send.completed')
          .some((w) => (w.body.send as { reference?: string }).reference === 'send-cli-1') &&
        receiver.events('account.send.failed').length >= 2,
    )
  })
})

describe('control failures', () => {
  it('refuses an unknown action, a bad argument or option, with exit 2 and the usage', async () => {
    const unknown = await control(['explode'])
    expect(unknown.code).toBe(2)
    expect(unknown.stdout).toBe('')
    expect(unknown.stderr).toContain('ramp-sandbox control: unknown action "explode"; actions: ')
    expect(unknown.stderr).toContain('fail-next-order')
    for (const args of [
      [],
      ['fault', '500'],
      ['fault', '429', '--nope', '1'],
      ['advance'],
      ['advance', 'soon'],
      ['credit', '1'],
      ['duplicate-next-webhook', 'twice'],
    ]) {
      const run = await control(args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr, args.join(' ')).toMatch(/^ramp-sandbox control: /)
    }
  })

  it('needs a sandbox key, and never sends a production one', async () => {
    const missing = await runControlCli(['clock', '--url', sandbox.url])
    runs.push(missing)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('needs a sandbox API key: --api-key K, or RAMP_API_KEY')
    const live = await control(['clock'], { RAMP_API_KEY: 'is_live_do_not_send' })
    expect(live.code).toBe(2)
    expect(live.stderr).toContain('must be a sandbox key')
    expect(live.stderr).not.toContain('is_live_do_not_send')
  })

  it('names the URL when no sandbox answers there', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo
        probe.close(() => resolve(port))
      })
    })
    const url = `http://127.0.0.1:${closed}`
    const run = await runControlCli(['advance', '5', '--url', url], { RAMP_API_KEY: KEY })
    runs.push(run)
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      `ramp-sandbox control advance: no sandbox reachable at ${url} (ECONNREFUSED); start one with npx ramp-sandbox (pnpm sandbox in the rampkit repository), or point --url / RAMP_SANDBOX_URL at it\n`,
    )
    // The URL comes from RAMP_SANDBOX_URL too.
    const byEnv = await runControlCli(['clock'], { RAMP_API_KEY: KEY, RAMP_SANDBOX_URL: url })
    runs.push(byEnv)
    expect(byEnv.stderr).toContain(`no sandbox reachable at ${url}`)
    const found = await runControlCli(['clock'], {
      RAMP_SANDBOX_API_KEYS: `${KEY},${OTHER_KEY}`,
      RAMP_SANDBOX_URL: `${sandbox.url}/`,
    })
    runs.push(found)
    expect(line(found)).toMatch(/^Sandbox time /)
  })

  it('passes the admin route error through: status, message and data, exit 1', async () => {
    const tooFar = await control(['advance', '9000h'])
    expect(tooFar.code).toBe(1)
    expect(tooFar.stderr).toBe(
      `ramp-sandbox control advance: the sandbox at ${sandbox.url} answered 422: ms must be a number from 0 to one year {"field":"ms"}\n`,
    )
    const missing = await control(['refund-order', '00000000-0000-4000-8000-000000000000'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('answered 404: Order not found {"field":"order_id"}')
    const event = await control(['delay-next-webhook', '5', '--event', 'order.exploded'])
    expect(event.code).toBe(1)
    expect(event.stderr).toContain('answered 422: event must be one of the 15 webhook events')
    const credit = await control(['credit', '999999', '5'])
    expect(credit.stderr).toContain('answered 404: Account not found')
    const stranger = await control(['clock'], { RAMP_API_KEY: 'is_test_nobody_knows_me' })
    expect(stranger.code).toBe(1)
    expect(stranger.stderr).toContain(
      'answered 401: Invalid API key (use a key the sandbox was started with)',
    )
    expect(stranger.stderr).not.toContain('is_test_nobody_knows_me')
  })

  it('says so when the URL is not a sandbox', async () => {
    const other: Server = createServer((_request, response) =>
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>nope</h1>'),
    )
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
    try {
      const run = await runControlCli(['clock', '--url', url], { RAMP_API_KEY: KEY })
      runs.push(run)
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(
        `${url} answered HTTP 404 without the sandbox's envelope; is it a rampkit sandbox?`,
      )
    } finally {
      other.closeAllConnections()
      await new Promise<void>((resolve) => other.close(() => resolve()))
    }
  })

  it('runs as pnpm sandbox control too', async () => {
    const run = await runControlCli(
      ['clock', '--url', sandbox.url],
      { RAMP_API_KEY: KEY },
      {
        viaPnpm: true,
      },
    )
    runs.push(run)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^Sandbox time /)
  })

  it('never prints an API key, in any run of this file', () => {
    expect(runs.length).toBeGreaterThan(20)
    for (const run of runs) {
      for (const key of [KEY, OTHER_KEY, 'is_test_nobody_knows_me', 'is_live_do_not_send']) {
        expect(run.stdout).not.toContain(key)
        expect(run.stderr).not.toContain(key)
      }
    }
  })
})
