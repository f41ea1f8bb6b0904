/**
 * Attacks on the kit's webhook receiver, with real stores (memory and PGlite; Postgres when it
 * is reachable, always in CI). The real sandbox delivers through a relay (the fault proxy) in
 * front of the kit, so the tests hold genuine deliveries: replayed under the same or a fresh
 * id, re-timed, re-signed with the wrong secret, with their headers fuzzed, their bodies
 * swapped, their event header changed in flight, and validly signed downgrades. Each must be
 * refused with a 4xx envelope or deduplicated, and none may change a stored order or run a
 * handler again (read from the store and through the kit's order route).
 *
 * Counts: the seeded header fuzz makes FUZZ_RUNS = 40 requests per store in CI and 400 in the
 * soak (RAMPKIT_SOAK=1); the concurrent replay sends RACE = 8 (soak 24) copies at once.
 */
import { isDeepStrictEqual } from 'node:util'
import type { MetaTokens, OrderStatus, Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import {
  signWebhook,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@rampkit/core/webhooks'
import fc from 'fast-check'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FaultProxy, type ProxyRecord, startFaultProxy } from '../../test/fault-proxy/index.js'
import {
  type Browser,
  browser,
  type KitHarness,
  sandboxForFile,
  seen,
  startKit,
  validQuote,
  WALLET,
  waitFor,
} from '../../test/kit.js'
import { DATABASE_URL, runId, skipUnlessReachable } from '../../test/store-contracts.js'
import { memoryStore } from '../store/memory/store.js'
import { canMoveOrder } from '../store/orders.js'
import { pgliteStore } from '../store/pglite/store.js'
import { postgresStore } from '../store/postgres/store.js'
import type { RampStore, StoredOrder } from '../store/types.js'
import type { AnyEventContext } from '../worker/events.js'

const SOAK = process.env.RAMPKIT_SOAK === '1'
const FUZZ_RUNS = SOAK ? 400 : 40
const RACE = SOAK ? 24 : 8
const FUZZ_SEED = 0x5ec0de

const sandbox = sandboxForFile('hookattack')

const tally = {
  attacks: 0,
  byKind: {} as Record<string, number>,
  rejected: 0,
  deduplicated: 0,
  /**
   * Validly signed deliveries (a downgrade, a header changed in flight) stored to no effect
   * beyond what their signed body says as the service sent it.
   */
  ignored: 0,
  /**
   * Forged or replayed attacks (every kind but the validly signed ones above) answered 2xx and
   * stored as a new delivery that the worker then applied: the kit took the attack for a
   * genuine delivery, whether or not applying it changed anything (forward-only states may
   * hide an acceptance, so this is counted apart from `stateChanges`).
   */
  accepted: 0,
  /** Attacks after which a stored order or the handler runs differ (see `snapshot`). */
  stateChanges: 0,
  /** Validly signed deliveries the worker parked for a person instead of applying. */
  parked: 0,
  stores: [] as string[],
}

afterAll(() => {
  console.log(
    `[security] ${JSON.stringify({
      area: 'webhook.attacks',
      attacks: tally.attacks,
      byKind: tally.byKind,
      accepted: tally.accepted,
      stateChanges: tally.stateChanges,
      rejected: tally.rejected,
      deduplicated: tally.deduplicated,
      ignored: tally.ignored,
      parked: tally.parked,
      stores: tally.stores,
    })}`,
  )
  expect(tally.accepted).toBe(0)
  expect(tally.stateChanges).toBe(0)
})

type Engine = { name: string; skip: boolean; open: () => Promise<RampStore> }

const pgDown = await skipUnlessReachable('webhook attacks on Postgres', DATABASE_URL)
const pgSchema = `rampkit_attacks_${runId()}`
const ENGINES: Engine[] = [
  { name: 'memory', skip: false, open: async () => memoryStore() },
  { name: 'pglite', skip: false, open: () => pgliteStore({ schema: 'rampkit_attacks' }) },
  {
    name: 'postgres',
    skip: pgDown,
    open: () => postgresStore({ connectionString: DATABASE_URL, schema: pgSchema, max: 4 }),
  },
]

afterAll(async () => {
  if (pgDown) return
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 })
  await pool.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`)
  await pool.end()
})

/** A delivery as it crossed the relay: its headers and exact bytes. */
type Captured = {
  id: string
  event: string
  signature: string
  body: Uint8Array<ArrayBuffer>
  text: string
}

function captured(record: ProxyRecord): Captured {
  const header = (name: string) => {
    const value = record.headers[name]
    return Array.isArray(value) ? value.join(', ') : (value ?? '')
  }
  return {
    id: header('x-webhook-id'),
    event: header('x-webhook-event'),
    signature: header('x-webhook-signature'),
    body: new Uint8Array(record.body),
    text: record.body.toString('utf8'),
  }
}

type Parts = {
  id?: string | null
  event?: string | null
  /** Each entry is sent as its own header line (fetch joins repeats with ", "). */
  signature?: string | null | string[]
  ids?: string[]
}

function headersOf(parts: Parts): Headers {
  const headers = new Headers({ 'content-type': 'application/json', 'user-agent': 'replayer/1' })
  if (parts.id != null) headers.set(WEBHOOK_ID_HEADER, parts.id)
  for (const extra of parts.ids ?? []) headers.append(WEBHOOK_ID_HEADER, extra)
  if (parts.event != null) headers.set(WEBHOOK_EVENT_HEADER, parts.event)
  const signatures = parts.signature == null ? [] : [parts.signature].flat()
  for (const value of signatures) headers.append(WEBHOOK_SIGNATURE_HEADER, value)
  return headers
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** A signature of `body` the way the service makes one, with any secret and timestamp. */
async function signed(body: string, secret = sandbox.webhookSecret, timestamp = nowSeconds()) {
  return (await signWebhook({ secret, body, timestamp })).header
}

/** A direct order's body as the widget sends it (the sandbox's USDC). */
async function directOrder() {
  const res = await fetch(`${sandbox.url}/meta/tokens`, {
    headers: { 'X-API-Key': sandbox.apiKeys[0]! },
  })
  const usdc = ((await res.json()) as { data: MetaTokens }).data.tokens.find(
    (token) => token.symbol === 'USDC',
  )!.address
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

/** The same 32 bytes in another base64 spelling (an unused low bit of the last character set). */
function nonCanonical(signatureHeader: string): string {
  const v1 = /v1=([A-Za-z0-9+/]{43}=)/.exec(signatureHeader)![1]!
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  const last = alphabet.indexOf(v1[42]!)
  return signatureHeader.replace(v1, `${v1.slice(0, 42)}${alphabet[last ^ 1]}=`)
}

describe.each(ENGINES)('webhook attacks on the $name store', (engine) => {
  let store: RampStore
  let kit: KitHarness
  let relay: FaultProxy
  let amina: Browser
  const handlerRuns: string[] = []
  const orders: Record<'P' | 'S' | 'M1' | 'M2' | 'M3', KitOrder> = {} as never
  const deliveries: Record<'sSettled' | 'sProcessing' | 'm1' | 'm2' | 'm3Settled', Captured> =
    {} as never

  async function accept(amount: number): Promise<KitOrder> {
    const quote = await amina.post(KIT_ROUTES.quotes, validQuote({ local_amount: amount }))
    expect(quote.status).toBe(201)
    const { quote_id } = (await amina.json<{ data: Quote }>(quote)).data
    const res = await amina.post(KIT_ROUTES.acceptQuote.replace(':quoteId', quote_id), {})
    expect(res.status).toBe(200)
    return (await amina.json<{ data: KitOrder }>(res)).data
  }

  /** Waits until the sandbox's deliveries are answered and the kit applied what it stored. */
  async function settle() {
    await sandbox.admin.idle()
    await kit.kit.ramp.worker!.drain()
  }

  /** The next delivery the sandbox sends is answered 502 by the relay, never reaching the kit. */
  function intercept() {
    relay.schedule({ method: 'POST', path: '/webhooks' }, [{ kind: 'status', status: 502 }])
  }

  function lastDelivery(event: string, orderId: string, fault: 'pass' | 'status'): Captured {
    const record = relay.records
      .filter((r) => r.path === '/webhooks' && r.fault === fault)
      .map(captured)
      .reverse()
      .find((d) => d.event === event && d.text.includes(orderId))
    expect(record, `${event} of ${orderId}`).toBeDefined()
    return record!
  }

  beforeAll(async () => {
    store = await engine.open()
    tally.stores.push(engine.name)
    kit = await startKit(sandbox, 'http', {
      store,
      pointWebhooks: false,
      poll: false,
      handlers: {
        onEvent: (context: AnyEventContext) => {
          const order = 'order' in context ? context.order.id : '-'
          handlerRuns.push(`${context.event} ${order} ${context.deliveryId}`)
        },
      },
    })
    relay = await startFaultProxy({ target: kit.url })
    sandbox.admin.setWebhook(sandbox.apiKeys[0]!, { url: `${relay.url}/webhooks` })
    amina = browser(kit)
    expect((await amina.get(KIT_ROUTES.orders)).status).toBe(200)

    // P stays processing; S is settled by the service; M1, M2 are processing and their
    // order.processing deliveries were intercepted; M3's order.settled was intercepted.
    orders.P = await accept(1501)
    orders.S = await accept(1502)
    await settle()
    deliveries.sProcessing = lastDelivery('order.processing', orders.S.order_id!, 'pass')
    await sandbox.admin.settleOrder(sandbox.apiKeys[0]!, orders.S.order_id!)
    await settle()
    deliveries.sSettled = lastDelivery('order.settled', orders.S.order_id!, 'pass')
    intercept()
    orders.M1 = await accept(1503)
    await settle()
    deliveries.m1 = lastDelivery('order.processing', orders.M1.order_id!, 'status')
    intercept()
    orders.M2 = await accept(1504)
    await settle()
    deliveries.m2 = lastDelivery('order.processing', orders.M2.order_id!, 'status')
    orders.M3 = await accept(1505)
    await settle()
    intercept()
    await sandbox.admin.settleOrder(sandbox.apiKeys[0]!, orders.M3.order_id!)
    await settle()
    deliveries.m3Settled = lastDelivery('order.settled', orders.M3.order_id!, 'status')
    expect(relay.pending()).toBe(0)
    await expectStatuses({ P: 'processing', S: 'settled', M1: 'processing', M3: 'processing' })
  })

  afterAll(async () => {
    await kit?.close()
    await relay?.stop()
    await store?.close()
  })

  type Snapshot = {
    stored: Record<string, Pick<StoredOrder, 'order' | 'owner' | 'appliedBy'> | null>
    handlerRuns: string[]
  }

  /** Every tracked order as stored (status, fields, which delivery applied each status) and the handler runs. */
  async function snapshot(): Promise<Snapshot> {
    const stored: Snapshot['stored'] = {}
    for (const [name, o] of Object.entries(orders)) {
      const s = await store.getOrder(o.id)
      // A copy: a memory store hands out its own objects, which the worker may change later.
      stored[name] =
        s && structuredClone({ order: s.order, owner: s.owner, appliedBy: s.appliedBy })
    }
    return { stored, handlerRuns: [...handlerRuns] }
  }

  /**
   * A genuine delivery the kit has never received (the relay intercepted it), sent by the
   * attacker with the signed body untouched: applying it is the service's own event, not the
   * attack's. `status` is the status its signed body names.
   */
  type Genuine = { order: keyof typeof orders; delivery: Captured; status: OrderStatus }

  /**
   * The state once `genuine` is applied as the service sent it, from `before`: the order moves
   * forward to its status (or stays when it is there already), the delivery is recorded as
   * the one that brought that status, blank fields may be filled from its body, and its
   * handler runs once. Anything more is the attack's doing.
   */
  function withGenuineEffect(before: Snapshot, after: Snapshot, genuine: Genuine): Snapshot {
    const expected = structuredClone(before)
    const entry = expected.stored[genuine.order]
    if (!entry) return expected
    if (canMoveOrder(entry.order.status, genuine.status)) entry.order.status = genuine.status
    if (entry.order.status === genuine.status && entry.appliedBy[genuine.status] === undefined) {
      entry.appliedBy[genuine.status] = genuine.delivery.id
      expected.handlerRuns.push(`order.${genuine.status} ${entry.order.id} ${genuine.delivery.id}`)
      const now = after.stored[genuine.order]?.order as Record<string, unknown> | undefined
      const order = entry.order as Record<string, unknown>
      for (const [field, value] of Object.entries(order)) {
        if (value === null && now?.[field] != null) order[field] = now[field]
      }
    }
    return expected
  }

  /** The statuses the owner reads through the kit's order route. */
  async function expectStatuses(expected: Partial<Record<keyof typeof orders, string>>) {
    for (const [name, status] of Object.entries(expected)) {
      const order = orders[name as keyof typeof orders]
      const res = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
      expect(res.status, name).toBe(200)
      expect((await amina.json<{ data: KitOrder }>(res)).data.status, name).toBe(status)
    }
  }

  type Expect = 'rejected' | 'deduplicated' | 'ignored'

  /**
   * Sends one attack and checks its answer and that nothing changed. `allowed` lists the
   * outcomes this attack may have; a state change or an answer outside them fails the test.
   */
  async function attack(
    kind: string,
    parts: Parts,
    body: Uint8Array<ArrayBuffer> | string,
    allowed: readonly Expect[],
    genuine?: Genuine,
  ): Promise<{ status: number; outcome: Expect; reason?: string }> {
    const before = await snapshot()
    const res = await kit.call(KIT_ROUTES.webhooks, {
      method: 'POST',
      headers: headersOf(parts),
      body,
    })
    const text = await res.text()
    const stored = (JSON.parse(text) as { data?: { duplicate?: boolean; delivery_id?: string } })
      .data
    // What became of a delivery the kit stored from this attack: applied, parked, or none.
    let storedAs: string | null = null
    if (res.status >= 200 && res.status < 300 && stored?.duplicate === false) {
      // The kit's own worker may hold it: wait until it is applied or parked, not just drained.
      const id = stored.delivery_id!
      await waitFor(async () => (await store.getDelivery(id))?.status !== 'pending')
      storedAs = (await store.getDelivery(id))?.status ?? null
    }
    await kit.kit.ramp.worker!.drain()
    const after = await snapshot()
    const expected = genuine ? withGenuineEffect(before, after, genuine) : before
    tally.attacks++
    tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1
    // Only the validly signed kinds may be stored ('ignored'); any other stored and applied
    // attack is a forgery or replay the kit accepted, even if it changed no state.
    if (storedAs === 'applied' && !allowed.includes('ignored')) tally.accepted++
    if (storedAs === 'parked') tally.parked++
    if (!isDeepStrictEqual(after, expected)) tally.stateChanges++
    expect(text).not.toContain(sandbox.webhookSecret)
    expect(res.status, `${kind}: ${text}`).toBeLessThan(500)
    const envelope = JSON.parse(text) as {
      status: string
      message: string
      data: { duplicate?: boolean; reason?: string } | null
    }
    expect(typeof envelope.message).toBe('string')
    let outcome: Expect
    if (res.status === 200) {
      expect(envelope.status).toBe('success')
      outcome = envelope.data?.duplicate === true ? 'deduplicated' : 'ignored'
    } else {
      expect([400, 401, 413], `${kind}: ${text}`).toContain(res.status)
      expect(envelope.status).toBe('error')
      outcome = 'rejected'
    }
    tally[outcome]++
    expect(allowed, `${kind} was ${outcome}: ${text}`).toContain(outcome)
    expect(after, `${kind} changed state`).toEqual(expected)
    return { status: res.status, outcome, reason: envelope.data?.reason }
  }

  it('deduplicates a genuine delivery replayed with its id or under fresh ids', async () => {
    const d = deliveries.sSettled
    const same = { id: d.id, event: d.event, signature: d.signature }
    await attack('replay.sameId', same, d.body, ['deduplicated'])
    for (let i = 0; i < 3; i++) {
      await attack('replay.freshId', { ...same, id: crypto.randomUUID() }, d.body, ['deduplicated'])
    }
    // The same signature spelled otherwise, hidden among junk, or reordered: still one delivery.
    const fresh = () => ({ ...same, id: crypto.randomUUID() })
    await attack(
      'replay.nonCanonicalSignature',
      { ...fresh(), signature: nonCanonical(d.signature) },
      d.body,
      ['deduplicated'],
    )
    const [t, v1] = d.signature.split(',') as [string, string]
    await attack('replay.extraV1', { ...fresh(), signature: `${t},v1=AAAA,${v1},v0=x` }, d.body, [
      'deduplicated',
    ])
    await attack('replay.reordered', { ...fresh(), signature: `${v1} , ${t}` }, d.body, [
      'deduplicated',
    ])
    // The older order.processing of S, replayed after it settled, under a fresh id.
    const old = deliveries.sProcessing
    await attack(
      'replay.olderStatus',
      { id: crypto.randomUUID(), event: old.event, signature: old.signature },
      old.body,
      ['deduplicated'],
    )
    await expectStatuses({ S: 'settled' })
  })

  it('stores and applies an unseen delivery once when copies race in under fresh ids', async () => {
    const d = deliveries.m3Settled
    const before = handlerRuns.filter((run) => run.startsWith(`order.settled ${orders.M3.id} `))
    expect(before).toHaveLength(0)
    const copies = Array.from({ length: RACE }, (_, i) =>
      kit.call(KIT_ROUTES.webhooks, {
        method: 'POST',
        headers: headersOf({
          id: i === 0 ? d.id : crypto.randomUUID(),
          event: d.event,
          signature: d.signature,
        }),
        body: d.body,
      }),
    )
    const answers = await Promise.all(
      copies.map(async (pending) => {
        const res = await pending
        return {
          status: res.status,
          body: (await res.json()) as { data: { duplicate: boolean; delivery_id: string } },
        }
      }),
    )
    await kit.kit.ramp.worker!.drain()
    expect(answers.map((a) => a.status)).toEqual(Array(RACE).fill(200))
    const storedIds = answers
      .filter((a) => !a.body.data.duplicate)
      .map((a) => a.body.data.delivery_id)
    const stored = storedIds.length
    const applied = (await Promise.all(storedIds.map((id) => store.getDelivery(id)))).filter(
      (delivery) => delivery?.status === 'applied',
    ).length
    const runs = handlerRuns.filter((run) => run.startsWith(`order.settled ${orders.M3.id} `))
    // The genuine delivery is applied once (under whichever copy's id won the race); every
    // extra copy is an attack that changed nothing.
    tally.attacks += RACE - 1
    tally.byKind['replay.concurrentFreshIds'] =
      (tally.byKind['replay.concurrentFreshIds'] ?? 0) + RACE - 1
    tally.deduplicated += RACE - stored
    tally.accepted += Math.max(0, applied - 1)
    tally.stateChanges += Math.max(0, stored - 1) + Math.max(0, runs.length - 1)
    expect(stored).toBe(1)
    expect(applied).toBe(1)
    expect(runs).toHaveLength(1)
    await expectStatuses({ M3: 'settled' })
  })

  it('refuses stale and future timestamps, however valid the signature', async () => {
    const forged = JSON.stringify({ order_id: orders.P.order_id, status: 'settled' })
    // Just past the 300 s tolerance either way. A stale stamp only grows staler while the request
    // travels; a future one shrinks, so it stands 30 s past the edge: one second past it is
    // inside by the time a loaded machine checks it.
    for (const offset of [-301, -900, -86_400, -30 * 86_400, 330, 3600, 86_400]) {
      const kind = offset < 0 ? 'timestamp.stale' : 'timestamp.future'
      const got = await attack(
        kind,
        {
          id: crypto.randomUUID(),
          event: 'order.settled',
          signature: await signed(forged, undefined, nowSeconds() + offset),
        },
        forged,
        ['rejected'],
      )
      expect(got).toMatchObject({ status: 401, reason: 'timestamp_out_of_tolerance' })
    }
    // A captured delivery re-timed without the secret no longer matches.
    const d = deliveries.sSettled
    const retimed = d.signature.replace(/t=\d+/, `t=${nowSeconds() + 5}`)
    const got = await attack(
      'timestamp.retimed',
      { id: crypto.randomUUID(), event: d.event, signature: retimed },
      d.body,
      ['rejected'],
    )
    expect(got.status).toBe(401)
    await expectStatuses({ P: 'processing' })
  })

  it('refuses deliveries signed with the wrong secret', async () => {
    const forged = JSON.stringify({ order_id: orders.P.order_id, status: 'settled' })
    const real = sandbox.webhookSecret
    for (const secret of [
      'whsec_wrong_0123456789',
      `${real}x`,
      real.slice(0, -1),
      real.toUpperCase(),
      `whsec_${real}`,
    ]) {
      const got = await attack(
        'secret.wrong',
        {
          id: crypto.randomUUID(),
          event: 'order.settled',
          signature: await signed(forged, secret),
        },
        forged,
        ['rejected'],
      )
      expect(got).toMatchObject({ status: 401, reason: 'signature_mismatch' })
    }
    await expectStatuses({ P: 'processing' })
  })

  it('refuses a valid signature over another body', async () => {
    const d = deliveries.sSettled
    const m1 = deliveries.m1
    const cases: [string, Captured, string][] = [
      [
        'a forged settle of P',
        d,
        JSON.stringify({ order_id: orders.P.order_id, status: 'settled' }),
      ],
      ['the same JSON re-serialised', d, JSON.stringify(JSON.parse(d.text), null, 1)],
      ['a trailing newline', d, `${d.text}\n`],
      ['another genuine delivery’s body', d, m1.text],
      ['an intercepted body set to settled', m1, m1.text.replace('"processing"', '"settled"')],
    ]
    for (const [name, source, body] of cases) {
      expect(body, name).not.toBe(source.text)
      const got = await attack(
        'body.swapped',
        { id: crypto.randomUUID(), event: 'order.settled', signature: source.signature },
        body,
        ['rejected'],
      )
      expect(got, name).toMatchObject({ status: 401, reason: 'signature_mismatch' })
    }
    await expectStatuses({ P: 'processing', M1: 'processing' })
  })

  it('never moves an order back, even on a validly signed downgrade', async () => {
    const cases: [keyof typeof orders, string][] = [
      ['S', 'processing'],
      ['S', 'submitted'],
      ['S', 'failed'],
      ['P', 'submitted'],
    ]
    for (const [name, status] of cases) {
      const body = JSON.stringify({ order_id: orders[name].order_id, status })
      await attack(
        'status.downgrade',
        {
          id: crypto.randomUUID(),
          event: `order.${status}`,
          signature: await signed(body),
        },
        body,
        // Genuinely signed: stored (the service may resend), applied to no effect.
        ['ignored'],
      )
    }
    await expectStatuses({ S: 'settled', P: 'processing' })
  })

  it('applies only the signed body when an intercepted delivery’s event header is changed', async () => {
    // M1 is `processing` since its accept; its intercepted order.processing is the service's
    // first event for that status, so onOrderProcessing runs once for it (and nothing else).
    const m1 = deliveries.m1
    await attack(
      'header.eventSwapped',
      { id: m1.id, event: 'order.settled', signature: m1.signature },
      m1.body,
      ['ignored'],
      { order: 'M1', delivery: m1, status: 'processing' },
    )
    // The event comes from the signed body: an order body under a customer's or an account's
    // event name is that order event, applied exactly as the genuine delivery would be.
    const m2 = deliveries.m2
    await attack(
      'header.eventFamilySwapped',
      { id: m2.id, event: 'customer.approved', signature: m2.signature },
      m2.body,
      ['ignored'],
      { order: 'M2', delivery: m2, status: 'processing' },
    )
    for (const event of ['order.refunded', 'account.credited', 'customer.rejected']) {
      await attack(
        'header.replayedUnderAnotherEvent',
        { id: crypto.randomUUID(), event, signature: m1.signature },
        m1.body,
        ['ignored', 'deduplicated'],
      )
    }
    // A genuinely signed order body that names no status (the spec: "fields vary by corridor
    // and rail"): the unsigned header must not supply one. Regression: it used to, so a header
    // changed in flight settled the order.
    const statusless = JSON.stringify({ order_id: orders.P.order_id, amount_fiat: 1501 })
    await attack(
      'header.eventSuppliesStatus',
      { id: crypto.randomUUID(), event: 'order.settled', signature: await signed(statusless) },
      statusless,
      ['ignored'],
    )
    // The genuine copies arriving afterwards are the same deliveries: nothing more happens.
    await attack(
      'replay.sameId',
      { id: m1.id, event: m1.event, signature: m1.signature },
      m1.body,
      ['deduplicated'],
    )
    await expectStatuses({ M1: 'processing', M2: 'processing', P: 'processing' })
  })

  it('refuses or deduplicates fuzzed headers (seeded), never a 5xx or a state change', async () => {
    const d = deliveries.sSettled
    const [t, v1] = d.signature.split(',') as [string, string]
    const signature = v1.slice(3)
    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      maxLength: 80,
    })
    const timestamp = fc.oneof(
      fc.constant(t.slice(2)),
      fc.constantFrom('', '0', '-1', `0${t.slice(2)}`, `${t.slice(2)}.0`, `+${t.slice(2)}`, '1e9'),
      fc.integer({ min: -400, max: 400 }).map((offset) => String(Number(t.slice(2)) + offset)),
    )
    const v1Value = fc.oneof(
      fc.constant(signature),
      fc.constant(nonCanonical(d.signature).split('v1=')[1]!),
      fc.constantFrom(
        '',
        signature.slice(0, 43),
        signature.replaceAll('+', '-').replaceAll('/', '_'),
        Buffer.from(signature, 'base64').toString('hex'),
        'AAAA',
      ),
      printable,
    )
    const scheme = fc.constantFrom('v1', 'v1', 'v0', 'v2', 'V1', 'v10', 'v1 ', 's1', '')
    const signatureHeader = fc.oneof(
      { arbitrary: fc.constant(d.signature), weight: 3 },
      {
        arbitrary: fc
          .tuple(timestamp, scheme, v1Value, fc.boolean())
          .map(([time, name, value, reversed]) =>
            reversed ? `${name}=${value},t=${time}` : `t=${time},${name}=${value}`,
          ),
        weight: 6,
      },
      { arbitrary: printable, weight: 1 },
      { arbitrary: fc.constant(''), weight: 1 },
    )
    const mutation = fc.record({
      // Mostly one header line; sometimes none, or repeats (joined into one value).
      signatures: fc.oneof(
        { arbitrary: signatureHeader.map((one) => [one]), weight: 6 },
        { arbitrary: fc.array(signatureHeader, { maxLength: 3 }), weight: 2 },
      ),
      id: fc.oneof(
        { arbitrary: fc.constant(d.id), weight: 2 },
        { arbitrary: fc.uuid(), weight: 4 },
        fc.constantFrom(null, '', 'poll:ord_1:settled', 'x'.repeat(201), 'a b'),
        printable,
      ),
      extraIds: fc.oneof(
        { arbitrary: fc.constant([] as string[]), weight: 6 },
        { arbitrary: fc.array(fc.uuid(), { minLength: 1, maxLength: 1 }), weight: 1 },
      ),
      event: fc.oneof(
        {
          arbitrary: fc.constantFrom(
            d.event,
            'order.refunded',
            'order.processing',
            'customer.approved',
          ),
          weight: 5,
        },
        fc.constantFrom(null, '', 'ORDER.SETTLED', 'order', 'order.settled.a.b.c.d'),
        printable,
      ),
    })
    const reasons: Record<string, number> = {}
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const got = await attack(
          'header.fuzz',
          { id: m.id, ids: m.extraIds, event: m.event, signature: m.signatures },
          d.body,
          ['rejected', 'deduplicated'],
        )
        const key = got.outcome === 'rejected' ? `${got.status} ${got.reason ?? '-'}` : got.outcome
        reasons[key] = (reasons[key] ?? 0) + 1
      }),
      { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
    )
    // The fuzz reached both sides of the verifier: refusals of several kinds, and valid
    // signatures that only a duplicate check stopped.
    expect(Object.keys(reasons).length).toBeGreaterThanOrEqual(4)
    expect(reasons.deduplicated).toBeGreaterThanOrEqual(1)
    expect(reasons['401 signature_mismatch']).toBeGreaterThanOrEqual(1)
    await expectStatuses({ S: 'settled', P: 'processing' })
  })

  it('parks a validly signed delivery naming two users’ orders, and changes neither', async () => {
    // Bola's direct order: its creation hash, and its own order_id linked by the kit.
    const bola = browser(kit)
    expect((await bola.get(KIT_ROUTES.orders)).status).toBe(200)
    const created = await bola.post(KIT_ROUTES.orders, await directOrder())
    expect(created.status).toBe(201)
    const direct = (await bola.json<{ data: KitOrder }>(created)).data
    expect(direct.order_id).toBeTruthy()
    await settle()
    const bolasBefore = await store.getOrder(direct.id)
    expect(bolasBefore?.order.tx_hash).toBe(direct.tx_hash)

    // Amina's order_id with Bola's creation hash, signed with the real secret (a mistake by
    // the service, or a leaked secret). Folded, Bola's order would be gone and its hash Amina's.
    const body = JSON.stringify({
      order_id: orders.P.order_id,
      creation_transaction_hash: direct.tx_hash,
      status: 'settled',
    })
    const id = crypto.randomUUID()
    const logsBefore = seen.logs.length
    await attack(
      'merge.twoOwners',
      { id, event: 'order.settled', signature: await signed(body) },
      body,
      // Genuinely signed: stored and answered 200, then parked by the worker; `attack` checks
      // that Amina's order and the handler runs are unchanged.
      ['ignored'],
    )
    expect(await store.getOrder(direct.id)).toEqual(bolasBefore)
    const parked = await store.getDelivery(id)
    expect(parked).toMatchObject({ status: 'parked' })
    expect(parked?.lastError).toMatch(/^OrderConflictError: /)
    expect((await store.listParkedDeliveries({ limit: 1000 })).map((d) => d.id)).toContain(id)
    const logged = seen.logs.slice(logsBefore).filter((line) => line.includes(id))
    expect(logged.filter((line) => line.startsWith('error '))).toHaveLength(1)
    for (const value of [orders.P.order_id!, direct.tx_hash!, orders.P.id, direct.id]) {
      expect(logged.join('\n')).toContain(value)
    }

    // Each still reads their own order through the kit, with only their own hash.
    const bolas = await bola.get(KIT_ROUTES.order.replace(':orderId', direct.id))
    expect(bolas.status).toBe(200)
    expect((await bola.json<{ data: KitOrder }>(bolas)).data).toMatchObject({
      tx_hash: direct.tx_hash,
      status: bolasBefore?.order.status,
    })
    const aminas = await amina.get(KIT_ROUTES.order.replace(':orderId', orders.P.id))
    expect((await amina.json<{ data: KitOrder }>(aminas)).data.tx_hash).toBeNull()
    await expectStatuses({ P: 'processing' })
  })

  it('control: a genuine new delivery does change state, so the checks above can fail', async () => {
    const before = await snapshot()
    sandbox.admin.failOrder(sandbox.apiKeys[0]!, orders.P.order_id!)
    await settle()
    await waitFor(async () => (await store.getOrder(orders.P.id))?.order.status === 'failed')
    expect(await snapshot()).not.toEqual(before)
    await expectStatuses({ P: 'failed' })
  })
})
