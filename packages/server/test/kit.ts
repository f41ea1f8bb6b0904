import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { KIT_ROUTES } from '@rampkit/core/kit'
import { type Sandbox, type StartSandboxOptions, startSandbox } from '@rampkit/sandbox'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect } from 'vitest'
import { memoryBus } from '../src/bus/memory.js'
import type { OrderBus } from '../src/bus/types.js'
import { createRampHandler, type RampHandler, type RampHandlerOptions } from '../src/handler.js'
import type { RampLogger } from '../src/logger.js'

/**
 * Test fixtures of the kit's route tests (not part of the package API). Every kit runs against
 * the real sandbox; the only wrapper is a counting `fetch` in front of it, and every kit is
 * also served over real HTTP so the sandbox can deliver webhooks to it.
 */

/** How a test reaches the kit: `app.request()` (no server) or real HTTP on 127.0.0.1. */
export type Transport = 'app.request' | 'http'
export const TRANSPORTS: readonly Transport[] = ['app.request', 'http']

export const ALLOWED_ORIGIN = 'https://shop.example'
export const SESSION_SECRET = 'test-session-secret-0123456789-abcdefghij'

/** Everything the tests saw leave the kit: bodies and log lines, to grep for secrets. */
export const seen = { bodies: [] as string[], logs: [] as string[] }

export type KitHarness = {
  kit: RampHandler
  url: string
  /** The origin a same-origin page of this kit sends. */
  origin: string
  transport: Transport
  /** Upstream requests (path and query) the kit made, in order. */
  upstream: string[]
  /** The abort signal of each upstream request. */
  upstreamSignals: (AbortSignal | null)[]
  /** How many upstream requests' paths start with `prefix`. */
  upstreamCount(prefix: string): number
  call(path: string, init?: RequestInit): Promise<Response>
  /** Open bus subscriptions (to check SSE streams unsubscribe). */
  subscriptions(): number
  close(): Promise<void>
}

/** A bus that counts its open subscriptions; the engine itself is the real memory bus. */
function countingBus(): { bus: OrderBus; open: () => number } {
  const inner = memoryBus()
  let open = 0
  return {
    open: () => open,
    bus: {
      publish: (order, entered) => inner.publish(order, entered),
      subscribe(orderId, listener, options) {
        open++
        const stop = inner.subscribe(orderId, listener, options)
        let stopped = false
        return () => {
          if (!stopped) open--
          stopped = true
          stop()
        }
      },
      ready: () => inner.ready(),
      close: () => inner.close(),
    },
  }
}

function captureLogger(): RampLogger {
  const write = (level: string) => (message: string, fields?: unknown) => {
    seen.logs.push(`${level} ${message} ${fields === undefined ? '' : JSON.stringify(fields)}`)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

/**
 * Starts a kit against `sandbox` with its `apiKeys[keyIndex]`, serves it over HTTP and points
 * that key's webhooks at the kit's `/webhooks`.
 */
export async function startKit(
  sandbox: Sandbox,
  transport: Transport,
  options: Partial<RampHandlerOptions> & { keyIndex?: number; pointWebhooks?: boolean } = {},
): Promise<KitHarness> {
  const { keyIndex = 0, pointWebhooks = true, ...rest } = options
  const apiKey = sandbox.apiKeys[keyIndex]!
  const upstream: string[] = []
  const upstreamSignals: (AbortSignal | null)[] = []
  const counting = countingBus()
  const kit = createRampHandler({
    apiKey,
    baseUrl: sandbox.url,
    webhookSecret: sandbox.webhookSecret,
    sessionSecret: SESSION_SECRET,
    allowedOrigins: [ALLOWED_ORIGIN],
    bus: counting.bus,
    logger: captureLogger(),
    poll: false,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      upstream.push(`${url.pathname}${url.search}`)
      upstreamSignals.push(init?.signal ?? null)
      return fetch(input, init)
    },
    ...rest,
  })
  const server = serve({ fetch: kit.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  if (pointWebhooks && rest.basePath === undefined) {
    sandbox.admin.setWebhook(apiKey, { url: `${url}/webhooks` })
  }
  return {
    kit,
    url,
    origin: transport === 'app.request' ? 'http://127.0.0.1' : url,
    transport,
    upstream,
    upstreamSignals,
    upstreamCount: (prefix) => upstream.filter((path) => path.startsWith(prefix)).length,
    async call(path, init) {
      const res =
        transport === 'app.request'
          ? await kit.request(`http://127.0.0.1${path}`, init)
          : await fetch(`${url}${path}`, init)
      const type = res.headers.get('content-type') ?? ''
      if (type.includes('json')) seen.bodies.push(await res.clone().text())
      return res
    },
    subscriptions: counting.open,
    async close() {
      await kit.ramp.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** One end user's browser: keeps the session cookie, sends the page's Origin on writes. */
export type Browser = {
  cookie: string
  get(path: string, init?: RequestInit): Promise<Response>
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
  json<T = { status: string; message: string; data: unknown }>(res: Response): Promise<T>
}

export function browser(harness: KitHarness, origin = ALLOWED_ORIGIN): Browser {
  const self: Browser = {
    cookie: '',
    async get(path, init = {}) {
      const headers = new Headers(init.headers)
      if (self.cookie) headers.set('cookie', self.cookie)
      const res = await harness.call(path, { ...init, headers })
      remember(res)
      return res
    },
    async post(path, body, extra = {}) {
      const headers = new Headers({ 'content-type': 'application/json', origin, ...extra })
      if (self.cookie) headers.set('cookie', self.cookie)
      const res = await harness.call(path, {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
      remember(res)
      return res
    },
    json: async (res) => res.json() as never,
  }
  function remember(res: Response) {
    const set = res.headers.get('set-cookie')
    if (set) self.cookie = set.split(';')[0] ?? ''
  }
  return self
}

/**
 * Moves every whole event (`event:` and `data:` lines up to a blank line) from `buffer` into
 * `events`, stamped with when it was read; returns what is left, an event not yet complete.
 */
export function takeSseEvents(
  buffer: string,
  events: { event: string; data: string; id?: string; at: number }[],
): string {
  let rest = buffer
  let split = rest.indexOf('\n\n')
  while (split !== -1) {
    const block = rest.slice(0, split)
    rest = rest.slice(split + 2)
    let event = 'message'
    let id: string | undefined
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7)
      else if (line.startsWith('id: ')) id = line.slice(4)
      else if (line.startsWith('data: ')) data.push(line.slice(6))
      else if (line.startsWith('data:')) data.push(line.slice(5))
    }
    // As EventSource does: a block without data (a bare `retry:`) dispatches no event.
    if (data.length > 0)
      events.push({
        event,
        data: data.join('\n'),
        at: Date.now(),
        ...(id === undefined ? {} : { id }),
      })
    split = rest.indexOf('\n\n')
  }
  return rest
}

/** Reads SSE events from a response body until `until` says stop (or the stream ends). */
export async function readEvents(
  res: Response,
  until: (events: { event: string; data: string; id?: string }[]) => boolean,
  timeoutMs = 5000,
): Promise<{ event: string; data: string; id?: string; at: number }[]> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const events: { event: string; data: string; id?: string; at: number }[] = []
  let buffer = ''
  const deadline = Date.now() + timeoutMs
  try {
    while (!until(events)) {
      const left = deadline - Date.now()
      if (left <= 0)
        throw new Error(`no matching events in ${timeoutMs} ms: ${JSON.stringify(events)}`)
      const next = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`timeout: ${JSON.stringify(events)}`)), left),
        ),
      ])
      if (next.done) break
      buffer = takeSseEvents(buffer + decoder.decode(next.value, { stream: true }), events)
    }
  } finally {
    reader.releaseLock()
  }
  return events
}

/** Waits until `check` is true, polling every 10 ms. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Asserts no secret appears in anything the tests saw leave the kit. */
export function leakedSecrets(secrets: readonly string[]): string[] {
  const everything = [...seen.bodies, ...seen.logs].join('\n')
  return secrets.filter((secret) => everything.includes(secret))
}

export const MPESA = 'd9128e24-4586-5981-9c1e-a96a091bf8da'
/** A production key for tests of what the kit refuses before asking the service. */
export const LIVE_KEY = 'is_live_kit_tests_never_sent_0123'
export const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The key of `WALLET`: anvil's second well-known development account, public by design. */
export const WALLET_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

/**
 * Proves `privateKey`'s wallet for this browser's session the way the widget does: a challenge,
 * the wallet's signature of it (real ECDSA), and the proof. Resolves to the proof's answer.
 */
export async function proveWallet(
  user: Browser,
  privateKey: `0x${string}` = WALLET_KEY,
  chainId = 31337,
): Promise<Response> {
  const account = privateKeyToAccount(privateKey)
  const challenge = await user.post(KIT_ROUTES.walletChallenge, {
    address: account.address,
    chain_id: chainId,
  })
  expect(challenge.status).toBe(201)
  const { message } = (await user.json<{ data: { message: string } }>(challenge)).data
  const signature = await account.signMessage({ message })
  return user.post(KIT_ROUTES.walletProofs, { message, signature })
}

/**
 * Values a browser may send under the name of one of core's request options (`signal`): each
 * must be refused as an unknown key (a `signal` was a 500 when core took it for its option).
 */
export const OPTION_VALUES: readonly unknown[] = ['x', { aborted: true }, 1, null, true]

/**
 * The sandbox guide's Kenyan success phone: with it an order settles in the sandbox (any other
 * number leaves it in `pending_settlement`).
 */
export const KE_SETTLES = '+2541111111111'

/** USDC on Base, the published sandbox asset; the local sandbox maps it onto its test USDC. */
export const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

/**
 * A full individual profile of a Kenyan resident for the kit's POST /customer, with an id
 * number (which the kit sends on and never shows back).
 */
export function kenyanProfile(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Amina',
    last_name: 'Otieno',
    email: 'amina@example.com',
    date_of_birth: '1990-12-04',
    country_of_residence: 'KE',
    gender: 'f',
    phone: '+254712345678',
    address: { line1: '1 Moi Avenue', city: 'Nairobi', country: 'KE' },
    id_number: 'A12345678',
    id_type: 'national_id',
    ...overrides,
  }
}

/**
 * A quote body in the service's published form that the sandbox accepts (Kenya, M-Pesa,
 * on-ramp, inline customer) and whose order settles.
 */
export function validQuote(overrides: Record<string, unknown> = {}) {
  return {
    order_type: 'OnRamp',
    country: 'KE',
    currency: 'KES',
    local_amount: 1500,
    asset: { token: BASE_USDC, currency: 'USDC', network: 'BASE' },
    payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: KE_SETTLES },
    customer: { type: 'user', name: 'Amina Otieno', dob: '04/12/1990' },
    wallet_address: WALLET,
    ...overrides,
  }
}

/**
 * A direct off-ramp order (POST /orders, `order_type: 1`): `token` sold from `wallet` for KES
 * paid to `phone`.
 */
export function directSale(wallet: string, token: string, phone = '+254799000111') {
  return {
    user_address: wallet,
    token,
    order_type: 1,
    fiat_payload: {
      amount_fiat: 1000,
      currency: 'KES',
      cashout_type: 'PHONE',
      phone_number: phone,
    },
  }
}

/**
 * An off-ramp quote body in the published form: `crypto_amount` tokens sold from `wallet`,
 * which is also the `refund_address` the tokens go back to if the payout fails.
 */
export function validSale(wallet: string = WALLET, overrides: Record<string, unknown> = {}) {
  const { local_amount: _amount, wallet_address: _wallet, ...rest } = validQuote()
  return {
    ...rest,
    order_type: 'OffRamp',
    crypto_amount: 10,
    refund_address: wallet,
    ...overrides,
  }
}

/**
 * One real sandbox for a test file (frozen clock, two partner keys named after the file),
 * started before its tests and stopped after them. On the way out it fails the file if a key,
 * the webhook secret or the session secret reached any response body or log line it captured.
 * Reads go through to the running sandbox, so tests use it like the sandbox itself.
 */
export function sandboxForFile(
  name: string,
  options: Omit<StartSandboxOptions, 'apiKeys'> = {},
): Sandbox {
  let current: Sandbox | undefined
  beforeAll(async () => {
    current = await startSandbox({
      port: 0,
      speed: 0,
      ...options,
      apiKeys: [`is_test_${name}_key_one`, `is_test_${name}_key_two`],
    })
  })
  afterAll(async () => {
    if (!current) return // startSandbox failed: its error is the one to read
    expect(leakedSecrets([...current.apiKeys, current.webhookSecret, SESSION_SECRET])).toEqual([])
    await current.stop()
  })
  return new Proxy({} as Sandbox, {
    get(_, property) {
      if (!current) throw new Error('The sandbox of this test file has not started')
      return Reflect.get(current, property)
    },
  })
}

// The vault onboarding of the service's published customer example, shared with core's tests.
export { submitCustomer } from '@rampkit/test/published'

/**
 * One request over real HTTP with exactly `headers` (node:http sends a forged `Host` as
 * given, where `fetch` would not), as a script in its own session would send it. Resolves to
 * the status, the parsed JSON body and the session cookie the kit set, if any.
 */
export function rawRequest(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown },
): Promise<{
  status: number
  body: { status: string; message: string; data: Record<string, unknown> | null }
  cookie?: string
}> {
  const url = new URL(path, base)
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: init.method ?? 'POST',
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => {
          const set = res.headers['set-cookie']?.[0]
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : null,
            ...(set ? { cookie: set.split(';')[0] } : {}),
          })
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}
