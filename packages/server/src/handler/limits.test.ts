import { KIT_ROUTES } from '@rampkit/core/kit'
import { afterEach, describe, expect, it } from 'vitest'
import {
  ALLOWED_ORIGIN,
  browser,
  type KitHarness,
  kenyanProfile,
  LIVE_KEY,
  SESSION_SECRET,
  sandboxForFile,
  startKit,
  WALLET,
} from '../../test/kit.js'
import { createRampHandler } from '../handler.js'
import type { RampLogger } from '../logger.js'
import type { RampHandlerOptions } from './options.js'

/**
 * The limits where the kit sees no socket (`app.request` here, as under Next.js's
 * `hono/vercel`): a client that drops its session cookie on every request is a new end user
 * each time, so only the address limits can bind it, and its address is unknown. Real kit,
 * real sandbox.
 */
const sandbox = sandboxForFile('limits')

let kit: KitHarness | undefined
afterEach(async () => {
  await kit?.close()
  kit = undefined
})

/** A request from a browser that keeps no cookie: a new anonymous end user every time. */
const cookieless = (harness: KitHarness) => browser(harness)

describe('without a visible client address', () => {
  it('counts every such client in one bucket per instance, so dropping the cookie does not escape', async () => {
    kit = await startKit(sandbox, 'app.request', {
      pointWebhooks: false,
      rateLimit: { perUser: 1000, unknownAddresses: 5 },
    })
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const res = await cookieless(kit).post(KIT_ROUTES.walletChallenge, {
        address: WALLET,
        chain_id: 8453,
      })
      statuses.push(res.status)
      await res.body?.cancel()
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true)
    expect(statuses.slice(5)).toEqual([429, 429])
  })

  it('caps the event streams one instance holds, whoever holds them', async () => {
    kit = await startKit(sandbox, 'app.request', {
      pointWebhooks: false,
      streamLimits: { perSession: 100, perAddress: 100, perInstance: 2 },
    })
    const aborts: AbortController[] = []
    const open = async () => {
      const controller = new AbortController()
      aborts.push(controller)
      const res = await cookieless(kit!).get(KIT_ROUTES.customerEvents, {
        signal: controller.signal,
      })
      return res
    }
    const held = [await open(), await open()]
    expect(held.map((res) => res.status)).toEqual([200, 200])
    const refused = await open()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(await refused.json()).toMatchObject({ data: { code: 'too_many_streams' } })
    expect(kit.kit.ramp).toBeDefined()
    for (const controller of aborts) controller.abort()
  })

  it('counts all unseen addresses as one address for the per-address stream cap', async () => {
    kit = await startKit(sandbox, 'app.request', {
      pointWebhooks: false,
      streamLimits: { perSession: 100, perAddress: 2, perInstance: 100 },
    })
    const aborts: AbortController[] = []
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController()
      aborts.push(controller)
      const res = await cookieless(kit).get(KIT_ROUTES.customerEvents, {
        signal: controller.signal,
      })
      statuses.push(res.status)
      if (res.status !== 200) await res.body?.cancel()
    }
    for (const controller of aborts) controller.abort()
    expect(statuses).toEqual([200, 200, 429])
  })
})

describe('creating a customer at the service', () => {
  it('has a stricter limit of its own, per address, counted only for a save that creates', async () => {
    kit = await startKit(sandbox, 'app.request', {
      pointWebhooks: false,
      rateLimit: { customerCreates: { perUser: 5, perIp: 2 } },
    })
    const save = (user: ReturnType<typeof browser>) =>
      user.post(KIT_ROUTES.customer, { customer_type: 'individual', profile: kenyanProfile() })
    const first = browser(kit)
    expect((await save(first)).status).toBe(200)
    // The same user saving again creates nothing: not counted.
    for (let i = 0; i < 3; i++) expect((await save(first)).status).toBe(200)
    expect((await save(browser(kit))).status).toBe(200)
    const before = kit.upstream.length
    const third = await save(browser(kit))
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    // Refused before the service: nothing was created.
    expect(kit.upstream.length).toBe(before)
  })

  it("counts one user's concurrent first saves once per address", async () => {
    kit = await startKit(sandbox, 'app.request', {
      pointWebhooks: false,
      rateLimit: { customerCreates: { perUser: 10, perIp: 1 } },
    })
    const user = browser(kit)
    // The first request sets the session cookie; the concurrent ones carry it.
    expect((await user.get(KIT_ROUTES.config)).status).toBe(200)
    const saves = await Promise.all(
      Array.from({ length: 3 }, () =>
        user.post(KIT_ROUTES.customer, { customer_type: 'individual', profile: kenyanProfile() }),
      ),
    )
    expect(saves.map((res) => res.status)).toEqual([200, 200, 200])
    const other = await browser(kit).post(KIT_ROUTES.customer, {
      customer_type: 'individual',
      profile: kenyanProfile(),
    })
    expect(other.status).toBe(429)
  })

  it('has a per-user limit too', async () => {
    kit = await startKit(sandbox, 'app.request', {
      pointWebhooks: false,
      rateLimit: { customerCreates: { perUser: 1, perIp: 100 } },
    })
    const user = browser(kit)
    // A body the kit refuses is not a try: it never reaches the service.
    const bad = await user.post(KIT_ROUTES.customer, { customer_type: 'alien', profile: {} })
    expect(bad.status).toBe(422)
    // The service fails the create: the user still has no customer, and that try counted.
    sandbox.admin.forceFault({ status: 503, method: 'POST', count: 10 })
    const failed = await user.post(KIT_ROUTES.customer, {
      customer_type: 'individual',
      profile: kenyanProfile(),
    })
    expect(failed.status).toBeGreaterThanOrEqual(500)
    const again = await user.post(KIT_ROUTES.customer, {
      customer_type: 'individual',
      profile: kenyanProfile(),
    })
    expect(again.status).toBe(429)
  })
})

describe('the production log', () => {
  /** A kit with a live key, its log lines kept by level. */
  function liveKit(options: Partial<RampHandlerOptions> = {}) {
    const lines: { level: string; message: string }[] = []
    const logger: RampLogger = {
      info: (message) => lines.push({ level: 'info', message }),
      warn: (message) => lines.push({ level: 'warn', message }),
      error: (message) => lines.push({ level: 'error', message }),
    }
    const ramp = createRampHandler({
      apiKey: LIVE_KEY,
      baseUrl: sandbox.url,
      webhookSecret: sandbox.webhookSecret,
      sessionSecret: SESSION_SECRET,
      customerRefSecret: `${SESSION_SECRET}-refs`,
      allowedOrigins: [ALLOWED_ORIGIN],
      worker: false,
      logger,
      ...options,
    })
    const about = () => lines.filter((line) => line.message.includes('cannot see client addresses'))
    return { ramp, about }
  }

  it('says once, as an error, that client addresses are not visible, naming getClientIp and trustProxy', async () => {
    const { ramp, about } = liveKit()
    try {
      for (let i = 0; i < 3; i++) await ramp.request('http://127.0.0.1/config')
      expect(about()).toHaveLength(1)
      expect(about()[0]!.level).toBe('error')
      expect(about()[0]!.message).toMatch(/getClientIp/)
      expect(about()[0]!.message).toMatch(/trustProxy/)
    } finally {
      await ramp.ramp.close()
    }
  })

  it('stays quiet when getClientIp gives the address', async () => {
    const { ramp, about } = liveKit({ getClientIp: (c) => c.req.header('x-real-ip') ?? null })
    try {
      await ramp.request('http://127.0.0.1/config', { headers: { 'x-real-ip': '203.0.113.7' } })
      expect(about()).toEqual([])
    } finally {
      await ramp.ramp.close()
    }
  })
})
