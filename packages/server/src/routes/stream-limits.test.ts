import type { Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Browser,
  browser,
  type KitHarness,
  readEvents,
  sandboxForFile,
  startKit,
  validQuote,
  waitFor,
} from '../../test/kit.js'

/**
 * Event streams are capped by how many are held open, per end user and per client address:
 * one more is a 429 with `Retry-After`, and closing one frees its place. Real HTTP on
 * 127.0.0.1 (every client shares that address), real sandbox, real sockets closed by the client.
 */
const sandbox = sandboxForFile('streams')

type Body<T> = { status: string; message: string; data: T }

let kit: KitHarness
const figures = { opened: 0, refused: 0, reopened: 0, status5xx: 0 }

beforeAll(async () => {
  kit = await startKit(sandbox, 'http', { streamLimits: { perSession: 3, perAddress: 5 } })
})
afterAll(async () => {
  await kit?.close()
  console.log(`[security] ${JSON.stringify({ area: 'streams.cap', ...figures })}`)
})

async function acceptedOrder(user: Browser): Promise<KitOrder> {
  const quote = (await user.json<Body<Quote>>(await user.post(KIT_ROUTES.quotes, validQuote())))
    .data
  const res = await user.post(KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id), {})
  return (await user.json<Body<KitOrder>>(res)).data
}

/** Opens one stream (order events, or the customer's); its response and how to close it. */
async function open(user: Browser, path: string) {
  const controller = new AbortController()
  const res = await user.get(path, { signal: controller.signal })
  if (res.status >= 500) figures.status5xx++
  if (res.status === 200) {
    figures.opened++
    // The stream is live: its first event has arrived.
    await readEvents(res.clone(), (events) => events.length >= 1)
  }
  if (res.status === 429) figures.refused++
  return { res, close: () => controller.abort() }
}

describe('open event streams', () => {
  it('are capped per session, refused with 429 and Retry-After, and a closed one frees its place', async () => {
    const amina = browser(kit)
    const order = await acceptedOrder(amina)
    const events = KIT_ROUTES.orderEvents.replace(':orderId', order.id)
    // Order and customer streams count together.
    const held = [
      await open(amina, events),
      await open(amina, events),
      await open(amina, KIT_ROUTES.customerEvents),
    ]
    expect(held.map(({ res }) => res.status)).toEqual([200, 200, 200])
    const refused = await open(amina, events)
    expect(refused.res.status).toBe(429)
    expect(refused.res.headers.get('retry-after')).toBe('30')
    const body = await amina.json<Body<unknown>>(refused.res)
    expect(body).toMatchObject({ status: 'error', data: { code: 'too_many_streams' } })
    expect((await open(amina, KIT_ROUTES.customerEvents)).res.status).toBe(429)

    held.pop()?.close()
    let again: Awaited<ReturnType<typeof open>> | undefined
    await waitFor(async () => {
      again?.close()
      again = await open(amina, events)
      return again.res.status === 200
    })
    figures.reopened++
    held.push(again!)

    // Another user from the same address: two more fit under the address's 5, then 429.
    const bashir = browser(kit)
    const theirs = await acceptedOrder(bashir)
    const theirEvents = KIT_ROUTES.orderEvents.replace(':orderId', theirs.id)
    held.push(await open(bashir, theirEvents), await open(bashir, theirEvents))
    expect(held.map(({ res }) => res.status)).toEqual([200, 200, 200, 200, 200])
    const overAddress = await open(bashir, theirEvents)
    expect(overAddress.res.status).toBe(429)
    expect(overAddress.res.headers.get('retry-after')).toBe('30')

    for (const stream of held) stream.close()
    await waitFor(() => kit.subscriptions() === 0)
    // Every place is free again: the counts are of streams held, not of streams opened.
    const after = [await open(bashir, theirEvents), await open(bashir, theirEvents)]
    expect(after.map(({ res }) => res.status)).toEqual([200, 200])
    for (const stream of after) stream.close()
    expect(figures.status5xx).toBe(0)
  })
})
