import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { RampError } from '../errors/base.js'
import { buildWebhookHeaders } from './buildWebhookHeaders.js'
import {
  DEFAULT_WEBHOOK_USER_AGENT,
  isSentOnce,
  isWebhookEvent,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
} from './constants.js'
import { signWebhook } from './signWebhook.js'
import { verifyWebhook } from './verifyWebhook.js'

const SECRET = 'whsec_test_5f2b8c'
const T = 1_700_000_000
const BODY = '{"order_id":"ord_1","status":"settled"}'

function nodeSignature(secret: string, timestamp: number, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('base64')
}

describe('signWebhook', () => {
  it('signs {t}.{body} with HMAC-SHA256 in base64, as node:crypto computes it', async () => {
    const signed = await signWebhook({ secret: SECRET, body: BODY, timestamp: T })
    const expected = nodeSignature(SECRET, T, BODY)
    expect(signed).toEqual({ header: `t=${T},v1=${expected}`, timestamp: T, signature: expected })
    expect(signed.signature).toHaveLength(44)
  })

  it('takes the timestamp from the injected clock, in whole seconds', async () => {
    const signed = await signWebhook({ secret: SECRET, body: BODY, now: () => T * 1000 + 999 })
    expect(signed.timestamp).toBe(T)
  })

  it('signs a string as its UTF-8 bytes', async () => {
    const text = '{"name":"Zoë Ọlá","amount":"₦5,000"}'
    const bytes = new TextEncoder().encode(text)
    const fromString = await signWebhook({ secret: SECRET, body: text, timestamp: T })
    const fromBytes = await signWebhook({ secret: SECRET, body: bytes, timestamp: T })
    const fromBuffer = await signWebhook({ secret: SECRET, body: bytes.buffer, timestamp: T })
    expect(fromBytes.signature).toBe(fromString.signature)
    expect(fromBuffer.signature).toBe(fromString.signature)
    expect(fromBytes.signature).toBe(nodeSignature(SECRET, T, bytes))
  })

  it('ignores whitespace around the secret, as verification does', async () => {
    const signed = await signWebhook({ secret: `  ${SECRET}\n`, body: BODY, timestamp: T })
    expect(signed.signature).toBe(nodeSignature(SECRET, T, BODY))
  })

  it('refuses an empty secret, a bad timestamp and a parsed body', async () => {
    await expect(signWebhook({ secret: ' \n', body: BODY })).rejects.toThrow(/secret is empty/)
    await expect(signWebhook({ secret: SECRET, body: BODY, timestamp: -1 })).rejects.toThrow(
      RampError,
    )
    await expect(signWebhook({ secret: SECRET, body: BODY, timestamp: 1.5 })).rejects.toThrow(
      /whole unix seconds/,
    )
    const parsed = JSON.parse(BODY) as unknown as string
    await expect(signWebhook({ secret: SECRET, body: parsed })).rejects.toThrow(/serialise it/)
  })
})

describe('buildWebhookHeaders', () => {
  it('builds every header of a delivery, signed', async () => {
    const headers = await buildWebhookHeaders({
      secret: SECRET,
      event: 'order.settled',
      deliveryId: '9b2f3c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c',
      body: BODY,
      timestamp: T,
    })
    expect(headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': DEFAULT_WEBHOOK_USER_AGENT,
      'X-Webhook-Event': 'order.settled',
      'X-Webhook-Id': '9b2f3c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c',
      'X-Webhook-Signature': `t=${T},v1=${nodeSignature(SECRET, T, BODY)}`,
    })
  })

  it('adds X-Idempotency-Key, the delivery id, to customer and account events only', async () => {
    const id = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
    const build = (event: WebhookEvent) =>
      buildWebhookHeaders({ secret: SECRET, event, deliveryId: id, body: BODY, timestamp: T })
    for (const event of WEBHOOK_EVENTS) {
      const headers = await build(event)
      expect(headers['X-Idempotency-Key'], event).toBe(event.startsWith('order.') ? undefined : id)
      expect(isSentOnce(event), event).toBe(!event.startsWith('order.'))
    }
  })

  it('makes requests that verifyWebhook accepts through fetch Headers', async () => {
    const headers = await buildWebhookHeaders({
      secret: SECRET,
      event: 'customer.approved',
      deliveryId: crypto.randomUUID(),
      body: BODY,
      now: () => T * 1000,
      userAgent: 'ramp-service/2',
    })
    const request = new Request('https://partner.example/webhooks', {
      method: 'POST',
      headers,
      body: BODY,
    })
    expect(request.headers.get('user-agent')).toBe('ramp-service/2')
    const verified = await verifyWebhook({
      body: await request.arrayBuffer(),
      header: request.headers.get(WEBHOOK_SIGNATURE_HEADER.toLowerCase()),
      secrets: SECRET,
      now: () => T * 1000 + 5_000,
    })
    expect(verified.timestamp).toBe(T)
  })
})

describe('WEBHOOK_EVENTS', () => {
  it('lists the 14 events of spec section 6 and the published customer.revoked', () => {
    expect(WEBHOOK_EVENTS).toHaveLength(15)
    expect(new Set(WEBHOOK_EVENTS).size).toBe(15)
    expect(WEBHOOK_EVENTS).toContain('customer.revoked')
    expect(WEBHOOK_EVENTS).toContain('customer.deposit_account.updated')
    expect(WEBHOOK_EVENTS).toContain('account.send.failed')
  })

  it('narrows known names only', () => {
    expect(isWebhookEvent('order.refunded')).toBe(true)
    expect(isWebhookEvent('order.unknown')).toBe(false)
    expect(isWebhookEvent('ORDER.SETTLED')).toBe(false)
  })
})
