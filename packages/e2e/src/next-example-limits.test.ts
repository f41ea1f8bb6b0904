import { type Sandbox, startSandbox } from '@rampkit/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * The next-example's route called as Next.js calls it (the route module's exported handlers,
 * one `Request` each, no socket), with production settings: a session secret, the app's origin,
 * and the platform's own client address (`VERCEL=1`, `x-real-ip` as Vercel sets it). One client
 * that drops its session cookie on every request (a new anonymous user each time) still meets
 * the kit's limits. Figures go to the log beside the baselines (1,000 of 1,000 streams,
 * 650 of 650 challenges, 30 of 30 customers).
 */
const APP = 'https://shop.example'

type Handler = (request: Request) => Promise<Response>
type RouteModule = { GET: Handler; POST: Handler }

let sandbox: Sandbox
let route: RouteModule
const figures = {
  streamsTried: 0,
  streamsHeld: 0,
  challengesTried: 0,
  challengesBefore429: 0,
  customersTried: 0,
  customersCreated: 0,
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, chain: false })
  Object.assign(process.env, {
    RAMP_BASE_URL: sandbox.url,
    RAMP_API_KEY: sandbox.apiKeys[0]!,
    RAMP_WEBHOOK_SECRET: sandbox.webhookSecret,
    SESSION_SECRET: 'next-example-limits-session-secret-0123456789',
    APP_ORIGIN: APP,
    VERCEL: '1',
  })
  route = (await import(
    '../../../apps/next-example/app/api/ramp/[[...route]]/route.js'
  )) as RouteModule
})

afterAll(async () => {
  delete process.env.VERCEL
  await sandbox?.stop()
  console.log(`[limits] ${JSON.stringify({ area: 'next-example.limits', ...figures })}`)
})

/**
 * One request of the client at `address`, with no cookie: as Vercel hands it to the route. Each
 * test is its own client, so each figure is of one limit alone.
 */
function request(address: string, path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers)
  headers.set('x-real-ip', address)
  if (init.method === 'POST') {
    headers.set('origin', APP)
    headers.set('content-type', 'application/json')
  }
  return new Request(`${APP}/api/ramp${path}`, { ...init, headers })
}

describe('the next-example route, one client without its cookie', () => {
  test('holds a bounded number of event streams', async () => {
    const aborts: AbortController[] = []
    let refused: Response | undefined
    try {
      for (let i = 0; i < 1000 && refused === undefined; i++) {
        const controller = new AbortController()
        aborts.push(controller)
        figures.streamsTried++
        const res = await route.GET(
          request('203.0.113.1', '/customer/events', { signal: controller.signal }),
        )
        if (res.status === 200) figures.streamsHeld++
        else refused = res
      }
    } finally {
      for (const controller of aborts) controller.abort()
    }
    expect(refused?.status).toBe(429)
    expect(await refused?.json()).toMatchObject({ data: { code: 'too_many_streams' } })
    expect(figures.streamsHeld).toBeGreaterThan(0)
    expect(figures.streamsHeld).toBeLessThanOrEqual(200)
  })

  test('meets a 429 on wallet challenges', async () => {
    let last: Response | undefined
    for (let i = 0; i < 650; i++) {
      figures.challengesTried++
      last = await route.POST(
        request('203.0.113.2', '/wallets/challenge', {
          method: 'POST',
          body: JSON.stringify({
            address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
            chain_id: 8453,
          }),
        }),
      )
      if (last.status === 429) break
      expect(last.status).toBe(201)
      figures.challengesBefore429++
    }
    expect(last?.status).toBe(429)
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  test('meets a 429 on creating customers at the service', async () => {
    let last: Response | undefined
    for (let i = 0; i < 30; i++) {
      figures.customersTried++
      last = await route.POST(
        request('203.0.113.3', '/customer', {
          method: 'POST',
          body: JSON.stringify({
            customer_type: 'individual',
            profile: { first_name: 'Amina', last_name: 'Otieno', country_of_residence: 'KE' },
          }),
        }),
      )
      if (last.status === 429) break
      expect(last.status).toBe(200)
      figures.customersCreated++
    }
    expect(last?.status).toBe(429)
    expect(figures.customersCreated).toBeLessThan(30)
  })
})
