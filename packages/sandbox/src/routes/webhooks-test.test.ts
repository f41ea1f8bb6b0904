import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/app.js'
import { buildWebhookHeaders } from '../core.js'

const SECRET = 'whsec_unit_test'

async function send(body: string, headers: Record<string, string>) {
  const { app } = createTestApp()
  const response = await app.request('/webhooks/test', { method: 'POST', headers, body })
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  const json: any = await response.json()
  return { status: response.status, body: json }
}

async function signed(body: string, options: { secret?: string; timestamp?: number } = {}) {
  return buildWebhookHeaders({
    secret: options.secret ?? SECRET,
    event: 'order.settled',
    deliveryId: '6f1c1d7e-9a4b-4c61-8f0e-0d5c2b7a9e11',
    body,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  })
}

describe('POST /webhooks/test (spec 4.18)', () => {
  const body = JSON.stringify({ order_id: 'abc', status: 'settled' })

  it('verifies the signature with the key webhook secret and echoes event and request id', async () => {
    const { status, body: answer } = await send(body, await signed(body))
    expect(status).toBe(200)
    expect(answer.message).toMatch(/received and verified/)
    expect(answer.data).toEqual({
      event: 'order.settled',
      request_id: '6f1c1d7e-9a4b-4c61-8f0e-0d5c2b7a9e11',
    })
  })

  it('accepts timestamps up to 5 minutes either side and refuses stale or future ones', async () => {
    const now = Math.floor(Date.now() / 1000)
    expect((await send(body, await signed(body, { timestamp: now - 290 }))).status).toBe(200)
    expect((await send(body, await signed(body, { timestamp: now + 290 }))).status).toBe(200)
    const stale = await send(body, await signed(body, { timestamp: now - 301 }))
    expect(stale.status).toBe(401)
    expect(stale.body.message).toMatch(/5-minute/)
    expect((await send(body, await signed(body, { timestamp: now + 400 }))).status).toBe(401)
  })

  it('answers 401 for a wrong secret, a changed body and a missing or malformed header', async () => {
    expect((await send(body, await signed(body, { secret: 'whsec_other' }))).status).toBe(401)
    expect((await send(`${body} `, await signed(body))).status).toBe(401)
    const headers = await signed(body)
    const { 'X-Webhook-Signature': _, ...unsigned } = headers
    const missing = await send(body, unsigned)
    expect(missing.status).toBe(401)
    expect(missing.body.data).toEqual({ reason: 'missing_header' })
    for (const header of [
      'garbage',
      't=12abc,v1=xx',
      't=1,t=2,v1=a',
      `t=${'9'.repeat(400)},v1=abc=`,
    ]) {
      const result = await send(body, { ...headers, 'X-Webhook-Signature': header })
      expect(result.status).toBe(401)
    }
  })

  it('answers 400 when the event or id header is missing or the body is not an object', async () => {
    const headers = await signed(body)
    const { 'X-Webhook-Event': _, ...noEvent } = headers
    expect((await send(body, noEvent)).body.data).toEqual({ field: 'X-Webhook-Event' })
    const array = '[1,2,3]'
    expect((await send(array, await signed(array))).status).toBe(400)
  })
})
