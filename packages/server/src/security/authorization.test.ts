/**
 * Authorization between end users of one partner, through the kit against the real sandbox.
 * Amina and Bola are two browsers (two anonymous signed sessions, then two users of the
 * partner's own sign-in through `getEndUser`). Amina makes a direct order, a quote she accepts
 * and a quote she has not accepted yet. For every kit route with an id in its path (taken from
 * `KIT_ROUTES`, so a new one must say how to find Amina's id, or this test fails) and for the
 * order list:
 * - Bola asking for any of Amina's ids gets exactly the answer of an id that does not exist
 *   (same status, same envelope and message, same headers), with no upstream call and no bus
 *   subscription; her list never holds Amina's orders; her accept does not accept Amina's quote;
 * - a forged or tampered session cookie is refused (a fresh session, nothing of Amina's);
 * - no session at all gets nothing (a fresh anonymous session; a 401 with `getEndUser`).
 * Positive controls (Amina reads her own ids) keep every probe honest.
 *
 * Counts are fixed (no soak variant: every attempt is enumerated, not sampled).
 */

import type { MetaTokens, Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder, type KitRoute } from '@rampkit/core/kit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Browser,
  browser,
  type KitHarness,
  kenyanProfile,
  proveWallet,
  readEvents,
  SESSION_SECRET,
  sandboxForFile,
  startKit,
  type Transport,
  validQuote,
  WALLET,
} from '../../test/kit.js'

const sandbox = sandboxForFile('authz')

type Envelope<T = unknown> = { status: string; message: string; data: T }

const figures = { routesWithIds: 0, attempts: 0, leaks: 0 }
const leaks: string[] = []
afterAll(() => {
  figures.leaks = leaks.length
  console.log(`[security] ${JSON.stringify({ area: 'authz', ...figures })}`)
})

let usdc = ''
beforeAll(async () => {
  const res = await fetch(`${sandbox.url}/meta/tokens`, {
    headers: { 'X-API-Key': sandbox.apiKeys[0]! },
  })
  usdc = ((await res.json()) as { data: MetaTokens }).data.tokens.find(
    (token) => token.symbol === 'USDC',
  )!.address
})

function directOrder() {
  return {
    user_address: WALLET,
    token: usdc,
    order_type: 0,
    fiat_payload: {
      amount_fiat: 1200,
      currency: 'KES',
      cashout_type: 'PHONE',
      phone_number: '+254712345678',
    },
  }
}

/** What Amina owns. */
type Owned = {
  direct: KitOrder
  accepted: KitOrder
  acceptedQuote: Quote
  openQuote: Quote
  /** The wallet she proved (Sign-In with Ethereum). */
  wallet: string
  /** The account she opened once verified (KYC). */
  accountId: number
}

/**
 * Where each path parameter of the route table finds Amina's ids. A route with a parameter not
 * listed here fails the test: say how to find her id for it.
 */
const IDS_OF: Record<string, (owned: Owned) => string[]> = {
  orderId: ({ direct, accepted }) => [direct.id, direct.order_id!, direct.tx_hash!, accepted.id],
  txHash: ({ direct }) => [direct.tx_hash!],
  quoteId: ({ openQuote, acceptedQuote }) => [openQuote.quote_id, acceptedQuote.quote_id],
  address: ({ wallet }) => [wallet],
  accountId: ({ accountId }) => [String(accountId)],
  // Signing keys are the service's, per customer: the kit revokes only a key of the asker's own
  // customer, so another user naming Amina's key reads like a key that does not exist.
  keyId: () => ['skey_of_amina_0001'],
}

/**
 * Routes whose answer to an id nobody holds is not a 404: a wallet nobody proved is simply
 * "not proven" (200). Theirs must still read exactly like that.
 */
const MISSING_STATUS: Partial<Record<KitRoute, number>> = {
  walletProof: 200,
  // An intruder without a verified customer of their own is refused before any account id is
  // looked at (409 customer_not_verified); a verified one gets the service's 404, which
  // routes/customers.test.ts shows.
  depositInstructions: 409,
  payoutBanks: 409,
}

/** An answer with the ids it echoes (addresses) blanked, to compare two answers' shapes. */
const withoutEcho = (text: string) => text.replace(/0x[0-9a-fA-F]{40}/g, '0x…')

/** An id of the same shape that nobody owns. */
function missingLike(id: string): string {
  if (/^0x[0-9a-f]{40}$/i.test(id)) return privateKeyToAccount(generatePrivateKey()).address
  if (/^0x[0-9a-f]{64}$/i.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(32))
    return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
  }
  return crypto.randomUUID()
}

type IdRoute = { name: KitRoute; method: string; template: string; params: string[] }

/** Every registered (method, path) of the kit whose path has an id in it. */
function idRoutes(harness: KitHarness): IdRoute[] {
  const byPath = new Map<string, KitRoute>(
    (Object.entries(KIT_ROUTES) as [KitRoute, string][]).map(([name, path]) => [path, name]),
  )
  const routes = new Map<string, IdRoute>()
  for (const { method, path } of harness.kit.routes) {
    const name = byPath.get(path)
    if (method === 'ALL' || name === undefined || !path.includes('/:')) continue
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
    routes.set(`${method} ${path}`, { name, method, template: path, params })
  }
  return [...routes.values()]
}

/** Headers whose presence and value must not tell a missing id from someone else's. */
function comparableHeaders(res: Response) {
  const skip = new Set(['date', 'content-length', 'set-cookie'])
  return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)))
}

/** Everything of Amina's that must never reach Bola. */
function secretsOf(owned: Owned): string[] {
  return [
    owned.direct.id,
    owned.direct.order_id!,
    owned.direct.tx_hash!,
    owned.accepted.id,
    owned.acceptedQuote.quote_id,
    owned.openQuote.quote_id,
  ]
}

/** `who` calls `path`; with `cookie` given, exactly that cookie (or none) instead of theirs. */
async function call(who: Browser, route: IdRoute, path: string, cookie?: string | null) {
  if (cookie !== undefined) {
    const saved = who.cookie
    who.cookie = cookie ?? ''
    try {
      return route.method === 'POST' ? await who.post(path, {}) : await who.get(path)
    } finally {
      who.cookie = saved
    }
  }
  return route.method === 'POST' ? await who.post(path, {}) : await who.get(path)
}

/** HMAC-SHA256 signed cookie value in hono's format (`value.base64(signature)`, URL-encoded). */
async function signedCookie(value: string, secret: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(value))
  const base64 = btoa(String.fromCharCode(...new Uint8Array(signature)))
  return `rampkit_session=${encodeURIComponent(`${value}.${base64}`)}`
}

/**
 * Takes `user` through KYC (details, two documents, submit, the sandbox's review and
 * deposit-account provisioning) and opens a EUR account; resolves to its id.
 */
async function verifiedAccount(user: Browser): Promise<number> {
  const saved = await user.post(KIT_ROUTES.customer, {
    customer_type: 'individual',
    profile: kenyanProfile(),
  })
  expect(saved.status).toBe(200)
  for (const category of ['identity', 'address']) {
    const pdf = '%PDF-1.7\n%%EOF\n'
    const uploaded = await user.post(`${KIT_ROUTES.customerDocuments}?category=${category}`, pdf, {
      'content-type': 'application/pdf',
    })
    expect(uploaded.status).toBe(201)
  }
  expect((await user.post(KIT_ROUTES.submitCustomer, {})).status).toBe(200)
  // Review, then the deposit-account product.
  for (const ms of [2_000, 2_000]) {
    await sandbox.admin.advance(ms)
    await sandbox.admin.idle()
  }
  const opened = await user.post(KIT_ROUTES.accounts, { asset_type: 'fiat', currency: 'EUR' })
  expect(opened.status).toBe(201)
  await sandbox.admin.advance(1_000)
  await sandbox.admin.idle()
  return (await user.json<Envelope<{ id: number }>>(opened)).data.id
}

type Mode = { kind: 'anonymous'; transport: Transport } | { kind: 'sign-in'; transport: Transport }
const MODES: Mode[] = [
  { kind: 'anonymous', transport: 'app.request' },
  { kind: 'anonymous', transport: 'http' },
  { kind: 'sign-in', transport: 'app.request' },
]

describe.each(MODES)('end users of one partner ($kind, $transport)', (mode) => {
  let kit: KitHarness
  let amina: Browser
  let bola: Browser
  let owned: Owned
  let bolas: KitOrder
  const keyIndex = mode.transport === 'http' ? 1 : 0

  /** A browser; with the partner's sign-in it is identified by a header instead of a cookie. */
  function person(user: string | null): Browser {
    const b = browser(kit)
    if (mode.kind === 'anonymous' || user === null) return b
    const get = b.get
    const post = b.post
    b.get = (path, init = {}) => {
      const headers = new Headers(init.headers)
      headers.set('x-test-user', user)
      return get(path, { ...init, headers })
    }
    b.post = (path, body, extra = {}) => post(path, body, { ...extra, 'x-test-user': user })
    return b
  }

  beforeAll(async () => {
    kit = await startKit(sandbox, mode.transport, {
      keyIndex,
      rateLimit: false,
      ...(mode.kind === 'sign-in'
        ? { getEndUser: (c) => c.req.header('x-test-user') ?? null }
        : {}),
    })
    amina = person('user_amina')
    bola = person('user_bola')
    // First, as it moves the sandbox's clock: the quotes below must not expire meanwhile.
    const accountId = await verifiedAccount(amina)
    const direct = await amina.json<Envelope<KitOrder>>(
      await amina.post(KIT_ROUTES.orders, directOrder()),
    )
    const acceptedQuote = (
      await amina.json<Envelope<Quote>>(await amina.post(KIT_ROUTES.quotes, validQuote()))
    ).data
    const accepted = await amina.json<Envelope<KitOrder>>(
      await amina.post(KIT_ROUTES.acceptQuote.replace(':quoteId', acceptedQuote.quote_id), {}),
    )
    const openQuote = (
      await amina.json<Envelope<Quote>>(await amina.post(KIT_ROUTES.quotes, validQuote()))
    ).data
    expect((await proveWallet(amina)).status).toBe(201)
    owned = {
      direct: direct.data,
      accepted: accepted.data,
      acceptedQuote,
      openQuote,
      wallet: WALLET,
      accountId,
    }
    expect(owned.direct.order_id).toBeTruthy()
    expect(owned.accepted.id).toBeTruthy()
    bolas = (await bola.json<Envelope<KitOrder>>(await bola.post(KIT_ROUTES.orders, directOrder())))
      .data
    expect(bolas.id).toBeTruthy()
  })
  afterAll(() => kit?.close())

  /**
   * `intruder` asks for every id of Amina's on every id route; each answer must equal the
   * answer to an id of the same shape that does not exist. Returns how many were compared.
   */
  async function probe(
    intruder: Browser,
    cookie: string | null | undefined,
    label: string,
    expectedStatus: number,
  ) {
    const routes = idRoutes(kit)
    for (const route of routes) {
      for (const param of route.params) {
        const ids = IDS_OF[param]
        expect(ids, `no way to find Amina's id for :${param} of ${route.template}`).toBeDefined()
        for (const id of ids!(owned)) {
          const theirs = route.template.replace(`:${param}`, encodeURIComponent(id))
          const nobodys = route.template.replace(`:${param}`, encodeURIComponent(missingLike(id)))
          const upstream = kit.upstream.length
          const subscriptions = kit.subscriptions()
          const a = await call(intruder, route, theirs, cookie)
          const m = await call(intruder, route, nobodys, cookie)
          figures.attempts++
          const aText = await a.text()
          const mText = await m.text()
          const where = `${label}: ${route.method} ${theirs}`
          const problems: string[] = []
          const expected =
            expectedStatus === 404 ? (MISSING_STATUS[route.name] ?? 404) : expectedStatus
          if (a.status !== expected) problems.push(`status ${a.status}`)
          if (a.status !== m.status) problems.push(`status ${a.status} vs missing ${m.status}`)
          if (withoutEcho(aText) !== withoutEcho(mText)) {
            problems.push(`body ${aText} vs missing ${mText}`)
          }
          const [ha, hm] = [comparableHeaders(a), comparableHeaders(m)]
          if (JSON.stringify(ha) !== JSON.stringify(hm)) {
            problems.push(`headers ${JSON.stringify(ha)} vs missing ${JSON.stringify(hm)}`)
          }
          const seen = secretsOf(owned).filter((s) => aText.includes(s))
          if (seen.length > 0) problems.push(`Amina's ${seen.join(', ')} in the answer`)
          if (kit.upstream.length !== upstream) problems.push('an upstream call')
          if (kit.subscriptions() !== subscriptions) problems.push('a bus subscription')
          if (problems.length > 0) leaks.push(`${where}: ${problems.join('; ')}`)
        }
      }
    }
  }

  /** The list as `intruder` sees it under every filter: never one of Amina's orders. */
  async function probeList(intruder: Browser, cookie: string | null | undefined, label: string) {
    const mine = new Set(secretsOf(owned))
    const listRoute: IdRoute = { name: 'orders', method: 'GET', template: '', params: [] }
    for (const search of [
      '',
      '?limit=200',
      '?status=pending',
      '?status_filter=pending',
      '?order_type=onramp',
      '?offset=0&limit=1',
    ]) {
      const res = await call(intruder, listRoute, `${KIT_ROUTES.orders}${search}`, cookie)
      figures.attempts++
      const text = await res.text()
      const body = JSON.parse(text) as Envelope<KitOrder[] | null>
      const ids = (body.data ?? []).flatMap((o) => [o.id, o.order_id, o.tx_hash])
      const found = [...mine].filter((id) => ids.includes(id) || text.includes(id))
      if (found.length > 0) leaks.push(`${label}: GET /orders${search} holds Amina's ${found}`)
    }
  }

  it('enumerates the id routes from the route table', () => {
    const routes = idRoutes(kit)
    const paths = new Set(routes.map((r) => r.template))
    for (const path of Object.values(KIT_ROUTES)) {
      if (path.includes('/:')) expect(paths, path).toContain(path)
    }
    figures.routesWithIds = Math.max(figures.routesWithIds, routes.length)
    expect(routes.length).toBeGreaterThanOrEqual(4)
  })

  it("answers Amina's own ids (the probes below would see her data)", async () => {
    for (const route of idRoutes(kit).filter((r) => r.method === 'GET')) {
      for (const param of route.params) {
        for (const id of IDS_OF[param]!(owned)) {
          const controller = new AbortController()
          const res = await amina.get(route.template.replace(`:${param}`, encodeURIComponent(id)), {
            signal: controller.signal,
          })
          expect(res.status, `${route.template} ${id}`).toBe(200)
          if (route.name === 'orderEvents') {
            const [first] = await readEvents(res, (events) => events.length > 0)
            expect(first?.data).toContain(id)
            controller.abort()
            await res.body?.cancel().catch(() => {})
          } else {
            expect(await res.text()).toContain(id)
          }
        }
      }
    }
    const list = (await amina.json<Envelope<KitOrder[]>>(await amina.get(KIT_ROUTES.orders))).data
    expect(list.map((o) => o.id).sort()).toEqual([owned.accepted.id, owned.direct.id].sort())
  })

  it("gives Bola the answer of a missing id for every one of Amina's, and never her orders in a list", async () => {
    await probe(bola, undefined, 'Bola', 404)
    await probeList(bola, undefined, 'Bola')
    const list = (await bola.json<Envelope<KitOrder[]>>(await bola.get(KIT_ROUTES.orders))).data
    expect(list.map((o) => o.id)).toEqual([bolas.id])
    // Bola's accept of Amina's open quote did nothing upstream: Amina's accept is the first.
    const accept = await amina.post(
      KIT_ROUTES.acceptQuote.replace(':quoteId', owned.openQuote.quote_id),
      {},
    )
    expect(accept.status).toBe(200)
    expect((await amina.json<Envelope>(accept)).message).toBe('Quote accepted')
    expect(leaks).toEqual([])
  })

  it("does not replay Amina's answer to Bola under the same Idempotency-Key", async () => {
    const key = { 'idempotency-key': `confirm-${crypto.randomUUID()}` }
    const first = await amina.json<Envelope<KitOrder>>(
      await amina.post(KIT_ROUTES.orders, directOrder(), key),
    )
    const res = await bola.post(KIT_ROUTES.orders, directOrder(), key)
    figures.attempts++
    const second = await bola.json<Envelope<KitOrder>>(res)
    if (res.headers.get('idempotent-replayed') !== null || second.data.id === first.data.id) {
      leaks.push(`Bola got Amina's replayed order ${first.data.id}`)
    }
    expect(res.status).toBe(201)
    expect(second.data.id).not.toBe(first.data.id)
    expect(leaks).toEqual([])
  })

  // Only anonymous sessions have a cookie to forge; the partner's sign-in is theirs to guard.
  if (mode.kind === 'anonymous') {
    it('refuses a forged or tampered session cookie: a fresh session that sees nothing', async () => {
      const [name, value] = amina.cookie.split('=') as [string, string]
      expect(name).toBe('rampkit_session')
      const decoded = decodeURIComponent(value)
      const dot = decoded.lastIndexOf('.')
      const id = decoded.slice(0, dot)
      const signature = decoded.slice(dot + 1)
      expect(id).toMatch(/^anon_/)
      const bolasSignature = decodeURIComponent(bola.cookie.split('=')[1]!).split('.').pop()!
      const flipped = `${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`
      const forged = [
        `rampkit_session=${encodeURIComponent(`${id}.${flipped}`)}`,
        `rampkit_session=${encodeURIComponent(id)}`,
        `rampkit_session=${encodeURIComponent(`${id}.`)}`,
        `rampkit_session=${encodeURIComponent(`${id}.${bolasSignature}`)}`,
        `rampkit_session=${id}.${signature}x`,
        await signedCookie(id, 'another-secret-0123456789-abcdefghijklmn'),
        // Signed with the real secret, but not an id the kit ever issues.
        await signedCookie('admin', SESSION_SECRET),
        await signedCookie(`${id} `, SESSION_SECRET),
      ]
      for (const cookie of forged) {
        const res = await call(
          bola,
          { name: 'orders', method: 'GET', template: '', params: [] },
          KIT_ROUTES.orders,
          cookie,
        )
        figures.attempts++
        const issued = res.headers.get('set-cookie') ?? ''
        const list = (await res.json()) as Envelope<KitOrder[]>
        if (!issued.startsWith('rampkit_session=anon_') || issued.includes(id)) {
          leaks.push(`forged cookie ${cookie} was not replaced (Set-Cookie: ${issued})`)
        }
        if (list.data.length > 0)
          leaks.push(`forged cookie ${cookie} listed ${list.data.length} orders`)
        await probe(bola, cookie, `forged ${cookie.slice(0, 60)}`, 404)
        await probeList(bola, cookie, `forged ${cookie.slice(0, 60)}`)
      }
      expect(leaks).toEqual([])
    })
  }

  it('gives no session at all nothing', async () => {
    const nobody = person(null)
    // Anonymous sessions: a fresh one, owning nothing. The partner's sign-in: 401.
    const expected = mode.kind === 'anonymous' ? 404 : 401
    await probe(nobody, null, 'no session', expected)
    await probeList(nobody, null, 'no session')
    const list = await call(
      nobody,
      { name: 'orders', method: 'GET', template: '', params: [] },
      KIT_ROUTES.orders,
      null,
    )
    figures.attempts++
    const body = (await list.json()) as Envelope<KitOrder[] | null>
    if (mode.kind === 'anonymous') {
      expect(list.status).toBe(200)
      expect(body.data).toEqual([])
    } else {
      expect(list.status).toBe(401)
      expect(body).toEqual({ status: 'error', message: 'Sign in to continue.', data: null })
      const write = await nobody.post(KIT_ROUTES.orders, directOrder())
      expect(write.status).toBe(401)
    }
    expect(leaks).toEqual([])
  })
})
