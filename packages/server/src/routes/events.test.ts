import type { Quote } from '@rampkit/core'
import { KIT_ROUTES, KIT_SSE_EVENTS, type KitOrder } from '@rampkit/core/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Browser,
  browser,
  type KitHarness,
  MPESA,
  readEvents,
  sandboxForFile,
  startKit,
  TRANSPORTS,
  validQuote,
  waitFor,
} from '../../test/kit.js'

const sandbox = sandboxForFile('events')

type Body<T> = { data: T }

async function acceptedOrder(
  user: Browser,
  overrides: Record<string, unknown> = {},
): Promise<KitOrder> {
  const body = validQuote(overrides)
  const quote = (await user.json<Body<Quote>>(await user.post(KIT_ROUTES.quotes, body))).data
  const res = await user.post(KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id), {})
  return (await user.json<Body<KitOrder>>(res)).data
}

const statusOf = (event: { data: string }) => (JSON.parse(event.data) as KitOrder).status

async function waitForStatus(user: Browser, id: string, status: string) {
  await waitFor(async () => {
    const res = await user.get(KIT_ROUTES.order.replace(':orderId', id))
    return (await user.json<Body<KitOrder>>(res)).data.status === status
  })
}

describe.each(TRANSPORTS)('order events through %s', (transport) => {
  let kit: KitHarness
  const keyIndex = transport === 'http' ? 1 : 0
  const apiKey = () => sandbox.apiKeys[keyIndex]!
  beforeAll(async () => {
    kit = await startKit(sandbox, transport, { keyIndex, heartbeatMs: 200 })
  })
  afterAll(() => kit?.close())

  it('streams the snapshot, then settled within 1 s of the webhook, then ends', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    const res = await amina.get(KIT_ROUTES.orderEvents.replace(':orderId', order.id))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    expect(res.headers.get('x-accel-buffering')).toBe('no')
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(res.headers.get('content-encoding')).toBeNull()

    const first = await readEvents(res.clone(), (events) => events.length >= 1)
    expect(first[0]).toMatchObject({ event: KIT_SSE_EVENTS.order })
    expect(statusOf(first[0]!)).toBe('processing')

    const sentAt = Date.now()
    await sandbox.admin.settleOrder(apiKey(), order.order_id!)
    const events = await readEvents(res, (all) => all.some((e) => e.event === KIT_SSE_EVENTS.end))
    const settled = events.find((e) => e.event === 'order' && statusOf(e) === 'settled')
    expect(settled).toBeDefined()
    expect(settled!.at - sentAt).toBeLessThan(1000)
    expect(events.at(-1)).toMatchObject({ event: 'end' })
    await waitFor(() => kit.subscriptions() === 0)
  })

  it('sends pings while nothing changes, and unsubscribes when the client goes away', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    const controller = new AbortController()
    const res = await amina.get(KIT_ROUTES.orderEvents.replace(':orderId', order.id), {
      signal: controller.signal,
    })
    const events = await readEvents(res, (all) => all.some((e) => e.event === 'ping'))
    expect(events[0]?.event).toBe('order')
    expect(kit.subscriptions()).toBe(1)
    controller.abort()
    await waitFor(() => kit.subscriptions() === 0)
  })

  it('ends at once for an order already in a terminal state', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    sandbox.admin.failOrder(apiKey(), order.order_id!)
    await waitFor(async () => {
      const res = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
      return (await amina.json<Body<KitOrder>>(res)).data.status === 'failed'
    })
    const res = await amina.get(KIT_ROUTES.orderEvents.replace(':orderId', order.id))
    const events = await readEvents(res, () => false)
    expect(events.map((e) => e.event)).toEqual(['order', 'end'])
    expect(statusOf(events[0]!)).toBe('failed')
    await waitFor(() => kit.subscriptions() === 0)
  })

  it('carries the service’s failure reason live, then in the order and the list', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    const res = await amina.get(KIT_ROUTES.orderEvents.replace(':orderId', order.id))
    await readEvents(res.clone(), (events) => events.length >= 1)
    sandbox.admin.failOrder(apiKey(), order.order_id!)
    const events = await readEvents(res, (all) => all.some((e) => e.event === KIT_SSE_EVENTS.end))
    const reason = 'Failure forced by the sandbox controls'
    const failed = events
      .map((e) => JSON.parse(e.data) as KitOrder)
      .find((o) => o.status === 'failed')
    expect(failed?.failure_reason).toBe(reason)
    const read = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
    expect((await amina.json<Body<KitOrder>>(read)).data.failure_reason).toBe(reason)
    const list = await amina.get(`${KIT_ROUTES.orders}?status=failed`)
    const listed = (await amina.json<Body<KitOrder[]>>(list)).data.find((o) => o.id === order.id)
    expect(listed?.failure_reason).toBe(reason)
  })

  it('shows a refund after settlement, and nothing moves backwards', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    await sandbox.admin.settleOrder(apiKey(), order.order_id!)
    await waitFor(async () => {
      const res = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
      return (await amina.json<Body<KitOrder>>(res)).data.status === 'settled'
    })
    await sandbox.admin.refundOrder(apiKey(), order.order_id!)
    await waitFor(async () => {
      const res = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
      return (await amina.json<Body<KitOrder>>(res)).data.status === 'refunded'
    })
  })

  it('serves the stream to an allowed cross-origin EventSource with credentials', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    const controller = new AbortController()
    const res = await amina.get(KIT_ROUTES.orderEvents.replace(':orderId', order.id), {
      headers: { origin: 'https://shop.example' },
      signal: controller.signal,
    })
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example')
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    await readEvents(res, (events) => events.length >= 1)
    controller.abort()
    await waitFor(() => kit.subscriptions() === 0)
  })

  it('numbers each status by its rank, and resumes from Last-Event-ID without a gap or a repeat', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    const path = KIT_ROUTES.orderEvents.replace(':orderId', order.id)
    const controller = new AbortController()
    const first = await readEvents(
      await amina.get(path, { signal: controller.signal }),
      (all) => all.length >= 1,
    )
    expect(first.map((e) => [e.event, e.id, statusOf(e)])).toEqual([['order', '2', 'processing']])
    controller.abort()
    await waitFor(() => kit.subscriptions() === 0)

    // Settled, then refunded, while the client was away.
    await sandbox.admin.settleOrder(apiKey(), order.order_id!)
    await waitForStatus(amina, order.id, 'settled')
    await sandbox.admin.refundOrder(apiKey(), order.order_id!)
    await waitForStatus(amina, order.id, 'refunded')

    const resume = (lastEventId: string) =>
      amina
        .get(path, { headers: { 'last-event-id': lastEventId } })
        .then((res) => readEvents(res, () => false))
    const fromProcessing = await resume('2')
    expect(fromProcessing.map((e) => [e.event, e.id ?? null])).toEqual([
      ['order', '5'],
      ['order', '6'],
      ['end', null],
    ])
    expect(fromProcessing.slice(0, 2).map(statusOf)).toEqual(['settled', 'refunded'])
    expect((await resume('5')).map((e) => [e.event, e.id ?? null, e.data])).toEqual([
      ['order', '6', expect.stringContaining('"refunded"')],
      ['end', null, '{"status":"refunded"}'],
    ])
    // It saw the final status but not the end that followed it: only the end.
    expect((await resume('6')).map((e) => e.event)).toEqual(['end'])
    // An id this route never sends is a fresh start at the snapshot.
    for (const foreign of ['abc', '99', '-1']) {
      expect((await resume(foreign)).map((e) => [e.event, e.id ?? null])).toEqual([
        ['order', '6'],
        ['end', null],
      ])
    }
    await waitFor(() => kit.subscriptions() === 0)
  })

  it('fills in the statuses a bus message skipped, from those it says the order entered', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    const res = await amina.get(KIT_ROUTES.orderEvents.replace(':orderId', order.id))
    await readEvents(res.clone(), (all) => all.length >= 1)
    // As if the message of pending_settlement was lost between instances.
    await kit.kit.ramp.bus.publish({ ...order, status: 'settled' }, [
      'pending_settlement',
      'settled',
    ])
    const events = await readEvents(res, (all) => all.some((e) => e.event === 'end'))
    expect(events.filter((e) => e.event === 'order').map((e) => [e.id, statusOf(e)])).toEqual([
      ['2', 'processing'],
      ['3', 'pending_settlement'],
      ['5', 'settled'],
    ])
    await waitFor(() => kit.subscriptions() === 0)
  })

  it('refuses a stream of someone else’s order with the JSON 404 of a missing one', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    const bob = browser(kit)
    const res = await bob.get(KIT_ROUTES.orderEvents.replace(':orderId', order.id))
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(kit.subscriptions()).toBe(0)
  })
})

describe.each(TRANSPORTS)('closing the kit (%s)', (transport) => {
  it('ends its open streams at once, and a second close does nothing more', async () => {
    const harness = await startKit(sandbox, transport, { heartbeatMs: 200 })
    try {
      const amina = browser(harness)
      const orders = [await acceptedOrder(amina), await acceptedOrder(amina)]
      const responses = await Promise.all(
        orders.map((order) => amina.get(KIT_ROUTES.orderEvents.replace(':orderId', order.id))),
      )
      for (const res of responses) {
        expect(statusOf((await readEvents(res.clone(), (all) => all.length >= 1))[0]!)).toBe(
          'processing',
        )
      }
      expect(harness.subscriptions()).toBe(2)
      await Promise.all([harness.kit.ramp.close(), harness.kit.ramp.close()])
      // Each stream ends (the reader reaches its end: no timeout), having sent no `end` event:
      // the order is not final, and its client reconnects and resumes with Last-Event-ID.
      for (const res of responses) {
        const rest = await readEvents(res, () => false, 3000)
        expect(rest.map((e) => e.event)).not.toContain(KIT_SSE_EVENTS.end)
      }
      await waitFor(() => harness.subscriptions() === 0)
    } finally {
      await harness.close()
    }
  })
})

describe('order events of an order that waits in pending_settlement', () => {
  it('resumes mid-flow over HTTP: a reconnect with Last-Event-ID gets the status it missed, then the live ones', async () => {
    const harness = await startKit(sandbox, 'http', { heartbeatMs: 200, poll: { lateAfterMs: 0 } })
    try {
      const amina = browser(harness)
      const order = await acceptedOrder(amina, {
        payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '+254712345678' },
      })
      const path = KIT_ROUTES.orderEvents.replace(':orderId', order.id)
      const controller = new AbortController()
      const first = await readEvents(
        await amina.get(path, { signal: controller.signal }),
        (all) => all.length >= 1,
      )
      expect(first.map((e) => [e.id, statusOf(e)])).toEqual([['2', 'processing']])
      controller.abort()
      await waitFor(() => harness.subscriptions() === 0)

      await sandbox.admin.advance(60_000)
      await waitFor(async () => {
        await harness.kit.ramp.worker!.pollLateOrders()
        const mine = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
        return (await amina.json<Body<KitOrder>>(mine)).data.status === 'pending_settlement'
      })
      const res = await amina.get(path, { headers: { 'last-event-id': '2' } })
      const missed = await readEvents(res.clone(), (all) => all.length >= 1)
      expect(missed.map((e) => [e.event, e.id, statusOf(e)])).toEqual([
        ['order', '3', 'pending_settlement'],
      ])
      await sandbox.admin.settleOrder(sandbox.apiKeys[0]!, order.order_id!)
      const events = await readEvents(res, (all) => all.some((e) => e.event === 'end'))
      expect(events.map((e) => [e.event, e.id ?? null])).toEqual([
        ['order', '3'],
        ['order', '5'],
        ['end', null],
      ])
      expect(statusOf(events[1]!)).toBe('settled')
      await waitFor(() => harness.subscriptions() === 0)
    } finally {
      await harness.close()
    }
  })

  it('streams pending_settlement and stays open, then streams settled and ends', async () => {
    const harness = await startKit(sandbox, 'app.request', {
      heartbeatMs: 200,
      poll: { lateAfterMs: 0 },
    })
    try {
      const amina = browser(harness)
      // A real number: no test value decides it, so upstream it waits in pending_settlement.
      const order = await acceptedOrder(amina, {
        payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '+254712345678' },
      })
      const res = await amina.get(KIT_ROUTES.orderEvents.replace(':orderId', order.id))
      await sandbox.admin.advance(60_000)
      await waitFor(async () => {
        await harness.kit.ramp.worker!.pollLateOrders()
        const mine = await amina.get(KIT_ROUTES.order.replace(':orderId', order.id))
        return (await amina.json<Body<KitOrder>>(mine)).data.status === 'pending_settlement'
      })
      const waiting = await readEvents(res.clone(), (all) =>
        all.some((e) => e.event === 'order' && statusOf(e) === 'pending_settlement'),
      )
      expect(waiting.map((e) => e.event)).not.toContain(KIT_SSE_EVENTS.end)

      await sandbox.admin.settleOrder(sandbox.apiKeys[0]!, order.order_id!)
      const events = await readEvents(res, (all) => all.some((e) => e.event === 'end'))
      expect(events.filter((e) => e.event === 'order').map(statusOf)).toEqual([
        'processing',
        'pending_settlement',
        'settled',
      ])
      expect(events.at(-1)).toMatchObject({
        event: KIT_SSE_EVENTS.end,
        data: '{"status":"settled"}',
      })
    } finally {
      await harness.close()
    }
  })
})
