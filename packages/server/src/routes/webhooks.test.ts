import type { Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import { buildWebhookHeaders, type WebhookEvent } from '@rampkit/core/webhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  browser,
  type KitHarness,
  sandboxForFile,
  startKit,
  TRANSPORTS,
  validQuote,
  waitFor,
} from '../../test/kit.js'

const sandbox = sandboxForFile('hooks')

async function signed(event: WebhookEvent, payload: unknown, secret = sandbox.webhookSecret) {
  const body = JSON.stringify(payload)
  const headers = await buildWebhookHeaders({
    secret,
    event,
    deliveryId: crypto.randomUUID(),
    body,
  })
  return { body, headers: headers as unknown as Record<string, string> }
}

describe.each(TRANSPORTS)('POST /webhooks through %s', (transport) => {
  let kit: KitHarness
  const keyIndex = transport === 'http' ? 1 : 0
  beforeAll(async () => {
    kit = await startKit(sandbox, transport, { keyIndex, webhookBodyLimitBytes: 4096 })
  })
  afterAll(() => kit?.close())

  const post = (body: BodyInit, headers: Record<string, string>) =>
    kit.call(KIT_ROUTES.webhooks, { method: 'POST', body, headers })

  it('stores a verified delivery once and answers a repeat as a duplicate', async () => {
    const delivery = await signed('customer.approved', {
      customer_id: 'pcus_1',
      status: 'approved',
    })
    const first = await post(delivery.body, delivery.headers)
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ status: 'success', data: { duplicate: false } })
    const again = await post(delivery.body, delivery.headers)
    expect(await again.json()).toMatchObject({ data: { duplicate: true } })
  })

  it('needs no Origin, session or CORS, and is not rate limited like browser routes', async () => {
    const limited = await startKit(sandbox, transport, {
      keyIndex,
      rateLimit: { perIp: 2, perUser: 2 },
      trustProxy: true,
    })
    for (let i = 0; i < 5; i++) {
      const delivery = await signed('customer.updated', { customer_id: `pcus_${i}`, status: 'x' })
      const res = await limited.call(KIT_ROUTES.webhooks, {
        method: 'POST',
        body: delivery.body,
        headers: { ...delivery.headers, origin: 'https://evil.example' },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    }
    const statuses = []
    for (let i = 0; i < 3; i++) {
      const res = await limited.call(KIT_ROUTES.config, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([200, 200, 429])
    await limited.close()
    sandbox.admin.setWebhook(sandbox.apiKeys[keyIndex]!, { url: `${kit.url}/webhooks` })
  })

  it('refuses bad signatures, missing headers and oversized bodies without a 500', async () => {
    const delivery = await signed('customer.approved', { customer_id: 'pcus_2' }, 'whsec_wrong')
    const forged = await post(delivery.body, delivery.headers)
    expect(forged.status).toBe(401)
    const unsigned = await post('{}', { 'content-type': 'application/json' })
    expect(unsigned.status).toBe(400)
    const big = await signed('customer.approved', { pad: 'x'.repeat(5000) })
    expect((await post(big.body, big.headers)).status).toBe(413)
    const body = JSON.stringify(await forged.clone().json())
    expect(body).not.toContain(sandbox.webhookSecret)
  })

  it('never moves an order backwards: a late processing after settled changes nothing', async () => {
    const amina = browser(kit)
    const quote = (
      await amina.json<{ data: Quote }>(await amina.post(KIT_ROUTES.quotes, validQuote()))
    ).data
    const order = (
      await amina.json<{ data: KitOrder }>(
        await amina.post(KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id), {}),
      )
    ).data
    await sandbox.admin.settleOrder(sandbox.apiKeys[keyIndex]!, order.order_id!)
    const read = async () =>
      (
        await amina.json<{ data: KitOrder }>(
          await amina.get(KIT_ROUTES.order.replace(':orderId', order.id)),
        )
      ).data.status
    await waitFor(async () => (await read()) === 'settled')
    const late = await signed('order.processing', {
      order_id: order.order_id,
      status: 'processing',
    })
    expect((await post(late.body, late.headers)).status).toBe(200)
    await kit.kit.ramp.worker!.drain()
    expect(await read()).toBe('settled')
  })
})
