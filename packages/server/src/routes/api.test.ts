/**
 * The kit serves what core's `KIT_API` describes, so the description, the browser client typed
 * from it and the server cannot drift: every (method, path) of the table is mounted with that
 * method and no other route is, each route runs the guards of the table and no other (declared in
 * its route file, held to the table's at mount, put first, and checked by behaviour below), and the caching it states is
 * the `Cache-Control` the kit sends. Nothing here creates a quote.
 */
import { KIT_API, type KitApiRoute, type KitGuard } from '@rampkit/core/kit'
import { buildWebhookHeaders } from '@rampkit/core/webhooks'
import { type Context, Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALLOWED_ORIGIN,
  BASE_USDC,
  browser,
  directSale,
  type KitHarness,
  sandboxForFile,
  startKit,
  WALLET,
} from '../../test/kit.js'
import { createRampHandler } from '../handler.js'
import { GENERIC_MESSAGES } from '../http/errors.js'
import { silentLogger } from '../logger.js'
import { memoryStore } from '../store/memory/store.js'
import { payoutBanks } from './accounts/payout-banks.js'
import type { RampEnv } from './context.js'
import {
  type AnyRouteDefinition,
  defineRoute,
  type KitDeps,
  mountRoutes,
  type RouteTable,
} from './define.js'
import { BODY_GUARDS, guardOf } from './guards.js'
import { createOrder } from './orders/create.js'
import { BROWSER_ROUTES, ROUTES, WEBHOOK_ROUTES } from './table.js'

const sandbox = sandboxForFile('api')

type Envelope = { status: string; message: string; data: { code?: string } | null }

const routes = Object.entries(KIT_API) as [
  KitApiRoute,
  (typeof KIT_API)[KitApiRoute] & { cache?: 'catalog' },
][]
const guarded = (guard: KitGuard) =>
  routes.filter(([, route]) => (route.guards as readonly KitGuard[]).includes(guard))

/** A value of each path parameter that nobody owns. */
const PARAMS: Record<string, string> = {
  orderId: 'ord_nobody_has',
  txHash: `0x${'ab'.repeat(32)}`,
  quoteId: 'q_nobody_has',
  address: WALLET,
  accountId: '987654',
}

/** A query each read answers with a 200 (the sandbox's Kenyan corridor). */
const QUERIES: Partial<Record<KitApiRoute, string>> = {
  catalog: '?country=KE',
  corridors: '?country=KE',
  banks: '?country=KE&currency=KES&order_type=OnRamp&payment_method_type=bank',
  paymentMethods: '?country=KE&order_type=OnRamp',
  orderRequirements: '?country=KE&currency=KES&order_type=OffRamp',
  rates: '?fiat=KES',
  preview: '?amount_fiat=1000&token=USDC',
}

const pathOf = (name: KitApiRoute) =>
  KIT_API[name].path.replace(/:(\w+)/g, (_, param: string) => PARAMS[param]!) +
  (QUERIES[name] ?? '')

/** The kit's own answer to a route it does not have (not a handler's "Order not found"). */
async function isUnknownRoute(res: Response): Promise<boolean> {
  if (res.status !== 404) return false
  return ((await res.clone().json()) as Envelope).message === GENERIC_MESSAGES.notFound
}

/** A kit that is only mounted, never called: its routes table is what these tests read. */
const mountedOnly = (basePath?: string) =>
  createRampHandler({
    apiKey: 'is_test_routes_table_only',
    baseUrl: 'http://127.0.0.1:9',
    webhookSecret: 'whsec_routes_table_only',
    sessionSecret: 'routes-table-session-secret-0123456789-abc',
    logger: false,
    worker: false,
    ...(basePath ? { basePath } : {}),
  })

describe('the routes the kit mounts', () => {
  it.each([undefined, '/api/ramp'])(
    'are those of KIT_API, with their methods (base %s)',
    (basePath) => {
      const app = mountedOnly(basePath)
      const mounted = new Set(
        app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
      )
      const described = new Set(
        routes.map(([, { method, path }]) => `${method} ${basePath ?? ''}${path}`),
      )
      expect([...mounted].sort()).toEqual([...described].sort())
    },
  )
})

describe('the guards each route runs', () => {
  const app = mountedOnly()

  it.each(routes)(
    '%s runs exactly the guards KIT_API names, in order, before its own chain',
    (_, route) => {
      // What is mounted on this route alone (not the middleware every request runs).
      const chain = app.routes
        .filter((r) => r.method === route.method && r.path === route.path)
        .map((r) => r.handler)
      const guards = chain.map(guardOf).filter((guard) => guard !== undefined)
      expect(guards).toEqual(route.guards)
      // The guards come first: nothing of the route's own runs before they let it through;
      // those that read the parsed body (`walletProof`) come right before the handler.
      const first = route.guards.filter((guard) => !BODY_GUARDS.includes(guard))
      const afterBody = route.guards.filter((guard) => BODY_GUARDS.includes(guard))
      expect(chain.slice(0, first.length).map(guardOf)).toEqual(first)
      expect(chain.slice(-1 - afterBody.length, -1).map(guardOf)).toEqual(afterBody)
      expect(chain.length).toBeGreaterThan(guards.length)
    },
  )

  it('runs no guard on the middleware every request shares', () => {
    const shared = app.routes.filter((r) => r.method === 'ALL').map((r) => guardOf(r.handler))
    expect(shared.length).toBeGreaterThan(0)
    expect(shared.filter((guard) => guard !== undefined)).toEqual([])
  })
})

describe('a route file (defineRoute)', () => {
  const app = mountedOnly()
  const defined: readonly AnyRouteDefinition[] = [...WEBHOOK_ROUTES, ...BROWSER_ROUTES]
  /** What is mounted on a route alone, the guards of it by name. */
  const mountedGuards = (on: { routes: typeof app.routes }, name: KitApiRoute) =>
    on.routes
      .filter((r) => r.method === KIT_API[name].method && r.path === KIT_API[name].path)
      .map((r) => guardOf(r.handler))

  it('exists for every route of KIT_API, filed under its own name', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(KIT_API).sort())
    for (const [name, definition] of Object.entries(ROUTES)) expect(definition.route).toBe(name)
    // A KIT_API route whose file is missing is missing from the generated table, which then
    // does not compile (`pnpm typecheck` fails if this line is ever accepted).
    const { payoutBanks: _, ...withoutOne } = ROUTES
    // @ts-expect-error: 'payoutBanks' is missing, as it is when its route file is.
    const incomplete: RouteTable = withoutOne
    expect(Object.keys(incomplete)).not.toContain('payoutBanks')
  })

  it('is mounted once, with exactly the guards it declares, first', () => {
    expect(defined.length).toBe(Object.keys(KIT_API).length)
    expect(new Set(defined.map((d) => d.route)).size).toBe(defined.length)
    for (const definition of defined) {
      const chain = mountedGuards(app, definition.route)
      const guards = chain.filter((guard) => guard !== undefined)
      expect(guards, definition.route).toEqual([...definition.guards])
      const first = definition.guards.filter((guard) => !BODY_GUARDS.includes(guard))
      expect(chain.slice(0, first.length), definition.route).toEqual(first)
    }
  })

  it("mounts ARCHITECTURE.md's worked example (payout banks) with exactly the guards its file declares", () => {
    expect(ROUTES.payoutBanks).toBe(payoutBanks)
    expect(BROWSER_ROUTES).toContain(payoutBanks)
    expect(payoutBanks.guards).toEqual(['session'])
    const chain = mountedGuards(app, 'payoutBanks')
    expect(chain.filter((guard) => guard !== undefined)).toEqual([...payoutBanks.guards])
    expect(chain.slice(0, payoutBanks.guards.length)).toEqual([...payoutBanks.guards])
    expect(chain.length).toBeGreaterThan(payoutBanks.guards.length)
  })

  // A route written the way the worked example in ARCHITECTURE.md writes one, mounted on its own app: the
  // guards it declares run (no user, 401; a user, the handler), and its handler is handed only
  // the deps it asked for.
  const example = defineRoute({
    route: 'order',
    guards: ['session'],
    needs: ['environment'],
    handler: (c, deps) => c.json({ keys: Object.keys(deps), id: c.req.param('orderId') }),
  })
  const kitOf = (deps: Partial<KitDeps>) => deps as KitDeps
  const appWith = (user: string | null) => {
    const one = new Hono<RampEnv>()
    one.use('*', async (c, next) => {
      c.set('endUser', async () => user)
      await next()
    })
    mountRoutes(one, kitOf({ environment: 'sandbox', store: {} as KitDeps['store'] }), [example])
    return one
  }

  it('runs the guards it declares and hands the handler only the deps it needs', async () => {
    expect(mountedGuards(appWith(null), 'order').filter(Boolean)).toEqual(['session'])
    const refused = await appWith(null).request('/orders/ord_1')
    expect(refused.status).toBe(401)
    const served = await appWith('user-1').request('/orders/ord_1')
    expect(served.status).toBe(200)
    expect(await served.json()).toEqual({ keys: ['environment'], id: 'ord_1' })
  })

  it('is refused at mount when its guards are not the ones KIT_API names', () => {
    const loose = { ...example, guards: [] } as unknown as AnyRouteDefinition
    expect(() => mountRoutes(new Hono(), kitOf({}), [loose])).toThrow(
      "route 'order' declares the guards [] but KIT_API names [session]",
    )
  })
})

describe('KIT_API against the running kit', () => {
  // Nobody is signed in: every session route must refuse, and only those.
  let kit: KitHarness
  beforeAll(async () => {
    kit = await startKit(sandbox, 'app.request', { getEndUser: () => null, pointWebhooks: false })
  })
  afterAll(() => kit?.close())

  it('answers each route with its method, and not with the other', async () => {
    for (const [name, { method }] of routes) {
      const path = pathOf(name)
      const res =
        method === 'GET' ? await browser(kit).get(path) : await browser(kit).post(path, {})
      expect(await isUnknownRoute(res), `${method} ${path}`).toBe(false)
      await res.body?.cancel()

      const other = method === 'GET' ? 'POST' : 'GET'
      if (routes.some(([, r]) => r.method === other && r.path === KIT_API[name].path)) continue
      const wrong =
        other === 'GET' ? await browser(kit).get(path) : await browser(kit).post(path, {})
      expect(await isUnknownRoute(wrong), `${other} ${path}`).toBe(true)
    }
  })

  it("refuses every 'session' route without an end user (401), and only those", async () => {
    const sessionRoutes = guarded('session')
    expect(sessionRoutes.length).toBeGreaterThanOrEqual(18)
    for (const [name, { method }] of routes) {
      const path = pathOf(name)
      const res =
        method === 'GET' ? await browser(kit).get(path) : await browser(kit).post(path, {})
      const needsSession = sessionRoutes.some(([guardedName]) => guardedName === name)
      if (needsSession) {
        expect(res.status, `${method} ${path}`).toBe(401)
        expect(((await res.json()) as Envelope).message).toBe('Sign in to continue.')
      } else {
        expect(res.status, `${method} ${path}`).not.toBe(401)
        await res.body?.cancel()
      }
    }
  })

  it("refuses every 'origin' route from a page that is not allowed, before reading the body", async () => {
    const before = kit.upstream.length
    for (const [name] of guarded('origin')) {
      const { method } = KIT_API[name]
      const path = pathOf(name)
      for (const origin of [undefined, 'https://evil.example']) {
        const res = await kit.call(path, {
          method,
          headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
          ...(method === 'POST' ? { body: '{}' } : {}),
        })
        expect(res.status, `${method} ${path} from ${origin ?? 'no Origin'}`).toBe(403)
      }
    }
    expect(kit.upstream.length).toBe(before)
  })

  it("lets a page that is not allowed reach every route without the 'origin' guard", async () => {
    const originRoutes = guarded('origin').map(([name]) => name)
    for (const [name, { method }] of routes) {
      if (originRoutes.includes(name)) continue
      const path = pathOf(name)
      const res = await kit.call(path, {
        method,
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      })
      expect(res.status, `${method} ${path}`).not.toBe(403)
      await res.body?.cancel()
    }
  })

  it("refuses a 'webhookSignature' route's delivery signed with another secret", async () => {
    for (const [name] of guarded('webhookSignature')) {
      const body = JSON.stringify({ event: 'customer.approved', data: {} })
      const headers = await buildWebhookHeaders({
        secret: 'whsec_not_the_kits',
        event: 'customer.approved',
        deliveryId: crypto.randomUUID(),
        body,
      })
      const res = await kit.call(KIT_API[name].path, { method: 'POST', headers, body })
      expect(res.status, name).toBe(401)
      const unsigned = await kit.call(KIT_API[name].path, { method: 'POST', body })
      expect(unsigned.status, name).toBe(400)
    }
  })

  it("sends the Cache-Control the table states: 'catalog' reads are kept, the rest never", async () => {
    for (const [name, route] of routes) {
      if (route.method !== 'GET' || route.guards.length > 0) continue
      const res = await browser(kit).get(pathOf(name))
      expect(res.status, name).toBe(200)
      const cacheControl = res.headers.get('cache-control')
      if (route.cache === 'catalog') expect(cacheControl, name).toMatch(/^private, max-age=\d+$/)
      else expect(cacheControl, name).toBe('no-store')
      await res.body?.cancel()
    }
  })
})

describe("KIT_API's 'walletProof' guard", () => {
  let kit: KitHarness
  beforeAll(async () => {
    kit = await startKit(sandbox, 'app.request', { pointWebhooks: false })
  })
  afterAll(() => kit?.close())

  it('refuses a direct sale from a wallet the session has not proven, before the service', async () => {
    expect(guarded('walletProof').map(([name]) => name)).toContain('createOrder')
    const before = kit.upstream.length
    const res = await browser(kit).post(KIT_API.createOrder.path, directSale(WALLET, BASE_USDC))
    expect(res.status).toBe(403)
    expect(((await res.json()) as Envelope).data).toMatchObject({ code: 'wallet_not_proven' })
    expect(kit.upstream.length).toBe(before)
  })
})

describe("the 'walletProof' guard on a route that never checks it", () => {
  // The real POST /orders definition with a handler that forgets the wallet: the guard refuses
  // from the body the route's middleware parsed, by itself.
  const sold: string[] = []
  const careless = {
    ...createOrder,
    handler: (c: Context<RampEnv>) => {
      sold.push(c.req.path)
      return c.json({ sold: true }, 201)
    },
  } as unknown as AnyRouteDefinition
  const appOf = (definition: AnyRouteDefinition) => {
    const one = new Hono<RampEnv>()
    one.use('*', async (c, next) => {
      c.set('endUser', async () => 'user-careless')
      await next()
    })
    const kit = {
      store: memoryStore(),
      now: () => new Date(),
      allowedOrigins: [ALLOWED_ORIGIN],
      trustProxy: false,
      logger: silentLogger,
      bodyLimitBytes: 16 * 1024,
      environment: 'sandbox',
    } as unknown as KitDeps
    mountRoutes(one, kit, [definition])
    return one
  }
  const post = (app: Hono<RampEnv>, body: unknown) =>
    app.request(KIT_API.createOrder.path, {
      method: 'POST',
      headers: { origin: ALLOWED_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('refuses a sale from an unproven wallet, though the handler never asks', async () => {
    const res = await post(appOf(careless), directSale(WALLET, BASE_USDC))
    expect(res.status).toBe(403)
    expect(((await res.json()) as Envelope).data).toMatchObject({
      code: 'wallet_not_proven',
      field: 'user_address',
    })
    expect(sold).toEqual([])
  })

  it('lets a purchase through: it spends from no wallet', async () => {
    const res = await post(appOf(careless), { ...directSale(WALLET, BASE_USDC), order_type: 0 })
    expect(res.status).toBe(201)
    expect(sold).toEqual([KIT_API.createOrder.path])
  })

  it('is refused at mount when the route does not say what it spends', () => {
    const silent = { ...careless, spends: undefined } as AnyRouteDefinition
    expect(() => appOf(silent)).toThrow(/'walletProof' guard but not what it spends/)
  })
})
